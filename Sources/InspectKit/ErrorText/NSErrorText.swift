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
///   detail; only `NSUnderlyingError` gives the cause, and `NSMultipleUnderlyingErrorsKey` the
///   other causes: Apple's array `(\n    "Error Domain=…",\n    …\n)`, each element in quotes
///   and escaped once more at each level (`\"`, `\\\"`, …; also `\\"`, with `\n` for its line
///   breaks, as a string literal in code keeps it), and Linux's `[Error Domain=…, Error Domain=…]`
///   (an array of anything else is kept as a detail of that name);
/// - braces that do not balance inside a value: the value ends at the next entry;
/// - lldb's `po` tree (`▿ Error Domain=…` then `  - _nsError : Error Domain=…`): the child that
///   repeats its head is part of the reading (``dumpRepeat(_:header:end:payload:)``);
/// - text that ends inside the error (a truncated paste): what is complete is kept, and
///   ``ErrorFinding/cut`` says where the text ends.
struct NSErrorText: ErrorReader {
  static let form = "NSError text"
  static let example =
    #"Error Domain=NSCocoaErrorDomain Code=260 "(null)" UserInfo={NSFilePath=/tmp/a}"#
  static let anchors = ["Domain="]

  /// Nested errors deeper than this are rejected: the package's one depth limit.
  static let maximumDepth = ErrorPayload.maximumDepth

  /// Which platform printed the text: Apple's puts a space before `UserInfo`, Linux's does not.
  enum Format {
    case apple, linux, unknown
  }

  struct Failure: Error {
    var message: String
    /// Whether the rest of the line belongs to the broken error (its nesting goes on past the
    /// limit), rather than ending where reading failed.
    var takesTheLine = false
  }

  static let marker = Array("Error Domain=".utf8)

  private let source: PastedText
  private var bytes: [UInt8] { source.bytes }
  private var end: Int { source.count }
  private(set) var index: Int
  /// Where the error starts.
  private let start: Int
  /// The line whose last `}` is known, and where that brace is.
  private var lastBrace: (line: Int, position: Int?) = (-1, nil)
  private var format = Format.unknown
  /// Where the text ended inside the error, when it did.
  private var cut: String?
  /// Whether the outermost error had `UserInfo=`.
  private var hasUserInfo = false
  /// Whether values are still read with balanced brackets (see ``plainValue()``).
  private var balancing = true
  /// How many errors this text has given so far, with those of the elements of arrays of causes
  /// read by parsers of their own: other causes stop being kept well before
  /// ``ErrorPayload/maximumCount`` (the chains of `NSUnderlyingError` are always kept).
  private var errorCount = 0
  /// Whether other causes were left out for ``errorCount``; the marker that says so is kept once.
  private var isFull = false

  private init(_ source: PastedText, at index: Int) {
    self.source = source
    self.index = index
    self.start = index
  }

  /// The error whose `Domain=` stands at `position`, with the `Error` before it when there is
  /// one (line breaks may stand between them), or why it cannot be read.
  static func read(_ text: PastedText, anchor: Int, at position: Int, floor _: Int)
    -> ErrorFinding?
  {
    var start = position
    var back = position
    while back > 0, position - back < 16, PastedText.isSpace(text[back - 1]) { back -= 1 }
    if back >= 5, text.starts(with: "Error", at: back - 5) { start = back - 5 }
    if isEscaped(text, domainAt: position) {
      return readEscaped(text, start: start, position: position)
    }
    var parser = NSErrorText(text, at: start)
    do {
      let levels = try parser.error(depth: 1)
      // Never nil: a read error has at least its own level.
      guard let payload = ErrorPayload(linking: levels) else { return nil }
      var end = max(parser.index, position + 1)
      // An error without user info at the very end of the text may go on with `UserInfo=` on
      // the next line of a stream.
      var openEnded =
        parser.index >= text.count
        || (!parser.hasUserInfo && text.skippingSpaces(from: end) == text.count)
      switch dumpRepeat(text, header: start, end: end, payload: payload) {
      case .covers(let repeatEnd): end = repeatEnd
      case .mayFollow: openEnded = true
      case .none: break
      }
      return .error(
        payload, in: start..<end, darwin: parser.format != .linux, cut: parser.cut,
        mayContinue: openEnded)
    } catch {
      // The broken error ends where reading it failed, so the errors after it on its line are
      // still read; an error nested past the limit takes its line.
      let end = error.takesTheLine ? text.lineEnd(of: max(parser.index, position)) : parser.index
      return .unreadable(
        error.message, in: start..<max(end, position + 1), mayContinue: parser.index >= text.count)
    }
  }

