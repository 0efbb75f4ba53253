import ErrorKitCore

/// Finds every error of a text with every reader (``ErrorReaders/all``), in the order of the
/// text, one finding per error: an error inside another one's text (a cause, a description that
/// repeats it) is not reported again, nor is the short form printed next to an error just read
/// in full.
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

  /// The errors just reported, by domain and code and where they end: a short form that
  /// repeats one of them within ``distance`` bytes says nothing new. Bounded, so a stream's
  /// memory does not grow with its length.
  struct Recent {
    private var keys: [(domain: String, code: Int, end: Int)] = []
    static let capacity = 16
    /// How far after an error its short form counts as a repeat: the same or the next lines.
    static let distance = 1024

    mutating func add(_ payload: ErrorPayload, endingAt end: Int) {
      if keys.count == Self.capacity { keys.removeFirst() }
      keys.append((payload.domain, payload.code, end))
    }

    func repeats(_ payload: ErrorPayload, at start: Int) -> Bool {
      keys.contains {
        $0.domain == payload.domain && $0.code == payload.code && start - $0.end <= Self.distance
      }
    }
  }

  /// Every error of a whole text.
  static func findAll(in text: PastedText) -> [ErrorFinding] {
    var recent = Recent()
    return scan(text, from: 0, recent: &recent).findings
  }

  /// The findings of `text` from `start`; `base` is the offset of the text in a longer input (a
  /// stream), so that errors in separate chunks are told apart. When the text is open (a stream) and an error reaches
  /// its end, the scan stops there: `heldFrom` is where that error starts, and the findings are
  /// those before it.
  static func scan(_ text: PastedText, from start: Int, base: Int = 0, recent: inout Recent) -> (
    findings: [ErrorFinding], heldFrom: Int?
  ) {
    var findings: [ErrorFinding] = []
    var next: [Int?] = anchors.map { search($0.bytes, in: text, from: start) }
    var covered = start
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
      var repeats = false
      for (reader, index) in anchor.readers {
        if let finding = reader.read(text, anchor: index, at: position) {
          found = finding
          repeats = reader.repeatsNearbyErrors
          break
        }
      }
      next[chosen] = search(anchor.bytes, in: text, from: position + 1)
      guard let finding = found, finding.range.lowerBound >= covered else { continue }
      if text.isOpen, finding.mayContinue {
        return (findings, finding.range.lowerBound)
      }
      covered = max(finding.range.upperBound, position + 1)
      if let payload = finding.payload {
        let line = text.line(of: finding.range.lowerBound)
        // The short form of an error read in full on the same line says nothing new; nor does
        // one just before it on that line.
        if repeats, payload.message == nil, payload.name == nil, payload.underlying == nil,
          let full = lastFull, full.line == line,
          full.payload.chain.contains(where: {
            $0.domain == payload.domain && $0.code == payload.code
          })
        {
          continue
        }
        if !repeats {
          if let last = findings.last, last.isRepeat, let said = last.payload,
            text.line(of: last.range.lowerBound) == line,
            payload.chain.contains(where: { $0.domain == said.domain && $0.code == said.code })
          {
            findings.removeLast()
          }
          lastFull = (payload, text.line(of: max(finding.range.upperBound - 1, 0)))
        }
      }
      var kept = finding
      kept.isRepeat = repeats
      findings.append(kept)
    }
    return (findings, nil)
  }

  private static func search(_ needle: [UInt8], in text: PastedText, from start: Int) -> Int? {
    needle.count == 1 ? text.find(needle[0], from: start) : text.find(needle, from: start)
  }
}
