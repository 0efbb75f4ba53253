import ErrorKitCore

/// An error printed as an object whose cause is an object in its user info: React Native's
/// promise rejections (`RCTJSErrorFromCodeMessageAndNSError`) as `console.log`, `util.inspect`
/// and `JSON.stringify` print them, and the maps Flutter's plugins hand to Dart:
///
///     { code: 'ENSURLERRORDOMAIN-1009', message: '…', domain: 'NSURLErrorDomain',
///       userInfo: { NSLocalizedDescription: '…',
///                   NSUnderlyingError: { domain: 'kCFErrorDomainCFNetwork', code: -1009 } },
///       nativeStackIOS: [ … ] }
///
/// ``DomainCodeText`` asks it at a `domain` key that stands in an object. From there it goes out
/// (``outermost(_:around:floor:)``) while the object is the `NSUnderlyingError` of a `userInfo`
/// in another object, looking back no further than ``Limits/lookBehind`` bytes before the key and
/// never behind `floor`, then reads that outermost object once, forward, to its closing brace
/// (``ObjectParser``): one finding for the whole object, the causes in it a chain, so the key of
/// a cause is never read as an error of its own. Keys are bare, in single or double quotes, and
/// values strings in either quote, numbers, or bare text up to the next `,` (Dart's maps);
/// `[Error: …]` before or at the start of the object (Node, Hermes) is the message when there is
/// no other. The description is `message`, or else the user info's `NSLocalizedDescription`
/// (or `localizedDescription`); the user info's other entries with a value of their own are
/// details.
enum ErrorObjectText {
  /// The most bytes of one object read; an object longer than this is left to the reading of
  /// its keys alone.
  static let longestObject = 64 << 10

  /// The error of the outermost object around the key at `keyStart` (its `domain`, or React
  /// Native's `nativeStackIOS`, which may stand more than ``Limits/lookBehind`` bytes before the
  /// domain): `nil` when the key is not in an object, or the object (and each inner one, in
  /// turn) has no domain and code.
  static func read(_ text: PastedText, keyAt keyStart: Int, floor: Int) -> ErrorFinding? {
    let limit = max(floor, keyStart - Limits.lookBehind, 0)
    guard let innermost = enclosingOpen(text, before: keyStart, limit: limit) else { return nil }
    // The objects from the outermost in: the first that is an error with a domain and a code is
    // the one read.
    for open in outermost(text, around: innermost, limit: limit) {
      var parser = ObjectParser(text, at: open)
      switch parser.readError() {
      case .levels(let levels):
        guard let payload = ErrorPayload(linking: levels) else { continue }
        let start = nodeMessageStart(text, before: open, limit: limit) ?? open
        return .error(payload, in: start..<parser.index)
      case .reachesEnd:
        return text.isOpen
          ? .unreadable("the text ends inside the object", in: open..<text.count, mayContinue: true)
          : nil
      case .notAnError:
        continue
      }
    }
    return nil
  }

  // MARK: Going out

  /// The `{` of the object that holds `position` directly (not inside a `[…]` or `(…)` in it),
  /// looked for back to `limit`; `nil` when there is none.
  static func enclosingOpen(_ text: PastedText, before position: Int, limit: Int) -> Int? {
    var cursor = position
    var depth = 0
    while cursor > limit {
      cursor -= 1
      switch text[cursor] {
      case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
        depth += 1
      case UInt8(ascii: "{"):
        if depth == 0 { return cursor }
        depth -= 1
      case UInt8(ascii: "["), UInt8(ascii: "("):
        if depth == 0 { return nil }
        depth -= 1
      default: break
      }
    }
    return nil
  }

  /// The objects that may be the error around the object that opens at `open`, outermost
  /// first: while an object is the value of an `NSUnderlyingError` key in a `userInfo` object,
  /// the object that holds that `userInfo` comes before it.
  static func outermost(_ text: PastedText, around open: Int, limit: Int) -> [Int] {
    var objects = [open]
    while objects.count < ErrorPayload.maximumDepth,
      let key = keyBefore(text, value: objects[objects.count - 1], limit: limit),
      key.name == ErrorUserInfoKey.underlyingError,
      let userInfo = enclosingOpen(text, before: key.start, limit: limit),
      let userInfoKey = keyBefore(text, value: userInfo, limit: limit),
      userInfoKey.name == "userInfo",
      let outer = enclosingOpen(text, before: userInfoKey.start, limit: limit)
    {
      objects.append(outer)
    }
    return objects.reversed()
  }

