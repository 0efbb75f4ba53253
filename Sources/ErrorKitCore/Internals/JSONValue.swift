// The package's one JSON reader and writer, without Foundation (which triples a tool's start-up
// time on Linux). ErrorPayload and ErrorCatalog map to and from these values, and their Codable
// conformances go through the same mapping, so a document reads alike everywhere.

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

  /// The value as a whole number that fits in `Int` (`1`, `1.0` and `1e2` are whole), or `nil`.
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

/// A JSON value read from or written to any `Decoder` or `Encoder`, so that the Codable
/// conformances of ErrorPayload and ErrorCatalog reuse the JSON mapping instead of restating it.
extension JSONValue: Codable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  package init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: Key.self) {
      var members: [(String, JSONValue)] = []
      for key in object.allKeys {
        members.append((key.stringValue, try object.decode(JSONValue.self, forKey: key)))
      }
      self = .object(members)
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONValue] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
      self = .array(elements)
      return
    }
    let single = try decoder.singleValueContainer()
    if single.decodeNil() {
      self = .null
    } else if let flag = try? single.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? single.decode(Int.self) {
      self = .number(String(number))
    } else if let number = try? single.decode(Double.self) {
      self = .number(String(number))
    } else {
      self = .string(try single.decode(String.self))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case .number(let text):
      var single = encoder.singleValueContainer()
      if let whole = Int(text) {
        try single.encode(whole)
      } else {
        try single.encode(Double(text) ?? .nan)
      }
    case .string(let text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
    }
  }
}

extension JSONValue {
  /// Reads a value from any decoder, then maps it with one of the package's JSON mappings; a
  /// mapping's error becomes a `DecodingError` at the decoder's coding path.
  package static func decode<T>(
    from decoder: any Decoder, as mapping: (JSONValue) throws(JSONFormatError) -> T
  ) throws -> T {
    let value = try JSONValue(from: decoder)
    do {
      return try mapping(value)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message))
    }
  }
}
