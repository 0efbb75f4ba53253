import ErrorKitCore

/// Reads errors from a stream of complete lines (a log, `tail -f`, a pipe, or an argument given
/// whole), reporting each error once, in order, as soon as the text after it proves it complete.
///
/// - A line that is not valid UTF-8 is blanked and reported as unreadable; the lines around it
///   are read.
/// - Text is scanned by ``ErrorScanner`` chunk by chunk; text before the first error that may go
///   on is let go at once, so memory stays bounded whatever the length of the input.
/// - An error that reaches the end of what has arrived (a user info whose next line is still to
///   come) is held, with the lines after it, until the next lines complete it, the input pauses
///   (``pause(_:)``) or ends. Held text is read again only when the work credit earned by the
///   input read since allows it, so a held error of many lines is read a bounded number of
///   times per byte: the whole stream takes time linear in its length. Held text beyond
///   ``Limits/heldError`` is read as it is and let go.
/// - A line that starts with `{` is a JSON document (``readDocument(_:unfinished:_:)``): an
///   ErrorPayload; refused when it claims to be one but is not; otherwise text. A document may
///   span lines while its braces stay open and its lines look like JSON; a line that does not
///   ends it, and is read as itself. So a stray brace is its own line's failure only. After
///   held text, a document that is an error payload ends what is held (reported first);
///   anything else continues the held text.
/// - An error read from text leaves the stream as the tool prints it: redacted
///   (``ErrorPayload/redactingSecrets()``) and named by the tables (``CodeDirectory``). A payload
///   document leaves it as it was given.
struct ErrorStream {
  /// What the stream reports, in order.
  enum Item {
    /// An error read from text, redacted and named; `cut` says where the text ended inside it
    /// ("inside UserInfo"), when it did.
    case error(ErrorPayload, cut: String?)
    /// An error given as an ErrorPayload (a JSON document, or an entry a look-up found): it
    /// prints as it was given.
    case document(ErrorPayload)
    /// A region that looks like an error but cannot be read, and why.
    case unreadable(String)
  }

  /// The tables that name the errors read from text, with the catalogs given (`--errors`).
  private let directory: CodeDirectory
  /// Held text: complete lines from the start of an error that may still go on.
  private var held: [UInt8] = []
  /// The end of the text read before (at most ``Limits/lookBehind`` bytes, after its last
  /// error): a reader may look back at it from the lines that follow, as in the whole input.
  private var context: [UInt8] = []
  /// A JSON document whose braces are still open.
  private var document: [UInt8] = []
  private var depth = JSONDepth()
  /// Bytes of work the stream may still spend reading held text again.
  private var credit = 1 << 20

  /// Whether the first bytes of the stream have been seen.
  private var pastStreamStart = false

  init(directory: CodeDirectory) {
    self.directory = directory
  }

  /// Reads an input given whole (an argument): its bytes are the stream's only lines.
  mutating func read(whole bytes: [UInt8], _ report: (Item) -> Void) {
    feed(bytes, count: bytes.count, report)
    finish(report)
  }

