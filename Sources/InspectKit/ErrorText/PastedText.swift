#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A text to read errors from (an argument, a file, or the held part of a stream), decoded once:
/// its bytes, the index of its lines, and byte search (``ErrorScanner`` finds the readers'
/// anchors with ``AnchorCursor``). Every reader reads this type, by byte
/// offsets into ``bytes``; nothing past ``count`` belongs to the text.
struct PastedText {
  /// The bytes; only `0..<count` is the text (a stream keeps its buffer and gives a bound).
  let bytes: [UInt8]
  /// The length of the text in bytes.
  let count: Int
  /// The offset of the first byte of every line, in order; the first is 0.
  let lineStarts: [Int]
  /// Whether more text may follow the end (a stream that has not ended): a reader that reaches
  /// the end reports an error that may go on.
  let isOpen: Bool
  /// Where the text to read starts. The bytes before it are context: the end of what a stream
  /// read before (at most ``Limits/lookBehind`` bytes, after its last error), which a reader may
  /// look back at, as it would in the whole input, but whose anchors were read already.
  let start: Int

  init(_ bytes: [UInt8], count: Int? = nil, isOpen: Bool = false, start: Int = 0) {
    self.bytes = bytes
    self.count = min(count ?? bytes.count, bytes.count)
    self.isOpen = isOpen
    self.start = min(start, self.count)
    lineStarts = Self.lineStarts(of: bytes, count: self.count)
  }

  /// The offset of the first byte of every line of `bytes[0..<count]`: the line feeds are found
  /// sixteen bytes at a time (a log's lines are short, so one `memchr` a line costs more).
  static func lineStarts(of bytes: [UInt8], count: Int) -> [Int] {
    typealias Block = SIMD16<UInt8>
    var starts = [0]
    var position = 0
    bytes.withUnsafeBytes { raw in
      guard raw.baseAddress != nil else { return }
      let feed = Block(repeating: 0x0A)
      while position + Block.scalarCount <= count {
        let block = raw.loadUnaligned(fromByteOffset: position, as: Block.self)
        // The mask is sixteen bytes of 0 or 0xFF: two words.
        let words = unsafeBitCast(block .== feed, to: SIMD2<UInt64>.self)
        if words[0] | words[1] != 0 {
          for half in 0..<2 {
            var bits = words[half]
            while bits != 0 {
              let lane = bits.trailingZeroBitCount >> 3
              bits &= ~(UInt64(0xFF) << UInt64(lane << 3))
              starts.append(position + half * 8 + lane + 1)
            }
          }
        }
        position += Block.scalarCount
      }
    }
    while position < count {
      if bytes[position] == 0x0A { starts.append(position + 1) }
      position += 1
    }
    return starts
  }

  init(_ text: String) {
    self.init(Array(text.utf8))
  }

  /// The byte at an offset, or a line feed past the end (the end of a text ends a line).
  subscript(offset: Int) -> UInt8 {
    offset < count && offset >= 0 ? bytes[offset] : 0x0A
  }

  /// The index of the line that holds an offset.
  func line(of offset: Int) -> Int {
    var low = 0
    var high = lineStarts.count
    while high - low > 1 {
      let middle = (low + high) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle }
    }
    return low
  }

  /// The offset where the line that holds `offset` starts.
  func lineStart(of offset: Int) -> Int { lineStarts[line(of: offset)] }

  /// The offset of the line feed that ends the line holding `offset`, or ``count``.
  func lineEnd(of offset: Int) -> Int {
    let next = line(of: offset) + 1
    return next < lineStarts.count ? lineStarts[next] - 1 : count
  }

  /// The bytes of a range as text; invalid UTF-8 becomes U+FFFD.
  func text(_ range: Range<Int>) -> String {
    String(decoding: bytes[range.clamped(to: 0..<count)], as: UTF8.self)
  }

  /// Whether `literal` stands at `offset`.
  func starts(with literal: String, at offset: Int) -> Bool {
    var position = offset
    for byte in literal.utf8 {
      guard position < count, bytes[position] == byte else { return false }
      position += 1
    }
    return true
  }

  /// The first offset of `needle` in `from..<before`: `memchr` for the needle's rarest byte
  /// (``pivot(of:)``), then a comparison of the whole needle around each hit.
  func find(_ needle: [UInt8], from start: Int, before limit: Int? = nil) -> Int? {
    let limit = min(limit ?? count, count)
    guard start >= 0, needle.count > 0, limit - start >= needle.count else { return nil }
    let pivot = Self.pivot(of: needle)
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      var position = start + pivot
      let last = limit - needle.count + pivot
      while position <= last,
        let hit = memchr(base + position, Int32(needle[pivot]), last + 1 - position)
      {
        let found = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        let candidate = found - pivot
        var matches = true
        for offset in 0..<needle.count where base[candidate + offset] != needle[offset] {
          matches = false
          break
        }
        if matches { return candidate }
        position = found + 1
      }
      return nil
    }
  }

  /// The index of the byte of `needle` least likely in log text: an upper-case letter or a
  /// punctuation mark before a lower-case letter, a space or a digit.
  static func pivot(of needle: [UInt8]) -> Int {
    let rarity = AnchorSet.rarity
    var best = 0
    for index in needle.indices where rarity(needle[index]) > rarity(needle[best]) {
      best = index
    }
    return best
  }

  /// The first offset of a byte in `from..<before` (`memchr`).
  func find(_ byte: UInt8, from start: Int, before limit: Int? = nil) -> Int? {
    findByte(byte, in: bytes, from: start, before: min(limit ?? count, count))
  }

  /// Whether a byte is white space: a space, a tab, a carriage return or a line feed.
  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// The first offset at or after `offset` that is not white space (or ``count``).
  func skippingSpaces(from offset: Int) -> Int {
    var position = offset
    while position < count, Self.isSpace(bytes[position]) { position += 1 }
    return position
  }
}

/// The first offset of a byte in `bytes[start..<limit]`, with `memchr`.
func findByte(_ byte: UInt8, in bytes: [UInt8], from start: Int, before limit: Int) -> Int? {
  let limit = min(limit, bytes.count)
  guard start >= 0, limit > start else { return nil }
  return bytes.withUnsafeBufferPointer { buffer -> Int? in
    guard let base = buffer.baseAddress, let hit = memchr(base + start, Int32(byte), limit - start)
    else { return nil }
    return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
  }
}
