// The package's one JSON reader and writer, without Foundation, so that statekit-inspect, which
// links this module, loads no Foundation library at start-up. ErrorPayload and ErrorCatalog map
// to and from these values, and their Codable conformances go through the same mapping, so a
// document reads alike everywhere.

/// A JSON value; objects keep their keys in document order.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// The number's text, exactly as written.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([(String, JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// The value of a key; when a key appears twice the first one counts, as in Foundation's
  /// `JSONDecoder`.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.0 == key }?.1
  }

  /// The value as a whole number within 2^53 - 1 (`1`, `1.0` and `1e2` are whole), by the rule of
  /// `ASCIIDigits.wholeNumber`, or `nil`.
  package var wholeNumber: Int? {
    guard case .number(let text) = self else { return nil }
    return ASCIIDigits.wholeNumber(text.utf8)
  }

  /// A short name of the value's type, for messages.
  package var kind: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
