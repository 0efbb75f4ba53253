import ErrorKitCore

// A theme document mapped to a `StyleSet` or a `StyleOverlay`, whose attributes' values are the
// user's `Decodable` types, and a `Decoder`'s document: the part of the theme reading that
// needs `Decodable`, metatypes and `Any`, which Embedded Swift lacks (the structure every reading
// shares is in ThemeDocument.swift).

/// What an attribute's values are read with: the document, for the places of its errors, the
/// state names, and what a value's own decoder sees as `userInfo`.
struct _ThemeReading {
  let document: _ThemeDocument
  let catalog: StateCatalog
  /// The reader's `userInfo` with the catalog under `CodingUserInfoKey.stateCatalog`.
  let userInfo: [CodingUserInfoKey: Any]

  init(document: _ThemeDocument, catalog: StateCatalog, userInfo: [CodingUserInfoKey: Any]) {
    self.document = document
    self.catalog = catalog
    var info = userInfo
    info[.stateCatalog] = catalog
    self.userInfo = info
  }
}

extension _ThemeDocument {
  /// Reads a document from a decoder: its value as JSON, by the rules of the package's reader.
  init(from decoder: any Decoder) throws {
    let value = try JSONValue(from: decoder)
    guard case .object(let members) = value else {
      throw DecodingError.typeMismatch(
        [String: JSONValue].self,
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected an object, found \(value.kind)"))
    }
    self.init(members: members.map { (key: $0.0, value: $0.1) })
  }

  /// The error of a value whose own decoding failed: at the decoding error's coding path,
  /// which starts at the value's member.
  func failure(_ error: DecodingError) -> StateKitError {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
      context = found
    case .keyNotFound(let key, let found):
      context = DecodingError.Context(
        codingPath: found.codingPath + [key], debugDescription: found.debugDescription)
    @unknown default:
      return .theme(.invalidTheme, input: "", reason: "\(error)", location: nil, path: [])
    }
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    return failure(
      context.debugDescription, at: path,
      token: (context.underlyingError as? StateKitError)?.token)
  }

