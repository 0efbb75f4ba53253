import ErrorKitCore

/// Reads NSError text as Foundation prints it, in Apple's format
/// (`Error Domain=D Code=N "text" UserInfo={k=v, NSUnderlyingError=0x6000… {Error Domain=…}}`,
/// also the older `UserInfo=0x… {…}`) and in swift-corelibs-foundation's
/// (`Error Domain=D Code=N "text"UserInfo={k=v, NSUnderlyingError=Error Domain=…}`), alone or
/// inside a longer log line.
struct NSErrorText {
  /// Nested errors deeper than this are rejected: the package's one depth limit.
  static let maximumDepth = ErrorPayload.maximumDepth

  /// Which platform printed the text: Apple's puts a space before `UserInfo`, Linux's does not.
  enum Format {
    case apple, linux, unknown
  }

  /// One error found in a text.
  struct Found {
    var payload: ErrorPayload
    var format: Format
  }

  struct Failure: Error {
    var message: String
  }

  private static let marker = Array("Error Domain=".utf8)

  private let bytes: [UInt8]
  private(set) var index: Int
  private var format = Format.unknown

  private init(_ bytes: [UInt8], at index: Int) {
    self.bytes = bytes
    self.index = index
  }

  /// Every NSError in a text, in order: a parsed error or the reason one could not be parsed.
  static func findAll(in bytes: [UInt8]) -> [Result<Found, Failure>] {
    var results: [Result<Found, Failure>] = []
    var start = 0
    while let position = find(marker, in: bytes, from: start) {
      var parser = NSErrorText(bytes, at: position)
      do {
        let payload = try parser.error(depth: 1)
        results.append(.success(Found(payload: payload, format: parser.format)))
        start = max(parser.index, position + marker.count)
      } catch {
        results.append(.failure(error))
        // Go on with the next line: what is left of this one belongs to the broken error.
        var next = max(parser.index, position + marker.count)
        while next < bytes.count, bytes[next] != 0x0A { next += 1 }
        start = next
      }
    }
    return results
  }

  /// Whether a text holds NSError text at all.
  static func contains(_ bytes: [UInt8]) -> Bool {
    find(marker, in: bytes, from: 0) != nil
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var position = start
    while position + needle.count <= bytes.count {
      if bytes[position] == needle[0],
        bytes[position..<position + needle.count].elementsEqual(needle)
      {
        return position
      }
      position += 1
    }
    return nil
  }

  private func failure(_ reason: String) -> Failure {
    Failure(message: "cannot read NSError text at byte \(index): \(reason)")
  }

  private func starts(with text: String, at position: Int? = nil) -> Bool {
    let position = position ?? index
    let utf8 = text.utf8
    guard position + utf8.count <= bytes.count else { return false }
    return bytes[position..<position + utf8.count].elementsEqual(utf8)
  }

  private mutating func expect(_ text: String) throws(Failure) {
    guard starts(with: text) else { throw failure("expected \"\(text)\"") }
    index += text.utf8.count
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// `Error Domain=D Code=N ["text"][ ]UserInfo={…}`
  private mutating func error(depth: Int) throws(Failure) -> ErrorPayload {
    guard depth <= Self.maximumDepth else {
      throw failure("errors are nested deeper than the limit of \(Self.maximumDepth)")
    }
    try expect("Error Domain=")
    let domainStart = index
    while index < bytes.count, !starts(with: " Code=") {
      guard bytes[index] != 0x0A else { throw failure("expected \" Code=\" after the domain") }
      index += 1
    }
    let domain = text(domainStart..<index)
    try expect(" Code=")
    let code = try integer()
    var quoted: String?
    if starts(with: " \"") { index += 1 }
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      quoted = try quotedText()
    }
    var info: [(String, String)] = []
    var underlying: ErrorPayload?
    if starts(with: "UserInfo=") || starts(with: " UserInfo=") {
      if bytes[index] == UInt8(ascii: " ") {
        index += 1
        format = format == .unknown ? .apple : format
      } else {
        format = format == .unknown ? .linux : format
      }
      index += "UserInfo=".utf8.count
      if starts(with: "0x") {
        // The older form: `UserInfo=0x1700f3b00 {…}`.
        skipPointer()
        if starts(with: " ") { index += 1 }
      }
      (info, underlying) = try userInfo(depth: depth)
    }
    let entry = { (key: String) in info.last { $0.0 == key }?.1 }
    var details: [String: String] = [:]
    for (key, value) in info {
      if let detail = ErrorUserInfoKey.detailKey(fromUserInfoKey: key) { details[detail] = value }
    }
    return ErrorPayload(
      domain: domain, code: code, name: entry(ErrorUserInfoKey.name),
      message: entry(ErrorUserInfoKey.description) ?? (quoted == "(null)" ? nil : quoted),
      failureReason: entry(ErrorUserInfoKey.failureReason),
      recoverySuggestion: entry(ErrorUserInfoKey.recoverySuggestion), details: details,
      underlying: underlying)
  }