  /// What follows an error that `dump` or the debugger's `po` printed as the head of a tree
  /// (`▿ Error Domain=…`): its child `- _nsError : Error Domain=…`, the same error again.
  enum DumpRepeat {
    /// The child repeats the error and ends here.
    case covers(Int)
    /// The open text ends where the child may still come.
    case mayFollow
  }

  /// The tree's mark `▿`, in UTF-8.
  static let disclosure: [UInt8] = [0xE2, 0x96, 0xBF]

  /// How many child lines of a tree's head are looked at for the error it repeats.
  static let dumpChildLines = 4

  /// Whether the error read from `header` to `end` heads a tree (`▿` before it on its line)
  /// whose `_nsError` child, on one of the next ``dumpChildLines`` lines, is the same error:
  /// then the child is part of the reading, and the error is one, not two.
  static func dumpRepeat(_ text: PastedText, header: Int, end: Int, payload: ErrorPayload)
    -> DumpRepeat?
  {
    let lineStart = text.lineStart(of: header)
    guard header - lineStart < 256,
      let mark = text.find(disclosure, from: lineStart, before: header),
      text.skippingSpaces(from: end) >= text.lineEnd(of: end)
    else { return nil }
    let indent = mark - lineStart
    var line = text.line(of: end - 1) + 1
    var looked = 0
    while looked < dumpChildLines {
      guard line < text.lineStarts.count, text.lineStarts[line] < text.count else {
        return text.isOpen ? .mayFollow : nil
      }
      let start = text.lineStarts[line]
      let stop = text.lineEnd(of: start)
      var content = start
      while content < stop, text[content] == 0x20 || text[content] == 0x09 { content += 1 }
      // A child is indented deeper than its head, and starts with `-` or `▿`.
      guard content - start > indent, content < stop,
        text[content] == UInt8(ascii: "-") || text.starts(with: "▿", at: content)
      else { return nil }
      if let name = text.find(Array("_nsError : ".utf8), from: content, before: stop),
        name - content < 8
      {
        let at = name + 11
        guard text.starts(with: "Error Domain=", at: at) else { return nil }
        var parser = NSErrorText(text, at: at)
        guard let levels = try? parser.error(depth: 1), let child = levels.first,
          child.domain == payload.domain, child.code == payload.code
        else { return nil }
        if parser.index >= text.count, text.isOpen { return .mayFollow }
        return .covers(parser.index)
      }
      line += 1
      looked += 1
    }
    return nil
  }

  /// Whether the error at `position` stands inside a JSON or Objective-C string literal: its
  /// description opens with `\"` (`Code=-1009 \"The Internet…\"`).
  static func isEscaped(_ text: PastedText, domainAt position: Int) -> Bool {
    var cursor = position + 7
    while cursor < text.count, cursor - position < 256, !PastedText.isSpace(text[cursor]),
      !text.starts(with: "Code=", at: cursor), !text.starts(with: "code=", at: cursor)
    {
      cursor += 1
    }
    cursor = text.skippingSpaces(from: cursor)
    guard text.starts(with: "Code=", at: cursor) || text.starts(with: "code=", at: cursor) else {
      return false
    }
    cursor += 5
    if text[cursor] == UInt8(ascii: "-") { cursor += 1 }
    while cursor < text.count, ASCIIDigits.isDecimalDigit(text[cursor]) { cursor += 1 }
    cursor = text.skippingSpaces(from: cursor)
    return text[cursor] == UInt8(ascii: "\\") && text[cursor + 1] == UInt8(ascii: "\"")
  }

  /// Reads NSError text inside a string literal from its unescaped copy, which runs from `start`
  /// to the string's closing quote or the end of its line. The copy grows by doubling while the
  /// error reaches its end, so a short error costs its own length, whatever the string's.
  static func readEscaped(_ text: PastedText, start: Int, position: Int) -> ErrorFinding? {
    var limit = 256
    while true {
      let copy = UnescapedText(text, from: start, limit: limit)
      let inner = PastedText(copy.bytes)
      var parser = NSErrorText(inner, at: 0)
      let reachesEnd = copy.end >= text.count
      do {
        let levels = try parser.error(depth: 1)
        if parser.index >= inner.count, !copy.isComplete {
          limit *= 2
          continue
        }
        guard let payload = ErrorPayload(linking: levels) else { return nil }
        return .error(
          payload, in: start..<max(copy.offset(of: parser.index), position + 1),
          darwin: parser.format != .linux, cut: parser.cut,
          mayContinue: text.isOpen && reachesEnd && parser.index >= inner.count)
      } catch {
        if parser.index >= inner.count, !copy.isComplete {
          limit *= 2
          continue
        }
        return .unreadable(
          error.message, in: start..<max(text.lineEnd(of: position), position + 1),
          mayContinue: text.isOpen && reachesEnd)
      }
    }
  }

