import ErrorKitCore

/// Reads errors from a stream of complete lines (a log, `tail -f`, a pipe, or an argument given
/// whole) as an iterator: each call to ``next()`` gives the next error, once, in order, with its
/// byte range in the input, as soon as the text after it proves it complete. The stream pulls
/// its input as it needs it: standard input from a ``LineReader``, chunk by chunk, or an argument
/// given whole; a stream made with ``init(directory:)`` takes what its caller gives it
/// (``take(_:)``) and says `nil` when it needs more.
///
/// - A line that is not valid UTF-8 is blanked and given as unreadable; the lines around it
///   are read.
/// - Text is scanned by an ``ErrorScanner`` chunk by chunk; text before the first error that
///   may go on is let go at once, so memory stays bounded whatever the length of the input, and
///   nothing is collected: a line full of errors takes no more memory than a line without.
/// - An error that reaches the end of what has arrived (a user info whose next line is still to
///   come) is held, with the lines after it, until the next lines complete it, the input pauses
///   (``LineReader/Chunk/paused``, after ``Limits/pauseMilliseconds``) or ends. Held text is read
///   again only when the work credit earned by the input read since allows it, so a held error
///   of many lines is read a bounded number of times per byte: the whole stream takes time
///   linear in its length. Held text beyond ``Limits/heldError`` is read as it is and let go.
/// - A line that starts with `{` is a JSON document (``readDocument(_:at:unfinished:)``): an
///   ErrorPayload; refused when it claims to be one but is not; otherwise text. A document may
///   span lines while its braces stay open and its lines look like JSON; a line that does not
///   ends it, and is read as itself. So a stray brace is its own line's failure only. After
///   held text, a document that is an error payload ends what is held (given first); anything
///   else continues the held text.
/// - An error read from text leaves the stream as the tool prints it: redacted
///   (``ErrorPayload/redactingSecrets()``) and named by the tables (``CodeDirectory``). A payload
///   document leaves it as it was given (``ErrorFinding/ReadError/isDocument``).
struct ErrorStream {
  /// Work that waits for the scan under way to end.
  private enum Work {
    /// Held text, read as it stands.
    case flushHeld
    /// A document that ended held text, read once that text is.
    case document([UInt8], at: Int)
  }

  /// The tables that name the errors read from text, with the catalogs given (`--errors`).
  private let directory: CodeDirectory

  // MARK: Input

  /// Standard input, for a stream that pulls it.
  private var reader: LineReader?
  /// The output the items go to: flushed before a read that may block; a stream that reads
  /// standard input stops when writing to it has failed.
  private let output: Terminal?
  /// An input given whole, not taken yet.
  private var unread: [UInt8]?
  /// Whether the stream takes the end of its input itself, after ``unread``.
  private let isWhole: Bool
  /// Whether the input has ended.
  private var ended = false
  /// The chunk being read: complete lines in `chunk[0..<count]`, read up to `position`.
  private var chunk: [UInt8] = []
  private var count = 0
  private var position = 0
  /// The offset in the input of `chunk[0]`, and of the byte after the chunk.
  private var chunkStart = 0
  private var inputCount = 0
  /// Where the search for lines that are not UTF-8 goes on in the chunk; `nil` once done.
  private var invalidFrom: Int?
  /// Whether the first bytes of the stream have been seen.
  private var pastStreamStart = false

  // MARK: Reading

  /// The scan under way; its findings' ranges are offsets from `scanStart` in the input.
  private var scanner: ErrorScanner?
  private var scanStart = 0
  /// For the scan of a document that is not an ErrorPayload: what it is when no error is found
  /// in it, and whether anything was.
  private var documentFailure: ErrorFinding?
  private var documentGaveAnything = false
  /// An item ready to be given, before anything else.
  private var ready: ErrorFinding?
  /// Work that waits for the scan under way.
  private var queued: Work?

  /// Held text: complete lines from the start of an error that may still go on, and the
  /// offset of its first byte in the input.
  private var held: [UInt8] = []
  private var heldStart = 0
  /// The end of the text read before (at most ``Limits/lookBehind`` bytes, after its last
  /// error): a reader may look back at it from the lines that follow, as in the whole input.
  /// It ends where the next text read starts.
  private var context: [UInt8] = []
  /// A JSON document whose braces are still open, and the offset of its first byte.
  private var document: [UInt8] = []
  private var documentStart = 0
  private var depth = JSONDepth()
  /// Bytes of work the stream may still spend reading held text again.
  private var credit = 1 << 20