  /// The key whose value starts at `value`: `name:`, `'name':` or `"name":` before it.
  static func keyBefore(_ text: PastedText, value: Int, limit: Int) -> (name: String, start: Int)? {
    var cursor = value
    while cursor > limit, PastedText.isSpace(text[cursor - 1]) { cursor -= 1 }
    guard cursor > limit, text[cursor - 1] == UInt8(ascii: ":") else { return nil }
    cursor -= 1
    while cursor > limit, text[cursor - 1] == 0x20 || text[cursor - 1] == 0x09 { cursor -= 1 }
    let end = cursor
    if cursor > limit,
      text[cursor - 1] == UInt8(ascii: "'") || text[cursor - 1] == UInt8(ascii: "\"")
    {
      let quote = text[cursor - 1]
      cursor -= 1
      let nameEnd = cursor
      while cursor > limit, end - cursor < 64, text[cursor - 1] != quote { cursor -= 1 }
      guard cursor > limit, text[cursor - 1] == quote else { return nil }
      return (text.text(cursor..<nameEnd), cursor - 1)
    }
    while cursor > limit, end - cursor < 64, ObjectParser.isKeyByte(text[cursor - 1]) {
      cursor -= 1
    }
    guard cursor < end else { return nil }
    return (text.text(cursor..<end), cursor)
  }

  /// Where `[Error: …]` stands just before the object at `open` on its line (Hermes and Node
  /// print an error with properties so).
  static func nodeMessageStart(_ text: PastedText, before open: Int, limit: Int) -> Int? {
    var cursor = open
    while cursor > limit, text[cursor - 1] == 0x20 || text[cursor - 1] == 0x09 { cursor -= 1 }
    guard cursor > limit, text[cursor - 1] == UInt8(ascii: "]") else { return nil }
    var start = cursor - 1
    while start > limit, cursor - start < 512, text[start] != UInt8(ascii: "["),
      text[start] != 0x0A
    {
      start -= 1
    }
    guard text[start] == UInt8(ascii: "["), text.starts(with: "[Error", at: start) else {
      return nil
    }
    return start
  }
}

/// Reads one object forward from its `{` for ``ErrorObjectText``: the error's domain, code,
/// description and user info, and the object of its `NSUnderlyingError`, as deep as it goes.
/// Every step moves forward, and what is not wanted is skipped without being kept, so an object
/// costs its length.
struct ObjectParser {
  /// What reading an object gave.
  enum Outcome {
    /// The error and its causes, outermost first.
    case levels([ErrorPayload])
    /// The text ends inside the object.
    case reachesEnd
    /// The object is not an error with a domain and a code, or does not close within
    /// ``ErrorObjectText/longestObject`` bytes.
    case notAnError
  }

  /// One object's fields.
  private struct Fields {
    var domain: String?
    var code: Int?
    var message: String?
    var nodeMessage: String?
    var userInfo: [(key: String, value: String)] = []
    var cause: [ErrorPayload] = []
  }

  private struct Ended: Error {
    var atTextEnd: Bool
  }

  let text: PastedText
  private(set) var index: Int
  private let end: Int

  init(_ text: PastedText, at open: Int) {
    self.text = text
    index = open
    end = min(text.count, open + ErrorObjectText.longestObject)
  }