  private var atEnd: Bool { index >= end }

  private func failure(_ reason: String) -> Failure {
    // Counted from the error's start, so the message is the same however a stream is chunked.
    Failure(message: "cannot read NSError text at byte \(index - start): \(reason)")
  }

  /// The longest domain with spaces in it that is read, in bytes.
  static let longestSpacedDomain = 64

  /// Where `Code=` starts after a domain of words and single spaces that begins at `start`, or
  /// `nil` when something other than letters, digits, `.`, `_`, `-` and spaces comes first.
  private func spacedDomainEnd(from start: Int) -> Int? {
    var cursor = start
    while cursor < end, cursor - start < Self.longestSpacedDomain {
      let byte = bytes[cursor]
      if byte == 0x20, startsWithCodeKey(at: cursor + 1) { return cursor + 1 }
      guard
        byte == 0x20 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
          || byte == UInt8(ascii: "-") || ASCIIDigits.isDecimalDigit(byte)
          || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      else { return nil }
      cursor += 1
    }
    return nil
  }

  /// Whether `Code=` or, retyped, `code=` stands at `position`.
  private func startsWithCodeKey(at position: Int? = nil) -> Bool {
    starts(with: "Code=", at: position) || starts(with: "code=", at: position)
  }

  private func starts(with text: String, at position: Int? = nil) -> Bool {
    let position = position ?? index
    let utf8 = text.utf8
    guard position + utf8.count <= end else { return false }
    return bytes[position..<position + utf8.count].elementsEqual(utf8)
  }

  private func text(_ range: Range<Int>) -> String {
    source.text(range)
  }

  /// A value's text without the white space (line breaks included) around it.
  private func trimmed(_ range: Range<Int>) -> String {
    var lower = range.lowerBound
    var upper = range.upperBound
    while upper > lower, PastedText.isSpace(bytes[upper - 1]) { upper -= 1 }
    while lower < upper, PastedText.isSpace(bytes[lower]) { lower += 1 }
    return text(lower..<upper)
  }