  /// Takes complete lines (each ending with a line feed, except at the end of the input) and
  /// hands what they make known to `report`, in order, as it is found: memory does not grow with
  /// the number of errors in a chunk.
  mutating func feed(_ chunk: [UInt8], count: Int, _ report: (Item) -> Void) {
    var chunk = chunk
    for _ in 0..<Self.blankInvalidLines(&chunk, count: count) {
      report(.unreadable("a line is not valid UTF-8"))
    }
    credit = min(credit + count * 4, 1 << 30)
    var start = 0
    // A byte-order mark at the very start of the stream is skipped, as the JSON reader skips
    // it. Chunks are whole lines, so the first non-empty chunk holds all three bytes.
    if !pastStreamStart, count > 0 {
      pastStreamStart = true
      if count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF { start = 3 }
    }
    while start < count {
      if !document.isEmpty {
        // Lines of an open JSON document, while they look like JSON.
        let end = Self.lineEnd(chunk, from: start, count: count)
        if Self.looksLikeJSON(chunk, start..<end) {
          document.append(contentsOf: chunk[start..<end])
          depth.scan(chunk[start..<end])
          start = end
          if depth.depth <= 0 { endDocument(report) }
          continue
        }
        endUnfinishedDocument(atEnd: false, report)
      }
      // A document may also follow held text: it ends what is held only once it proves to be
      // an error payload (see `endDocument`), so user info that starts with `{` still joins its
      // error.
      if let jsonLine = Self.jsonLine(chunk, from: start, count: count) {
        // The text before the document, then the document's first line.
        if jsonLine > start { scanText(chunk, start..<jsonLine, report) }
        let end = Self.lineEnd(chunk, from: jsonLine, count: count)
        depth = JSONDepth()
        depth.scan(chunk[jsonLine..<end])
        document = Array(chunk[jsonLine..<end])
        start = end
        if depth.depth <= 0 { endDocument(report) }
        continue
      }
      // Plain text up to the next line that starts a document.
      var end = count
      if let next = Self.nextJSONLine(chunk, after: start, count: count) {
        end = next
      }
      scanText(chunk, start..<end, report)
      start = end
    }
  }

  /// The input paused: what is held is handed to `report` as it stands.
  mutating func pause(_ report: (Item) -> Void) {
    flushHeld(report)
  }

  /// The input ended: everything held is handed to `report`.
  mutating func finish(_ report: (Item) -> Void) {
    if !document.isEmpty { endUnfinishedDocument(atEnd: true, report) }
    pause(report)
  }

  /// Whether something is held for lines still to come.
  var isHolding: Bool { !held.isEmpty }

  /// Blanks the lines of `bytes[0..<count]` that are not valid UTF-8 (their line feeds stay, so
  /// the errors on the lines around them are still read) and returns how many there were. The
  /// text is checked in one pass (``firstInvalidUTF8(in:from:before:)``, ASCII sixteen bytes at
  /// a time); only a line with an invalid sequence is looked at again, to blank it.
  static func blankInvalidLines(_ bytes: inout [UInt8], count: Int) -> Int {
    var invalid = 0
    var position = 0
    while let bad = firstInvalidUTF8(in: bytes, from: position, before: count) {
      // Everything from `position` (a line start) to `bad` is valid: the line starts after
      // the last line feed in between.
      var start = bad
      while start > position, bytes[start - 1] != 0x0A { start -= 1 }
      let end = findByte(0x0A, in: bytes, from: bad, before: count) ?? count
      for index in start..<end { bytes[index] = 0x20 }
      invalid += 1
      position = end + 1
    }
    return invalid
  }

  /// Hands on a reader's finding as the tool prints it: an error redacted and named by the
  /// tables, or the reason a region cannot be read.
  private func hand(_ finding: ErrorFinding, to report: (Item) -> Void) {
    switch finding.result {
    case .error(let read):
      var payload = read.payload.redactingSecrets()
      directory.name(&payload, darwin: read.darwin)
      report(.error(payload, cut: read.cut))
    case .unreadable(let reason):
      report(.unreadable(reason))
    }
  }

  // MARK: Text

  private mutating func scanText(
    _ chunk: [UInt8], _ range: Range<Int>, _ report: (Item) -> Void
  ) {
    guard !range.isEmpty else { return }
    if held.isEmpty {
      read(chunk, range, isOpen: true, report)
      return
    }
    held.append(contentsOf: chunk[range])
    if held.count > Limits.heldError {
      flushHeld(report)
    } else if credit >= held.count {
      credit -= held.count
      let bytes = held
      held = []
      read(bytes, 0..<bytes.count, isOpen: true, report)
    }
  }

