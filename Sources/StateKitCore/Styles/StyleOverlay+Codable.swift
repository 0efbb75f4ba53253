import ErrorKitCore

// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md
// doc-code: continues StyleSet.swift

extension StyleOverlay: Codable {
  /// Encodes the overlay as a theme file: the merged entries as a style set's attributes, the
  /// replaced tables under `"$replace"`, the removed selectors under `"$remove"`, and the
  /// precedence, if the overlay sets one, under `"$precedence"`. The decoded overlay changes a
  /// style set as this one does.
  ///
  ///     var overlay = StyleOverlay()
  ///     overlay[.titleColor, for: .disabled] = "gray"
  ///     overlay.remove(.titleColor, selector: StateSelector(.visited))
  ///     let overlayJSON = try JSONEncoder().encode(overlay)
  ///     // {"titleColor": {"disabled": "gray"}, "$remove": {"titleColor": ["0x10000"]}}
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: As ``StyleSet/encode(to:)`` throws.
  public func encode(to encoder: any Encoder) throws {
    let catalog = StateCatalog.forCoding(encoder.userInfo[.stateCatalog])
    // The merged entries' own precedence is not the result's (see `init(merging:)`): written, it
    // would read back as the overlay's. Only `precedence` goes under "$precedence".
    var entries = merged
    if entries.precedence != .standard { entries.precedence = .standard }
    try entries.encode(to: encoder)
    var container = encoder.container(keyedBy: _SelectorKey.self)
    if let precedence {
      try container.encode(
        _PrecedenceForm(precedence),
        forKey: _SelectorKey(StyleSet.ThemeDirective.precedence.rawValue))
    }
    if !replacements._storage.columns.isEmpty || !cleared.isEmpty {
      var replaced = container.nestedContainer(
        keyedBy: _SelectorKey.self,
        forKey: _SelectorKey(StyleSet.ThemeDirective.replace.rawValue))
      for column in replacements._storage.columns.sorted(by: { $0.slot < $1.slot }) {
        guard let encodable = column.encodable else {
          throw EncodingError.invalidValue(
            self,
            EncodingError.Context(
              codingPath: replaced.codingPath + [_SelectorKey(column.slot.name)],
              debugDescription:
                "the values of attribute \(quoted(column.slot.name)) are not Encodable"))
        }
        try replaced.encode(encodable, forKey: _SelectorKey(column.slot.name))
      }
      for slot in cleared.sorted() {
        _ = replaced.nestedContainer(keyedBy: _SelectorKey.self, forKey: _SelectorKey(slot.name))
      }
    }
    if !removals.isEmpty {
      var removed = container.nestedContainer(
        keyedBy: _SelectorKey.self,
        forKey: _SelectorKey(StyleSet.ThemeDirective.remove.rawValue))
      for (slot, selectors) in removals.sorted(by: { $0.key < $1.key }) {
        try removed.encode(
          selectors.map { catalog.description(of: $0) }.sorted(), forKey: _SelectorKey(slot.name))
      }
    }
  }

  /// Decodes an overlay, taking the attributes it may hold from the decoder's `userInfo` under
  /// `CodingUserInfoKey.styleKeys`, as ``StyleSet/init(from:)`` does.
  ///
  ///     let decoder = JSONDecoder()
  ///     decoder.userInfo[.styleKeys] = [StyleSet.DecodableKey(.titleColor)]
  ///     let overlayText = #"{"$replace": {"titleColor": {"normal": "black"}}}"#
  ///     let decodedOverlay = try decoder.decode(StyleOverlay.self, from: Data(overlayText.utf8))
  ///     decodedOverlay.replacement(for: .titleColor)?.entries.count  // 1
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when `userInfo` has no keys, or as
  ///   ``init(from:keys:)`` throws.
  public init(from decoder: any Decoder) throws {
    try self.init(
      from: decoder, keys: StyleSet.DecodableKey.keys(of: decoder, decoding: "a StyleOverlay"))
  }

  /// Decodes an overlay that may name the given attributes.
  ///
  ///     struct Branding: Decodable {
  ///         var overlay: StyleOverlay
  ///         init(from decoder: any Decoder) throws {
  ///             overlay = try StyleOverlay(from: decoder, keys: [.init(.titleColor)])
  ///         }
  ///     }
  ///
  /// - Parameters:
  ///   - decoder: The decoder to read from.
  ///   - keys: The attributes the document may name, with their value types.
  /// - Throws: `DecodingError.dataCorrupted` for an unknown attribute or directive, a selector
  ///   that does not parse, an attribute both replaced and merged or removed, or a selector
  ///   both removed and merged; any error decoding a table.
  public init(from decoder: any Decoder, keys: [StyleSet.DecodableKey]) throws {
    let document = try _ThemeDocument(from: decoder)
    do {
      self = try document.overlay(
        keys: keys, catalog: StateCatalog.forCoding(decoder.userInfo[.stateCatalog]),
        userInfo: decoder.userInfo)
    } catch {
      throw error.decodingError(below: decoder.codingPath)
    }
  }
}
