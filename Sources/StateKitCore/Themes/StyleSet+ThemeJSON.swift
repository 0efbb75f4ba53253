// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md
// doc-code: continues ../Styles/StyleSet.swift

extension StyleSet {
  /// Reads a theme file from its raw bytes, rejecting what a JSON decoder would let through:
  /// a key repeated within one object, which `JSONDecoder` merges (keeping one value) before
  /// ``init(from:keys:)`` can see it.
  ///
  ///     let themeText = "{\"titleColor\": {\"normal\": \"blue\",\n  \"normal\": \"red\"}}"
  ///     do {
  ///         _ = try StyleSet(themeJSON: Array(themeText.utf8), keys: [.init(.titleColor)])
  ///     } catch {
  ///         error.code                   // .repeatedKey
  ///         error.path                   // ["titleColor", "normal"]
  ///         error.location?.description  // "line 2, column 3"
  ///         print(error)
  ///         // invalid theme at line 2, column 3: selector key "normal" of attribute "titleColor" is repeated; first at line 1, column 17
  ///     }
  ///
  /// Otherwise it reads exactly what ``init(from:keys:)`` reads with `JSONDecoder`, through the
  /// same `Codable` conformances (`"$precedence"` and `"$layout"` included), without
  /// Foundation:
  ///
  ///     let linkTheme = try StyleSet(
  ///         themeJSON: Array(#"{"titleColor": {"visited": "purple"}}"#.utf8),
  ///         keys: [.init(.titleColor)], catalog: StateCatalog(merging: [.linkKit]))
  ///     linkTheme.resolve(.visited)[.titleColor]  // "purple"
  ///
  /// Every error is a ``StateKitError`` with the ``StateKitError/path`` to the failing member
  /// and, where the document has one, its ``StateKitError/location``: ``StateKitError/Code/repeatedKey``
  /// for a repeated key (in any object of the document), and ``StateKitError/Code/invalidTheme``
  /// for bytes that are not UTF-8 or not JSON, an unknown attribute or state name, a bad
  /// selector, or a value of the wrong type.
  ///
  /// - Parameters:
  ///   - bytes: The document's bytes, such as a file's contents (`Data` is a sequence of bytes).
  ///   - keys: The attributes the document may hold, with their value types.
  ///   - catalog: The state names the selectors may use; ``BitCatalog/system`` by default.
  /// - Throws: ``StateKitError``, as above.
  public init(
    themeJSON bytes: some Sequence<UInt8>, keys: [DecodableKey], catalog: StateCatalog = .system
  ) throws(StateKitError) {
    self = try _ThemeDocument(bytes: Array(bytes)).styleSet(keys: keys, catalog: catalog)
  }
}

extension StyleOverlay {
  /// Reads an overlay file from its raw bytes, as ``StyleSet/init(themeJSON:keys:catalog:)``
  /// reads a theme: a repeated key is an error with its position.
  ///
  ///     let overlayBytes = Array(#"{"$remove": {"titleColor": ["disabled"]}}"#.utf8)
  ///     let overlay = try StyleOverlay(themeJSON: overlayBytes, keys: [.init(.titleColor)])
  ///     overlay.removedSelectors(for: .titleColor) == [StateSelector(.disabled)]  // true
  ///
  /// - Parameters:
  ///   - bytes: The document's bytes.
  ///   - keys: The attributes the document may name, with their value types.
  ///   - catalog: The state names the selectors may use; ``BitCatalog/system`` by default.
  /// - Throws: ``StateKitError``: ``StateKitError/Code/repeatedKey`` or
  ///   ``StateKitError/Code/invalidTheme`` (also for an overlay that contradicts itself, see
  ///   ``StyleOverlay``).
  public init(
    themeJSON bytes: some Sequence<UInt8>, keys: [StyleSet.DecodableKey],
    catalog: StateCatalog = .system
  ) throws(StateKitError) {
    self = try _ThemeDocument(bytes: Array(bytes)).overlay(keys: keys, catalog: catalog)
  }
}
