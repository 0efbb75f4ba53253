import ErrorKitCore

/// Reads a domain and a code wherever and however a person or a tool wrote them, when no other
/// form's reader recognizes the text: by structure, not by exact form.
///
/// - A `domain` key with a value, and a `code` key after it (up to ``linesAfterKey`` lines on)
///   or before it on its line: `Domain: NSURLErrorDomain Code: -1001`, the debug form
///   `<NSError: 0x…; domain: X; code: 2; reason: "…">`, the debugger's `domain: @"X" - code: 6`,
///   `Domain = X, Code = 4`, `error domain=x code=1`, `"code": 3840, "domain": "…"` on one line.
/// - A `domain` key in an object (a JavaScript object, JSON in a log line, a Dart map) or React
///   Native's `nativeStackIOS` key: the outermost error object around it, read whole with its
///   causes and description (``ErrorObjectText``); under the debugger's `domain: @"X" - code: N`
///   line, the `_userInfo` rows (``DebuggerUserInfo``).
/// - A domain name written alone (a word that holds `error` and `domain`, or a known domain), with
///   its code after it: `NSURLErrorDomain -999`, `NSURLErrorDomain Code=-3003`, `NSURLErrorDomain
///   error -1012`, `NSCocoaErrorDomain (134110)`, `(kCFStreamErrorDomainSSL, -9802)`,
///   `WKErrorDomain:5:`, `NSPOSIXErrorDomain / 25`; or with `Error N,` just before it, as Flutter's
///   `PlatformException(Error 17011, FIRAuthErrorDomain, …)` writes it.
/// - CloudKit's `<CKError 0x…: "Partial Failure" (2/1011); …>` and `CKError 6/2009`: the first
///   number is the `CKErrorDomain` code.
/// - An error type's name where Foundation's short form has its domain, without the parentheses:
///   `com.apple.AuthenticationServices.AuthorizationError error 1001.` (a known domain, or a
///   dotted name that ends in `Error`).
/// - Foundation's short names without parentheses: `OSStatus error:[-34018]`, `Cocoa Error 3840`;
///   Security's `SecOSStatusWith error:[-25299]`, a status printed with its type
///   (`(OSStatus) -34018`, `（OSStatus）-34018`) and the summary `NSError: Cocoa 257 "…"`.
///
/// Known domains written in another case or with stray punctuation (`NSPosixErrorDomain`,
/// `KCLErrorDomain`) are read as the domain they name (``KnownDomains``). The reading holds the
/// domain and code only; like Foundation's short form, it is dropped when an error read in full
/// on its line holds the same pair.
enum DomainCodeText: ErrorReader {
  static let form = "a domain with its code in another layout"
  static let example =
    "Domain: NSURLErrorDomain Code: -1001, NSURLErrorDomain -999, <CKError 0x…: \"…\" (2/1011)>"
  static let anchors = [
    "omain", "CKError", "OSStatus", "Cocoa ", "Code=", "nativeStackIOS", "Error error ",
  ]
  static let repeatsNearbyErrors = true

  /// How many line feeds a `code` key may stand after its `domain` key.
  static let linesAfterKey = 3
  /// How many bytes around an anchor are looked at, at most.
  static let window = 400
  /// The longest domain read, in bytes.
  static let longestDomain = 128

  static func read(_ text: PastedText, anchor: Int, at position: Int, floor: Int)
    -> ErrorFinding?
  {
    switch anchor {
    case 0: readDomain(text, at: position, floor: floor)
    case 1: readCloudKit(text, at: position)
    case 4: readErrorName(text, codeAt: position)
    case 5: ErrorObjectText.read(text, keyAt: position, floor: floor)
    case 6: readTypeName(text, at: position)
    default: readShortName(text, anchor: anchor, at: position)
    }
  }

  // MARK: Bytes

  private static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// Whether a byte is an ASCII letter (for the other readers).
  static func isASCIILetter(_ byte: UInt8) -> Bool { isLetter(byte) }

  private static func isDigit(_ byte: UInt8) -> Bool { ASCIIDigits.isDecimalDigit(byte) }

