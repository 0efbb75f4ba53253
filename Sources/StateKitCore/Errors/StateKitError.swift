import ErrorKitCore

/// An error thrown by StateKit: a bad application bit, text that does not parse, a colliding
/// declaration, or a selector that contradicts itself.
///
/// Every error has a stable ``code`` and a one-line ``description`` that names the input and
/// the reason, ready to show to a user. StateKit's throwing API declares
/// `throws(StateKitError)`, so a `catch` has the error's type without a cast:
///
///     do {
///         _ = try StateCatalog.system.parse("selected | bogus")
///     } catch {
///         error.code         // .unknownName
///         error.token        // "bogus"
///         print(error)
///         // cannot parse state text "selected | bogus": unknown state name "bogus"; known names: normal, highlighted, disabled, selected, focused
///     }
///
/// Match a code directly in a `catch` clause:
///
///     do {
///         _ = try ControlState(applicationBit: 9)
///     } catch StateKitError.Code.applicationBitOutOfRange {
///         // handle it
///     }
public struct StateKitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What went wrong, as a stable number.
  ///
  /// Codes never change meaning; new codes may be added.
  ///
  ///     StateKitError.Code.unknownName.rawValue  // 4
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible, CaseIterable {
    /// The stable number of the code.
    public let rawValue: Int

    /// Creates a code from its number.
    public init(rawValue: Int) {
      self.rawValue = rawValue
    }

    /// An application bit index outside `0...7` (code 1).
    public static let applicationBitOutOfRange = Code(rawValue: 1)
    /// State text that is empty or only spaces (code 2).
    public static let emptyText = Code(rawValue: 2)
    /// A `|` with nothing between it and the next `|` or the end of the text (code 3).
    public static let emptySegment = Code(rawValue: 3)
    /// A name that is neither `normal`, a system name nor a declared state (code 4).
    public static let unknownName = Code(rawValue: 4)
    /// A `0x` token with no digits or a character that is not a hex digit (code 5).
    public static let invalidHex = Code(rawValue: 5)
    /// A `0x` token whose value does not fit in `UInt` (code 6).
    public static let hexOverflow = Code(rawValue: 6)
    /// A `0x` token in strict mode, where only names are accepted (code 7).
    public static let hexNotAllowed = Code(rawValue: 7)
    /// Bits without a name in strict mode (code 8).
    public static let unnamedBits = Code(rawValue: 8)
    /// A custom state name, or the name of an owner of names, that is not an identifier
    /// (code 9).
    public static let invalidName = Code(rawValue: 9)
    /// A custom state name that clashes with a system name such as `selected` (code 10).
    public static let reservedName = Code(rawValue: 10)
    /// A custom state name already declared for another bit (code 11).
    public static let nameAlreadyDeclared = Code(rawValue: 11)
    /// An application bit already declared under another name (code 12).
    public static let bitAlreadyDeclared = Code(rawValue: 12)
    /// A custom state that is not exactly one bit inside the application range (code 13).
    public static let notSingleApplicationBit = Code(rawValue: 13)
    /// A selector that both requires and excludes the same state (code 14).
    public static let conflictingSelector = Code(rawValue: 14)

    /// A theme document repeats a key, byte for byte, within one object (code 15); a JSON
    /// decoder would keep one of the two values without a word.
    public static let repeatedKey = Code(rawValue: 15)
    /// A theme document that cannot be read: not JSON, not UTF-8, or not a theme (an unknown
    /// attribute or state name, a value of the wrong type, a bad selector) (code 16).
    public static let invalidTheme = Code(rawValue: 16)

    /// Every code StateKit throws, in numeric order.
    public static let allCases: [Code] = (1...16).map { Code(rawValue: $0) }

    /// What the code means, in one sentence: the description of its entry in
    /// `ErrorCatalog.stateKit`.
    package var summary: String {
      switch self {
      case .applicationBitOutOfRange: "An application bit index is outside 0...7."
      case .emptyText: "State text is empty."
      case .emptySegment: "State text has an empty segment between `|`s."
      case .unknownName: "State text names an unknown state."
      case .invalidHex: "A hex token has no digits or a character that is not a hex digit."
      case .hexOverflow: "A hex token does not fit in 64 bits."
      case .hexNotAllowed: "A hex token appears in strict mode."
      case .unnamedBits: "A state has bits without a name in strict mode."
      case .invalidName: "A custom state name is not an identifier."
      case .reservedName: "A custom state name clashes with a system name."
      case .nameAlreadyDeclared: "A custom state name is already declared for another bit."
      case .bitAlreadyDeclared: "An application bit is already declared under another name."
      case .notSingleApplicationBit: "A custom state is not exactly one application bit."
      case .conflictingSelector: "A selector requires and excludes the same state."
      case .repeatedKey: "A theme document repeats a key within one object."
      case .invalidTheme: "A theme document cannot be read."
      default: "StateKit error \(rawValue)."
      }
    }

    /// The code's name, such as `unknownName`.
    public var description: String {
      switch self {
      case .applicationBitOutOfRange: "applicationBitOutOfRange"
      case .emptyText: "emptyText"
      case .emptySegment: "emptySegment"
      case .unknownName: "unknownName"
      case .invalidHex: "invalidHex"
      case .hexOverflow: "hexOverflow"
      case .hexNotAllowed: "hexNotAllowed"
      case .unnamedBits: "unnamedBits"
      case .invalidName: "invalidName"
      case .reservedName: "reservedName"
      case .nameAlreadyDeclared: "nameAlreadyDeclared"
      case .bitAlreadyDeclared: "bitAlreadyDeclared"
      case .notSingleApplicationBit: "notSingleApplicationBit"
      case .conflictingSelector: "conflictingSelector"
      case .repeatedKey: "repeatedKey"
      case .invalidTheme: "invalidTheme"
      default: "code\(rawValue)"
      }
    }
  }

  /// What went wrong.
  public let code: Code

  /// The whole input that was rejected: the text, the name, or the index, as written.
  public let input: String

  /// The part of ``input`` that failed, when the failure is in one token.
  public let token: String?

  /// The reason, in words, without the input; callers read it as ``failureReason``.
  package let reason: String

  /// Where in a document the error is, for errors reading a theme document; `nil` otherwise.
  public let location: Location?
  /// The members leading to the failing value in a theme document, outermost first, such as
  /// `["titleColor", "normal"]` (array elements by their index); empty otherwise.
  public let path: [String]

  /// A position in a document: a byte offset, and the line and column it falls on, such as
  /// `line 2, column 3` (its ``description``).
  public struct Location: Hashable, Sendable, CustomStringConvertible {
    /// The number of bytes before the position, from 0.
    public let offset: Int
    /// The line, from 1; lines end at line feeds.
    public let line: Int
    /// The column, from 1, counted in UTF-8 bytes from the start of the line.
    public let column: Int

    /// Creates a location.
    init(offset: Int, line: Int, column: Int) {
      (self.offset, self.line, self.column) = (offset, line, column)
    }

    /// The location of a byte offset in a document.
    init(offset: Int, in bytes: [UInt8]) {
      var (line, start) = (1, 0)
      for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
        (line, start) = (line + 1, index + 1)
      }
      self.init(offset: offset, line: line, column: offset - start + 1)
    }

    /// `line L, column C`.
    public var description: String { "line \(line), column \(column)" }
  }

  /// A one-line message that names the input and the reason.
  ///
  ///     // "cannot parse state text \"a||b\": empty segment 2 (between two `|`)"
  public let description: String

  /// Further structured details, such as both claimants of a bit; exported by ``details``.
  let claims: [String: String]

  init(
    code: Code, input: String, token: String? = nil, reason: String, summary: String,
    location: Location? = nil, path: [String] = [], claims: [String: String] = [:]
  ) {
    self.code = code
    self.input = input
    self.token = token
    self.reason = reason
    self.location = location
    self.path = path
    self.description = "\(summary): \(reason)"
    self.claims = claims
  }
}