  /// Scans `bytes[range]` after the context kept from before; what may go on is held from where
  /// its error starts, and the end of what was read (after its last error) is kept as the
  /// context of what follows.
  private mutating func read(
    _ bytes: [UInt8], _ range: Range<Int>, isOpen: Bool, _ report: (Item) -> Void
  ) {
    let text: PastedText
    if context.isEmpty {
      text = PastedText(
        range.lowerBound == 0 && range.upperBound == bytes.count ? bytes : Array(bytes[range]),
        isOpen: isOpen)
    } else {
      var joined = context
      joined.append(contentsOf: bytes[range])
      text = PastedText(joined, isOpen: isOpen, start: context.count)
    }
    let end = ErrorScanner.scan(text) { hand($0, to: report) }
    let kept = end.heldFrom ?? text.count
    if let heldFrom = end.heldFrom { held = Array(text.bytes[heldFrom..<text.count]) }
    let from = max(end.covered, kept - Limits.lookBehind, 0)
    context = from < kept ? Array(text.bytes[from..<kept]) : []
  }

  private mutating func flushHeld(_ report: (Item) -> Void) {
    guard !held.isEmpty else { return }
    let bytes = held
    held = []
    read(bytes, 0..<bytes.count, isOpen: false, report)
  }

  // MARK: JSON documents