  /// `Error Domain=D Code=N ["text"][ ]UserInfo={…}`
  private mutating func error(depth: Int) throws(Failure) -> [ErrorPayload] {
    guard depth <= Self.maximumDepth else {
      var tooDeep = failure("errors are nested deeper than the limit of \(Self.maximumDepth)")
      tooDeep.takesTheLine = true
      throw tooDeep
    }
    if starts(with: "Error") {
      let after = source.skippingSpaces(from: index + 5)
      if starts(with: "Domain=", at: after) { index = after }
    }
    guard starts(with: "Domain=") else {
      throw failure(
        end - index < Self.marker.count
          ? "the text ends inside \"Error Domain=\"" : "expected \"Error Domain=\"")
    }
    index += "Domain=".utf8.count
    errorCount += 1
    // The domain runs to the white space before `Code=`, which may be a line break.
    let domainStart = index
    while index < end, !PastedText.isSpace(bytes[index]), !startsWithCodeKey() { index += 1 }
    var domain = text(domainStart..<index)
    // A domain that a hyphen broke at the end of a line, text wrapped by hand
    // (`Domain=com.apple.LocalAuthentica-` then `tion Code=-1004`): it goes on at the next line.
    if index - domainStart > 1, bytes[index - 1] == UInt8(ascii: "-"), index < end {
      var rest = index
      if bytes[rest] == 0x0D, rest + 1 < end { rest += 1 }
      if bytes[rest] == 0x0A, rest + 1 < end, DomainCodeText.isASCIILetter(bytes[rest + 1]) {
        index = rest + 1
        while index < end, !PastedText.isSpace(bytes[index]), !startsWithCodeKey() { index += 1 }
        domain = String(domain.dropLast()) + text((rest + 1)..<index)
      }
    }
    index = source.skippingSpaces(from: index)
    // An app's own domain may hold spaces (`Domain=Network Error Code=-1005`): plain words up
    // to `Code=` on the line, looked for over at most ``longestSpacedDomain`` bytes.
    if !startsWithCodeKey(), let codeKey = spacedDomainEnd(from: domainStart) {
      domain = text(domainStart..<codeKey - 1)
      index = codeKey
    }
    // `code=` in lower case: a person retyped the key.
    guard startsWithCodeKey() else {
      throw failure(
        atEnd ? "the text ends before \"Code=\"" : "expected \"Code=\" after the domain")
    }
    index += "Code=".utf8.count
    let code = try integer()
    var quoted: String?
    var afterCode = source.skippingSpaces(from: index)
    if quoteWidth(at: afterCode) > 0 {
      index = afterCode
      quoted = quotedText(nested: depth > 1)
      afterCode = source.skippingSpaces(from: index)
    }
    var info: [(String, String)] = []
    var underlying: [ErrorPayload] = []
    var others: [ErrorPayload] = []
    if cut == nil, starts(with: "UserInfo=", at: afterCode) {
      if depth == 1 { hasUserInfo = true }
      if format == .unknown { format = afterCode == index ? .linux : .apple }
      index = afterCode + "UserInfo=".utf8.count
      if starts(with: "0x") {
        // The older form: `UserInfo=0x1700f3b00 {…}`, or `UserInfo=0x… "description"`.
        skipPointer()
        let target = source.skippingSpaces(from: index)
        if quoteWidth(at: target) > 0 {
          index = target
          quoted = quotedText(nested: depth > 1)
        } else {
          index = target
        }
      }
      // `UserInfo=` and its brace may stand on different lines.
      let brace = source.skippingSpaces(from: index)
      if brace < end, bytes[brace] == UInt8(ascii: "{") {
        index = brace
        (info, underlying, others) = try userInfo(depth: depth)
      } else if atEnd {
        cut = cut ?? "after UserInfo="
      }
    }
    // Logs of 2010 and before: `… "text" Underlying Error=(Error Domain=…)` after the error.
    let trailer = source.skippingSpaces(from: index)
    if cut == nil, underlying.isEmpty, starts(with: "Underlying Error=(Error Domain=", at: trailer)
    {
      index = trailer + "Underlying Error=(".utf8.count
      underlying = try nestedError(depth: depth)
      if cut == nil, index < end, bytes[index] == UInt8(ascii: ")") { index += 1 }
    }
    var level = ErrorPayload(
      domain: domain, code: code, quoted: quoted, quotedIsFailureReason: format == .linux,
      userInfo: info.map { (key: $0.0, value: $0.1) })
    level.otherCauses = others
    return [level] + underlying
  }

  private mutating func integer() throws(Failure) -> Int {
    let start = index
    if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
    while index < end, ASCIIDigits.isDecimalDigit(bytes[index]) { index += 1 }
    guard let value = Int(text(start..<index)) else {
      throw failure(
        index == start && atEnd
          ? "the text ends before the code" : "expected an integer code that fits in 64 bits")
    }
    return value
  }

  private mutating func skipPointer() {
    index += 2
    while index < end, ASCIIDigits.isHexDigit(bytes[index]) { index += 1 }
  }

