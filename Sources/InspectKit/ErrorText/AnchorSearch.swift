/// The anchors of every reader, compiled for one pass over a text: ``AnchorCursor`` finds all of
/// them, in the order of the text, looking at each byte once, sixteen at a time.
///
/// Each anchor is found by a probe of one or two adjacent bytes: a one-byte anchor by its byte,
/// a longer one by the pair of adjacent bytes least likely in log text (``PastedText/pivot(of:)``'s
/// rarity, summed). Every sixteen bytes are compared with every probe at once; a position where a
/// probe matches is then compared with the whole anchor. Anchors that share a probe share its
/// comparison. So the cost grows with the number of distinct probes and with the number of
/// candidates, not with the number of anchors times the length of the text, as one `memchr` or
/// `memmem` pass per anchor would: a log is full of `)` and of the upper-case letters of
/// identifiers, and a probe of a rare pair of bytes keeps the candidates few.
struct AnchorSet: Sendable {
  /// One or two adjacent bytes that stand in every anchor of a group, and where.
  struct Probe: Sendable {
    var first: UInt8
    /// The byte after `first`, or `nil` for a one-byte probe.
    var second: UInt8?
    /// The anchors found with this probe, and the offset of the probe in each.
    var anchors: [(anchor: Int, offset: Int)]
  }

  /// The anchors, by index; an empty one is never found.
  let needles: [[UInt8]]
  let probes: [Probe]
  /// The largest offset of a probe in its anchor: a hit found at `q` starts at or after
  /// `q - maximumOffset`.
  let maximumOffset: Int
  /// The probes' bytes, repeated over a block: the one-byte probes, then the pairs. Made once
  /// here rather than by every cursor, since a cursor is made for every text scanned.
  let singles: [AnchorCursor.Block]
  let pairs: [(first: AnchorCursor.Block, second: AnchorCursor.Block)]
  /// For each byte value, the positions in `probes` of the probes that start with it, in order:
  /// a candidate byte is compared with its own probes only.
  let probesStarting: [[Int]]

  init(_ needles: [[UInt8]]) {
    self.needles = needles
    var probes: [Probe] = []
    var maximumOffset = 0
    for (index, needle) in needles.enumerated() where !needle.isEmpty {
      var offset = 0
      var second: UInt8?
      if needle.count > 1 {
        var best = -1
        for position in 0..<(needle.count - 1) {
          let score = Self.rarity(needle[position]) + Self.rarity(needle[position + 1])
          if score > best {
            best = score
            offset = position
          }
        }
        second = needle[offset + 1]
      }
      let first = needle[offset]
      maximumOffset = max(maximumOffset, offset)
      if let known = probes.firstIndex(where: { $0.first == first && $0.second == second }) {
        probes[known].anchors.append((index, offset))
      } else {
        probes.append(Probe(first: first, second: second, anchors: [(index, offset)]))
      }
    }
    self.probes = probes
    self.maximumOffset = maximumOffset
    var probesStarting = [[Int]](repeating: [], count: 256)
    for (index, probe) in probes.enumerated() { probesStarting[Int(probe.first)].append(index) }
    self.probesStarting = probesStarting
    singles = probes.compactMap { $0.second == nil ? AnchorCursor.Block(repeating: $0.first) : nil }
    pairs = probes.compactMap { probe in
      probe.second.map {
        (AnchorCursor.Block(repeating: probe.first), AnchorCursor.Block(repeating: $0))
      }
    }
  }

  /// How unlikely a byte is in log text: an upper-case letter 3, `(`, `=`, `{`, `}` 2, a space
  /// or a frequent lower-case letter 0, anything else 1.
  static func rarity(_ byte: UInt8) -> Int {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): 3
    case UInt8(ascii: "("), UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: "}"): 2
    case 0x20, UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "o"),
      UInt8(ascii: "i"), UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "r"):
      0
    default: 1
    }
  }
}

/// Every anchor of an ``AnchorSet`` in a text, in order of position (and, at one position, of
/// anchor index), each occurrence once, overlapping ones included.
///
/// The text is scanned once, forwards, sixteen bytes at a time; hits wait in a short sorted list
/// until no later probe can give an anchor that starts before them. ``skip(to:)`` drops the hits
/// before a position (the scanner skips anchors inside an error already read) and does not scan
/// the text it skips.
struct AnchorCursor {
  typealias Block = SIMD16<UInt8>