  /// A document whose braces stay open. After held text it is that text's continuation, read
  /// with it. When a line that does not look like JSON ends it, it is read as text if it is
  /// only brackets (a dictionary's `{` on a line of its own, as `NSLog` prints one); otherwise it
  /// is read as a document that does not parse (``readDocument(_:unfinished:_:)``).
  private mutating func endUnfinishedDocument(atEnd: Bool, _ report: (Item) -> Void) {
    let bytes = document
    document = []
    let onlyBrackets = bytes.allSatisfy {
      PastedText.isSpace($0) || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[")
    }
    if !held.isEmpty || (onlyBrackets && !atEnd) {
      scanText(bytes, 0..<bytes.count, report)
      return
    }
    context = []
    // At the end of the input, the JSON reader says what is missing (`{` alone: "expected a key
    // in an object").
    readDocument(bytes, unfinished: atEnd ? nil : "a JSON document ends unfinished", report)
  }

  /// A document whose braces closed. After held text it is a document only when it is an
  /// error payload (a JSON object with a `domain` and a `code`): then what is held is complete
  /// and is reported first. Anything else (user info such as `{NSFilePath=/tmp/a}` on its own
  /// line, a JSON log line) is the held text's continuation, as it is in the whole text.
  private mutating func endDocument(_ report: (Item) -> Void) {
    let bytes = document
    document = []
    if !held.isEmpty {
      guard let json = try? JSONReader.parse(bytes), json.looksLikeErrorPayload else {
        scanText(bytes, 0..<bytes.count, report)
        return
      }
      flushHeld(report)
    }
    context = []
    readDocument(bytes, report)
  }

  /// A JSON document, whole: an ErrorPayload is reported as it was given. A document that
  /// claims to be one (a `domain` and a `code` key in its outermost object) but does not parse or
  /// breaks the format's rules is refused, as every reader of the format refuses it
  /// (Docs/ErrorPayload.md, "One reading"). Any other is read as text (a JSON log line's strings
  /// may hold error text, a dictionary as `NSLog` prints it is not JSON, a log line may be cut),
  /// and is unreadable only when no error is found in it: for the reason `unfinished` gives
  /// when its braces stayed open, or as the JSON reader says.
  private func readDocument(
    _ bytes: [UInt8], unfinished: String? = nil, _ report: (Item) -> Void
  ) {
    let reason: String
    let claimsPayload: Bool
    do {
      let json = try JSONReader.parse(bytes)
      do {
        report(.document(try ErrorPayload(jsonValue: json)))
        return
      } catch {
        reason = error.message
        claimsPayload = json.looksLikeErrorPayload
      }
    } catch {
      reason = unfinished ?? error.message
      claimsPayload = Self.hasPayloadKeys(bytes)
    }
    let found = claimsPayload ? [] : ErrorScanner.findAll(in: PastedText(bytes))
    if found.isEmpty { report(.unreadable(reason)) }
    for finding in found { hand(finding, to: report) }
  }

  /// Whether JSON text that does not parse has a `domain` and a `code` key in its outermost
  /// object, as ``JSONValue/looksLikeErrorPayload`` asks of JSON that parses: strings are
  /// followed, so a key is a string at depth 1 with a `:` after it.
  private static func hasPayloadKeys(_ bytes: [UInt8]) -> Bool {
    var depth = 0
    var domain = false
    var code = false
    var index = 0
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""):
        let start = index + 1
        index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        let end = min(index, bytes.count)
        index += 1
        guard depth == 1 else { continue }
        var after = index
        while after < bytes.count, PastedText.isSpace(bytes[after]) { after += 1 }
        guard after < bytes.count, bytes[after] == UInt8(ascii: ":") else { continue }
        let key = bytes[start..<end]
        if key.elementsEqual("domain".utf8) { domain = true }
        if key.elementsEqual("code".utf8) { code = true }
        if domain && code { return true }
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
      index += 1
    }
    return false
  }

  /// The offset after the line feed that ends the line at `start`, or `count`.
  private static func lineEnd(_ chunk: [UInt8], from start: Int, count: Int) -> Int {
    findByte(0x0A, in: chunk, from: start, before: count).map { $0 + 1 } ?? count
  }

  /// The start of the line at `start` when its first byte after spaces is `{`.
  private static func jsonLine(_ chunk: [UInt8], from start: Int, count: Int) -> Int? {
    var position = start
    while position < count, chunk[position] == 0x20 || chunk[position] == 0x09 { position += 1 }
    return position < count && chunk[position] == UInt8(ascii: "{") ? start : nil
  }

  /// The start of the first line after `start` whose first byte after spaces is `{`. A brace
  /// inside a line rules out the rest of that line, so a line of JSON in a log costs two
  /// searches, not one a brace.
  private static func nextJSONLine(_ chunk: [UInt8], after start: Int, count: Int) -> Int? {
    var from = start
    while let brace = findByte(UInt8(ascii: "{"), in: chunk, from: from, before: count) {
      var lineStart = brace
      while lineStart > start, chunk[lineStart - 1] == 0x20 || chunk[lineStart - 1] == 0x09 {
        lineStart -= 1
      }
      if lineStart > start, chunk[lineStart - 1] == 0x0A { return lineStart }
      guard let lineEnd = findByte(0x0A, in: chunk, from: brace, before: count) else { return nil }
      from = lineEnd + 1
    }
    return nil
  }

  /// Whether a line may continue a JSON document: blank, or starting with what a JSON value,
  /// member or closing bracket starts with.
  private static func looksLikeJSON(_ chunk: [UInt8], _ range: Range<Int>) -> Bool {
    var position = range.lowerBound
    while position < range.upperBound, PastedText.isSpace(chunk[position]) { position += 1 }
    guard position < range.upperBound else { return true }
    switch chunk[position] {
    case UInt8(ascii: "\""), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: "{"),
      UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      return true
    default: return false
    }
  }
}

/// Follows the nesting of JSON text line by line, outside strings, to know when a document that
/// spans lines is complete.
struct JSONDepth {
  private(set) var depth = 0
  private var inString = false
  private var escaped = false

  mutating func scan(_ line: ArraySlice<UInt8>) {
    for byte in line {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
    }
  }
}

extension JSONValue {
  /// Whether a JSON object claims to be an ErrorPayload: it has a `domain` and a `code` key. A
  /// log line with one of them (`{"code": 500, "msg": "Error Domain=…"}`) is read as text.
  var looksLikeErrorPayload: Bool {
    self["domain"] != nil && self["code"] != nil
  }
}
