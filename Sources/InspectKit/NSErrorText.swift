import ErrorKitCore

/// Reads NSError text as Foundation prints it and as people paste it: Apple's format
/// (`Error Domain=D Code=N "text" UserInfo={k=v, NSUnderlyingError=0x6000… {Error Domain=…}}`,
/// also the older `UserInfo=0x… {…}`), swift-corelibs-foundation's
/// (`Error Domain=D Code=N "text"UserInfo={k=v, NSUnderlyingError=Error Domain=…}`), alone or
/// inside a longer log line.
///
/// What real pastes hold, and how it is read:
/// - descriptions with unescaped double quotes: the description ends at the quote before
///   `UserInfo=`, or at the last quote that ends it;
/// - line breaks between the parts of the header and inside the user info;
/// - keys with `-` and `.`;
/// - a value that is itself NSError text (a description built with `"\(error)"`): kept as a
///   detail; only `NSUnderlyingError` gives the cause;
/// - braces that do not balance inside a value: the value ends at the next entry;
/// - text that ends inside the error (a truncated paste): what is complete is kept, and
///   ``ErrorFinding/cut`` says where the text ends.
struct NSErrorText {
  /// Nested errors deeper than this are rejected: the package's one depth limit.
  static let maximumDepth = ErrorPayload.maximumDepth

  /// Which platform printed the text: Apple's puts a space before `UserInfo`, Linux's does not.
  enum Format {
    case apple, linux, unknown
  }

  struct Failure: Error {
    var message: String
  }

  static let marker = Array("Error Domain=".utf8)

  private let bytes: [UInt8]
  private(set) var index: Int
  private var format = Format.unknown
  /// Where the text ended inside the error, when it did.
  private var cut: String?
  /// Whether the outermost error had `UserInfo=`.
  private var hasUserInfo = false

  private init(_ bytes: [UInt8], at index: Int) {
    self.bytes = bytes
    self.index = index
  }

