// A small JSON reader and writer, so the tool needs no Foundation (which triples its start-up
// time on Linux). The reader enforces the documented limits: nesting depth and input size.

/// A JSON value; objects keep their keys in document order.
enum JSON: Equatable {
  case null
  case bool(Bool)
  /// The number's text, exactly as written.
  case number(String)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  static func == (lhs: JSON, rhs: JSON) -> Bool {
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

  subscript(key: String) -> JSON? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.0 == key }?.1
  }

  /// A short name of the value's type, for messages.
  var kind: String {
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

struct JSONError: Error {
  let message: String
}

/// Parses JSON text from UTF-8 bytes.
struct JSONReader {
  /// Arrays and objects nested deeper than this are rejected.
  static let maximumDepth = 512

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  static func parse(_ bytes: [UInt8]) throws(JSONError) -> JSON {
    var reader = JSONReader(bytes)
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else {
      throw reader.error("unexpected text after the JSON value")
    }
    return value
  }

  private func error(_ reason: String) -> JSONError {
    JSONError(message: "invalid JSON at byte \(index): \(reason)")
  }

  private mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private mutating func value(depth: Int) throws(JSONError) -> JSON {
    guard index < bytes.count else { throw error("unexpected end of input") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw error("unexpected character")
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSON) throws(JSONError) -> JSON {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      word.withUTF8Buffer({ Array($0) }) == Array(bytes[index..<index + count])
    else { throw error("unexpected character") }
    index += count
    return value
  }

  private mutating func number() throws(JSONError) -> JSON {
    let start = index
    func digits(_ reader: inout JSONReader) -> Int {
      let from = reader.index
      while reader.index < reader.bytes.count, (0x30...0x39).contains(reader.bytes[reader.index]) {
        reader.index += 1
      }
      return reader.index - from
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let whole = index
    guard digits(&self) > 0 else { throw error("a number needs digits") }
    if bytes[whole] == UInt8(ascii: "0"), index - whole > 1 {
      throw error("a number may not start with 0")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits(&self) > 0 else { throw error("a number needs digits after the point") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&self) > 0 else { throw error("a number needs digits in its exponent") }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func string() throws(JSONError) -> String {
    index += 1
    var utf8: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        // The input was validated as UTF-8 before parsing, and escapes produce valid scalars.
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard index < bytes.count else { throw error("unterminated string") }
        let escape = bytes[index]
        index += 1
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try hex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
              bytes[index + 1] == UInt8(ascii: "u")
            else {
              throw error("a high surrogate must be followed by a low one")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw error("a high surrogate must be followed by a low one")
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else {
            throw error("a lone surrogate is not a character")
          }
          utf8.append(contentsOf: String(unicode).utf8)
        default: throw error("unknown escape")
        }
      case 0x00..<0x20: throw error("a control character must be escaped in a string")
      default: utf8.append(byte)
      }
    }
  }

  private mutating func hex4() throws(JSONError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("\\u needs four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func array(depth: Int) throws(JSONError) -> JSON {
    guard depth <= Self.maximumDepth else {
      throw error("nested deeper than the limit of \(Self.maximumDepth)")
    }
    index += 1
    var elements: [JSON] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipSpace()
      elements.append(try value(depth: depth))
      skipSpace()
      guard index < bytes.count else { throw error("unterminated array") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      } else {
        throw error("expected , or ] in an array")
      }
    }
  }

  private mutating func object(depth: Int) throws(JSONError) -> JSON {
    guard depth <= Self.maximumDepth else {
      throw error("nested deeper than the limit of \(Self.maximumDepth)")
    }
    index += 1
    var members: [(String, JSON)] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a key in an object")
      }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected : after a key")
      }
      index += 1
      skipSpace()
      members.append((key, try value(depth: depth)))
      skipSpace()
      guard index < bytes.count else { throw error("unterminated object") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      } else {
        throw error("expected , or } in an object")
      }
    }
  }
}

/// Writes JSON text into a byte buffer, in the tool's style: `", "` and `": "` separators.
struct JSONWriter {
  var bytes: [UInt8] = []

  mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0x00..<0x20:
        let hex = String(byte, radix: 16)
        raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  mutating func optionalString(_ text: String?) {
    if let text { string(text) } else { raw("null") }
  }

  mutating func value(_ json: JSON) {
    switch json {
    case .null: raw("null")
    case .bool(let flag): raw(flag ? "true" : "false")
    case .number(let text): raw(text)
    case .string(let text): string(text)
    case .array(let elements):
      raw("[")
      for (offset, element) in elements.enumerated() {
        if offset > 0 { raw(", ") }
        value(element)
      }
      raw("]")
    case .object(let members):
      raw("{")
      for (offset, member) in members.enumerated() {
        if offset > 0 { raw(", ") }
        string(member.0)
        raw(": ")
        value(member.1)
      }
      raw("}")
    }
  }
}