#if hasFeature(Embedded)
  // Embedded Swift has no `any Error`: StateKit throws `StateKitError` by type, so a `catch`
  // pattern matches the error itself.
  /// Matches a ``StateKitError`` by its code, so `catch StateKitError.Code.unknownName` works.
  public func ~= (pattern: StateKitError.Code, value: StateKitError) -> Bool {
    value.code == pattern
  }
#else
  /// Matches a ``StateKitError`` by its code, so `catch StateKitError.Code.unknownName` works.
  ///
  ///     do {
  ///         _ = try StateCatalog.system.parse("selected | bogus")
  ///     } catch StateKitError.Code.unknownName {
  ///         print("check the spelling")  // check the spelling
  ///     }
  public func ~= (pattern: StateKitError.Code, value: any Error) -> Bool {
    (value as? StateKitError)?.code == pattern
  }
#endif

// The one funnel through which StateKit's errors are built: every message is made here.
extension StateKitError {
  static func applicationBitOutOfRange(_ index: Int, layout: BitLayout) -> StateKitError {
    let range = layout.application
    return StateKitError(
      code: .applicationBitOutOfRange, input: String(index),
      reason:
        "valid indices are 0...\(range.count - 1) (bits \(range.lowerBound)...\(range.upperBound))",
      summary: "application bit index \(index) is out of range")
  }

