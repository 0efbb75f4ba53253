import ErrorKitCore

/// A theme or overlay document, read once into a `JSONValue` and mapped to a ``StyleSet`` or
/// ``StyleOverlay`` by the rules below: the one read path of every theme, whether it arrives as
/// bytes (``StyleSet/init(themeJSON:keys:catalog:)``), through any `Decoder`
/// (``StyleSet/init(from:keys:)``) or in statekit-inspect.
///
/// Read from bytes, the document is checked for valid UTF-8 and for keys repeated within one
/// object (an error: `JSONDecoder` would keep one value silently), and it keeps where each key of
/// its first three levels stands, so an error names its line and column. Read through a decoder,
/// the decoder has already merged repeated keys and knows no positions; the mapping is the same.
///
/// The document's structure (attributes, selectors, directives) is read here, never through a
/// `Decoder`. An attribute's values are the user's types: each is decoded from its JSON by the
/// key (``StyleSet/DecodableKey``), the standard library's scalars directly and other types
/// through their own `init(from:)` (`_ThemeValueDecoder`).
package struct _ThemeDocument {
  /// Arrays and objects nested deeper than this are rejected: the JSON reader's limit, the one
  /// every JSON document of the package has (Foundation's `JSONDecoder`'s).
  static let depthLimit = JSONReader.maximumDepth
  /// Paths as deep as this keep the offset of their last key, for locating errors: attribute,
  /// selector and one level of a value (or `$remove`, attribute, element).
  static let locatedDepth = 3

  /// The document's top-level members, in document order.
  package private(set) var members: [(key: String, value: JSONValue)]
  /// The document's bytes, when it was read from bytes: locations are counted in them.
  private let bytes: [UInt8]
  /// The offset of the key that ends each path of at most `locatedDepth` members.
  private var offsets: [[String]: Int] = [:]
  /// What the values' own decoders see as `userInfo`.
  let userInfo: [CodingUserInfoKey: Any]

  /// Reads a document from its bytes.
  package init(bytes: [UInt8]) throws(StateKitError) {
    self.bytes = bytes
    userInfo = [:]
    if let bad = firstInvalidUTF8(in: bytes) {
      throw .theme(
        .invalidTheme, input: "", reason: "the document is not valid UTF-8",
        location: StateKitError.Location(offset: bad, in: bytes), path: [])
    }
    let value: JSONValue
    let keyOffsets: [Int]
    do {
      (value, keyOffsets) = try JSONReader.parseRecordingKeys(bytes, depthLimit: Self.depthLimit)
    } catch {
      throw .theme(
        .invalidTheme, input: "", reason: "not JSON: \(error.reason)",
        location: StateKitError.Location(offset: error.offset, in: bytes), path: [])
    }
    members = []
    var cursor = 0
    try walk(value, path: [], keyOffsets: keyOffsets, cursor: &cursor)
    members = try Self.object(value, at: [], in: self)
  }

  /// Reads a document from a decoder: its value as JSON, by the rules of the package's reader.
  init(from decoder: any Decoder) throws {
    bytes = []
    userInfo = decoder.userInfo
    let value = try JSONValue(from: decoder)
    guard case .object(let members) = value else {
      throw DecodingError.typeMismatch(
        [String: JSONValue].self,
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected an object, found \(value.kind)"))
    }
    self.members = members.map { (key: $0.0, value: $0.1) }
  }

  /// The document's `userInfo` with a catalog: what a value's own decoder sees.
  func userInfo(catalog: StateCatalog) -> [CodingUserInfoKey: Any] {
    var info = userInfo
    info[.stateCatalog] = catalog
    return info
  }

  // MARK: Repeated keys and locations

  /// Visits the members of every object in document order, the order the reader recorded
  /// their keys in, and rejects a key an object already has.
  private mutating func walk(
    _ value: JSONValue, path: [String], keyOffsets: [Int], cursor: inout Int
  ) throws(StateKitError) {
    switch value {
    case .object(let members):
      var seen: [String: Int] = [:]
      for (key, member) in members {
        let offset = cursor < keyOffsets.count ? keyOffsets[cursor] : 0
        cursor += 1
        if let first = seen[key] {
          throw repeated(key, path: path, offset: offset, first: first)
        }
        seen[key] = offset
        if path.count < Self.locatedDepth { offsets[path + [key]] = offset }
        try walk(member, path: path + [key], keyOffsets: keyOffsets, cursor: &cursor)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        try walk(element, path: path + [String(index)], keyOffsets: keyOffsets, cursor: &cursor)
      }
    default:
      break
    }
  }

  private func repeated(_ key: String, path: [String], offset: Int, first: Int) -> StateKitError {
    let firstLocation = StateKitError.Location(offset: first, in: bytes)
    let what: String
    switch path.count {
    case 0: what = "attribute \(quoted(key))"
    case 1 where path[0].hasPrefix("$"): what = "key \(quoted(key)) of \(quoted(path[0]))"
    case 1: what = "selector key \(quoted(key)) of attribute \(quoted(path[0]))"
    default: what = "key \(quoted(key)) at \(Self.shownPointer(path))"
    }
    let sameBytes = Array(key.utf8) == Self.rawKey(at: first, in: bytes)
    return .theme(
      .repeatedKey, input: key, token: key,
      reason: "\(what) is repeated\(sameBytes ? "" : " (written differently, equal as text)"); "
        + "first at \(firstLocation)",
      location: StateKitError.Location(offset: offset, in: bytes), path: path + [key])
  }

  /// The unescaped bytes of the key whose opening quote is at `offset`.
  private static func rawKey(at offset: Int, in bytes: [UInt8]) -> [UInt8] {
    var end = offset + 1
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
    }
    return Array(bytes[min(offset + 1, bytes.count)..<min(end, bytes.count)])
  }

  /// The error of a member of the document at `path`: its pointer, then the reason; located at
  /// the deepest key of the path the document knows the position of.
  func failure(_ reason: String, at path: [String], token: String? = nil) -> StateKitError {
    var located = path
    while !located.isEmpty, offsets[located] == nil { located.removeLast() }
    let location =
      bytes.isEmpty ? nil : offsets[located].map { StateKitError.Location(offset: $0, in: bytes) }
    return .theme(
      .invalidTheme, input: path.last ?? "", token: token,
      reason: path.isEmpty ? reason : "\(Self.shownPointer(path)): \(reason)", location: location,
      path: path)
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

  /// A path as a JSON Pointer (RFC 6901), such as `/titleColor/normal`.
  static func pointer(_ path: [String]) -> String {
    path.map { component in
      var escaped = ""
      for character in component {
        switch character {
        case "~": escaped += "~0"
        case "/": escaped += "~1"
        default: escaped.append(character)
        }
      }
      return "/" + escaped
    }.joined()
  }

  /// ``pointer(_:)`` as a message shows it, since its keys are the document's text: cut after
  /// 80 characters with `…`, as `quoted(_:limit:)` cuts input, and every character a terminal
  /// acts on escaped. The error's `path` keeps the keys whole.
  static func shownPointer(_ path: [String]) -> String {
    let text = pointer(path)
    let limit = 80
    guard text.unicodeScalars.count > limit else { return terminalSafe(text) }
    return terminalSafe(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…")
  }

  // MARK: The mapping

  /// The members of an object, or the error of a value of another kind.
  static func object(_ value: JSONValue, at path: [String], in document: _ThemeDocument)
    throws(StateKitError) -> [(key: String, value: JSONValue)]
  {
    guard case .object(let members) = value else {
      throw document.failure("expected an object, found \(value.kind)", at: path)
    }
    return members.map { (key: $0.0, value: $0.1) }
  }

  /// The members in key order, not document order, so a document with several bad members
  /// gives the same error in every reading.
  static func sorted(_ members: [(key: String, value: JSONValue)]) -> [(
    key: String, value: JSONValue
  )] {
    members.sorted { $0.key < $1.key }
  }

  /// The style set of the document, skipping the overlay directives in `allowing`.
  package func styleSet(
    keys: [StyleSet.DecodableKey], catalog: StateCatalog,
    allowing: Set<StyleSet.ThemeDirective> = []
  ) throws(StateKitError) -> StyleSet {
    let byName = try StyleSet.DecodableKey.byName(keys, in: self)
    var style = StyleSet()
    let precedenceKey = StyleSet.ThemeDirective.precedence.rawValue
    if let form = members.first(where: { $0.key == precedenceKey }) {
      // Before any table, so no table is sorted twice.
      style.precedence = try precedence(form.value, catalog: catalog)
    }
    for (name, value) in Self.sorted(members) where name != StyleSet.transitionsMember {
      if let directive = StyleSet.ThemeDirective(rawValue: name) {
        guard directive == .precedence || allowing.contains(directive) else {
          throw failure(
            "\(quoted(directive.rawValue)) belongs to an overlay: decode a StyleOverlay", at: [name]
          )
        }
        continue
      }
      let key = try StyleSet.DecodableKey.named(name, in: byName, document: self)
      let column = try key.column(value, [name], self, catalog)
      // A table reads with the standard precedence; it takes the style set's.
      style.setColumn(
        style.precedence == .standard ? column : column?.reordered(by: style.precedence),
        for: key.slot)
    }
    if let form = members.first(where: { $0.key == StyleSet.transitionsMember }) {
      style.transitions = try transitions(
        form.value, keys: byName, catalog: catalog, precedence: style.precedence)
    }
    return style
  }

  /// The overlay of the document: a style set's members with `$replace` and `$remove`.
  func overlay(keys: [StyleSet.DecodableKey], catalog: StateCatalog) throws(StateKitError)
    -> StyleOverlay
  {
    var overlay = StyleOverlay()
    overlay.merged = try styleSet(keys: keys, catalog: catalog, allowing: [.replace, .remove])
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
        if let column = try key.column(table, path, self, catalog) {
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

  /// `$precedence`: `{"order": [state text], "dominant": state text}`.
  private func precedence(_ value: JSONValue, catalog: StateCatalog) throws(StateKitError)
    -> StatePrecedence
  {
    let key = StyleSet.ThemeDirective.precedence.rawValue
    let members = try Self.object(value, at: [key], in: self)
    for (name, _) in Self.sorted(members) where name != "order" && name != "dominant" {
      throw failure(
        "unknown member \(quoted(name)) of \"$precedence\"; known: dominant, order",
        at: [key, name])
    }
    func state(_ element: JSONValue, at path: [String]) throws(StateKitError) -> ControlState {
      guard case .string(let text) = element else {
        throw failure("expected a string, found \(element.kind)", at: path)
      }
      do {
        return try catalog.parse(text)
      } catch {
        throw failure(
          "invalid state \(quoted(text)): \(error.reason)", at: path, token: error.token)
      }
    }
    var order: [ControlState] = []
    var dominant = ControlState.normal
    for (name, member) in members {
      if name == "order" {
        guard case .array(let elements) = member else {
          throw failure("expected an array, found \(member.kind)", at: [key, name])
        }
        for (index, element) in elements.enumerated() {
          order.append(try state(element, at: [key, name, String(index)]))
        }
      } else if name == "dominant", member != .null {
        dominant = try state(member, at: [key, name])
      }
    }
    return StatePrecedence(order, dominant: dominant)
  }

  /// An attribute's table: selector text to values, each value read by `value`.
  func table<Value>(
    _ json: JSONValue, at path: [String], catalog: StateCatalog,
    value: (JSONValue, [String]) throws(StateKitError) -> Value
  ) throws(StateKitError) -> StateTable<Value> {
    var pairs: [(StateSelector, Value)] = []
    var seen: [StateSelector: String] = [:]
    for (text, member) in Self.sorted(try Self.object(json, at: path, in: self)) {
      let selector = try selector(text, at: path + [text], catalog: catalog, seen: &seen)
      pairs.append((selector, try value(member, path + [text])))
    }
    return StateTable(pairs)
  }

  /// A selector key of a table: its selector, unless it is not selector text or it denotes a
  /// selector an earlier key of the table denotes.
  func selector(
    _ text: String, at path: [String], catalog: StateCatalog, seen: inout [StateSelector: String]
  ) throws(StateKitError) -> StateSelector {
    do {
      return try Self.selectorKey(text, catalog: catalog, seen: &seen)
    } catch {
      throw failure(error.reason, at: path, token: error.cause?.token)
    }
  }

  /// Why a key of a table is not one: the reason, and the parser's error when there is one.
  struct SelectorKeyProblem: Error {
    let reason: String
    let cause: StateKitError?
  }

  /// The selector a key of a table denotes, by the one rule of every reader of tables
  /// (themes and `StateTable`'s `Decodable` conformance).
  static func selectorKey(
    _ text: String, catalog: StateCatalog, seen: inout [StateSelector: String]
  ) throws(SelectorKeyProblem) -> StateSelector {
    let selector: StateSelector
    do {
      selector = try catalog.parseSelector(text)
    } catch {
      throw SelectorKeyProblem(
        reason: "invalid selector key \(quoted(text)): \(error.reason)", cause: error)
    }
    if let earlier = seen[selector] {
      throw SelectorKeyProblem(
        reason: "selector key \(quoted(text)) denotes the same selector as \(quoted(earlier))",
        cause: nil)
    }
    seen[selector] = text
    return selector
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
