/// A stylesheet as a GTK 4 theme writes one for a widget's states: rules of compound selectors
/// (an element name or `*`, then state pseudo-classes, `:not(…)` of one of them allowed), each
/// setting some of a button's properties.
///
///     let sheet = try Stylesheet(css: "button:hover { background-color: #f3f3f3; }")
///     sheet.rules[0].selectors[0].text  // "button:hover"
///
/// The subset is the part of GTK's CSS that decides a look from `GtkStateFlags`: no classes,
/// ids, combinators or position pseudo-classes (`:first-child`), which depend on the widget
/// tree rather than the state; they are refused with a one-line error naming the line.
public struct Stylesheet: Sendable, Equatable {
  /// The rules, in the order the stylesheet gives them.
  public var rules: [Rule]

  /// One rule: `selector, selector { property: value; … }`.
  public struct Rule: Sendable, Equatable {
    /// The selectors of the rule's selector list, in order.
    public var selectors: [Selector]
    /// The declarations, in order; a property declared twice keeps both here (the later wins).
    public var declarations: [Declaration]
    /// The line of the rule's first selector, from 1.
    public var line: Int
  }

  /// A compound selector: an element name (`nil` for `*`) and state pseudo-classes.
  public struct Selector: Sendable, Equatable {
    /// The element name the node must have, or `nil` for `*`.
    public var element: String?
    /// The pseudo-classes, in the order written.
    public var pseudoClasses: [PseudoClass]
    /// The selector as written, normalised: `button:hover:not(:disabled)`.
    public var text: String {
      (element ?? "*") + pseudoClasses.map(\.text).joined()
    }
  }

  /// A state pseudo-class, as GTK 4 names it (`hover`, `disabled`, `drop(active)`, …), maybe
  /// negated.
  public struct PseudoClass: Sendable, Equatable {
    /// The name in lower case, with its argument for `dir(…)` and `drop(…)`.
    public var name: String
    /// Whether it is written inside `:not(…)`.
    public var negated: Bool
    /// The pseudo-class as written: `:hover` or `:not(:hover)`.
    public var text: String { negated ? ":not(:\(name))" : ":\(name)" }
  }

  /// One `property: value` of a rule.
  public struct Declaration: Sendable, Equatable {
    /// The property.
    public var property: ButtonProperty
    /// The value's text, trimmed.
    public var value: String
  }

  /// The state pseudo-classes GTK 4 parses (`gtkcssselector.c`), each setting one
  /// `GtkStateFlags` bit.
  public static let statePseudoClasses: [String] = [
    "active", "hover", "selected", "disabled", "indeterminate", "focus", "backdrop", "link",
    "visited", "checked", "focus-visible", "focus-within", "dir(ltr)", "dir(rtl)",
    "drop(active)",
  ]

  /// Reads a stylesheet.
  ///
  /// - Parameter css: The stylesheet's text.
  /// - Throws: ``StylesheetError`` naming the line of the first thing it cannot read.
  public init(css: String) throws(StylesheetError) {
    var reader = _Reader(Array(css.utf8))
    rules = try reader.stylesheet()
  }

  /// Creates a stylesheet from rules already read.
  ///
  /// - Parameter rules: The rules, in stylesheet order.
  public init(rules: [Rule]) {
    self.rules = rules
  }
}

/// Why a stylesheet could not be read: the line and what was wrong there.
public struct StylesheetError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// What was wrong.
  public var message: String
  /// `line 3: unknown pseudo-class ":hovr"`.
  public var description: String { "line \(line): \(message)" }
}

/// Reads the stylesheet subset byte by byte: ASCII structure, values taken as written.
private struct _Reader {
  let bytes: [UInt8]
  var position = 0
  var line = 1

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  var current: UInt8? { position < bytes.count ? bytes[position] : nil }

  func fail(_ message: String) -> StylesheetError { StylesheetError(line: line, message: message) }

  mutating func advance() {
    if current == UInt8(ascii: "\n") { line += 1 }
    position += 1
  }

  /// Skips white space and `/* … */` comments.
  mutating func skipSpace() throws(StylesheetError) {
    while let byte = current {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        advance()
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count,
        bytes[position + 1] == UInt8(ascii: "*")
      {
        let start = line
        advance()
        advance()
        while current != nil
          && !(current == UInt8(ascii: "*") && position + 1 < bytes.count
            && bytes[position + 1] == UInt8(ascii: "/"))
        {
          advance()
        }
        guard current != nil else {
          throw StylesheetError(line: start, message: "comment not closed")
        }
        advance()
        advance()
      } else {
        return
      }
    }
  }

