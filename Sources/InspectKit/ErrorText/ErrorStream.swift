import ErrorKitCore

/// Reads errors from a stream of complete lines (a log, `tail -f`, a pipe), reporting each
/// error once, in order, as soon as the text after it proves it complete.
///
/// - Text is scanned by ``ErrorScanner`` chunk by chunk; text before the first error that may go
///   on is let go at once, so memory stays bounded whatever the length of the input.
/// - An error that reaches the end of what has arrived (a user info whose next line is still to
///   come) is held, with the lines after it, until the next lines complete it, the input pauses
///   (``pause()``) or ends. Held text is read again only when the work credit earned by the
///   input read since allows it, so a held error of many lines is read a bounded number of
///   times per byte: the whole stream takes time linear in its length. Held text beyond
///   ``Limits/heldError`` is read as it is and let go.
/// - A line that starts with `{` is a JSON document: an ErrorPayload, or JSON whose strings are
///   scanned as text. A document may span lines while its braces stay open and its lines look
///   like JSON; a line that does not ends it as unreadable, and is read as itself. So a stray
///   brace is its own line's failure only. After held text, a document that is an error
///   payload ends what is held (reported first); anything else continues the held text.
struct ErrorStream {
  /// What the stream reports, in order.
  enum Item {
    /// An error or an unreadable region found in text.
    case finding(ErrorFinding)
    /// An ErrorPayload document, reported as it was given.
    case document(ErrorPayload)
  }

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

  /// Takes complete lines (each ending with a line feed, except at the end of the input) and
  /// returns what they make known.
  mutating func feed(_ chunk: [UInt8], count: Int) -> [Item] {
    var items: [Item] = []
    feed(chunk, count: count) { items.append($0) }
    return items
  }

  /// Takes complete lines (each ending with a line feed, except at the end of the input) and
  /// hands what they make known to `report`, in order, as it is found: memory does not grow with
  /// the number of errors in a chunk.
  mutating func feed(_ chunk: [UInt8], count: Int, _ report: (Item) -> Void) {
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
        endUnfinishedDocument("a JSON document ends unfinished", report)
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

  /// The input paused: what is held is reported as it stands.
  mutating func pause() -> [Item] {
    var items: [Item] = []
    pause { items.append($0) }
    return items
  }

  /// The input paused: what is held is handed to `report` as it stands.
  mutating func pause(_ report: (Item) -> Void) {
    flushHeld(report)
  }

  /// The input ended: everything held is reported.
  mutating func finish() -> [Item] {
    var items: [Item] = []
    finish { items.append($0) }
    return items
  }

  /// The input ended: everything held is handed to `report`.
  mutating func finish(_ report: (Item) -> Void) {
    // An unfinished document after held text is that text's continuation, read with it.
    if !document.isEmpty {
      endUnfinishedDocument("the input ends inside a JSON document", report)
    }
    pause(report)
  }

  /// Whether something is held for lines still to come.
  var isHolding: Bool { !held.isEmpty }

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
    let end = ErrorScanner.scan(text) { report(.finding($0)) }
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

  /// A document whose braces stay open: unreadable, unless it is only brackets (a dictionary's
  /// `{` on a line of its own, as `NSLog` prints one) or follows held text, either of which is
  /// read as text with what follows.
  private mutating func endUnfinishedDocument(_ reason: String, _ report: (Item) -> Void) {
    let bytes = document
    document = []
    let onlyBrackets = bytes.allSatisfy {
      PastedText.isSpace($0) || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[")
    }
    if onlyBrackets || !held.isEmpty {
      scanText(bytes, 0..<bytes.count, report)
    } else {
      context = []
      report(.finding(.unreadable(reason, in: 0..<0)))
    }
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
    do {
      let json = try JSONReader.parse(bytes)
      do {
        report(.document(try ErrorPayload(jsonValue: json)))
      } catch {
        // A payload that breaks the format's rules is refused, as every reader refuses it.
        if json.looksLikeErrorPayload {
          report(.finding(.unreadable(error.message, in: 0..<bytes.count)))
          return
        }
        // JSON that is not a payload: its strings may hold error text (a JSON log line).
        let found = ErrorScanner.findAll(in: PastedText(bytes))
        if found.isEmpty {
          report(.finding(.unreadable(error.message, in: 0..<bytes.count)))
        }
        for finding in found { report(.finding(finding)) }
      }
    } catch {
      report(.finding(.unreadable(error.message, in: 0..<bytes.count)))
    }
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