  /// A stream that takes its input from its caller (``take(_:)``).
  init(directory: CodeDirectory) {
    self.directory = directory
    output = nil
    isWhole = false
  }

  /// A stream of one input given whole (an argument): its bytes are the stream's only lines.
  init(whole bytes: [UInt8], directory: CodeDirectory) {
    self.directory = directory
    output = nil
    unread = bytes
    isWhole = true
  }

  /// A stream of what `reader` reads, waiting at most ``Limits/pauseMilliseconds`` for more
  /// while an error is held; `output` is flushed before every read that may block, and the
  /// reading stops once writing to it has failed.
  init(reading reader: LineReader, directory: CodeDirectory, output: Terminal) {
    self.directory = directory
    self.reader = reader
    self.output = output
    isWhole = false
  }

  /// Whether something is held for lines still to come.
  var isHolding: Bool { !held.isEmpty }

  /// The next item, in order: an error as complete as the input allows, or a region that cannot
  /// be read. `nil` at the end of the input, or, for a stream that takes its input from its
  /// caller, when it needs more (``take(_:)``). Throws what reading standard input throws.
  mutating func next() throws(Failure) -> ErrorFinding? {
    while true {
      if let item = ready {
        ready = nil
        return item
      }
      if scanner != nil {
        if var finding = scanner?.next() {
          finding.range =
            scanStart + finding.range.lowerBound..<scanStart + finding.range.upperBound
          if case .error(var read) = finding.result {
            read.payload = read.payload.redactingSecrets()
            directory.name(&read.payload, darwin: read.darwin)
            finding.result = .error(read)
          }
          documentGaveAnything = true
          return finding
        }
        endScan()
        continue
      }
      if let work = queued {
        queued = nil
        switch work {
        case .flushHeld: flushHeld()
        case .document(let bytes, let start):
          context = []
          readDocument(bytes, at: start)
        }
        continue
      }
      if let from = invalidFrom {
        if let line = Self.blankInvalidLine(&chunk, from: from, count: count) {
          invalidFrom = line.upperBound + 1
          return .unreadable(
            "a line is not valid UTF-8",
            in: chunkStart + line.lowerBound..<chunkStart + line.upperBound)
        }
        invalidFrom = nil
      }
      if position < count {
        readChunk()
        continue
      }
      if let bytes = unread {
        unread = nil
        take(.lines(bytes, count: bytes.count))
        continue
      }
      if ended { return nil }
      if isWhole {
        take(.end)
        continue
      }
      let output = output
      let waitLimit = isHolding ? Limits.pauseMilliseconds : nil
      guard reader != nil, output?.writeFailure == nil,
        let input = try reader?.nextChunk(waitLimit: waitLimit, beforeWaiting: { output?.flush() })
      else { return nil }
      take(input)
    }
  }

  /// Takes the next input: complete lines (each ending with a line feed, except at the end of
  /// the input), a pause (what is held is given as it stands) or the end (everything held is
  /// given). ``next()`` then gives what it makes known; take the next input once it says `nil`.
  mutating func take(_ input: LineReader.Chunk) {
    switch input {
    case .lines(let bytes, let count):
      chunk = bytes
      self.count = count
      position = 0
      chunkStart = inputCount
      inputCount += count
      invalidFrom = 0
      credit = min(credit + count * 4, 1 << 30)
      // A byte-order mark at the very start of the stream is skipped, as the JSON reader skips
      // it. Chunks are whole lines, so the first non-empty chunk holds all three bytes.
      if !pastStreamStart, count > 0 {
        pastStreamStart = true
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
      }
    case .paused:
      flushHeld()
    case .end:
      ended = true
      if document.isEmpty {
        flushHeld()
      } else {
        queued = .flushHeld
        endUnfinishedDocument(atEnd: true)
      }
    }
  }

  /// Blanks the lines of `bytes[0..<count]` that are not valid UTF-8 (their line feeds stay, so
  /// the errors on the lines around them are still read) and returns how many there were.
  static func blankInvalidLines(_ bytes: inout [UInt8], count: Int) -> Int {
    var invalid = 0
    var position = 0
    while let line = blankInvalidLine(&bytes, from: position, count: count) {
      invalid += 1
      position = line.upperBound + 1
    }
    return invalid
  }