  /// A byte of a domain name: `com.apple.dt.CoreDeviceError`, `kCFErrorDomainCFNetwork`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
      || byte == UInt8(ascii: "-")
  }

  private static func lower(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }

  /// Whether `word` (lower-case ASCII) stands at `position`, in any case.
  private static func hasWord(_ text: PastedText, _ word: String, at position: Int) -> Bool {
    var cursor = position
    for byte in word.utf8 {
      guard cursor < text.count, lower(text[cursor]) == byte else { return false }
      cursor += 1
    }
    return true
  }

  /// Past spaces and tabs (not line feeds), at most `limit` bytes.
  private static func skipBlanks(_ text: PastedText, from position: Int, limit: Int = 16) -> Int {
    var cursor = position
    while cursor < text.count, cursor - position < limit,
      text[cursor] == 0x20 || text[cursor] == 0x09
    {
      cursor += 1
    }
    return cursor
  }

  /// An integer code at `position`: `-1009`, `18446744073709550612` (an unsigned print of a
  /// negative code) and not followed by a letter, a digit or a decimal point.
  private static func integer(_ text: PastedText, at position: Int) -> (value: Int, end: Int)? {
    var cursor = position
    let negative = cursor < text.count && text[cursor] == UInt8(ascii: "-")
    if negative { cursor += 1 }
    let digitsStart = cursor
    while cursor < text.count, cursor - digitsStart <= 20, isDigit(text[cursor]) { cursor += 1 }
    guard
      case .success(let magnitude) = ASCIIDigits.unsigned(
        text.bytes[digitsStart..<cursor], radix: 10)
    else { return nil }
    if cursor < text.count {
      let next = text[cursor]
      if isLetter(next) || next == UInt8(ascii: "_") { return nil }
      if next == UInt8(ascii: "."), cursor + 1 < text.count, isDigit(text[cursor + 1]) {
        return nil
      }
    }
    let value: Int
    if magnitude <= UInt(Int.max) {
      value = negative ? -Int(magnitude) : Int(magnitude)
    } else if !negative {
      value = Int(bitPattern: magnitude)
    } else {
      return nil
    }
    return (value, cursor)
  }

  /// Whether a word read as a domain looks like one: known, holding "error" or "domain", or a
  /// reverse-DNS name (`com.facebook.sdk.core`).
  private static func looksLikeDomain(_ name: String) -> Bool {
    guard let first = name.utf8.first, isLetter(first) || first == UInt8(ascii: "_") else {
      return false
    }
    let lowered = name.lowercased()
    return KnownDomains.isKnown(name) || lowered.contains("error") || lowered.contains("domain")
      || name.utf8.filter { $0 == UInt8(ascii: ".") }.count >= 2
  }

  private static func finding(domain: String, code: Int, in range: Range<Int>) -> ErrorFinding {
    .error(ErrorPayload(domain: KnownDomains.canonical(domain), code: code), in: range)
  }

  /// A reading that reaches the end of an open text: the stream waits for more lines.
  private static func waiting(_ text: PastedText, from start: Int) -> ErrorFinding {
    .unreadable("the text ends before the code", in: start..<text.count, mayContinue: true)
  }

  // MARK: Domains

  /// At the `omain` of a `domain` key or of a domain name.
  private static func readDomain(
    _ text: PastedText, at position: Int, floor: Int, followsCauses: Bool = true
  ) -> ErrorFinding? {
    guard position >= 1, text[position - 1] == UInt8(ascii: "D") || text[position - 1] == 0x64
    else { return nil }
    let word = position - 1
    let wordEnd = position + 5
    var tokenStart = word
    while tokenStart > 0, word - tokenStart < longestDomain, isNameByte(text[tokenStart - 1]) {
      tokenStart -= 1
    }
    var tokenEnd = wordEnd
    while tokenEnd < text.count, tokenEnd - wordEnd < longestDomain,
      isNameByte(text[tokenEnd]) && text[tokenEnd] != UInt8(ascii: "-")
    {
      tokenEnd += 1
    }
    if tokenEnd == wordEnd, isKey(text, wordStart: word, tokenStart: tokenStart) {
      return readKey(
        text, wordStart: word, wordEnd: wordEnd, floor: floor, followsCauses: followsCauses)
    }
    return readName(text, from: tokenStart, to: tokenEnd, floor: floor)
  }

  /// Whether the word `domain` ending its token is a key: alone (`domain`, `iOS.Domain`,
  /// `error_domain`, `errorDomain`) and followed by `=` or `:`.
  private static func isKey(_ text: PastedText, wordStart: Int, tokenStart: Int) -> Bool {
    if wordStart > tokenStart {
      let before = text[wordStart - 1]
      let camel = wordStart - tokenStart == 5 && hasWord(text, "error", at: tokenStart)
      guard before == UInt8(ascii: ".") || before == UInt8(ascii: "_") || camel else {
        return false
      }
    }
    var cursor = wordStart + 6
    if cursor < text.count, text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'")
    {
      cursor += 1
    }
    cursor = skipBlanks(text, from: cursor)
    return cursor < text.count
      && (text[cursor] == UInt8(ascii: "=") || text[cursor] == UInt8(ascii: ":"))
  }

  /// `domain: value` and a `code` key near it.
  private static func readKey(
    _ text: PastedText, wordStart: Int, wordEnd: Int, floor: Int, followsCauses: Bool = true
  ) -> ErrorFinding? {
    var cursor = wordEnd
    if text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'") { cursor += 1 }
    cursor = skipBlanks(text, from: cursor) + 1
    cursor = skipBlanks(text, from: cursor)
    let isDebugger = cursor < text.count && text[cursor] == UInt8(ascii: "@")
    if isDebugger { cursor += 1 }
    var valueStart = cursor
    var valueEnd = cursor
    var after = cursor
    if cursor < text.count, text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'")
    {
      let quote = text[cursor]
      valueStart = cursor + 1
      valueEnd = valueStart
      while valueEnd < text.count, valueEnd - valueStart < longestDomain, text[valueEnd] != quote,
        text[valueEnd] != 0x0A
      {
        valueEnd += 1
      }
      guard valueEnd < text.count, text[valueEnd] == quote else {
        return text.isOpen && valueEnd >= text.count ? waiting(text, from: wordStart) : nil
      }
      after = valueEnd + 1
    } else {
      while valueEnd < text.count, valueEnd - valueStart < longestDomain,
        isNameByte(text[valueEnd])
      {
        valueEnd += 1
      }
      after = valueEnd
    }
    guard valueEnd > valueStart else { return nil }
    var value = text.text(valueStart..<valueEnd)
    var codeFrom = after
    // `Domain=NSOSStatusErrorDomainCode=-9807`: the domain glued to the next key.
    if value.hasSuffix("Code"), after < text.count, text[after] == UInt8(ascii: "=") {
      value.removeLast(4)
      codeFrom = after - 4
    }
    guard looksLikeDomain(value) else { return nil }
    // A key in an object is read with the whole object: its description and its cause.
    if let object = ErrorObjectText.read(text, keyAt: wordStart, floor: floor) { return object }
    if let code = codeKey(text, from: codeFrom) {
      // The description after the code is part of the error, not another one: in
      // `domain=nscocoaerrordomain code=1590 "… (Cocoa error 1590.)"` it is the short form.
      let range = wordStart..<max(descriptionEnd(text, from: code.end) ?? code.end, after)
      let first = ErrorPayload(domain: KnownDomains.canonical(value), code: code.value)
      // The debugger's variables view: `error = (NSError *) domain: @"X" - code: 6`, then its
      // `_userInfo` on the lines below.
      if isDebugger, let entries = DebuggerUserInfo.read(text, after: range.upperBound) {
        guard let end = entries.end else { return waiting(text, from: wordStart) }
        let payload = ErrorPayload(
          domain: first.domain, code: first.code, userInfo: entries.pairs)
        return .error(payload, in: range.lowerBound..<end)
      }
      return followsCauses
        ? withUnderlying(text, first, in: range, floor: floor) : .error(first, in: range)
    }
    if text.isOpen, reachesEnd(text, from: codeFrom) { return waiting(text, from: wordStart) }
    if let code = siblingCodeBefore(text, at: wordStart, floor: floor) {
      return finding(domain: value, code: code.value, in: code.start..<after)
    }
    return nil
  }

  /// The end of a quoted description that follows a code on its line (`"…"`, `\"…"`, `“…”`):
  /// just past its first closing quote that ends the line or comes before white space or
  /// punctuation, looked for up to ``window`` bytes on; `nil` when no quote opens or closes.
  private static func descriptionEnd(_ text: PastedText, from position: Int) -> Int? {
    var cursor = skipBlanks(text, from: position)
    if cursor < text.count, text[cursor] == UInt8(ascii: "\\") { cursor += 1 }
    guard let open = quoteWidth(text, at: cursor) else { return nil }
    let lineEnd = min(text.lineEnd(of: cursor), cursor + window)
    var scan = cursor + open
    while scan < lineEnd {
      if let width = quoteWidth(text, at: scan) {
        let after = scan + width
        if after >= lineEnd || after >= text.count { return after }
        let next = text[after]
        if next == 0x20 || next == 0x09 || next == 0x0D || ",.;:)}]`'".utf8.contains(next) {
          return after
        }
        scan = after
      } else {
        scan += 1
      }
    }
    return nil
  }

  /// The width of a straight or curly double quote at `position`, or `nil`.
  private static func quoteWidth(_ text: PastedText, at position: Int) -> Int? {
    guard position < text.count else { return nil }
    if text[position] == UInt8(ascii: "\"") { return 1 }
    if position + 2 < text.count, text[position] == 0xE2, text[position + 1] == 0x80,
      text[position + 2] == 0x9C || text[position + 2] == 0x9D
    {
      return 3
    }
    return nil
  }

  // MARK: simctl's chain

  /// How many lines may describe an error before the `Underlying error` line of its cause.
  static let linesBeforeUnderlying = 8

  /// simctl's chain: a reading whose line ends with `:` after it (`An error was encountered
  /// processing the command (domain=X, code=1):`), the lines that describe it, then
  /// `Underlying error (domain=Y, code=2):` and its own lines, as deep as it goes. The lines
  /// between two levels are the first one's message; the indented lines after the last level
  /// are its message.
  private static func withUnderlying(
    _ text: PastedText, _ first: ErrorPayload, in range: Range<Int>, floor: Int
  ) -> ErrorFinding {
    var levels = [first]
    var end = range.upperBound
    chain: while endsWithColon(text, from: end) {
      let header = text.line(of: end - 1)
      var line = header + 1
      var description: [String] = []
      while line - header <= linesBeforeUnderlying {
        guard line < text.lineStarts.count, text.lineStarts[line] < text.count else {
          // The text ends before the cause: a stream waits for it.
          if text.isOpen { return waiting(text, from: range.lowerBound) }
          break chain
        }
        let start = text.lineStarts[line]
        let stop = text.lineEnd(of: start)
        let content = skipBlanks(text, from: start, limit: 64)
        if hasWord(text, "underlying error", at: content) {
          guard let anchor = text.find(Array("omain".utf8), from: content, before: stop),
            let cause = readDomain(text, at: anchor, floor: floor, followsCauses: false),
            let payload = cause.payload
          else { break chain }
          if !description.isEmpty, levels[levels.count - 1].message == nil {
            levels[levels.count - 1].message = description.joined(separator: " ")
          }
          levels.append(payload)
          end = cause.range.upperBound
          continue chain
        }
        if content < stop { description.append(text.text(content..<stop).trimmingSpaces()) }
        line += 1
      }
      break
    }
    guard levels.count > 1 else { return .error(first, in: range) }
    // The last level's indented lines describe it.
    var line = text.line(of: end - 1) + 1
    var description: [String] = []
    while line < text.lineStarts.count, text.lineStarts[line] < text.count,
      text[text.lineStarts[line]] == 0x09 || text[text.lineStarts[line]] == 0x20,
      description.count < linesBeforeUnderlying
    {
      let start = text.lineStarts[line]
      description.append(text.text(start..<text.lineEnd(of: start)).trimmingSpaces())
      end = text.lineEnd(of: start)
      line += 1
    }
    if !description.isEmpty, levels[levels.count - 1].message == nil {
      levels[levels.count - 1].message = description.joined(separator: " ")
    }
    guard let payload = ErrorPayload(linking: levels) else { return .error(first, in: range) }
    return .error(payload, in: range.lowerBound..<end)
  }

  /// Whether the rest of the line after `position` is `:` or `):`.
  private static func endsWithColon(_ text: PastedText, from position: Int) -> Bool {
    var cursor = skipBlanks(text, from: position)
    if cursor < text.count, text[cursor] == UInt8(ascii: ")") { cursor += 1 }
    guard cursor < text.count, text[cursor] == UInt8(ascii: ":") else { return false }
    cursor = skipBlanks(text, from: cursor + 1)
    return cursor >= text.count || text[cursor] == 0x0A || text[cursor] == 0x0D
  }

  /// Whether the lines where a code may still stand reach the end of the text.
  private static func reachesEnd(_ text: PastedText, from start: Int) -> Bool {
    var feeds = 0
    var cursor = start
    while cursor < text.count, cursor - start < window {
      if text[cursor] == 0x0A {
        feeds += 1
        if feeds > linesAfterKey { return false }
      }
      cursor += 1
    }
    return cursor >= text.count
  }

  /// The first `code` key after `start` at the same level (not inside a `{…}` or `[…]` that
  /// opens after the domain, not past the end of the object that holds the domain), within
  /// ``linesAfterKey`` lines and ``window`` bytes, before any other domain.
  private static func codeKey(_ text: PastedText, from start: Int) -> (value: Int, end: Int)? {
    var cursor = start
    var feeds = 0
    var depth = 0
    while cursor < text.count, cursor - start < window {
      let byte = text[cursor]
      switch byte {
      case 0x0A:
        feeds += 1
        if feeds > linesAfterKey { return nil }
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        if depth == 0 { return nil }
        depth -= 1
      case UInt8(ascii: "c"), UInt8(ascii: "C"):
        if depth == 0, hasWord(text, "code", at: cursor),
          let code = codeValue(text, keyAt: cursor)
        {
          return code
        }
      case UInt8(ascii: "o"):
        if hasWord(text, "omain", at: cursor) { return nil }
      default: break
      }
      cursor += 1
    }
    return nil
  }

  /// How many lines before its `domain` key a `code` key may stand on lines of their own
  /// (`Code: 5` then `Domain: X`).
  static let linesBeforeKey = 3
  /// How many lines before its `domain` key a `code` key may stand in the object that holds
  /// both, as a dictionary, a JavaScript object or JSON prints it (`{ code = 4; domain = X; }`).
  static let linesBeforeKeyInObject = 16

  /// The `code` key nearest before `position` at the same level: not inside a `{…}`, `[…]` or
  /// `(…)` that closes before it, not before the start of the object that holds the domain,
  /// past another domain, past the end of the last error read (`floor`) or more
  /// than ``Limits/lookBehind`` bytes back. Within `flatLines` lines it is taken; further back
  /// (up to ``linesBeforeKeyInObject`` lines), only when the object that holds both starts
  /// before it.
  private static func siblingCodeBefore(
    _ text: PastedText, at position: Int, floor: Int, flatLines: Int = linesBeforeKey
  ) -> (value: Int, start: Int)? {
    let floor = max(floor, position - Limits.lookBehind, 0)
    var cursor = position
    var depth = 0
    var feeds = 0
    var candidate: (value: Int, start: Int)?
    while cursor > floor {
      cursor -= 1
      let byte = text[cursor]
      switch byte {
      case 0x0A:
        feeds += 1
        if feeds > linesBeforeKeyInObject { return nil }
      case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
        depth += 1
      case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("):
        // The start of the object that holds the domain.
        if depth == 0 { return candidate }
        depth -= 1
      case UInt8(ascii: "c"), UInt8(ascii: "C"):
        if depth == 0, candidate == nil, hasWord(text, "code", at: cursor),
          let code = codeValue(text, keyAt: cursor), code.end <= position
        {
          if feeds <= flatLines { return (code.value, cursor) }
          candidate = (code.value, cursor)
        }
      case UInt8(ascii: "o"):
        if depth == 0, candidate == nil, hasWord(text, "omain", at: cursor) { return nil }
      default: break
      }
    }
    return nil
  }

  /// `Error N,` just before a domain name: `Error 17011, FIRAuthErrorDomain`.
  private static func codeBefore(_ text: PastedText, at position: Int) -> (
    value: Int, start: Int
  )? {
    var lineStart = position
    while lineStart > 0, position - lineStart < window, text[lineStart - 1] != 0x0A {
      lineStart -= 1
    }
    var back = position
    while back > lineStart,
      text[back - 1] == 0x20 || text[back - 1] == UInt8(ascii: ",") || text[back - 1] == 0x09
    {
      back -= 1
    }
    guard back < position, text[back] == UInt8(ascii: ",") || back + 1 < position else {
      return nil
    }
    var digits = back
    while digits > lineStart, isDigit(text[digits - 1]) { digits -= 1 }
    guard digits < back else { return nil }
    if digits > lineStart, text[digits - 1] == UInt8(ascii: "-") { digits -= 1 }
    let wordEnd = skipBlanksBack(text, from: digits, to: lineStart)
    guard wordEnd < digits, wordEnd >= lineStart + 5, hasWord(text, "error", at: wordEnd - 5),
      let code = integer(text, at: digits), code.end == back
    else { return nil }
    return (code.value, wordEnd - 5)
  }

  private static func skipBlanksBack(_ text: PastedText, from position: Int, to start: Int) -> Int {
    var cursor = position
    while cursor > start, text[cursor - 1] == 0x20 || text[cursor - 1] == 0x09 { cursor -= 1 }
    return cursor
  }

  /// The value of the `code` key at `position`: `code: 5`, `Code=-1`, `"code": 3840`, `code =
  /// (long)-1004`, `errorCode = "Error 17011"`, `code: 'ENSURLERRORDOMAIN-999'`, `Error Code:-1004`.
  private static func codeValue(_ text: PastedText, keyAt position: Int) -> (value: Int, end: Int)?
  {
    // A key is a word of its own, or the end of `errorCode`.
    if position > 0, isLetter(text[position - 1]) {
      guard position >= 5, hasWord(text, "error", at: position - 5) else { return nil }
    }
    var cursor = position + 4
    if cursor < text.count, isLetter(text[cursor]) { return nil }
    if cursor < text.count, text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'")
    {
      cursor += 1
    }
    cursor = skipBlanks(text, from: cursor)
    guard cursor < text.count,
      text[cursor] == UInt8(ascii: "=") || text[cursor] == UInt8(ascii: ":")
    else { return nil }
    cursor = skipBlanks(text, from: cursor + 1)
    // `(long)`, `(int)`, `(NSInteger)`: the debugger's type of the value.
    if cursor < text.count, text[cursor] == UInt8(ascii: "(") {
      var close = cursor + 1
      while close < text.count, close - cursor < 16, isLetter(text[close]) { close += 1 }
      if close < text.count, text[close] == UInt8(ascii: ")") {
        cursor = skipBlanks(text, from: close + 1)
      }
    }
    if cursor < text.count, text[cursor] == UInt8(ascii: "@") { cursor += 1 }
    if cursor < text.count, text[cursor] == UInt8(ascii: "\"") || text[cursor] == UInt8(ascii: "'")
    {
      // A string: `"Error 17011"` or a code that ends with the number, `'E…-999'`.
      let quote = text[cursor]
      var close = cursor + 1
      while close < text.count, close - cursor < 64, text[close] != quote, text[close] != 0x0A {
        close += 1
      }
      guard close < text.count, text[close] == quote, close > cursor + 1 else { return nil }
      var digits = close
      while digits > cursor + 1, isDigit(text[digits - 1]) { digits -= 1 }
      guard digits < close else { return nil }
      if text[digits - 1] == UInt8(ascii: "-") { digits -= 1 }
      guard let code = integer(text, at: digits), code.end == close else { return nil }
      return (code.value, close + 1)
    }
    return integer(text, at: cursor)
  }

  /// A domain name written alone (`NSURLErrorDomain`) and its code after it, or `Error N,`
  /// before it.
  private static func readName(
    _ text: PastedText, from start: Int, to end: Int, floor: Int
  ) -> ErrorFinding? {
    var nameEnd = end
    var name = text.text(start..<end)
    var glued = false
    if name.hasSuffix("Code"), end < text.count, text[end] == UInt8(ascii: "=") {
      name.removeLast(4)
      nameEnd -= 4
      glued = true
    }
    let lowered = name.lowercased()
    guard lowered.contains("error") || KnownDomains.isKnown(name), looksLikeDomain(name),
      lowered.hasSuffix("domain") || lowered.contains("errordomain") || KnownDomains.isKnown(name)
    else { return nil }
    if let code = codeAfterName(text, from: nameEnd) {
      return finding(domain: name, code: code.value, in: start..<code.end)
    }
    // `Error 17011, FIRAuthErrorDomain`; a `code` key before the name on its line or in the
    // object that holds both; `errorMessage = "FIRAuthErrorDomain"` after `errorCode = "Error
    // 17011"` (a name that is the value of a key) on the lines before.
    if !glued,
      let code = codeBefore(text, at: start)
        ?? siblingCodeBefore(
          text, at: start, floor: floor,
          flatLines: isValueOfKey(text, at: start) ? linesBeforeKey : 0)
    {
      return finding(domain: name, code: code.value, in: code.start..<end)
    }
    if text.isOpen, text.lineEnd(of: end) >= text.count { return waiting(text, from: start) }
    return nil
  }

  /// Whether the word at `position` is the value of a key: `= "X"`, `: 'X'`, `=X`.
  private static func isValueOfKey(_ text: PastedText, at position: Int) -> Bool {
    var cursor = position
    if cursor > 0, text[cursor - 1] == UInt8(ascii: "\"") || text[cursor - 1] == UInt8(ascii: "'") {
      cursor -= 1
    }
    while cursor > 0, position - cursor < 8, text[cursor - 1] == 0x20 || text[cursor - 1] == 0x09 {
      cursor -= 1
    }
    return cursor > 0
      && (text[cursor - 1] == UInt8(ascii: "=") || text[cursor - 1] == UInt8(ascii: ":"))
  }

  /// The code after a domain name: ` -999`, ` Code=-3003`, ` Code 1`, ` error -1012`, `-Error 4`,
  /// ` (134110)`, `, -9802`, `:5:`, ` / 25`, ` Error 0`, `** (4)`.
  private static func codeAfterName(_ text: PastedText, from position: Int) -> (
    value: Int, end: Int
  )? {
    var cursor = position
    var skippedSpace = false
    while cursor < text.count, cursor - position < 6 {
      let byte = text[cursor]
      if byte == 0x20 || byte == 0x09 {
        skippedSpace = true
      } else if byte != UInt8(ascii: "*") && byte != UInt8(ascii: "\"")
        && byte != UInt8(ascii: "'") && byte != UInt8(ascii: "`") && byte != UInt8(ascii: "]")
      {
        break
      }
      cursor += 1
    }
    guard cursor < text.count else { return nil }
    // The word for "error" glued to the name by a hyphen, as German's short form writes it
    // (`NSCocoaErrorDomain-Fehler 260`) and people retype it (`NSFileProviderErrorDomain-Error
    // -2005`).
    if text[cursor] == UInt8(ascii: "-"),
      ShortFormText.errorWords.contains(where: { text.starts(with: $0, at: cursor + 1) })
    {
      cursor += 1
    }
    let byte = text[cursor]
    if lower(byte) == UInt8(ascii: "c"), hasWord(text, "code", at: cursor) {
      var after = skipBlanks(text, from: cursor + 4)
      if after < text.count, text[after] == UInt8(ascii: "=") || text[after] == UInt8(ascii: ":") {
        after = skipBlanks(text, from: after + 1)
      }
      return integer(text, at: after)
    }
    if let word = ShortFormText.errorWords.first(where: { text.starts(with: $0, at: cursor) }) {
      var after = skipBlanks(text, from: cursor + word.utf8.count)
      if after < text.count, text[after] == UInt8(ascii: ":") {
        after = skipBlanks(text, from: after + 1)
      }
      if hasWord(text, "code", at: after) {
        after = skipBlanks(text, from: after + 4)
        if after < text.count, text[after] == UInt8(ascii: ":") || text[after] == UInt8(ascii: "=")
        {
          after = skipBlanks(text, from: after + 1)
        }
      }
      if after < text.count, text[after] == UInt8(ascii: "[") { after += 1 }
      return integer(text, at: after)
    }
    switch byte {
    case UInt8(ascii: "("):
      guard let code = integer(text, at: skipBlanks(text, from: cursor + 1)),
        text[skipBlanks(text, from: code.end)] == UInt8(ascii: ")")
      else { return nil }
      return code
    case UInt8(ascii: "/"), UInt8(ascii: ","), UInt8(ascii: ":"):
      return integer(text, at: skipBlanks(text, from: cursor + 1))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return skippedSpace ? integer(text, at: cursor) : nil
    default:
      return nil
    }
  }

  /// At the `Error error ` of `com.apple.AuthenticationServices.AuthorizationError error 1001`:
  /// the short form's domain and code without its parentheses, for an error type's name that is
  /// a known domain or a dotted name (`MyApp.NetworkError error 2`).
  private static func readTypeName(_ text: PastedText, at position: Int) -> ErrorFinding? {
    let nameEnd = position + 5
    var nameStart = position
    while nameStart > 0, nameEnd - nameStart < longestDomain, isNameByte(text[nameStart - 1]),
      text[nameStart - 1] != UInt8(ascii: "-")
    {
      nameStart -= 1
    }
    // Inside parentheses (`(`, or `（`: EF BC 88) it is Foundation's short form, which its own
    // reader reads (with devicectl's causes after it).
    if nameStart > 0,
      text[nameStart - 1] == UInt8(ascii: "(")
        || (nameStart >= 3 && text[nameStart - 3] == 0xEF && text[nameStart - 2] == 0xBC
          && text[nameStart - 1] == 0x88)
    {
      return nil
    }
    let name = text.text(nameStart..<nameEnd)
    guard KnownDomains.isKnown(name) || (name.contains(".") && looksLikeDomain(name)),
      let code = codeAfterName(text, from: nameEnd)
    else { return nil }
    return finding(domain: name, code: code.value, in: nameStart..<code.end)
  }

  /// `NFCError Code=203 “…”`: a name that holds "Error" (the error type, written where NSError
  /// text has its domain) before `Code=`, without `Domain=`.
  private static func readErrorName(_ text: PastedText, codeAt position: Int) -> ErrorFinding? {
    let nameEnd = skipBlanksBack(text, from: position, to: max(position - 16, 0))
    guard nameEnd < position else { return nil }
    var nameStart = nameEnd
    while nameStart > 0, nameEnd - nameStart < longestDomain, isNameByte(text[nameStart - 1]) {
      nameStart -= 1
    }
    guard nameStart < nameEnd else { return nil }
    // `Domain=X Code=N` is another form's; so is a value of any other key.
    if nameStart > 0,
      text[nameStart - 1] == UInt8(ascii: "=") || text[nameStart - 1] == UInt8(ascii: ":")
    {
      return nil
    }
    let name = text.text(nameStart..<nameEnd)
    guard name.lowercased().hasSuffix("error") || KnownDomains.isKnown(name), looksLikeDomain(name),
      let code = integer(text, at: position + 5)
    else { return nil }
    return finding(domain: name, code: code.value, in: nameStart..<code.end)
  }

  // MARK: CloudKit and short names

  /// `<CKError 0x…: "Partial Failure" (2/1011); …>`, `CKError - "Internal Error" (1/4000)`,
  /// `CKError 6/2009`: the code and the server's code, read up to the end of the line; and
  /// `<CKError 0x…: "Operation Cancelled" (20); …>`, an error with no server code: a code alone
  /// in parentheses after the quoted description.
  private static func readCloudKit(_ text: PastedText, at position: Int) -> ErrorFinding? {
    let after = position + 7
    if position > 0, isLetter(text[position - 1]) { return nil }
    if after < text.count, isLetter(text[after]) { return nil }
    var cursor = after
    var quoted = false
    var described = false
    while cursor < text.count, cursor - after < window, text[cursor] != 0x0A {
      let byte = text[cursor]
      if byte == UInt8(ascii: "\"") {
        quoted.toggle()
        if !quoted { described = true }
      }
      if described, !quoted, byte == UInt8(ascii: "("), cursor + 1 < text.count,
        isDigit(text[cursor + 1]), let code = integer(text, at: cursor + 1),
        code.end < text.count, text[code.end] == UInt8(ascii: ")")
      {
        return .error(
          ErrorPayload(domain: "CKErrorDomain", code: code.value), in: position..<code.end + 1)
      }
      if !quoted, isDigit(byte), !isDigit(text[cursor - 1]),
        text[cursor - 1] == UInt8(ascii: "(") || text[cursor - 1] == 0x20,
        let code = integer(text, at: cursor), code.end < text.count,
        text[code.end] == UInt8(ascii: "/"), code.end + 1 < text.count,
        isDigit(text[code.end + 1])
      {
        var end = code.end + 1
        while end < text.count, isDigit(text[end]) { end += 1 }
        return .error(ErrorPayload(domain: "CKErrorDomain", code: code.value), in: position..<end)
      }
      cursor += 1
    }
    return nil
  }

  /// `OSStatus error:[-34018]`, `OSStatus error -34018`, `Cocoa Error 3840`; Security's own log
  /// line `SecOSStatusWith error:[-25299]`; a status printed with its type, `(OSStatus) -34018`
  /// (in full-width parentheses too, `（OSStatus）-34018`); and the one-line summary the system
  /// logs for an error, `NSError: Cocoa 257 "…"`.
  private static func readShortName(_ text: PastedText, anchor: Int, at position: Int)
    -> ErrorFinding?
  {
    let name = anchors[anchor].trimmingSpaces()
    guard let domain = KnownDomains.shortNames[name] else { return nil }
    var cursor = position + anchors[anchor].utf8.count
    if position > 0, isLetter(text[position - 1]) {
      // The one longer word read is Security's `SecOSStatusWith`.
      guard anchor == 2, position >= 3, hasWord(text, "sec", at: position - 3),
        position == 3 || !isLetter(text[position - 4]), hasWord(text, "with", at: cursor)
      else { return nil }
      cursor += 4
    }
    if let summary = summaryStart(text, before: position) {
      guard let code = integer(text, at: skipBlanks(text, from: cursor)) else { return nil }
      return .error(ErrorPayload(domain: domain, code: code.value), in: summary..<code.end)
    }
    if let open = castStart(text, before: position) {
      if cursor < text.count, text[cursor] == UInt8(ascii: ")") {
        cursor += 1
      } else if hasFullWidthClose(text, at: cursor) {
        cursor += 3
      } else {
        return nil
      }
      guard let code = integer(text, at: skipBlanks(text, from: cursor)) else { return nil }
      return .error(ErrorPayload(domain: domain, code: code.value), in: open..<code.end)
    }
    if cursor < text.count, text[cursor] == UInt8(ascii: ":") { cursor += 1 }
    cursor = skipBlanks(text, from: cursor)
    guard hasWord(text, "error", at: cursor) else { return nil }
    cursor = skipBlanks(text, from: cursor + 5)
    if cursor < text.count, text[cursor] == UInt8(ascii: ":") {
      cursor = skipBlanks(text, from: cursor + 1)
    }
    if cursor < text.count, text[cursor] == UInt8(ascii: "[") { cursor += 1 }
    guard let code = integer(text, at: cursor) else { return nil }
    return .error(ErrorPayload(domain: domain, code: code.value), in: position..<code.end)
  }

  /// Where `NSError: ` stands just before a short name (the summary `NSError: Cocoa 257 "…"`).
  private static func summaryStart(_ text: PastedText, before position: Int) -> Int? {
    let prefix = "NSError: "
    let start = position - prefix.utf8.count
    guard start >= 0 else { return nil }
    for (offset, byte) in prefix.utf8.enumerated() where text[start + offset] != byte {
      return nil
    }
    return start
  }

  /// Where the parenthesis opens just before a type name (`(OSStatus) -34018`), half-width or
  /// full-width.
  private static func castStart(_ text: PastedText, before position: Int) -> Int? {
    if position >= 1, text[position - 1] == UInt8(ascii: "(") { return position - 1 }
    if position >= 3, text[position - 3] == 0xEF, text[position - 2] == 0xBC,
      text[position - 1] == 0x88
    {
      return position - 3
    }
    return nil
  }

  /// Whether a full-width closing parenthesis `）` (U+FF09) stands at `position`.
  private static func hasFullWidthClose(_ text: PastedText, at position: Int) -> Bool {
    position + 2 < text.count && text[position] == 0xEF && text[position + 1] == 0xBC
      && text[position + 2] == 0x89
  }
}
