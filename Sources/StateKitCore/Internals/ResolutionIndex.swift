/// How a table's slot index is laid out: the precomputed answer of ``StateTable/resolve(_:)``
/// for every state.
///
/// Which entry wins depends only on the bits that some selector mentions (the relevant bits).
/// The index sends those bits with one multiply and one shift to a slot that holds the winner's
/// position, or 255 when nothing matches. The multiplier is computed, not searched: it gathers
/// the relevant bits into the top bits of the product, either as one run (the span from the
/// lowest to the highest relevant bit) or as two runs split at the widest gap, which is exact
/// when the gap is at least as wide as each run. A table of system states and a few application
/// bits takes two runs: 2^(4 + 2) slots at most for the four system bits and two custom ones.
///
/// Only when no gather fits in 2^10 slots does the index try sparse multipliers from a fixed
/// seed (for at most 64 relevant states, into at most 16 slots); failing that, or with 254
/// entries or more, the table is scanned: its one slot holds `scanCode`.
///
/// Codes below 254 are positions, so resolution takes one comparison with a constant on its
/// fast path; 254 (scan) and 255 (no match) take the slow one.
@usableFromInline
struct _ResolutionIndex {
  /// The code of a slot whose states must scan the entries.
  @usableFromInline static let scanCode: UInt8 = 254
  /// The code of a slot whose states match no entry.
  @usableFromInline static let noMatchCode: UInt8 = 255

  /// At most 2^10 slots.
  @usableFromInline static let maximumSlotBits = 10
  /// At most 2^4 slots when the multiplier is searched.
  @usableFromInline static let searchedSlotBits = 4
  /// Seeded multipliers tried per slot count when the multiplier is searched.
  static let seededTries = 256

  /// The multiplier of the hash.
  @usableFromInline var multiplier: UInt
  /// The number of slot bits: the slot is the top `slotBits` bits of the product.
  @usableFromInline var slotBits: Int
  /// Whether the multiplier must be searched once the entries are known (see `search`).
  @usableFromInline var searches: Bool
  /// Whether the table is scanned instead.
  @usableFromInline var scans: Bool

  /// The number of slot bytes to reserve.
  @usableFromInline var codeCount: Int {
    searches ? 1 << Self.searchedSlotBits : 1 << slotBits
  }

  /// Plans the index of a table with `count` entries whose selectors mention `relevant`.
  @usableFromInline init(relevant: UInt, count: Int) {
    (multiplier, slotBits, searches, scans) = (0, 0, false, false)
    guard count < Int(Self.scanCode) else {
      scans = true
      return
    }
    if relevant == 0 { return }
    if let gather = Self.gather(relevant) {
      (multiplier, slotBits) = gather
    } else if relevant.nonzeroBitCount <= 6 {
      searches = true
    } else {
      scans = true
    }
  }

  /// A multiplier that moves the relevant bits, as one run or as two runs split at the widest
  /// gap, into the top bits of the product without the partial products mixing; with the
  /// number of slot bits.
  ///
  /// For two runs `a` (low) and `b` (high), the product holds `a` and `b` side by side in the top
  /// bits; `b`'s copy that `a`'s factor makes falls off the top, and `a`'s copy that `b`'s factor
  /// makes stays below the slot bits because the gap is at least as wide as `a`.
  static func gather(_ relevant: UInt, maximumBits: Int = maximumSlotBits) -> (
    multiplier: UInt, bits: Int
  )? {
    let width = UInt.bitWidth
    let low = relevant.trailingZeroBitCount
    let high = width - 1 - relevant.leadingZeroBitCount
    if high - low < maximumBits {
      let bits = high - low + 1
      return (1 << UInt(width - bits - low), bits)
    }
    // The widest gap between two relevant bits.
    var (gapStart, gapLength) = (low, 0)
    var rest = relevant & (relevant &- 1)
    var bit = low
    while rest != 0 {
      let next = rest.trailingZeroBitCount
      if next - bit - 1 > gapLength { (gapStart, gapLength) = (bit + 1, next - bit - 1) }
      bit = next
      rest &= rest &- 1
    }
    let length0 = gapStart - low
    let low1 = gapStart + gapLength
    let length1 = high - low1 + 1
    let bits = length0 + length1
    guard bits <= maximumBits, gapLength >= length0, gapLength >= length1 else { return nil }
    return (1 << UInt(width - bits - low) | 1 << UInt(width - bits + length0 - low1), bits)
  }

  /// Writes the winner of every relevant state into its slot: `winner` gives a position, or
  /// `noMatchCode` when no entry matches; slots no state reaches hold `noMatchCode` too.
  @inlinable
  static func fill(
    _ codes: UnsafeMutablePointer<UInt8>, bits: Int, multiplier: UInt, relevant: UInt,
    winner: (UInt) -> Int
  ) {
    codes.initialize(repeating: noMatchCode, count: 1 << bits)
    let shift = UInt(UInt.bitWidth - bits)
    // Every subset of the relevant bits, by the classic subset walk.
    var subset: UInt = 0
    repeat {
      codes[Int(truncatingIfNeeded: (subset &* multiplier) &>> shift)] = UInt8(
        truncatingIfNeeded: winner(subset))
      subset = (subset &- relevant) & relevant
    } while subset != 0
  }

  /// Searches a seeded multiplier that sends states with different winners to different slots,
  /// with as few slots as possible, and writes the slots; `nil` when none fits in
  /// 2^`maximumBits` slots (16 by default; `codes` has room for that many).
  @usableFromInline static func search(
    _ codes: UnsafeMutablePointer<UInt8>, relevant: UInt,
    maximumBits: Int = searchedSlotBits, winner: (UInt) -> Int
  ) -> (multiplier: UInt, bits: Int)? {
    var states: [UInt] = []
    var subset: UInt = 0
    repeat {
      states.append(subset)
      subset = (subset &- relevant) & relevant
    } while subset != 0
    let winners = states.map { UInt8(truncatingIfNeeded: winner($0)) }
    let distinct = Set(winners).count
    let fewest = UInt.bitWidth - UInt(max(distinct - 1, 0)).leadingZeroBitCount
    guard fewest <= maximumBits else { return nil }
    let empty = UInt16.max
    var slots = [UInt16](repeating: empty, count: 1 << maximumBits)
    for bits in fewest...maximumBits {
      let shift = UInt(UInt.bitWidth - bits)
      candidates: for multiplier in seeded {
        for index in 0..<(1 << bits) { slots[index] = empty }
        for (state, winner) in zip(states, winners) {
          let slot = Int(truncatingIfNeeded: (state &* multiplier) &>> shift)
          if slots[slot] == empty {
            slots[slot] = UInt16(winner)
          } else if slots[slot] != UInt16(winner) {
            continue candidates
          }
        }
        for index in 0..<(1 << bits) {
          codes[index] = slots[index] == empty ? noMatchCode : UInt8(slots[index])
        }
        return (multiplier, bits)
      }
    }
    return nil
  }

  /// Sparse multipliers from a fixed seed (SplitMix64's steps, inlined), so the same entries
  /// always give the same index.
  static let seeded: [UInt] = {
    var state: UInt64 = 0x5EED
    func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    return (0..<seededTries).map { _ in UInt(truncatingIfNeeded: next() & next() & next()) | 1 }
  }()
}