  /// Blanks the first line at or after `position` (a line start) in `bytes[0..<count]` that is
  /// not valid UTF-8, and returns its range without its line feed; `nil` when every line is
  /// valid. The text is checked in one pass (``firstInvalidUTF8(in:from:before:)``, ASCII
  /// sixteen bytes at a time); only a line with an invalid sequence is looked at again.
  private static func blankInvalidLine(_ bytes: inout [UInt8], from position: Int, count: Int)
    -> Range<Int>?
  {
    guard position < count, let bad = firstInvalidUTF8(in: bytes, from: position, before: count)
    else { return nil }
    // Everything from `position` to `bad` is valid: the line starts after the last line feed
    // in between.
    var start = bad
    while start > position, bytes[start - 1] != 0x0A { start -= 1 }
    let end = findByte(0x0A, in: bytes, from: bad, before: count) ?? count
    for index in start..<end { bytes[index] = 0x20 }
    return start..<end
  }

  // MARK: Text

  /// Reads on in the chunk: the next line of an open document, a document's first line, or
  /// plain text up to the next line that starts a document.
  private mutating func readChunk() {
    if !document.isEmpty {
      // Lines of an open JSON document, while they look like JSON.
      let end = Self.lineEnd(chunk, from: position, count: count)
      guard Self.looksLikeJSON(chunk, position..<end) else {
        endUnfinishedDocument(atEnd: false)
        return
      }
      document.append(contentsOf: chunk[position..<end])
      depth.scan(chunk[position..<end])
      position = end
      if depth.depth <= 0 { endDocument() }
      return
    }
    // A document may also follow held text: it ends what is held only once it proves to be
    // an error payload (see `endDocument`), so user info that starts with `{` still joins its
    // error.
    if Self.startsJSON(chunk, from: position, count: count) {
      let end = Self.lineEnd(chunk, from: position, count: count)
      depth = JSONDepth()
      depth.scan(chunk[position..<end])
      document = Array(chunk[position..<end])
      documentStart = chunkStart + position
      position = end
      if depth.depth <= 0 { endDocument() }
      return
    }
    let end = Self.nextJSONLine(chunk, after: position, count: count) ?? count
    scanText(chunk, position..<end, at: chunkStart + position)
    position = end
  }

  /// Reads `bytes[range]`, whose first byte is at `start` in the input, after what is held.
  private mutating func scanText(_ bytes: [UInt8], _ range: Range<Int>, at start: Int) {
    guard !range.isEmpty else { return }
    if held.isEmpty {
      startScan(bytes, range, isOpen: true, at: start)
      return
    }
    held.append(contentsOf: bytes[range])
    if held.count > Limits.heldError {
      flushHeld()
    } else if credit >= held.count {
      credit -= held.count
      let bytes = held
      held = []
      startScan(bytes, 0..<bytes.count, isOpen: true, at: heldStart)
    }
  }

  /// Starts the scan of `bytes[range]` (its first byte at `start` in the input) after the
  /// context kept from before.
  private mutating func startScan(
    _ bytes: [UInt8], _ range: Range<Int>, isOpen: Bool, at start: Int
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
    scanner = ErrorScanner(text)
    scanStart = start - context.count
    documentFailure = nil
  }

  /// The scan ended. After a document's: its failure when no error was found in it. After
  /// text: what may go on is held from where its error starts, and the end of what was read
  /// (after its last error) is kept as the context of what follows.
  private mutating func endScan() {
    guard let scanner else { return }
    self.scanner = nil
    if let failure = documentFailure {
      documentFailure = nil
      if !documentGaveAnything { ready = failure }
      return
    }
    let text = scanner.text
    let kept = scanner.heldFrom ?? text.count
    if let heldFrom = scanner.heldFrom {
      held = Array(text.bytes[heldFrom..<text.count])
      heldStart = scanStart + heldFrom
    }
    let from = max(scanner.covered, kept - Limits.lookBehind, 0)
    context = from < kept ? Array(text.bytes[from..<kept]) : []
  }

  private mutating func flushHeld() {
    guard !held.isEmpty else { return }
    let bytes = held
    held = []
    startScan(bytes, 0..<bytes.count, isOpen: false, at: heldStart)
  }

  // MARK: JSON documents