  /// A quoted description. Foundation does not escape quotes inside it, so it ends at the quote
  /// before `UserInfo=` when there is one (before the next error and the end of the line),
  /// otherwise at the last quote that is followed by the end of the line, white space or
  /// punctuation (for a nested error, the first quote followed by `}`). A text that ends inside
  /// the description keeps it as cut.
  private mutating func quotedText(nested: Bool) -> String? {
    // Pastes that went through a word processor have “…” instead of "…" (even “…“); a page
    // that escaped its text, `&quot;…&quot;`.
    let smart = quoteWidth(at: index) > 1
    index += quoteWidth(at: index)
    let start = index
    // From the line index, not by walking the line: a line of many errors stays linear.
    let lineEnd = start < end ? source.lineEnd(of: start) : end
    let limit = source.find(Self.marker, from: start, before: lineEnd) ?? lineEnd
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
        let next = source.skippingSpaces(from: after)
        if starts(with: "UserInfo=", at: next) {
          candidate = position
          candidateWidth = width
          break
        }
        let following = after < end ? bytes[after] : 0x0A
        if nested, following == UInt8(ascii: "}") {
          candidate = position
          candidateWidth = width
          break
        }
        if after >= limit || PastedText.isSpace(following)
          || [
            UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: ":"),
            UInt8(ascii: ";"), UInt8(ascii: "."), UInt8(ascii: "`"),
          ].contains(following)
        {
          candidate = position
          candidateWidth = width
        }
      }
      position += max(width, 1)
    }
    guard let end = candidate else {
      if limit == end || lineEnd == end {
        index = end
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

  /// The width of a quote at a position: 1 for `"`, 3 for `“` or `”`, 6 for `&quot;`, 0 for
  /// anything else.
  private func quoteWidth(at position: Int) -> Int {
    guard position < end else { return 0 }
    if bytes[position] == UInt8(ascii: "\"") { return 1 }
    if bytes[position] == UInt8(ascii: "&"), starts(with: "&quot;", at: position) { return 6 }
    if position + 2 < end, bytes[position] == 0xE2, bytes[position + 1] == 0x80,
      bytes[position + 2] == 0x9C || bytes[position + 2] == 0x9D
    {
      return 3
    }
    return 0
  }

  /// `{key=value, key=value}`; returns the plain entries, the underlying error and the other
  /// causes, each a chain linked already. A text that ends inside keeps the complete entries and
  /// the complete (or cut) causes.
  private mutating func userInfo(depth: Int) throws(Failure) -> (
    [(String, String)], [ErrorPayload], [ErrorPayload]
  ) {
    index += 1
    var entries: [(String, String)] = []
    var underlying: [ErrorPayload] = []
    var others: [ErrorPayload] = []
    index = source.skippingSpaces(from: index)
    if index < end, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return (entries, underlying, others)
    }
    while true {
      index = source.skippingSpaces(from: index)
      guard !atEnd else {
        cut = cut ?? "inside UserInfo"
        return (entries, underlying, others)
      }
      guard let key = try self.key() else {
        cut = cut ?? "inside UserInfo"
        return (entries, underlying, others)
      }
      let isCause = key == ErrorUserInfoKey.underlyingError
      let valueStart = index
      if !isCause, starts(with: "NSUnderlyingError=") {
        // `NSLocalizedDescription=NSUnderlyingError=0x… {…}`: an empty value with its comma
        // lost; the cause follows as the next entry.
        continue
      }
      if key == ErrorUserInfoKey.otherUnderlyingErrors {
        if let causes = try otherCauses(depth: depth) {
          others += causes
        } else if let value = plainValue() {
          // Not an array of errors: kept as a detail of that name, not lost.
          entries.append((ErrorUserInfoKey.escapedDetailKey(key), value))
        } else {
          cut = cut ?? "inside the value of \(quoted(key))"
          return (entries, underlying, others)
        }
      } else if starts(with: "Error Domain=") {
        // Linux prints a nested error inline; elsewhere it is a description built from one.
        let nested = try nestedError(depth: depth)
        if isCause {
          underlying = nested
        } else {
          entries.append((key, trimmed(valueStart..<index)))
        }
      } else if isCause, starts(with: "0x"), let target = pointerTarget() {
        index = target
        if bytes[index] == UInt8(ascii: "{") {
          // Apple: `0x600000c1a0f0 {Error Domain=…}`.
          index = source.skippingSpaces(from: index + 1)
          guard starts(with: "Error Domain=") else {
            guard end - index < Self.marker.count else {
              throw failure("expected \"Error Domain=\" after {")
            }
            // `{Error Dom` with the rest cut off.
            index = end
            cut = cut ?? "inside NSUnderlyingError"
            return (entries, underlying, others)
          }
          underlying = try nestedError(depth: depth)
          if cut != nil { return (entries, underlying, others) }
          index = source.skippingSpaces(from: index)
          guard index < end else {
            cut = "inside NSUnderlyingError"
            return (entries, underlying, others)
          }
          guard bytes[index] == UInt8(ascii: "}") else {
            throw failure("expected } after a nested error")
          }
          index += 1
        } else {
          // The older form: `0x1700e0a80 "text"`, a pointer and a description only.
          let message = quotedText(nested: true)
          underlying = [ErrorPayload(domain: "", code: 0, message: message)]
        }
      } else if let value = plainValue() {
        entries.append((key, value))
      } else {
        cut = cut ?? "inside the value of \(quoted(key))"
        return (entries, underlying, others)
      }
      if cut != nil { return (entries, underlying, others) }
      index = source.skippingSpaces(from: index)
      if starts(with: ",") {
        index += 1
      } else if index < end, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return (entries, underlying, others)
      } else if atEnd {
        cut = "inside UserInfo"
        return (entries, underlying, others)
      } else {
        throw failure("expected , or } in UserInfo")
      }
    }
  }

  /// The other causes of `NSMultipleUnderlyingErrorsKey`, each a linked chain, or `nil` (and
  /// the index back at the value) when the value is not an array of errors: Apple's
  /// `(\n    "Error Domain=…",\n    "…"\n)`, whose elements are quoted and escaped, and Linux's
  /// `[Error Domain=…, Error Domain=…]`. A text that ends inside keeps the complete elements.
  /// Past the budget of errors, the elements are still read, to find the array's end, but only
  /// the marker of a tree cut for size is kept.
  private mutating func otherCauses(depth: Int) throws(Failure) -> [ErrorPayload]? {
    let valueStart = index
    guard index < end, bytes[index] == UInt8(ascii: "(") || bytes[index] == UInt8(ascii: "[")
    else { return nil }
    let close = bytes[index] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
    index += 1
    var causes: [ErrorPayload] = []
    while true {
      skipArraySpaces()
      guard !atEnd else {
        cut = cut ?? "inside NSMultipleUnderlyingErrorsKey"
        return causes
      }
      if bytes[index] == close {
        index += 1
        return causes
      }
      let chain: [ErrorPayload]
      if bytes[index] == UInt8(ascii: "\"") {
        guard let element = quotedElement() else {
          cut = cut ?? "inside NSMultipleUnderlyingErrorsKey"
          return causes
        }
        guard let read = try error(inElement: element, depth: depth) else {
          index = valueStart
          return nil
        }
        chain = read
      } else if starts(with: "Error Domain=") {
        chain = try nestedError(depth: depth)
      } else {
        index = valueStart
        return nil
      }
      if let cause = ErrorPayload(linking: chain) {
        if errorCount < Self.keptErrors {
          causes.append(cause)
        } else if !isFull {
          isFull = true
          causes.append(ErrorPayload.sizeMarker)
        }
      }
      if cut != nil { return causes }
      skipArraySpaces()
      guard !atEnd else {
        cut = cut ?? "inside NSMultipleUnderlyingErrorsKey"
        return causes
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
      } else if bytes[index] != close {
        index = valueStart
        return nil
      }
    }
  }

  /// How many errors a text gives before other causes are left out: room is left for a chain of
  /// ``ErrorPayload/maximumDepth`` causes and the marker, so the payload stays within
  /// ``ErrorPayload/maximumCount``.
  static let keptErrors = ErrorPayload.maximumCount - ErrorPayload.maximumDepth - 1

  /// White space between the elements of an array, and `\n` written out, as an array kept in a
  /// string literal has it.
  private mutating func skipArraySpaces() {
    while true {
      index = source.skippingSpaces(from: index)
      guard index + 1 < end, bytes[index] == UInt8(ascii: "\\"),
        bytes[index + 1] == UInt8(ascii: "n")
      else { return }
      index += 2
    }
  }

  /// The text of a quoted element of Apple's array, unescaped once: `\"`, `\\`, `\n`, `\t`
  /// and `\r`; `\\"` is a quote too (a string literal in code escapes the backslash of each
  /// `\"`). The element may span lines. `nil` when the text ends before its closing quote, or a
  /// line that starts another error comes first (a cut paste followed by more of the log).
  private mutating func quotedElement() -> [UInt8]? {
    var cursor = index + 1
    var text: [UInt8] = []
    while cursor < end {
      let byte = bytes[cursor]
      if byte == 0x0A, nextLineStartsAnError(after: cursor, quoted: true) {
        index = cursor
        return nil
      }
      if byte == UInt8(ascii: "\"") {
        index = cursor + 1
        return text
      }
      guard byte == UInt8(ascii: "\\"), cursor + 1 < end else {
        text.append(byte)
        cursor += 1
        continue
      }
      let next = bytes[cursor + 1]
      if next == UInt8(ascii: "\\"), cursor + 2 < end, bytes[cursor + 2] == UInt8(ascii: "\"") {
        text.append(UInt8(ascii: "\""))
        cursor += 3
        continue
      }
      switch next {
      case UInt8(ascii: "n"): text.append(0x0A)
      case UInt8(ascii: "t"): text.append(0x09)
      case UInt8(ascii: "r"): text.append(0x0D)
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): text.append(next)
      default: text += [byte, next]
      }
      cursor += 2
    }
    index = end
    return nil
  }

  /// The error in the text of an element of Apple's array, read by a parser of its own one level
  /// deeper, or `nil` when the element is not an error's text alone.
  private mutating func error(inElement element: [UInt8], depth: Int) throws(Failure)
    -> [ErrorPayload]?
  {
    let text = PastedText(element)
    let start = text.skippingSpaces(from: 0)
    guard text.starts(with: "Error Domain=", at: start) || text.starts(with: "Domain=", at: start)
    else { return nil }
    var parser = NSErrorText(text, at: start)
    parser.errorCount = errorCount
    parser.isFull = isFull
    defer {
      errorCount = parser.errorCount
      isFull = parser.isFull
    }
    do {
      let chain = try parser.error(depth: depth + 1)
      return text.skippingSpaces(from: parser.index) == text.count ? chain : nil
    } catch {
      // An error nested past the limit is the whole text's; any other is this element's.
      if error.takesTheLine { throw error }
      return nil
    }
  }

  /// A nested error; the text may end inside it.
  private mutating func nestedError(depth: Int) throws(Failure) -> [ErrorPayload] {
    do {
      return try error(depth: depth + 1)
    } catch {
      guard atEnd else { throw error }
      cut = cut ?? "inside a nested error"
      return []
    }
  }

  /// After `0x…`, the position of the `{` or `"` that follows the pointer and a space.
  /// White space, line breaks included, may stand between the pointer and the brace, and after
  /// the brace (`0x6080… \n    {\n        Error Domain=…`, `0x15e0… { Error Domain=…`).
  private func pointerTarget() -> Int? {
    var position = index + 2
    while position < end, ASCIIDigits.isHexDigit(bytes[position]) { position += 1 }
    guard position < end, PastedText.isSpace(bytes[position]) else { return nil }
    let target = source.skippingSpaces(from: position)
    guard target < end, target - position <= 64,
      bytes[target] == UInt8(ascii: "{")
        && starts(with: "Error", at: source.skippingSpaces(from: target + 1))
        || bytes[target] == UInt8(ascii: "\"")
    else { return nil }
    return target
  }

  private static func isKeyByte(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
      || byte >= 0x80
  }

  /// A key and its `=`, or `nil` when the text ends inside it.
  private mutating func key() throws(Failure) -> String? {
    let start = index
    while index < end, Self.isKeyByte(bytes[index]) { index += 1 }
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
    guard position < end, bytes[position] == UInt8(ascii: ",") else { return false }
    var cursor = source.skippingSpaces(from: position + 1)
    let keyStart = cursor
    while cursor < end, Self.isKeyByte(bytes[cursor]) { cursor += 1 }
    return cursor > keyStart && cursor < end && bytes[cursor] == UInt8(ascii: "=")
  }

  /// How far a value's brackets are followed before they count as unbalanced.
  static let balancedWindow = 4096

  /// A value up to the next entry or the brace that closes the user info, without the white
  /// space around it. Brackets inside it (`{}`, `()`, `[]`) are balanced when they close within
  /// ``balancedWindow`` bytes, which keeps `{x=y}` and multi-line `(…)` values whole; when they
  /// do not, the value ends at the first boundary, and this error's later values are read by
  /// boundaries only, so a text of unbalanced values is still read in linear time. A `}` ends the
  /// user info only where ``closesUserInfo(at:)`` says so. `nil` when the text ends inside it.
  private mutating func plainValue() -> String? {
    let start = index
    if balancing {
      var depth = 0
      let limit = min(end, start + Self.balancedWindow)
      while index < limit {
        let byte = bytes[index]
        if byte == 0x0A, nextLineStartsAnError(after: index) { return nil }
        if depth == 0,
          byte == UInt8(ascii: "}") && closesUserInfo(at: index) || isEntryBoundary(index)
        {
          return trimmed(start..<index)
        }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): if depth > 0 { depth -= 1 }
        default: break
        }
        index += 1
      }
      if limit < end { balancing = false }
    }
    // Unbalanced: take the value up to the first boundary or closing brace instead.
    index = start
    while index < end {
      if bytes[index] == 0x0A, nextLineStartsAnError(after: index) { return nil }
      if bytes[index] == UInt8(ascii: "}") && closesUserInfo(at: index) || isEntryBoundary(index) {
        return trimmed(start..<index)
      }
      index += 1
    }
    return nil
  }

  /// Whether the line after the line feed at `position` holds the start of another error: a
  /// value cut off by the end of its line (a truncated log line) then ends there, and the
  /// error on the next line is read as itself.
  ///
  /// Inside a quoted element of an array of causes (`quoted`), a marker after `"` or `\` is the
  /// text of a cause, escaped, not a new error.
  private func nextLineStartsAnError(after position: Int, quoted: Bool = false) -> Bool {
    let lineEnd = source.lineEnd(of: position + 1)
    guard let marker = source.find(Self.marker, from: position + 1, before: lineEnd) else {
      return false
    }
    // `NSUnderlyingError=Error Domain=…` and `{Error Domain=…}` are causes, not new errors.
    let before = marker > 0 ? bytes[marker - 1] : 0x0A
    if quoted, before == UInt8(ascii: "\"") || before == UInt8(ascii: "\\") { return false }
    return before != UInt8(ascii: "=") && before != UInt8(ascii: "{")
  }

  /// Whether the `}` at `position` closes the user info rather than standing inside a value: it
  /// does when the line ends after it, when a closing mark or a separator follows it, or when no
  /// other `}` follows on its line. So `NSDebugDescription=a } b, NSUnderlyingError=…}` keeps its
  /// cause.
  private mutating func closesUserInfo(at position: Int) -> Bool {
    var next = position + 1
    while next < end, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
    guard next < end else { return true }
    switch bytes[next] {
    case 0x0A, 0x0D, UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "\""),
      UInt8(ascii: "'"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "."), UInt8(ascii: ">"),
      UInt8(ascii: "|"), UInt8(ascii: "`"):
      return true
    default:
      let line = source.line(of: position)
      if lastBrace.line != line {
        var cursor = source.lineEnd(of: position)
        let lineStart = source.lineStarts[line]
        while cursor > lineStart, bytes[cursor - 1] != UInt8(ascii: "}") { cursor -= 1 }
        lastBrace = (line, cursor > lineStart ? cursor - 1 : nil)
      }
      return (lastBrace.position ?? position) <= position
    }
  }
}

