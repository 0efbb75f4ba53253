import ErrorKitCore

/// Finds every error of a text with every reader (``ErrorReaders/all``), in the order of the
/// text, one finding per error: an error inside another one's text (a cause, a description that
/// repeats it) is not reported again, nor is the short form printed next to an error just read
/// in full on its line.
///
/// The scan is one pass over the anchors of all readers, found with byte search and merged in
/// order; the text between anchors is never looked at again, and an anchor inside an error
/// already read is skipped, so a text is read in time linear in its length.
enum ErrorScanner {
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

  /// Every error of a whole text.
  static func findAll(in text: PastedText) -> [ErrorFinding] {
    scan(text).findings
  }

  /// The findings of `text`. When the text is open (a stream) and an error reaches its end, the
  /// scan stops there: `heldFrom` is where that error starts, and the findings are those before
  /// it. A short form is a repeat only of an error on its own line, so no state passes from one
  /// scan to the next.
  static func scan(_ text: PastedText) -> (findings: [ErrorFinding], heldFrom: Int?) {
    var findings: [ErrorFinding] = []
    var next: [Int?] = anchors.map { search($0.bytes, in: text, from: 0) }
    var covered = 0
    var lastFull: (payload: ErrorPayload, line: Int)?
    while true {
      // The nearest anchor; the list is short, so a linear pick is the cheapest merge.
      var chosen = -1
      var position = Int.max
      for (index, hit) in next.enumerated() {
        if let hit, hit < position {
          position = hit
          chosen = index
        }
      }
      guard chosen >= 0 else { break }
      let anchor = anchors[chosen]
      if position < covered {
        next[chosen] = search(anchor.bytes, in: text, from: covered)
        continue
      }
      var found: ErrorFinding?
      for (reader, index) in anchor.readers {
        if var finding = reader.read(text, anchor: index, at: position) {
          finding.isRepeat = reader.repeatsNearbyErrors
          found = finding
          break
        }
      }
      next[chosen] = search(anchor.bytes, in: text, from: position + 1)
      guard let finding = found, finding.range.lowerBound >= covered else { continue }
      if text.isOpen, finding.mayContinue {
        // A short form just before it on its line waits with it: it may repeat it.
        if let last = findings.last, last.isRepeat,
          text.line(of: last.range.lowerBound) == text.line(of: finding.range.lowerBound)
        {
          findings.removeLast()
          return (findings, last.range.lowerBound)
        }
        return (findings, finding.range.lowerBound)
      }
      covered = max(finding.range.upperBound, position + 1)
      if let payload = finding.payload {
        let line = text.line(of: finding.range.lowerBound)
        // The short form of an error read in full on the same line says nothing new; nor does
        // one just before it on that line.
        if finding.isRepeat, payload.message == nil, payload.name == nil, payload.underlying == nil,
          let full = lastFull, full.line == line, holds(full.payload, payload)
        {
          continue
        }
        if !finding.isRepeat {
          if let last = findings.last, last.isRepeat, let said = last.payload,
            text.line(of: last.range.lowerBound) == line, holds(payload, said)
          {
            findings.removeLast()
          }
          lastFull = (payload, text.line(of: max(finding.range.upperBound - 1, 0)))
        }
      }
      findings.append(finding)
    }
    return (findings, nil)
  }

  /// Whether an error's chain holds the domain and code of a short form.
  private static func holds(_ full: ErrorPayload, _ short: ErrorPayload) -> Bool {
    full.chain.contains { $0.domain == short.domain && $0.code == short.code }
  }

  private static func search(_ needle: [UInt8], in text: PastedText, from start: Int) -> Int? {
    needle.count == 1 ? text.find(needle[0], from: start) : text.find(needle, from: start)
  }
}