  static func parse(
    _ code: Code, noun: String = "state", text: some StringProtocol,
    token: (some StringProtocol)? = String?.none, reason: String
  ) -> StateKitError {
    StateKitError(
      code: code, input: String(text), token: token.map { String($0) }, reason: reason,
      summary: "cannot parse \(noun) text \(quoted(text))")
  }

  static func format(noun: String, unnamed: UInt, in raw: UInt) -> StateKitError {
    StateKitError(
      code: .unnamedBits, input: _hex(raw),
      reason: "bits \(_hex(unnamed)) have no name (strict mode)",
      summary: "cannot format \(noun) \(_hex(raw))")
  }

  static func declaration(
    _ code: Code, noun: String, name: some StringProtocol, reason: String,
    claims: [String: String] = [:]
  ) -> StateKitError {
    StateKitError(
      code: code, input: String(name), reason: reason,
      summary: "cannot declare \(noun) \(quoted(name))", claims: claims)
  }

  /// An owner whose name cannot qualify its names: code ``Code/invalidName``, the owner as
  /// the input and in the details.
  static func owner(_ owner: String, noun: String, reason: String) -> StateKitError {
    StateKitError(
      code: .invalidName, input: owner, reason: reason,
      summary: "cannot merge the \(noun) names of \(quoted(owner))", claims: ["owner": owner])
  }

  static func theme(
    _ code: Code, input: String, token: String? = nil, reason: String, location: Location?,
    path: [String]
  ) -> StateKitError {
    StateKitError(
      code: code, input: input, token: token, reason: reason,
      summary: "invalid theme" + (location.map { " at \($0)" } ?? ""), location: location,
      path: path)
  }

  static func selector(required: ControlState, excluded: ControlState) -> StateKitError {
    let both = required.intersection(excluded)
    return StateKitError(
      code: .conflictingSelector, input: "\(required) excluding \(excluded)",
      reason: "it both requires and excludes \(both)",
      summary: "invalid selector")
  }
}

/// Lowercase hex with a `0x` prefix, as in the text format.
func _hex(_ value: UInt) -> String {
  var utf8 = Array("0x".utf8)
  ASCIIDigits.appendHex(value, to: &utf8)
  return String(decoding: utf8, as: UTF8.self)
}
