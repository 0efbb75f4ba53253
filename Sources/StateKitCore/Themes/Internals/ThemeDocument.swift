import ErrorKitCore

/// A theme or overlay document, read once into a `JSONValue`, and the structure every reading of
/// a theme shares: its members, its `$precedence`, its attributes in name order, and each
/// attribute's table (an object of selector text to values, or a first-match table's array of
/// one-entry objects in the order they are tried). It is the one read path of every theme, whether
/// it arrives as bytes (``StyleSet/init(themeJSON:keys:catalog:)``), through any `Decoder`
/// (``StyleSet/init(from:keys:)``), in statekit-inspect or in the browser page.
///
/// Read from bytes, the document is checked for valid UTF-8 and for keys repeated within one
/// object (an error: `JSONDecoder` would keep one value silently), and it keeps where each key of
/// its first three levels stands, so an error names its line and column. Read through a decoder,
/// the decoder has already merged repeated keys and knows no positions; the mapping is the same.
///
/// The document's structure (attributes, selectors, directives) is read here, never through a
/// `Decoder`, and nothing here needs one: this file compiles in Embedded Swift, where a theme is
/// read as tables of one value type (``tables(catalog:value:)``), as statekit-inspect's report
/// and the browser page read it. A style set or overlay, whose values are the user's `Decodable`
/// types, is mapped in `ThemeDocument+StyleSet.swift`.
package struct _ThemeDocument {
  /// Arrays and objects nested deeper than this are rejected: the JSON reader's limit, the one
  /// every JSON document of the package has (Foundation's `JSONDecoder`'s).
  static let depthLimit = JSONReader.maximumDepth
  /// Paths as deep as this keep the offset of their last key, for locating errors: attribute,
  /// selector and one level of a value (or `$remove`, attribute, element).
  static let locatedDepth = 3

  /// The members of a theme that are not attributes: `StyleSet.ThemeDirective`'s raw values,
  /// and the transitions.
  static let directives = [
    precedenceKey, "$replace", "$remove", layoutKey, transitionsKey,
  ]
  /// The directive of a theme's layout: the name of a layout of states (`"lvgl"`), whose names
  /// its selectors use and whose rule its tables resolve by (`StatePrecedence(layout:)`).
  static let layoutKey = "$layout"
  /// The member of a theme's transitions (`StyleTransitions+ThemeJSON.swift` reads it).
  static let transitionsKey = "$transitions"
  /// The directive of a theme's precedence: `{"order": [state text], "dominant": state text}`.
  static let precedenceKey = "$precedence"

  /// The document's top-level members, in document order.
  package private(set) var members: [(key: String, value: JSONValue)]
  /// The document's bytes, when it was read from bytes: locations are counted in them.
  private let bytes: [UInt8]
  /// The offset of the key that ends each path of at most `locatedDepth` members.
  private var offsets: [[String]: Int] = [:]

  /// Reads a document from its bytes.
  package init(bytes: [UInt8]) throws(StateKitError) {
    self.bytes = bytes
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

  /// A document of these members, read by a reader that knows no positions (a `Decoder`).
  init(members: [(key: String, value: JSONValue)]) {
    bytes = []
    self.members = members
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

  /// Calls `attribute` with each member that is not a directive, in name order; a directive
  /// other than `$precedence`, `$transitions` and those in `allowing` is an error (`$replace`
  /// and `$remove` belong to an overlay).
  func forEachAttribute(
    allowing: [String] = [],
    _ attribute: (String, JSONValue) throws(StateKitError) -> Void
  ) throws(StateKitError) {
    for (name, value) in Self.sorted(members) {
      if Self.directives.contains(name) {
        guard
          name == Self.precedenceKey || name == Self.transitionsKey || name == Self.layoutKey
            || allowing.contains(name)
        else {
          throw failure(
            "\(quoted(name)) belongs to an overlay: decode a StyleOverlay", at: [name])
        }
        continue
      }
      try attribute(name, value)
    }
  }

  /// The document as a theme whose values are all read by `value`: its precedence, with the
  /// states its order lists, and each attribute's table in name order, ranked by that
  /// precedence. The same mapping, and the same first error, as a style set's.
  package func tables<Value>(
    catalog: StateCatalog, value: (JSONValue, [String]) throws(StateKitError) -> Value
  ) throws(StateKitError) -> _ThemeTables<Value> {
    let catalog = try self.catalog(for: catalog)
    let (precedence, listed) = try precedence(catalog: catalog)
    var attributes: [(name: String, table: StateTable<Value>)] = []
    try forEachAttribute { name, json throws(StateKitError) in
      var table = try self.table(json, at: [name], catalog: catalog, value: value)
      // A table reads with the standard precedence; it takes the theme's.
      if precedence != .standard { table.precedence = precedence }
      attributes.append((name, table))
    }
    var tables = _ThemeTables(precedence: precedence, listed: listed, attributes: attributes)
    if let form = members.first(where: { $0.key == Self.transitionsKey }) {
      tables.transitions = try transitions(
        form.value, attributes: attributes.map { $0.name }, catalog: catalog,
        precedence: precedence)
    }
    return tables
  }

  /// The document's `$precedence` (`{"order": [state text], "dominant": state text}`), and
  /// the states its order lists; without one, the standard precedence and no states.
  package func precedence(catalog: StateCatalog) throws(StateKitError) -> (
    precedence: StatePrecedence, listed: ControlState
  ) {
    let key = Self.precedenceKey
    let layout = catalog.table.layout
    if layout != .controlState {
      // Another toolkit's states resolve by that toolkit's rule, which no order adjusts.
      if members.contains(where: { $0.key == key }) {
        throw failure(
          "\"$precedence\" orders UIKit's states; a theme of \(quoted(layout.name)) resolves by its toolkit's rule",
          at: [key])
      }
      return (StatePrecedence(layout: layout), [])
    }
    guard let form = self.members.first(where: { $0.key == key }) else { return (.standard, []) }
    return try precedence(form.value, at: [key], catalog: catalog)
  }

  /// The names the document's selectors use: `catalog`, or, when the document names a layout
  /// in `$layout` and `catalog` knows only the system names of another, that layout's names.
  /// A `$layout` that is not a layout of states, or that differs from the layout of a catalog
  /// with custom names, is an error.
  package func catalog(for catalog: StateCatalog) throws(StateKitError) -> StateCatalog {
    let key = Self.layoutKey
    guard let member = members.first(where: { $0.key == key }) else { return catalog }
    let known = BitLayout.all.filter { $0.noun == BitLayout.controlState.noun }
    guard case .string(let name) = member.value else {
      throw failure("expected a string, found \(member.value.kind)", at: [key])
    }
    guard let layout = known.first(where: { $0.name.utf8.elementsEqual(name.utf8) }) else {
      throw failure(
        "unknown layout \(quoted(name)); known: \(known.map { $0.name }.joined(separator: ", "))",
        at: [key])
    }
    let named = catalog.naming(layout)
    guard named.table.layout == layout else {
      throw failure(
        "the theme's layout \(quoted(name)) is not the layout of the state names given (\(catalog.table.layout.name))",
        at: [key])
    }
    return named
  }

  /// A `$precedence` member's value, at `path`, and the states its order lists.
  func precedence(_ form: JSONValue, at path: [String], catalog: StateCatalog)
    throws(StateKitError) -> (precedence: StatePrecedence, listed: ControlState)
  {
    let members = try Self.object(form, at: path, in: self)
    for (name, _) in Self.sorted(members) where name != "order" && name != "dominant" {
      throw failure(
        "unknown member \(quoted(name)) of \"$precedence\"; known: dominant, order",
        at: path + [name])
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
          throw failure("expected an array, found \(member.kind)", at: path + [name])
        }
        for (index, element) in elements.enumerated() {
          order.append(try state(element, at: path + [name, String(index)]))
        }
      } else if name == "dominant", member != .null {
        dominant = try state(member, at: path + [name])
      }
    }
    return (
      StatePrecedence(order, dominant: dominant),
      order.reduce(ControlState.normal) { $0.union($1) }
    )
  }

  /// An attribute's table, each value read by `value`: an object of selector text to values,
  /// the most specific entry winning; or an array of such objects of one entry each, tried in
  /// order (a first-match table, ``StateTable/init(firstMatch:)``).
  func table<Value>(
    _ json: JSONValue, at path: [String], catalog: StateCatalog,
    value: (JSONValue, [String]) throws(StateKitError) -> Value
  ) throws(StateKitError) -> StateTable<Value> {
    var pairs: [(StateSelector, Value)] = []
    var seen: [StateSelector: String] = [:]
    if case .array(let elements) = json {
      for (index, element) in elements.enumerated() {
        let (text, member) = try firstMatchEntry(element, at: path + [String(index)])
        let entryPath = path + [String(index), text]
        let selector = try selector(text, at: entryPath, catalog: catalog, seen: &seen)
        pairs.append((selector, try value(member, entryPath)))
      }
      return StateTable(firstMatch: pairs)
    }
    for (text, member) in Self.sorted(try Self.object(json, at: path, in: self)) {
      let selector = try selector(text, at: path + [text], catalog: catalog, seen: &seen)
      pairs.append((selector, try value(member, path + [text])))
    }
    return StateTable(pairs)
  }

  /// The selector text and value of an element of a first-match table: an object of exactly
  /// one member.
  func firstMatchEntry(_ element: JSONValue, at path: [String]) throws(StateKitError) -> (
    key: String, value: JSONValue
  ) {
    guard case .object(let members) = element else {
      throw failure("expected an object of one selector key, found \(element.kind)", at: path)
    }
    guard let first = members.first else {
      throw failure("a first-match entry is an object of one selector key, found none", at: path)
    }
    guard members.count == 1 else {
      let second = members[1].0
      throw failure(
        "a first-match entry is an object of one selector key; \(quoted(second)) is a second",
        at: path + [second])
    }
    return (first.0, first.1)
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

/// A theme as tables of one value type, one per attribute: what a reader keeps that has no
/// `StyleSet` (statekit-inspect's report, whose values stay JSON, and the browser page).
package struct _ThemeTables<Value> {
  /// The theme's `$precedence`, or the standard precedence.
  package let precedence: StatePrecedence
  /// The states `$precedence.order` lists: ties they decide are the author's choice.
  package let listed: ControlState
  /// Each attribute's table, in name order, ranked by ``precedence``; an empty attribute has an
  /// empty table.
  package let attributes: [(name: String, table: StateTable<Value>)]
  /// The theme's `$transitions`; none when it has none.
  package var transitions = StyleTransitions()

  init(
    precedence: StatePrecedence, listed: ControlState,
    attributes: [(name: String, table: StateTable<Value>)]
  ) {
    (self.precedence, self.listed, self.attributes) = (precedence, listed, attributes)
  }
}