  /// A document whose braces stay open. After held text it is that text's continuation, read
  /// with it. When a line that does not look like JSON ends it, it is read as text if it is
  /// only brackets (a dictionary's `{` on a line of its own, as `NSLog` prints one); otherwise it
  /// is read as a document that does not parse (``readDocument(_:at:unfinished:)``).
  private mutating func endUnfinishedDocument(atEnd: Bool) {
    let bytes = document
    document = []
    let onlyBrackets = bytes.allSatisfy {
      PastedText.isSpace($0) || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "[")
    }
    // An object that is not JSON (a JavaScript object as `console.log` prints it, a Dart map)
    // is text, read on with the lines after it, as in the whole text.
    if !held.isEmpty || (!atEnd && (onlyBrackets || Self.isPlainObject(bytes))) {
      scanText(bytes, 0..<bytes.count, at: documentStart)
      return
    }
    context = []
    // At the end of the input, the JSON reader says what is missing (`{` alone: "expected a key
    // in an object").
    readDocument(
      bytes, at: documentStart, unfinished: atEnd ? nil : "a JSON document ends unfinished")
  }

  /// A document whose braces closed. After held text it is a document only when it is an
  /// error payload (a JSON object with a `domain` and a `code`): then what is held is complete
  /// and is given first. Anything else (user info such as `{NSFilePath=/tmp/a}` on its own
  /// line, a JSON log line) is the held text's continuation, as it is in the whole text.
  private mutating func endDocument() {
    let bytes = document
    document = []
    if !held.isEmpty {
      guard let json = try? JSONReader.parse(bytes), json.looksLikeErrorPayload else {
        scanText(bytes, 0..<bytes.count, at: documentStart)
        return
      }
      flushHeld()
      queued = .document(bytes, at: documentStart)
      return
    }
    if Self.isPlainObject(bytes) {
      scanText(bytes, 0..<bytes.count, at: documentStart)
      return
    }
    context = []
    readDocument(bytes, at: documentStart)
  }

  /// Whether a document is an object that is not JSON (its first key is not in double quotes:
  /// a JavaScript object, a Dart map, Node's `{ [Error: …]`): its text is read as the text
  /// around it is, with its context.
  private static func isPlainObject(_ bytes: [UInt8]) -> Bool {
    guard var index = bytes.firstIndex(of: UInt8(ascii: "{")) else { return false }
    index += 1
    while index < bytes.count, PastedText.isSpace(bytes[index]) { index += 1 }
    guard index < bytes.count else { return false }
    let first = bytes[index]
    return first != UInt8(ascii: "\"") && first != UInt8(ascii: "}") && first != UInt8(ascii: "{")
  }

  /// A JSON document, whole, its first byte at `start` in the input: an ErrorPayload is given
  /// as it was given. A document that claims to be one (a `domain` and a `code` key in its
  /// outermost object) but does not parse or breaks the format's rules is refused, as every
  /// reader of the format refuses it (Docs/ErrorPayload.md, "One reading"). Any other is read as
  /// text (a JSON log line's strings may hold error text, a dictionary as `NSLog` prints it is
  /// not JSON, a log line may be cut), and is unreadable only when no error is found in it: for
  /// the reason `unfinished` gives when its braces stayed open, or as the JSON reader says.
  private mutating func readDocument(_ bytes: [UInt8], at start: Int, unfinished: String? = nil) {
    let range = start..<start + bytes.count
    let reason: String
    let claimsPayload: Bool
    do {
      let json = try JSONReader.parse(bytes)
      do {
        ready = .document(try ErrorPayload(jsonValue: json), in: range)
        return
      } catch {
        reason = error.message
        claimsPayload = json.looksLikeErrorPayload
      }
    } catch {
      reason = unfinished ?? error.message
      claimsPayload = Self.hasPayloadKeys(bytes)
    }
    guard !claimsPayload else {
      ready = .unreadable(reason, in: range)
      return
    }
    scanner = ErrorScanner(PastedText(bytes))
    scanStart = start
    documentFailure = .unreadable(reason, in: range)
    documentGaveAnything = false
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

  /// Whether the line at `start` starts with `{` after spaces.
  private static func startsJSON(_ chunk: [UInt8], from start: Int, count: Int) -> Bool {
    var position = start
    while position < count, chunk[position] == 0x20 || chunk[position] == 0x09 { position += 1 }
    return position < count && chunk[position] == UInt8(ascii: "{")
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
