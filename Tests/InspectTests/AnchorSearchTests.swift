import ErrorKitCore
import StateKitTesting
import Testing

@testable import InspectKit

/// The byte-level stages of `error -` against plain references: the one-pass anchor search
/// against a search of every anchor at every offset, the UTF-8 check against the standard
/// library's decoder.
@Suite("Anchor search and UTF-8 check")
struct AnchorSearchTests {
  /// Every anchor at every offset, in order of position, then anchor index.
  static func reference(_ needles: [[UInt8]], in bytes: [UInt8], count: Int) -> [[Int]] {
    var hits: [[Int]] = []
    for start in 0..<count {
      for (index, needle) in needles.enumerated()
      where !needle.isEmpty && start + needle.count <= count
        && Array(bytes[start..<start + needle.count]) == needle
      {
        hits.append([start, index])
      }
    }
    return hits
  }

  static func cursorHits(_ needles: [[UInt8]], in bytes: [UInt8], count: Int) -> [[Int]] {
    var cursor = AnchorCursor(AnchorSet(needles), in: PastedText(bytes, count: count))
    var hits: [[Int]] = []
    while let hit = cursor.next() { hits.append([hit.start, hit.anchor]) }
    return hits
  }

  /// Bytes drawn from a small alphabet that the anchors are made of, so that they match often,
  /// overlap and stand at block boundaries.
  static let alphabet: [UInt8] =
    Array("Domain=: \t()DCKErrorOSsta\n".utf8) + [0xEF, 0xBC, 0x89, 0x80]

  static func randomBytes(_ rng: inout SplitMix64, length: Int) -> [UInt8] {
    (0..<length).map { _ in alphabet.randomElement(using: &rng) ?? 0 }
  }

  @Test func theCursorFindsWhatASearchAtEveryOffsetFinds() {
    let seed = (try? PropertySeed.current.get()) ?? 22
    var rng = SplitMix64(seed: seed)
    // The readers' anchors, anchors other readers may add, prefixes of one another, repeated
    // bytes (overlapping hits), one byte, and an empty one.
    let pool: [[UInt8]] =
      [
        "Domain=", "Domain: ", "Domain:\t", ")", "）", "omain", "CKError", "OSStatus", "a", "aa",
        "Dom", "ta(", "rror", "\n)", "", "ssss",
      ].map { Array($0.utf8) }
    for run in 0..<500 {
      var needles: [[UInt8]] = []
      for _ in 0..<Int.random(in: 1...7, using: &rng) {
        needles.append(pool.randomElement(using: &rng) ?? [])
      }
      let length = Int.random(in: 0...300, using: &rng)
      var bytes = Self.randomBytes(&rng, length: length)
      // A text may be shorter than its buffer (a stream's): nothing after `count` is found.
      let count = Int.random(in: 0...length, using: &rng)
      bytes += Self.randomBytes(&rng, length: 20)
      let expected = Self.reference(needles, in: bytes, count: count)
      let found = Self.cursorHits(needles, in: bytes, count: count)
      #expect(found == expected, "seed \(seed), case \(run): \(needles) in \(bytes[..<count])")
      if found != expected { break }
    }
  }

  /// The scanner reads some hits, then skips the text of an error it has read: the hits it
  /// gets are the ones read, then every hit at or after the skip.
  @Test func noHitAtOrAfterTheSkipIsLost() {
    let seed = (try? PropertySeed.current.get()) ?? 22
    var rng = SplitMix64(seed: seed)
    let needles = [")", "Domain=", "omain", "CKError", "a"].map { Array($0.utf8) }
    for run in 0..<300 {
      let bytes = Self.randomBytes(&rng, length: Int.random(in: 0...400, using: &rng))
      let all = Self.reference(needles, in: bytes, count: bytes.count)
      let skip = Int.random(in: 0...bytes.count, using: &rng)
      var cursor = AnchorCursor(AnchorSet(needles), in: PastedText(bytes))
      var found: [[Int]] = []
      // Reads up to a random hit, then skips to a position, as the scanner does.
      let before = Int.random(in: 0...all.count, using: &rng)
      for _ in 0..<before {
        if let hit = cursor.next() { found.append([hit.start, hit.anchor]) }
      }
      let skipTo = max(skip, found.last.map { $0[0] } ?? 0)
      cursor.skip(to: skipTo)
      while let hit = cursor.next() { found.append([hit.start, hit.anchor]) }
      let expected = Array(all.prefix(before)) + all.dropFirst(before).filter { $0[0] >= skipTo }
      #expect(found == expected, "seed \(seed), case \(run)")
      if found != expected { break }
    }
  }

  // MARK: UTF-8

  static func isValidUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid: continue
      case .error: return false
      case .emptyInput: return true
      }
    }
  }

  @Test func theUTF8CheckAgreesWithTheStandardLibrarysDecoder() {
    let seed = (try? PropertySeed.current.get()) ?? 22
    var rng = SplitMix64(seed: seed)
    // Lead bytes of every length, the edges of their second byte's range, and plenty of ASCII
    // so that the sixteen-byte steps are taken.
    let pieces: [[UInt8]] = [
      Array("plain text ".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), Array("東".utf8),
      [0x0A], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xDF, 0xBF], [0xE0, 0x9F, 0x80],
      [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF],
      [0xF0, 0x8F, 0x80, 0x80], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE2, 0x80], [0xF0, 0x9F, 0x98],
      Array(repeating: UInt8(ascii: "a"), count: 17),
    ]
    for run in 0..<3_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &rng) {
        bytes += pieces.randomElement(using: &rng) ?? []
      }
      let expected = Self.isValidUTF8(bytes[...])
      let found = firstInvalidUTF8(in: bytes, from: 0, before: bytes.count)
      #expect((found == nil) == expected, "seed \(seed), case \(run): \(bytes)")
      if let found {
        // The bytes before it are valid, and it starts a sequence that is not.
        #expect(Self.isValidUTF8(bytes[..<found]), "seed \(seed), case \(run): \(bytes)")
      }
      // Line by line, as the stream blanks them.
      var blanked = bytes
      let invalid = ErrorStream.blankInvalidLines(&blanked, count: blanked.count)
      let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
      #expect(invalid == lines.filter { !Self.isValidUTF8($0) }.count, "seed \(seed), case \(run)")
      let expectedLines = lines.map {
        Self.isValidUTF8($0) ? Array($0) : Array(repeating: UInt8(0x20), count: $0.count)
      }
      #expect(
        blanked == Array(expectedLines.joined(separator: [0x0A])), "seed \(seed), case \(run)")
    }
  }
}
