/// Parses JSON text from UTF-8 bytes.
package struct JSONReader {
  /// Arrays and objects nested deeper than this are rejected, anywhere in a document (in keys a
  /// reader ignores, and in a key given twice, too): Foundation's JSONDecoder's limit, so that
  /// both refuse the same documents. Error payloads have their own, lower limits.
  package static let maximumDepth = 512

  /// Why text is not JSON, and the byte offset where the reader found out.
  package struct Failure: Error {
    package let offset: Int
    package let reason: String

    var formatError: JSONFormatError {
      JSONFormatError(message: "invalid JSON at byte \(offset): \(reason)")
    }
  }

  private let bytes: [UInt8]
  private var index = 0
  private let depthLimit: Int
  /// The offset of each object key's opening quote, in document order, when recording.
  private var keyOffsets: [Int]?

  private init(_ bytes: [UInt8], depthLimit: Int, recordingKeys: Bool) {
    self.bytes = bytes
    self.depthLimit = depthLimit
    keyOffsets = recordingKeys ? [] : nil
  }

  package static func parse(_ bytes: [UInt8]) throws(JSONFormatError) -> JSONValue {
    do {
      return try parse(bytes, depthLimit: maximumDepth, recordingKeys: false).value
    } catch {
      throw error.formatError
    }
  }

  /// Parses a document and gives, with its value, the byte offset of every object key's
  /// opening quote in document order: the order of a walk that visits an object's members in
  /// turn, each key before its value. Objects keep repeated keys (see `JSONValue.object`), so a
  /// reader that must reject them finds them here, with where they are.
  package static func parseRecordingKeys(_ bytes: [UInt8], depthLimit: Int = maximumDepth)
    throws(Failure) -> (value: JSONValue, keyOffsets: [Int])
  {
    try parse(bytes, depthLimit: depthLimit, recordingKeys: true)
  }

  private static func parse(_ bytes: [UInt8], depthLimit: Int, recordingKeys: Bool)
    throws(Failure) -> (value: JSONValue, keyOffsets: [Int])
  {
    var reader = JSONReader(bytes, depthLimit: depthLimit, recordingKeys: recordingKeys)
    // A UTF-8 byte-order mark at the very start is skipped, as RFC 8259 allows and Foundation's
    // JSONDecoder does; anywhere else it is not JSON.
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3 }
    reader.skipSpace()
    let value = try reader.value(depth: 0)
    reader.skipSpace()
    guard reader.index == bytes.count else {
      throw reader.error("unexpected text after the JSON value")
    }
    return (value, reader.keyOffsets ?? [])
  }

  private func error(_ reason: String) -> Failure {
    Failure(offset: index, reason: reason)
  }

  private mutating func skipSpace() {
    while index < bytes.count,
      bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
    {
      index += 1
    }
  }

  private mutating func value(depth: Int) throws(Failure) -> JSONValue {
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

  private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure)
    -> JSONValue
  {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      word.withUTF8Buffer({ Array($0) }) == Array(bytes[index..<index + count])
    else { throw error("unexpected character") }
    index += count
    return value
  }

  private mutating func number() throws(Failure) -> JSONValue {
    let start = index
    func digits(_ reader: inout JSONReader) -> Int {
      let from = reader.index
      while reader.index < reader.bytes.count,
        ASCIIDigits.isDecimalDigit(reader.bytes[reader.index])
      {
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
    var hasExponent = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      hasExponent = true
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard digits(&self) > 0 else { throw error("a number needs digits in its exponent") }
    }
    // A number no Double holds is refused wherever it is, as Foundation's JSONDecoder refuses
    // it: only an exponent or hundreds of digits can take a number out of a Double's range.
    if hasExponent || index - start > 300 {
      switch ASCIIDigits.doubleFit(ofJSONNumber: bytes[start..<index]) {
      case .fits:
        break
      case .tooLarge:
        index = start
        throw error("a number too large for a Double")
      case .tooSmall:
        index = start
        throw error("a number too small for a Double")
      }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func string() throws(Failure) -> String {
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

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("\\u needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = ASCIIDigits.value(of: bytes[index]) else {
        throw error("\\u needs four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func array(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= depthLimit else {
      throw error("nested deeper than the limit of \(depthLimit)")
    }
    index += 1
    var elements: [JSONValue] = []
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

  private mutating func object(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= depthLimit else {
      throw error("nested deeper than the limit of \(depthLimit)")
    }
    index += 1
    var members: [(String, JSONValue)] = []
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
      keyOffsets?.append(index)
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