  /// A byte of a bare key: letters, digits, `_`, `$`, `-`, `.`.
  static func isKeyByte(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || ASCIIDigits.isDecimalDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  /// The error of the object at ``index``.
  mutating func readError() -> Outcome {
    do {
      guard let levels = try error(depth: 1) else { return .notAnError }
      return .levels(levels)
    } catch {
      return error.atTextEnd ? .reachesEnd : .notAnError
    }
  }

  /// The error of the object at ``index`` and its causes, `nil` when it has no domain or code.
  private mutating func error(depth: Int) throws(Ended) -> [ErrorPayload]? {
    let fields = try object(depth: depth)
    guard let domain = fields.domain, let code = fields.code else { return nil }
    var userInfo = fields.userInfo
    if let message = fields.message {
      userInfo.append((ErrorUserInfoKey.description, message))
    }
    let payload = ErrorPayload(
      domain: KnownDomains.canonical(domain), code: code, quoted: fields.nodeMessage,
      userInfo: userInfo)
    return [payload] + fields.cause
  }

  /// The fields of the object at ``index`` (a `{`), read to just past its `}`.
  private mutating func object(depth: Int) throws(Ended) -> Fields {
    var fields = Fields()
    index += 1
    while true {
      try skipSeparators()
      let byte = text[index]
      if byte == UInt8(ascii: "}") {
        index += 1
        return fields
      }
      if byte == UInt8(ascii: "[") {
        // `{ [Error: …]` at the start of the object.
        let start = index
        try skipValue()
        let inner = text.text(start + 1..<index - 1)
        if inner.hasPrefix("Error"), fields.nodeMessage == nil {
          fields.nodeMessage = Self.nodeMessage(inner)
        }
        continue
      }
      guard let key = try key() else {
        try skipEntry()
        continue
      }
      try skipBlanks()
      switch key {
      case "domain":
        // An object with two domains is not one error: reading it stops here, so a text of many
        // keys in one object is not read again from its start at each.
        if fields.domain != nil { throw Ended(atTextEnd: false) }
        if let value = try scalar(), !value.isEmpty, value.utf8.count <= 128 {
          fields.domain = value
        }
      case "code":
        if let value = try scalar() { fields.code = Self.code(value) }
      case "message":
        if let value = try scalar(), !value.isEmpty { fields.message = value }
      case "localizedDescription":
        if let value = try scalar(), !value.isEmpty, fields.nodeMessage == nil {
          fields.nodeMessage = value
        }
      case "userInfo" where text[index] == UInt8(ascii: "{"):
        try userInfo(into: &fields, depth: depth)
      default:
        try skipValue()
      }
    }
  }

  /// The entries of a `userInfo` object: its cause and the entries with a value of their own.
  private mutating func userInfo(into fields: inout Fields, depth: Int) throws(Ended) {
    index += 1
    while true {
      try skipSeparators()
      if text[index] == UInt8(ascii: "}") {
        index += 1
        return
      }
      guard let key = try key() else {
        try skipEntry()
        continue
      }
      try skipBlanks()
      if key == ErrorUserInfoKey.underlyingError, text[index] == UInt8(ascii: "{"),
        depth < ErrorPayload.maximumDepth
      {
        let start = index
        if let cause = try error(depth: depth + 1) {
          fields.cause = cause
        } else {
          index = start
          try skipValue()
        }
      } else if key == "localizedDescription" {
        if let value = try scalar(), !value.isEmpty {
          fields.userInfo.append((ErrorUserInfoKey.description, value))
        }
      } else if let value = try scalar(), value != "null", value != "undefined" {
        fields.userInfo.append((key, value))
      }
    }
  }

  // MARK: Tokens

  /// The byte at ``index``, or the end: the text's (which may go on) or the longest object's.
  private func ensure() throws(Ended) {
    guard index < end else { throw Ended(atTextEnd: end == text.count) }
  }

  private mutating func skipBlanks() throws(Ended) {
    while true {
      try ensure()
      guard PastedText.isSpace(text[index]) else { return }
      index += 1
    }
  }

  /// Past white space, the commas between entries, and a blockquote's `>` that starts a line.
  private mutating func skipSeparators() throws(Ended) {
    var lineStart = false
    while true {
      try ensure()
      let byte = text[index]
      if byte == 0x0A {
        lineStart = true
      } else if byte == UInt8(ascii: ">") && lineStart {
        lineStart = false
      } else if !(PastedText.isSpace(byte) || byte == UInt8(ascii: ",")) {
        return
      }
      index += 1
    }
  }

  /// A key and its `:`, or `nil` (nothing consumed past the key) when none stands here.
  private mutating func key() throws(Ended) -> String? {
    try ensure()
    let byte = text[index]
    let name: String
    if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
      guard let quoted = try quotedString() else { return nil }
      name = quoted
    } else {
      let start = index
      while index < end, Self.isKeyByte(text[index]) { index += 1 }
      try ensure()
      guard index > start else { return nil }
      name = text.text(start..<index)
    }
    while index < end, text[index] == 0x20 || text[index] == 0x09 { index += 1 }
    try ensure()
    guard text[index] == UInt8(ascii: ":") else { return nil }
    index += 1
    return name
  }