  /// Every NSError in a text, in order: the error (complete or cut) or why it could not be read.
  static func findAll(in bytes: [UInt8]) -> [ErrorFinding] {
    var findings: [ErrorFinding] = []
    var start = 0
    while let position = find(marker, in: bytes, from: start) {
      var parser = NSErrorText(bytes, at: position)
      do {
        let payload = try parser.error(depth: 1)
        let end = max(parser.index, position + marker.count)
        // An error without user info at the very end of the text may go on with `UserInfo=` on
        // the next line of a stream.
        let openEnded =
          parser.cut != nil
          || (!parser.hasUserInfo && parser.skippingSpaces(from: end) == bytes.count)
        findings.append(
          ErrorFinding(
            range: position..<end, payload: payload, darwin: parser.format != .linux,
            cut: parser.cut, mayContinue: openEnded))
        start = end
      } catch {
        // Go on with the next line: what is left of this one belongs to the broken error.
        var next = max(parser.index, position + marker.count)
        while next < bytes.count, bytes[next] != 0x0A { next += 1 }
        findings.append(
          ErrorFinding(
            range: position..<next, failure: error.message,
            mayContinue: parser.index >= bytes.count))
        start = next
      }
    }
    return findings
  }

  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int, before limit: Int? = nil)
    -> Int?
  {
    let limit = min(limit ?? bytes.count, bytes.count)
    guard needle.count <= limit else { return nil }
    var position = start
    while position + needle.count <= limit {
      if bytes[position] == needle[0],
        bytes[position..<position + needle.count].elementsEqual(needle)
      {
        return position
      }
      position += 1
    }
    return nil
  }

  private var atEnd: Bool { index >= bytes.count }

  private func failure(_ reason: String) -> Failure {
    Failure(message: "cannot read NSError text at byte \(index): \(reason)")
  }

  private func starts(with text: String, at position: Int? = nil) -> Bool {
    let position = position ?? index
    let utf8 = text.utf8
    guard position + utf8.count <= bytes.count else { return false }
    return bytes[position..<position + utf8.count].elementsEqual(utf8)
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  func skippingSpaces(from position: Int) -> Int {
    var position = position
    while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    return position
  }

  private func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range], as: UTF8.self)
  }

  /// `Error Domain=D Code=N ["text"][ ]UserInfo={…}`
  private mutating func error(depth: Int) throws(Failure) -> ErrorPayload {
    guard depth <= Self.maximumDepth else {
      throw failure("errors are nested deeper than the limit of \(Self.maximumDepth)")
    }
    guard starts(with: "Error Domain=") else {
      throw failure(
        bytes.count - index < Self.marker.count
          ? "the text ends inside \"Error Domain=\"" : "expected \"Error Domain=\"")
    }
    index += Self.marker.count
    // The domain runs to the white space before `Code=`, which may be a line break.
    let domainStart = index
    while index < bytes.count, !Self.isSpace(bytes[index]) { index += 1 }
    let domain = text(domainStart..<index)
    index = skippingSpaces(from: index)
    guard starts(with: "Code=") else {
      throw failure(
        atEnd ? "the text ends before \"Code=\"" : "expected \"Code=\" after the domain")
    }
    index += "Code=".utf8.count
    let code = try integer()
    var quoted: String?
    var afterCode = skippingSpaces(from: index)
    if quoteWidth(at: afterCode) > 0 {
      index = afterCode
      quoted = quotedText(nested: depth > 1)
      afterCode = skippingSpaces(from: index)
    }
    var info: [(String, String)] = []
    var underlying: ErrorPayload?
    if cut == nil, starts(with: "UserInfo=", at: afterCode) {
      if depth == 1 { hasUserInfo = true }
      if format == .unknown { format = afterCode == index ? .linux : .apple }
      index = afterCode + "UserInfo=".utf8.count
      if starts(with: "0x") {
        // The older form: `UserInfo=0x1700f3b00 {…}`, or `UserInfo=0x… "description"`.
        skipPointer()
        let target = skippingSpaces(from: index)
        if quoteWidth(at: target) > 0 {
          index = target
          quoted = quotedText(nested: depth > 1)
        } else {
          index = target
        }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
        (info, underlying) = try userInfo(depth: depth)
      } else if atEnd {
        cut = cut ?? "after UserInfo="
      }
    }
    // Logs of 2010 and before: `… "text" Underlying Error=(Error Domain=…)` after the error.
    let trailer = skippingSpaces(from: index)
    if cut == nil, underlying == nil, starts(with: "Underlying Error=(Error Domain=", at: trailer) {
      index = trailer + "Underlying Error=(".utf8.count
      underlying = try nestedError(depth: depth)
      if cut == nil, index < bytes.count, bytes[index] == UInt8(ascii: ")") { index += 1 }
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
      throw failure(
        index == start && atEnd
          ? "the text ends before the code" : "expected an integer code that fits in 64 bits")
    }
    return value
  }

  private mutating func skipPointer() {
    index += 2
    while index < bytes.count, ASCIIDigits.isHexDigit(bytes[index]) { index += 1 }
  }

  /// A quoted description. Foundation does not escape quotes inside it, so it ends at the quote
  /// before `UserInfo=` when there is one (before the next error and the end of the line),
  /// otherwise at the last quote that is followed by the end of the line, white space or
  /// punctuation (for a nested error, the first quote followed by `}`). A text that ends inside
  /// the description keeps it as cut.
  private mutating func quotedText(nested: Bool) -> String? {
    // Pastes that went through a word processor have “…” instead of "…" (even “…“).
    let smart = quoteWidth(at: index) == 3
    index += quoteWidth(at: index)
    let start = index
    var lineEnd = start
    while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
    let limit = Self.find(Self.marker, in: bytes, from: start, before: lineEnd) ?? lineEnd
    if starts(with: "(null)\"", at: start) {
      // Foundation's own placeholder, even when a paste adds quotes around the whole error.
      index = start + 7
      return "(null)"
    }
    var candidate: Int?
    var candidateWidth = 1
    var position = start
    while position < limit {
      let width = smart ? quoteWidth(at: position) : (bytes[position] == UInt8(ascii: "\"") ? 1 : 0)
      if width > 0 {
        let after = position + width
        let next = skippingSpaces(from: after)
        if starts(with: "UserInfo=", at: next) {
          candidate = position
          candidateWidth = width
          break
        }
        let following = after < bytes.count ? bytes[after] : 0x0A
        if nested, following == UInt8(ascii: "}") {
          candidate = position
          candidateWidth = width
          break
        }
        if after >= limit || Self.isSpace(following)
          || [
            UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: ":"),
            UInt8(ascii: ";"), UInt8(ascii: "."),
          ].contains(following)
        {
          candidate = position
          candidateWidth = width
        }
      }
      position += max(width, 1)
    }
    guard let end = candidate else {
      if limit == bytes.count || lineEnd == bytes.count {
        index = bytes.count
        cut = "inside the description"
        return nil
      }
      // No closing quote on the line: the description is the rest of the line.
      index = limit
      return text(start..<limit)
    }
    index = end + candidateWidth
    return text(start..<end)
  }

  /// The width of a quote at a position: 1 for `"`, 3 for `“` or `”`, 0 for anything else.
  private func quoteWidth(at position: Int) -> Int {
    guard position < bytes.count else { return 0 }
    if bytes[position] == UInt8(ascii: "\"") { return 1 }
    if position + 2 < bytes.count, bytes[position] == 0xE2, bytes[position + 1] == 0x80,
      bytes[position + 2] == 0x9C || bytes[position + 2] == 0x9D
    {
      return 3
    }
    return 0
  }

  /// `{key=value, key=value}`; returns the plain entries and the underlying error. A text that
  /// ends inside keeps the complete entries and the complete (or cut) cause.
  private mutating func userInfo(depth: Int) throws(Failure) -> ([(String, String)], ErrorPayload?)
  {
    index += 1
    var entries: [(String, String)] = []
    var underlying: ErrorPayload?
    index = skippingSpaces(from: index)
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return (entries, underlying)
    }
    while true {
      index = skippingSpaces(from: index)
      guard !atEnd else {
        cut = cut ?? "inside UserInfo"
        return (entries, underlying)
      }
      guard let key = try self.key() else {
        cut = cut ?? "inside UserInfo"
        return (entries, underlying)
      }
      let isCause = key == ErrorUserInfoKey.underlyingError
      let valueStart = index
      if starts(with: "Error Domain=") {
        // Linux prints a nested error inline; elsewhere it is a description built from one.
        let nested = try nestedError(depth: depth)
        if isCause {
          underlying = nested
        } else {
          entries.append((key, text(valueStart..<index)))
        }
      } else if isCause, starts(with: "0x"), let target = pointerTarget() {
        index = target
        if bytes[index] == UInt8(ascii: "{") {
          // Apple: `0x600000c1a0f0 {Error Domain=…}`.
          index += 1
          guard starts(with: "Error Domain=") else {
            guard bytes.count - index < Self.marker.count else {
              throw failure("expected \"Error Domain=\" after {")
            }
            // `{Error Dom` with the rest cut off.
            index = bytes.count
            cut = cut ?? "inside NSUnderlyingError"
            return (entries, underlying)
          }
          underlying = try nestedError(depth: depth)
          if cut != nil { return (entries, underlying) }
          index = skippingSpaces(from: index)
          guard index < bytes.count else {
            cut = "inside NSUnderlyingError"
            return (entries, underlying)
          }
          guard bytes[index] == UInt8(ascii: "}") else {
            throw failure("expected } after a nested error")
          }
          index += 1
        } else {
          // The older form: `0x1700e0a80 "text"`, a pointer and a description only.
          let message = quotedText(nested: true)
          underlying = ErrorPayload(domain: "", code: 0, message: message)
        }
      } else if let value = plainValue() {
        entries.append((key, value))
      } else {
        cut = cut ?? "inside the value of \(key)"
        return (entries, underlying)
      }
      if cut != nil { return (entries, underlying) }
      if starts(with: ",") {
        index += 1
      } else if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return (entries, underlying)
      } else if atEnd {
        cut = "inside UserInfo"
        return (entries, underlying)
      } else {
        throw failure("expected , or } in UserInfo")
      }
    }
  }

  /// A nested error; the text may end inside it.
  private mutating func nestedError(depth: Int) throws(Failure) -> ErrorPayload? {
    do {
      return try error(depth: depth + 1)
    } catch {
      guard atEnd else { throw error }
      cut = cut ?? "inside a nested error"
      return nil
    }
  }

  /// After `0x…`, the position of the `{` or `"` that follows the pointer and a space.
  private func pointerTarget() -> Int? {
    var position = index + 2
    while position < bytes.count, ASCIIDigits.isHexDigit(bytes[position]) { position += 1 }
    guard position + 1 < bytes.count, bytes[position] == 0x20,
      bytes[position + 1] == UInt8(ascii: "{") && starts(with: "{Error", at: position + 1)
        || bytes[position + 1] == UInt8(ascii: "\"")
    else { return nil }
    return position + 1
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
      || byte >= 0x80
  }

  /// A key and its `=`, or `nil` when the text ends inside it.
  private mutating func key() throws(Failure) -> String? {
    let start = index
    while index < bytes.count, Self.isKeyByte(bytes[index]) { index += 1 }
    if atEnd { return nil }
    guard index > start, bytes[index] == UInt8(ascii: "=") else {
      throw failure("expected a UserInfo key and =")
    }
    index += 1
    return text(start..<index - 1)
  }

  /// Whether `, key=` starts at a position (spaces and line breaks allowed after the comma): the
  /// boundary between two entries.
  private func isEntryBoundary(_ position: Int) -> Bool {
    guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return false }
    var cursor = skippingSpaces(from: position + 1)
    let keyStart = cursor
    while cursor < bytes.count, Self.isKeyByte(bytes[cursor]) { cursor += 1 }
    return cursor > keyStart && cursor < bytes.count && bytes[cursor] == UInt8(ascii: "=")
  }

  /// A value up to the next entry or the closing brace. Braces and parentheses inside it are
  /// balanced when they can be, which keeps `{x=y}` and multi-line `(…)` values whole; when they
  /// do not balance, the value ends at the first boundary. `nil` when the text ends inside it.
  private mutating func plainValue() -> String? {
    let start = index
    var depth = 0
    while index < bytes.count {
      let byte = bytes[index]
      if depth == 0, byte == UInt8(ascii: "}") || isEntryBoundary(index) {
        return text(start..<index)
      }
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "(") { depth += 1 }
      if (byte == UInt8(ascii: "}") || byte == UInt8(ascii: ")")) && depth > 0 { depth -= 1 }
      index += 1
    }
    // Unbalanced: take the value up to the first boundary or closing brace instead.
    index = start
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "}") || isEntryBoundary(index) {
        return text(start..<index)
      }
      index += 1
    }
    return nil
  }
}