  private mutating func integer() throws(Failure) -> Int {
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    while index < bytes.count, ASCIIDigits.isDecimalDigit(bytes[index]) { index += 1 }
    guard let value = Int(text(start..<index)) else {
      throw failure("expected an integer code that fits in 64 bits")
    }
    return value
  }

  private mutating func skipPointer() {
    index += 2
    while index < bytes.count, ASCIIDigits.isHexDigit(bytes[index]) { index += 1 }
  }

  /// A quoted text: it ends at the first `"` followed by `UserInfo=`, the end, a comma, a brace,
  /// or white space, since Foundation does not escape quotes inside it.
  private mutating func quotedText() throws(Failure) -> String {
    index += 1
    let start = index
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\"") {
        let next = index + 1
        if next == bytes.count || starts(with: "UserInfo=", at: next)
          || [UInt8(ascii: ","), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09].contains(bytes[next])
        {
          let value = text(start..<index)
          index = next
          return value
        }
      }
      index += 1
    }
    throw failure("unterminated quoted text")
  }

  /// `{key=value, key=value}`; returns the plain entries and the underlying error.
  private mutating func userInfo(depth: Int) throws(Failure) -> ([(String, String)], ErrorPayload?)
  {
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
      throw failure("expected { after UserInfo=")
    }
    index += 1
    var entries: [(String, String)] = []
    var underlying: ErrorPayload?
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return (entries, underlying)
    }
    while true {
      let key = try self.key()
      if starts(with: "Error Domain=") {
        // Linux prints a nested error inline.
        underlying = try error(depth: depth + 1)
      } else if starts(with: "0x"), let nested = pointerTarget() {
        index = nested
        if bytes[index] == UInt8(ascii: "{") {
          // Apple: `0x600000c1a0f0 {Error Domain=…}`.
          index += 1
          underlying = try error(depth: depth + 1)
          guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
            throw failure("expected } after a nested error")
          }
          index += 1
        } else {
          // The older form: `0x1700e0a80 "text"`, a pointer and a description only.
          let message = try quotedText()
          underlying = ErrorPayload(domain: "", code: 0, message: message)
        }
      } else {
        entries.append((key, try plainValue()))
      }
      if starts(with: ", ") {
        index += 2
      } else if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return (entries, underlying)
      } else {
        throw failure(index < bytes.count ? "expected , or } in UserInfo" : "unterminated UserInfo")
      }
    }
  }

  /// After `0x…`, the position of the `{` or `"` that follows the pointer and a space.
  private func pointerTarget() -> Int? {
    var position = index + 2
    while position < bytes.count, ASCIIDigits.isHexDigit(bytes[position]) { position += 1 }
    guard position + 1 < bytes.count, bytes[position] == 0x20,
      bytes[position + 1] == UInt8(ascii: "{") && starts(with: "{Error Domain=", at: position + 1)
        || bytes[position + 1] == UInt8(ascii: "\"")
    else { return nil }
    return position + 1
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
  }

  private mutating func key() throws(Failure) -> String {
    let start = index
    while index < bytes.count, Self.isKeyByte(bytes[index]) { index += 1 }
    guard index > start, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
      throw failure("expected a UserInfo key and =")
    }
    index += 1
    return text(start..<index - 1)
  }

  /// Whether `, key=` starts at a position: the boundary between two entries.
  private func isEntryBoundary(_ position: Int) -> Bool {
    guard starts(with: ", ", at: position) else { return false }
    var cursor = position + 2
    let keyStart = cursor
    while cursor < bytes.count, Self.isKeyByte(bytes[cursor]) { cursor += 1 }
    return cursor > keyStart && cursor < bytes.count && bytes[cursor] == UInt8(ascii: "=")
  }

  /// A value up to the next entry or the closing brace; braces and parentheses inside it must
  /// balance, which keeps `{x=y}` and multi-line `(…)` values whole.
  private mutating func plainValue() throws(Failure) -> String {
    let start = index
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if depth == 0 {
        if byte == UInt8(ascii: "}") || isEntryBoundary(index) { return text(start..<index) }
      }
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") { depth += 1 }
      if (byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")")) && depth > 0 { depth -= 1 }
      index += 1
    }
    throw failure("unterminated UserInfo")
  }
}