  /// A string in the quote at ``index``, its escapes taken; `nil` when it does not close on its
  /// line (``index`` is then past the quote).
  private mutating func quotedString() throws(Ended) -> String? {
    let quote = text[index]
    index += 1
    var bytes: [UInt8] = []
    while true {
      try ensure()
      let byte = text[index]
      if byte == quote {
        index += 1
        return String(decoding: bytes, as: UTF8.self)
      }
      if byte == 0x0A { return nil }
      if byte == UInt8(ascii: "\\"), index + 1 < end, text[index + 1] != 0x0A {
        index += 1
        let escaped = text[index]
        switch escaped {
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "t"): bytes.append(0x09)
        default: bytes.append(escaped)
        }
      } else {
        bytes.append(byte)
      }
      index += 1
    }
  }

  /// A value that is a string, a number or bare text; `nil` (the value skipped) for an object
  /// or an array.
  private mutating func scalar() throws(Ended) -> String? {
    try ensure()
    let byte = text[index]
    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
      try skipValue()
      return nil
    }
    if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
      return try quotedString()
    }
    let start = index
    try skipBare()
    return text.text(start..<index).trimmingSpaces()
  }

  /// Bare text up to the `,`, `}` or `]` that ends it or the end of its line; brackets and
  /// double-quoted strings in it are its own.
  private mutating func skipBare() throws(Ended) {
    var depth = 0
    var quoted = false
    while true {
      try ensure()
      let byte = text[index]
      if byte == 0x0A { return }
      if quoted {
        if byte == UInt8(ascii: "\"") { quoted = false }
      } else {
        switch byte {
        case UInt8(ascii: "\""): quoted = true
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
          if depth == 0 { return }
          depth -= 1
        case UInt8(ascii: ","):
          if depth == 0 { return }
        default: break
        }
      }
      index += 1
    }
  }

  /// Past a value of any kind: an object or array to its closing bracket (strings in it are
  /// strings where a value starts), a string, or bare text.
  private mutating func skipValue() throws(Ended) {
    try ensure()
    let first = text[index]
    guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
      if first == UInt8(ascii: "'") || first == UInt8(ascii: "\"") {
        _ = try quotedString()
      } else {
        try skipBare()
      }
      return
    }
    var depth = 0
    // Whether a quote here opens a string: after a bracket, a `,` or a `:`.
    var valueStarts = true
    while true {
      try ensure()
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
        depth += 1
        // Nesting this deep is not an error's: the reading gives up rather than walk it.
        if depth > ErrorPayload.maximumDepth { throw Ended(atTextEnd: false) }
        valueStarts = true
      case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
        depth -= 1
        valueStarts = false
        if depth == 0 {
          index += 1
          return
        }
      case UInt8(ascii: ","), UInt8(ascii: ":"):
        valueStarts = true
      case UInt8(ascii: "'") where valueStarts, UInt8(ascii: "\"") where valueStarts:
        _ = try quotedString()
        valueStarts = false
        continue
      default:
        if !PastedText.isSpace(byte) { valueStarts = false }
      }
      index += 1
    }
  }

  /// Past an entry that has no key: to the `,` or `}` that ends it.
  private mutating func skipEntry() throws(Ended) {
    try ensure()
    let byte = text[index]
    if byte == UInt8(ascii: "}") { return }
    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "'")
      || byte == UInt8(ascii: "\"")
    {
      try skipValue()
    } else {
      let start = index
      try skipBare()
      // A stray `]` or `)` is passed, so the reading goes on.
      if index == start { index += 1 }
    }
  }

  // MARK: Values

  /// A code written as digits, or a string that ends with them: `-1009`, `'-1005'`,
  /// `'ENSURLERRORDOMAIN-1009'` (React Native's code made of the domain and the number).
  static func code(_ value: String) -> Int? {
    let bytes = Array(value.utf8)
    var digits = bytes.count
    while digits > 0, ASCIIDigits.isDecimalDigit(bytes[digits - 1]) { digits -= 1 }
    guard digits < bytes.count, bytes.count - digits <= 19 else { return nil }
    let negative = digits > 0 && bytes[digits - 1] == UInt8(ascii: "-")
    // A bare number is the whole value; a string code ends with one.
    guard case .success(let magnitude) = ASCIIDigits.unsigned(bytes[digits...], radix: 10),
      magnitude <= UInt(Int.max)
    else { return nil }
    return negative ? -Int(magnitude) : Int(magnitude)
  }

  /// The message of Node's `[Error: …]`: what follows `Error: `.
  static func nodeMessage(_ inner: String) -> String? {
    guard let colon = inner.firstIndex(of: ":") else { return nil }
    let message = String(inner[inner.index(after: colon)...]).trimmingSpaces()
    return message.isEmpty ? nil : message
  }
}