/// The unescaped copy of part of a string literal (JSON's or Objective-C's `description`):
/// `\"`, `\\`, `\n`, `\t`, `\r`, `\/`, `\uXXXX` (with surrogate pairs) and `\UXXXX`; any
/// other backslash stays. It ends at the string's closing quote, at the end of the line or of the
/// text, or after `limit` bytes of the original.
struct UnescapedText {
  /// The unescaped bytes.
  private(set) var bytes: [UInt8] = []
  /// For each unescaped byte, the offset in the original text of what it was written as.
  private var offsets: [Int] = []
  /// Where the copy ends in the original text.
  private(set) var end: Int
  /// Whether the copy reached the end of the string (not only its limit).
  private(set) var isComplete = false

  init(_ text: PastedText, from start: Int, limit: Int) {
    end = start
    var cursor = start
    while true {
      guard cursor < text.count else {
        isComplete = true
        break
      }
      guard cursor - start < limit else { break }
      let byte = text[cursor]
      if byte == 0x0A || byte == UInt8(ascii: "\"") {
        isComplete = true
        break
      }
      guard byte == UInt8(ascii: "\\"), cursor + 1 < text.count else {
        append(byte, from: cursor)
        cursor += 1
        continue
      }
      let next = text[cursor + 1]
      switch next {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
        append(next, from: cursor)
        cursor += 2
      case UInt8(ascii: "n"):
        append(0x0A, from: cursor)
        cursor += 2
      case UInt8(ascii: "t"):
        append(0x09, from: cursor)
        cursor += 2
      case UInt8(ascii: "r"):
        append(0x0D, from: cursor)
        cursor += 2
      case UInt8(ascii: "u"), UInt8(ascii: "U"):
        guard var unit = Self.hex(text, at: cursor + 2) else {
          append(byte, from: cursor)
          cursor += 1
          continue
        }
        var width = 6
        if (0xD800..<0xDC00).contains(unit), text[cursor + 6] == UInt8(ascii: "\\"),
          text[cursor + 7] == UInt8(ascii: "u"), let low = Self.hex(text, at: cursor + 8),
          (0xDC00..<0xE000).contains(low)
        {
          unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
          width = 12
        }
        let scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
        for byte in String(scalar).utf8 { append(byte, from: cursor) }
        cursor += width
      default:
        append(byte, from: cursor)
        cursor += 1
      }
    }
    end = cursor
  }

  private mutating func append(_ byte: UInt8, from offset: Int) {
    bytes.append(byte)
    offsets.append(offset)
  }

  /// Four hex digits at a position, or `nil`.
  private static func hex(_ text: PastedText, at position: Int) -> UInt32? {
    var value: UInt32 = 0
    for offset in position..<position + 4 {
      guard offset < text.count, let digit = ASCIIDigits.value(of: text[offset], radix: 16) else {
        return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The offset in the original text of an offset in the copy.
  func offset(of index: Int) -> Int {
    index < offsets.count ? offsets[index] : end
  }
}
