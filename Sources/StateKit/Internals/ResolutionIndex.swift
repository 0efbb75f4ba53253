/// The precomputed answer of ``StateTable/resolve(_:)`` for every state.
///
/// Which entry wins depends only on the bits that some selector mentions (the relevant bits).
/// The index hashes those bits with one multiply and one shift into a slot that holds the
/// winner's position, or 255 when nothing matches. The multiplier is chosen when the table
/// changes, with as few slots as possible, so that states sharing a slot share a winner: first
/// multipliers that gather the relevant bits into the top bits (bits in one run, or two runs far
/// enough apart), then, for small tables, sparse numbers from a fixed seed. Tables whose
/// relevant bits need more than 1,024 slots, or with 255 entries or more, are scanned instead.
struct _ResolutionIndex {
  /// At most 2^10 slots.
  static let maximumSlotBits = 10
  /// Seeded multipliers tried per slot count (up to 16 slots) for at most 64 relevant states.
  static let seededTries = 256

  /// The bits some selector mentions; 0 when every state has the same winner.
  var relevant: UInt = 0
  /// The multiplier of the hash.
  var multiplier: UInt = 0
  /// The number of slot bits: the slot is the top `slotBits` bits of the product.
  var slotBits = 0
  /// The winner of each slot (255 for none), or `nil` when the table must be scanned.
  var codes: [UInt8]? = [UInt8.max]

  /// Builds the index for selectors given best first.
  init(_ selectors: [StateSelector]) {
    let relevant = selectors.reduce(UInt(0)) { $0 | $1.required.rawValue | $1.excluded.rawValue }
    let states = ControlState.combinations(of: ControlState(rawValue: relevant))
      .prefix(1 << Self.maximumSlotBits + 1).map(\.rawValue)
    guard states.count <= 1 << Self.maximumSlotBits, selectors.count < Int(UInt8.max) else {
      codes = nil
      return
    }
    let winners = states.map { state in
      UInt8(selectors.firstIndex { $0.matches(ControlState(rawValue: state)) } ?? Int(UInt8.max))
    }
    let distinct = Set(winners).count
    guard distinct > 1 else {
      codes = [winners[0]]
      return
    }
    self.relevant = relevant
    let fewest = UInt.bitWidth - UInt(distinct - 1).leadingZeroBitCount
    // Gathering multipliers first, with as few slots as they allow; then, if that takes more
    // than 16 slots, seeded multipliers, which often fit a small table into 16 or fewer.
    var found: (multiplier: UInt, codes: [UInt8], bits: Int)?
    for bits in fewest...Self.maximumSlotBits {
      if let slots = Self.slots(
        states, winners, bits: bits, candidates: Self.gathers(relevant, bits: bits))
      {
        found = (slots.0, slots.1, bits)
        break
      }
    }
    if found.map({ $0.bits > 4 }) ?? true, states.count <= 64, fewest <= 4 {
      for bits in fewest...4 {
        if let slots = Self.slots(states, winners, bits: bits, candidates: Self.seeded) {
          found = (slots.0, slots.1, bits)
          break
        }
      }
    }
    guard let found else {
      codes = nil
      return
    }
    (multiplier, codes, slotBits) = found
  }

  /// Returns the first multiplier that sends states with different winners to different slots,
  /// with the winner of each slot (255 where no state lands).
  static func slots(_ states: [UInt], _ winners: [UInt8], bits: Int, candidates: [UInt]) -> (
    UInt, [UInt8]
  )? {
    // Plain index loops: this runs on every change of a table, also in debug builds.
    let empty = UInt16.max
    var slots = [UInt16](repeating: empty, count: 1 << bits)
    let shift = UInt(UInt.bitWidth - bits)
    candidates: for multiplier in candidates {
      var index = 0
      while index < slots.count {
        slots[index] = empty
        index += 1
      }
      index = 0
      while index < states.count {
        let slot = Int(truncatingIfNeeded: (states[index] &* multiplier) >> shift)
        let winner = UInt16(winners[index])
        if slots[slot] == empty {
          slots[slot] = winner
        } else if slots[slot] != winner {
          continue candidates
        }
        index += 1
      }
      return (multiplier, slots.map { $0 == empty ? UInt8.max : UInt8($0) })
    }
    return nil
  }

  /// Multipliers that move the relevant bits, as one run or as two runs split at the widest gap,
  /// into the top `bits` bits of the product without the partial products mixing.
  static func gathers(_ relevant: UInt, bits: Int) -> [UInt] {
    let width = UInt.bitWidth
    let low = relevant.trailingZeroBitCount
    let high = width - 1 - relevant.leadingZeroBitCount
    // A multiplier can only move bits up: the lowest relevant bit must reach the slot bits.
    guard relevant != 0, low <= width - bits else { return [] }
    var result: [UInt] = []
    // One run: shift the lowest relevant bit to the lowest slot bit.
    if high - low < bits { result.append(1 << UInt(width - bits - low)) }
    // Two runs, split at the widest gap: each run moves to its own part of the slot bits, and
    // the gap keeps the cross products out of them.
    var gapStart = low
    var gapLength = 0
    var bit = low
    while bit < high {
      var next = bit + 1
      while relevant >> UInt(next) & 1 == 0 { next += 1 }
      if next - bit - 1 > gapLength {
        gapLength = next - bit - 1
        gapStart = bit + 1
      }
      bit = next
    }
    let length0 = gapStart - low
    let low1 = gapStart + gapLength
    let length1 = high - low1 + 1
    if gapLength > 0, length0 + length1 <= bits, gapLength >= length0, gapLength >= length1,
      low1 <= width - bits + length0
    {
      result.append(1 << UInt(width - bits - low) | 1 << UInt(width - bits + length0 - low1))
    }
    return result
  }

  /// Sparse multipliers from a fixed seed, so the same entries always give the same index.
  static let seeded: [UInt] = {
    var generator = _SeededGenerator(seed: 0x5EED)
    return (0..<seededTries).map { _ in
      UInt(truncatingIfNeeded: generator.next() & generator.next() & generator.next()) | 1
    }
  }()
}
