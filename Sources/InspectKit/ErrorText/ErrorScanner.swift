import ErrorKitCore

/// Finds every error of a text with every reader (``ErrorReaders/all``), in the order of the
/// text, one finding per error: an error inside another one's text (a cause, a description that
/// repeats it) is not reported again, nor is the short form printed next to an error just read
/// in full on its line.
///
/// The scan is one pass over the text that finds the anchors of all readers at once
/// (``AnchorCursor``), in order; the text between anchors is never looked at again, and an
/// anchor inside an error already read is skipped, so a text is read in time linear in its
/// length. It is an iterator: findings are handed out as they are made, one behind (the next one
/// may show that the last was a short form repeating it), so memory does not grow with the number
/// of errors.
struct ErrorScanner: IteratorProtocol {
  /// An anchor and the readers that asked for it, in registry order.
  struct Anchor: Sendable {
    var bytes: [UInt8]
    var readers: [(reader: any ErrorReader.Type, index: Int)]
  }

  static let anchors: [Anchor] = {
    var result: [Anchor] = []
    for reader in ErrorReaders.all {
      for (index, anchor) in reader.anchors.enumerated() {
        let bytes = Array(anchor.utf8)
        if let known = result.firstIndex(where: { $0.bytes == bytes }) {
          result[known].readers.append((reader, index))
        } else {
          result.append(Anchor(bytes: bytes, readers: [(reader, index)]))
        }
      }
    }
    return result
  }()

  /// The anchors compiled for one pass (``AnchorSet``), by the same indices as ``anchors``.
  static let anchorSet = AnchorSet(anchors.map(\.bytes))

  /// Whether a scan may find an error in `bytes`. Every reader reads at one of its anchors, so
  /// text that holds none holds no error: a code or a name (`-25300`, `errSecItemNotFound`), one
  /// word of ASCII letters, digits, `_`, `-` and `+`, can hold only the anchors made of those
  /// bytes (``wordAnchors``), which are looked for in turn. Cheaper at start-up than setting up
  /// the one-pass search (``anchorSet``) for a look-up that needs no scan.
  static func mayFindError(in bytes: [UInt8]) -> Bool {
    guard bytes.allSatisfy(isWordByte) else { return true }
    return wordAnchors.contains { anchor in
      anchor.withUTF8Buffer { anchor in
        // Each place the anchor fits, compared byte by byte in plain loops: no slice and no
        // generic comparison per place.
        var start = 0
        while start + anchor.count <= bytes.count {
          var matched = 0
          while matched < anchor.count, bytes[start + matched] == anchor[matched] { matched += 1 }
          if matched == anchor.count { return true }
          start += 1
        }
        return false
      }
    }
  }

  /// The anchors made only of word bytes (``isWordByte(_:)``), the only ones a code or a name
  /// can hold; a test checks the list against ``anchors``.
  static let wordAnchors: [StaticString] = ["omain", "CKError", "OSStatus", "nativeStackIOS"]

  /// An ASCII letter or digit, `_`, `-` or `+`: the bytes of a code or a name.
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: "+"):
      true
    default: false
    }
  }

  /// Every error of a whole text.
  static func findAll(in text: PastedText) -> [ErrorFinding] {
    var scanner = ErrorScanner(text)
    var findings: [ErrorFinding] = []
    while let finding = scanner.next() { findings.append(finding) }
    return findings
  }

  /// The text scanned; ranges of findings are offsets in its bytes.
  let text: PastedText
  private var cursor: AnchorCursor
  /// The end of the last error read (or the start of the text): no reader looks back past it,
  /// so a stream keeps no context before it.
  private(set) var covered = 0
  /// Where an error that reaches the end of an open text starts, once ``next()`` has returned
  /// `nil`; `nil` when none does. The findings before it were handed out; the rest is to be read
  /// again with the lines that follow.
  private(set) var heldFrom: Int?
  /// The last finding, not handed out yet: the next one may show that it only repeats it; and
  /// whether its reader's form repeats errors printed next to it (the short form).
  private var last: (finding: ErrorFinding, isRepeat: Bool)?
  /// The last error read in full, and the line it ends on.
  private var lastFull: (payload: ErrorPayload, line: Int)?
  private var ended = false

  /// A scan of `text`; anchors before ``PastedText/start`` (context a stream kept) are not read.
  init(_ text: PastedText) {
    self.text = text
    cursor = AnchorCursor(Self.anchorSet, in: text)
    cursor.skip(to: text.start)
  }

  /// The next finding, in the order of the text, as soon as the one after it cannot take it
  /// back; `nil` at the end of the text, or where an error reaches the end of an open text
  /// (``heldFrom``). A short form is a repeat only of an error on its own line, so no state
  /// passes from one scan to the next.
  mutating func next() -> ErrorFinding? {
    while !ended, let (position, chosen) = cursor.next() {
      if position < covered {
        cursor.skip(to: covered)
        continue
      }
      var found: (finding: ErrorFinding, isRepeat: Bool)?
      for (reader, index) in Self.anchors[chosen].readers {
        if let finding = reader.read(text, anchor: index, at: position, floor: covered) {
          found = (finding, reader.repeatsNearbyErrors)
          break
        }
      }
      guard let (finding, isRepeat) = found, finding.range.lowerBound >= covered else { continue }
      if text.isOpen, finding.mayContinue {
        ended = true
        // A short form just before it on its line waits with it: it may repeat it.
        if let held = last, held.isRepeat,
          text.line(of: held.finding.range.lowerBound) == text.line(of: finding.range.lowerBound)
        {
          heldFrom = held.finding.range.lowerBound
          last = nil
          return nil
        }
        heldFrom = finding.range.lowerBound
        break
      }
      covered = max(finding.range.upperBound, position + 1)
      cursor.skip(to: covered)
      if let payload = finding.payload {
        let line = text.line(of: finding.range.lowerBound)
        // The short form of an error read in full on the same line says nothing new; nor does
        // one just before it on that line.
        if isRepeat, payload.message == nil, payload.name == nil, payload.underlying == nil,
          let full = lastFull, full.line == line, Self.holds(full.payload, payload)
        {
          continue
        }
        if !isRepeat {
          if let previous = last, previous.isRepeat, let said = previous.finding.payload,
            text.line(of: previous.finding.range.lowerBound) == line, Self.holds(payload, said)
          {
            last = nil
          }
          lastFull = (payload, text.line(of: max(finding.range.upperBound - 1, 0)))
        }
      }
      let previous = last
      last = (finding, isRepeat)
      if let previous { return previous.finding }
    }
    ended = true
    defer { last = nil }
    return last?.finding
  }

  /// Whether an error's chain holds the domain and code of a short form.
  private static func holds(_ full: ErrorPayload, _ short: ErrorPayload) -> Bool {
    full.chain.contains { $0.domain == short.domain && $0.code == short.code }
  }
}