  static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: "_")
  }

  mutating func name() -> String {
    let start = position
    while let byte = current, Self.isNameByte(byte) { advance() }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  mutating func expect(_ character: Unicode.Scalar, _ what: String) throws(StylesheetError) {
    guard current == UInt8(ascii: character) else {
      throw fail("expected \"\(character)\" \(what)")
    }
    advance()
  }

  mutating func stylesheet() throws(StylesheetError) -> [Stylesheet.Rule] {
    var rules: [Stylesheet.Rule] = []
    try skipSpace()
    while current != nil {
      rules.append(try rule())
      try skipSpace()
    }
    return rules
  }

  mutating func rule() throws(StylesheetError) -> Stylesheet.Rule {
    let start = line
    var selectors = [try selector()]
    try skipSpace()
    while current == UInt8(ascii: ",") {
      advance()
      try skipSpace()
      selectors.append(try selector())
      try skipSpace()
    }
    try expect("{", "after a selector")
    var declarations: [Stylesheet.Declaration] = []
    try skipSpace()
    while current != UInt8(ascii: "}") {
      guard current != nil else {
        throw StylesheetError(line: start, message: "rule not closed with \"}\"")
      }
      declarations.append(try declaration())
      try skipSpace()
    }
    advance()
    return Stylesheet.Rule(selectors: selectors, declarations: declarations, line: start)
  }

  mutating func selector() throws(StylesheetError) -> Stylesheet.Selector {
    var element: String?
    if current == UInt8(ascii: "*") {
      advance()
    } else {
      let name = name()
      guard !name.isEmpty else { throw fail("expected a selector") }
      element = name.lowercased()
    }
    var pseudoClasses: [Stylesheet.PseudoClass] = []
    while current == UInt8(ascii: ":") {
      advance()
      if let negated = try notPseudoClass() {
        pseudoClasses.append(negated)
      } else {
        pseudoClasses.append(Stylesheet.PseudoClass(name: try pseudoClassName(), negated: false))
      }
    }
    if let byte = current, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "#") {
      throw fail("classes and ids are not part of a state's look: only state pseudo-classes")
    }
    if let byte = current,
      [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "+"), UInt8(ascii: "~")]
        .contains(byte)
    {
      // A space before "{" or "," is fine; one before another selector is a combinator.
      let saved = (position, line)
      try skipSpace()
      if let next = current, next != UInt8(ascii: "{"), next != UInt8(ascii: ",") {
        throw fail("combinators are not part of a state's look: one compound selector a rule")
      }
      (position, line) = saved
    }
    return Stylesheet.Selector(element: element, pseudoClasses: pseudoClasses)
  }

  /// `not(:name)` after a colon, or `nil` (nothing read) when the name is not `not`.
  mutating func notPseudoClass() throws(StylesheetError) -> Stylesheet.PseudoClass? {
    let saved = (position, line)
    guard name().lowercased() == "not", current == UInt8(ascii: "(") else {
      (position, line) = saved
      return nil
    }
    advance()
    try skipSpace()
    try expect(":", "in :not(…): only a state pseudo-class is negated here")
    let inner = (position, line)
    guard name().lowercased() != "not" else { throw fail("nesting of :not() not allowed") }
    (position, line) = inner
    let negated = try pseudoClassName()
    try skipSpace()
    try expect(")", "to close :not(")
    return Stylesheet.PseudoClass(name: negated, negated: true)
  }

  /// A state pseudo-class's name after its colon, with `(argument)` for `dir` and `drop`.
  mutating func pseudoClassName() throws(StylesheetError) -> String {
    var name = name().lowercased()
    if current == UInt8(ascii: "(") {
      advance()
      try skipSpace()
      let argument = self.name().lowercased()
      try skipSpace()
      try expect(")", "after :\(name)(\(argument)")
      name += "(\(argument))"
    }
    guard Stylesheet.statePseudoClasses.contains(name) else {
      let position = ["first-child", "last-child", "only-child"].contains(name)
      throw fail(
        position
          ? "\":\(name)\" depends on the widget's siblings, not its state"
          : "unknown pseudo-class \":\(name)\"")
    }
    return name
  }

  mutating func declaration() throws(StylesheetError) -> Stylesheet.Declaration {
    let name = name().lowercased()
    guard let property = ButtonProperty(rawValue: name) else {
      throw fail(
        name.isEmpty
          ? "expected a property"
          : "unknown property \"\(name)\"; a button's look has "
            + ButtonProperty.allCases.map(\.rawValue).joined(separator: ", "))
    }
    try skipSpace()
    try expect(":", "after \(name)")
    let start = position
    while let byte = current, byte != UInt8(ascii: ";"), byte != UInt8(ascii: "}") { advance() }
    let value = String(decoding: bytes[start..<position], as: UTF8.self)
      .trimmingSpaces()
    guard !value.isEmpty else { throw fail("\(name) has no value") }
    if current == UInt8(ascii: ";") { advance() }
    return Stylesheet.Declaration(property: property, value: value)
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  fileprivate func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
    return String(drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
