import ErrorKitCore

// doc-code: continues StateKit.docc/DeclaringCustomStates.md
// doc-code: continues StyleSet.swift

extension StyleSet {
  /// A ``StyleKey`` whose values can be decoded, with its value type erased, so a list of them
  /// tells a decoder which attributes a theme file may hold and the type of each.
  ///
  ///     let keys: [StyleSet.DecodableKey] = [.init(.titleColor), .init(.underlined)]
  public struct DecodableKey: Sendable {
    /// The attribute's name.
    ///
    ///     StyleSet.DecodableKey(StyleKey<String>("titleColor")).name  // "titleColor"
    public let name: String
    let slot: _StyleSlot
    /// Decodes the attribute's table from a container; `nil` for an empty table.
    let decode:
      @Sendable (KeyedDecodingContainer<_SelectorKey>, _SelectorKey) throws -> _StyleColumnBase?

    /// Creates a decodable key from a key whose values are Decodable.
    ///
    ///     let key = StyleSet.DecodableKey(StyleKey<String>("titleColor"))
    ///
    /// - Parameter key: The attribute.
    public init<Value: Decodable>(_ key: StyleKey<Value>) {
      name = key.name
      slot = key.slot
      let slot = slot
      decode = { container, codingKey in
        let table = try container.decode(StateTable<Value>.self, forKey: codingKey)
        return table.isEmpty ? nil : _StyleColumn(slot: slot, table: table)
      }
    }
  }
}

extension CodingUserInfoKey {
  /// The key under which a decoder's `userInfo` holds the `[StyleSet.DecodableKey]` that
  /// ``StyleSet/init(from:)`` accepts.
  ///
  ///     let decoder = JSONDecoder()
  ///     decoder.userInfo[.styleKeys] = [StyleSet.DecodableKey(.titleColor)]
  public static let styleKeys: CodingUserInfoKey = {
    // `init(rawValue:)` is failable only to satisfy RawRepresentable: it accepts every string.
    guard let key = CodingUserInfoKey(rawValue: "dev.statekit.StyleSet.keys") else {
      preconditionFailure("CodingUserInfoKey rejected a constant key")
    }
    return key
  }()
}

extension StyleSet: Codable {
  /// Encodes the style set as an object with one member per attribute, named by the key's
  /// name, whose value is the attribute's ``StateTable`` (selector text to value).
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.underlined, for: .highlighted] = true
  ///     let json = try JSONEncoder().encode(style)
  ///     // {"titleColor": {"normal": "blue"}, "underlined": {"highlighted": true}}
  ///
  /// State names come from the catalog under `CodingUserInfoKey.stateCatalog` in the
  /// encoder's `userInfo`, else the system names and hex. The precedence is not written: it is
  /// code, not data.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` when an attribute's value type is not Encodable or
  ///   two attributes of different types share a name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _SelectorKey.self)
    var written: Set<String> = []
    for column in _storage.columns.sorted(by: { $0.slot < $1.slot }) {
      let slot = column.slot
      guard written.insert(slot.name).inserted else {
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: container.codingPath,
            debugDescription:
              "two attributes of different value types are both named \(quoted(slot.name))"))
      }
      guard let encodable = column.encodable else {
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: container.codingPath + [_SelectorKey(slot.name)],
            debugDescription: "the values of attribute \(quoted(slot.name)) are not Encodable"))
      }
      try container.encode(encodable, forKey: _SelectorKey(slot.name))
    }
  }

  /// Decodes a style set, taking the attributes it may hold from the decoder's `userInfo`
  /// under `CodingUserInfoKey.styleKeys`.
  ///
  ///     let decoder = JSONDecoder()
  ///     decoder.userInfo[.styleKeys] = [StyleSet.DecodableKey(.titleColor)]
  ///     decoder.userInfo[.stateCatalog] = try StateCatalog(merging: [.linkKit])
  ///     let json = Data(#"{"titleColor": {"visited": "purple"}}"#.utf8)
  ///     let theme = try decoder.decode(StyleSet.self, from: json)
  ///     theme.resolve(.visited)[.titleColor]  // "purple"
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when `userInfo` has no keys, when the document names an
  ///   attribute that is not among them, or as ``StateTable``'s decoding throws.
  public init(from decoder: any Decoder) throws {
    guard let keys = decoder.userInfo[.styleKeys] as? [DecodableKey] else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "decoding a StyleSet needs its attributes: set userInfo[.styleKeys] to [StyleSet.DecodableKey], or call init(from:keys:)"
        ))
    }
    try self.init(from: decoder, keys: keys)
  }

  /// Decodes a style set that may hold the given attributes.
  ///
  ///     struct LinkTheme: Decodable {
  ///         var style: StyleSet
  ///         init(from decoder: any Decoder) throws {
  ///             style = try StyleSet(from: decoder, keys: [.init(.titleColor), .init(.underlined)])
  ///         }
  ///     }
  ///
  /// - Parameters:
  ///   - decoder: The decoder to read from.
  ///   - keys: The attributes the document may hold, with their value types.
  /// - Throws: `DecodingError.dataCorrupted` naming an attribute that is not among `keys`, or
  ///   that two keys share; any error decoding a table.
  public init(from decoder: any Decoder, keys: [DecodableKey]) throws {
    self.init()
    var byName: [String: DecodableKey] = [:]
    for key in keys {
      if byName.updateValue(key, forKey: key.name) != nil {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath,
            debugDescription: "two style keys are both named \(quoted(key.name))"))
      }
    }
    let container = try decoder.container(keyedBy: _SelectorKey.self)
    // In key order, not the decoder's dictionary order, so the error for a document with
    // several bad attributes is the same in every run.
    for codingKey in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      guard let key = byName[codingKey.stringValue] else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [codingKey],
            debugDescription:
              "unknown style attribute \(quoted(codingKey.stringValue)); known: \(keys.map(\.name).sorted().joined(separator: ", "))"
          ))
      }
      setColumn(try key.decode(container, codingKey), for: key.slot)
    }
  }
}