  /// The style set of the document, skipping the overlay directives in `allowing`.
  func styleSet(
    keys: [StyleSet.DecodableKey], catalog: StateCatalog,
    allowing: [String] = [], userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws(StateKitError) -> StyleSet {
    let catalog = try self.catalog(for: catalog)
    let byName = try StyleSet.DecodableKey.byName(keys, in: self)
    let reading = _ThemeReading(document: self, catalog: catalog, userInfo: userInfo)
    // Before any table, so no table is sorted twice.
    var style = StyleSet(precedence: try precedence(catalog: catalog).precedence)
    try forEachAttribute(allowing: allowing) {
      name, value throws(StateKitError) in
      let key = try StyleSet.DecodableKey.named(name, in: byName, document: self)
      let column = try key.column(value, [name], reading)
      // A table reads with the standard precedence; it takes the style set's.
      style.setColumn(
        style.precedence == .standard ? column : column?.reordered(by: style.precedence),
        for: key.slot)
    }
    return style
  }

  /// The document's `$transitions`, ranked by its precedence; none when it has none. They may
  /// name any attribute among `keys`: the values they move may be in another theme (an
  /// overlay's transitions move the values of the theme below it).
  func styleTransitions(
    keys: [StyleSet.DecodableKey], catalog: StateCatalog
  ) throws(StateKitError) -> StyleTransitions {
    let catalog = try self.catalog(for: catalog)
    let precedence = try precedence(catalog: catalog).precedence
    guard let form = members.first(where: { $0.key == Self.transitionsKey }) else {
      return StyleTransitions(precedence: precedence)
    }
    return try transitions(
      form.value, attributes: keys.map(\.name), catalog: catalog, precedence: precedence)
  }

  /// The overlay of the document: a style set's members with `$replace` and `$remove`.
  func overlay(
    keys: [StyleSet.DecodableKey], catalog: StateCatalog,
    userInfo: [CodingUserInfoKey: Any] = [:]
  ) throws(StateKitError) -> StyleOverlay {
    let catalog = try self.catalog(for: catalog)
    var overlay = StyleOverlay()
    overlay.merged = try styleSet(
      keys: keys, catalog: catalog,
      allowing: [
        StyleSet.ThemeDirective.replace.rawValue, StyleSet.ThemeDirective.remove.rawValue,
      ],
      userInfo: userInfo)
    let reading = _ThemeReading(document: self, catalog: catalog, userInfo: userInfo)
    if members.contains(where: { $0.key == StyleSet.ThemeDirective.precedence.rawValue }) {
      overlay.precedence = overlay.merged.precedence
      overlay.merged.precedence = .standard
    }
    let byName = try StyleSet.DecodableKey.byName(keys, in: self)
    let replaceKey = StyleSet.ThemeDirective.replace.rawValue
    if let replaced = members.first(where: { $0.key == replaceKey }) {
      for (name, table) in Self.sorted(try Self.object(replaced.value, at: [replaceKey], in: self))
      {
        let path = [replaceKey, name]
        let key = try StyleSet.DecodableKey.named(
          name, in: byName, document: self, at: [replaceKey])
        guard overlay.merged._storage.position(of: key.slot) == nil else {
          throw failure(
            "attribute \(quoted(key.name)) is both replaced and merged; put its entries in the replacement",
            at: path)
        }
        if let column = try key.column(table, path, reading) {
          overlay.replacements.setColumn(column, for: key.slot)
        } else {
          overlay.cleared.insert(key.slot)
        }
      }
    }
    let removeKey = StyleSet.ThemeDirective.remove.rawValue
    if let removed = members.first(where: { $0.key == removeKey }) {
      for (name, list) in Self.sorted(try Self.object(removed.value, at: [removeKey], in: self)) {
        let path = [removeKey, name]
        let key = try StyleSet.DecodableKey.named(name, in: byName, document: self, at: [removeKey])
        guard !overlay.isReplaced(key.slot) else {
          throw failure(
            "attribute \(quoted(key.name)) is both replaced and has entries removed; leave them out of the replacement",
            at: path)
        }
        guard case .array(let elements) = list else {
          throw failure("expected an array, found \(list.kind)", at: path)
        }
        let merged = overlay.merged._storage.position(of: key.slot).map {
          Set(overlay.merged._storage.columns[$0].selectors)
        }
        var selectors: Set<StateSelector> = []
        for (index, element) in elements.enumerated() {
          let elementPath = path + [String(index)]
          guard case .string(let text) = element else {
            throw failure("expected a string, found \(element.kind)", at: elementPath)
          }
          let selector: StateSelector
          do {
            selector = try catalog.parseSelector(text)
          } catch {
            throw failure(
              "invalid selector \(quoted(text)): \(error.reason)", at: elementPath,
              token: error.token)
          }
          guard merged?.contains(selector) != true else {
            throw failure(
              "selector \(quoted(text)) of \(quoted(key.name)) is both removed and merged; keep one",
              at: elementPath)
          }
          selectors.insert(selector)
        }
        if !selectors.isEmpty { overlay.removals[key.slot] = selectors }
      }
    }
    return overlay
  }
}

extension StateKitError {
  /// The `DecodingError` a `Decoder`'s reader of a theme throws for this error: the path
  /// becomes the coding path below `codingPath`, and this error is the underlying one.
  func decodingError(below codingPath: [any CodingKey]) -> DecodingError {
    let keys: [any CodingKey] = path.map { component in
      Int(component).map { _IndexKey($0) as any CodingKey } ?? _SelectorKey(component)
    }
    var message = reason
    let pointer = _ThemeDocument.shownPointer(path)
    if !path.isEmpty, message.hasPrefix(pointer + ": ") {
      message.removeFirst(pointer.count + 2)
    }
    return .dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath + keys, debugDescription: message, underlyingError: self))
  }
}