  private let set: AnchorSet
  private let text: PastedText
  /// Every probe position before this one has been looked at.
  private var frontier = 0
  /// Hits that start before this are not reported.
  private var from = 0
  /// Hits found and not reported yet, sorted by start, then anchor; `head` is the first unread.
  private var pending: [(start: Int, anchor: Int)] = []
  private var head = 0
  /// The set's probe bytes, repeated over a block (``AnchorSet/singles``, ``AnchorSet/pairs``).
  private let singles: [Block]
  private let pairs: [(first: Block, second: Block)]

  init(_ set: AnchorSet, in text: PastedText) {
    self.set = set
    self.text = text
    singles = set.singles
    pairs = set.pairs
  }

  /// Drops the hits that start before `position`; the text before it is not scanned.
  mutating func skip(to position: Int) {
    guard position > from else { return }
    from = position
    while head < pending.count, pending[head].start < from { head += 1 }
    frontier = max(frontier, from)
  }

  /// The next anchor: where it starts and its index in the set, or `nil` at the end.
  mutating func next() -> (start: Int, anchor: Int)? {
    while true {
      if head < pending.count,
        frontier >= text.count || pending[head].start < frontier - set.maximumOffset
      {
        let hit = pending[head]
        head += 1
        if head == pending.count {
          pending.removeAll(keepingCapacity: true)
          head = 0
        }
        return hit
      }
      guard frontier < text.count else { return nil }
      advance()
    }
  }

  /// Scans on from the frontier until a probe matches (its hits are then pending) or the text
  /// ends.
  private mutating func advance() {
    let count = text.count
    var candidates: (low: UInt64, high: UInt64) = (0, 0)
    var block = frontier
    text.bytes.withUnsafeBytes { raw in
      guard raw.baseAddress != nil else { return }
      singles.withUnsafeBufferPointer { singles in
        pairs.withUnsafeBufferPointer { pairs in
          // A block needs the byte after it for the second byte of a pair: all of it is text.
          while block + Block.scalarCount + 1 <= count {
            let here = raw.loadUnaligned(fromByteOffset: block, as: Block.self)
            let after = raw.loadUnaligned(fromByteOffset: block + 1, as: Block.self)
            var matches = SIMDMask<SIMD16<Int8>>(repeating: false)
            for single in singles { matches .|= here .== single }
            for pair in pairs {
              matches .|= (here .== pair.first) .& (after .== pair.second)
            }
            // A mask is sixteen bytes of 0 or 0xFF: two words.
            let words = unsafeBitCast(matches, to: SIMD2<UInt64>.self)
            if words[0] | words[1] != 0 {
              candidates = (words[0], words[1])
              return
            }
            block += Block.scalarCount
          }
        }
      }
    }
    if candidates.low | candidates.high != 0 {
      frontier = block + Block.scalarCount
      record(lanes: candidates.low, from: block)
      record(lanes: candidates.high, from: block + 8)
      return
    }
    // The last bytes, one at a time.
    for position in block..<count { record(at: position) }
    frontier = count
  }

  /// Adds the anchors at the lanes of a block's half that hold 0xFF (eight lanes, one a byte).
  private mutating func record(lanes word: UInt64, from base: Int) {
    var bits = word
    while bits != 0 {
      let lane = bits.trailingZeroBitCount >> 3
      bits &= ~(UInt64(0xFF) << UInt64(lane << 3))
      record(at: base + lane)
    }
  }

  /// Adds the anchors whose probe matches at `position`.
  private mutating func record(at position: Int) {
    let count = text.count
    let byte = text.bytes[position]
    for index in set.probesStarting[Int(byte)] {
      let probe = set.probes[index]
      if let second = probe.second {
        guard position + 1 < count, text.bytes[position + 1] == second else { continue }
      }
      for (anchor, offset) in probe.anchors {
        let start = position - offset
        let needle = set.needles[anchor]
        guard start >= from, start + needle.count <= count, matches(needle, at: start) else {
          continue
        }
        insert((start, anchor))
      }
    }
  }

  private func matches(_ needle: [UInt8], at start: Int) -> Bool {
    for index in needle.indices where text.bytes[start + index] != needle[index] { return false }
    return true
  }

  /// Inserts a hit in order; hits arrive almost in order, so the walk back is short.
  private mutating func insert(_ hit: (start: Int, anchor: Int)) {
    var index = pending.count
    while index > head,
      pending[index - 1].start > hit.start
        || (pending[index - 1].start == hit.start && pending[index - 1].anchor > hit.anchor)
    {
      index -= 1
    }
    pending.insert(hit, at: index)
  }
}
