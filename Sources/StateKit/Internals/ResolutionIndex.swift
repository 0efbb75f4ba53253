/// The precomputed answer of ``StateTable/resolve(_:)`` for every state.
///
/// Which entry wins depends only on the bits that some selector mentions (the relevant bits).
/// The index hashes those bits with one multiply and one shift into a slot that holds the
/// winner's position, or a code past the last entry when nothing matches. The multiplier is
/// chosen when the table changes so that states sharing a slot share a winner: first one that
/// gathers the relevant bits into the top bits (the bits in one run, or two runs far enough
/// apart), then, for the small inline index, numbers from a fixed seed.
///
/// - inline (at most 15 entries; 16 slots; seeded multipliers are tried up to 6 relevant bits): the slots are 4-bit codes packed in one word of the
///   table itself, so a small table needs no extra allocation and resolving is a few
///   instructions without a branch on the state.
/// - wide (fewer than 255 entries, up to 1,024 slots): the slots are bytes in an array.
/// - scan: otherwise the entries, kept best first, are scanned.
@frozen
@usableFromInline
struct _ResolutionIndex: Sendable {
  @usableFromInline
  enum Kind: UInt8, Sendable {
    case inline, wide, scan
  }

  /// Slots of the wide index are at most 2^10.
  static let wideBits = 10
  /// Seeded multipliers tried for the inline index before giving up on it.
  static let inlineMultiplierTries = 256

  @usableFromInline var kind: Kind
  /// The shift that turns the product into a wide slot: `UInt.bitWidth` minus the slot bits.
  @usableFromInline var wideShift: UInt8
  @usableFromInline var relevant: UInt
  @usableFromInline var multiplier: UInt
  @usableFromInline var codes: UInt64
  @usableFromInline var wide: [UInt8]

  /// The index of an empty table: every state resolves to nothing.
  @inlinable
  init() {
    kind = .inline
    wideShift = 0
    relevant = 0
    multiplier = 0
    codes = UInt64.max
    wide = []
  }

  /// Builds the index for selectors given best first.
  @usableFromInline
  init(_ selectors: [StateSelector]) {
    self.init()
    relevant = selectors.reduce(UInt(0)) { $0 | $1.required.rawValue | $1.excluded.rawValue }
    let states = ControlState.combinations(of: ControlState(rawValue: relevant)).prefix(1 << Self.wideBits + 1)
      .map(\.rawValue)
    guard states.count <= 1 << Self.wideBits, selectors.count < Int(UInt8.max) else {
      kind = .scan
      return
    }
    let winners = states.map { state in
      selectors.firstIndex { $0.matches(ControlState(rawValue: state)) } ?? Int(UInt8.max)
    }
    // Seeded multipliers rarely fit many states into 16 slots; past 64 states only the
    // gathering multipliers are tried.
    if selectors.count < 16,
      let (multiplier, slots) = Self.search(states, winners, bits: 4, candidates: Self.gathers(relevant, bits: 4))
        ?? (states.count <= 64 ? Self.search(states, winners, bits: 4, candidates: Self.seeded) : nil)
    {
      self.multiplier = multiplier
      codes = slots.enumerated().reduce(0) { packed, slot in
        packed | UInt64(min(slot.element, 15)) << UInt64(slot.offset * 4)
      }
      return
    }
    for bits in 1...Self.wideBits {
      guard let (multiplier, slots) = Self.search(states, winners, bits: bits, candidates: Self.gathers(relevant, bits: bits))
      else { continue }
      kind = .wide
      self.multiplier = multiplier
      wideShift = UInt8(UInt.bitWidth - bits)
      wide = slots.map { UInt8($0) }
      return
    }
    kind = .scan
  }

  /// The position of the winning entry for a state; a position past the last entry (the code
  /// 15 inline, 255 wide) means no entry matches.
  @inlinable
  func position<Value>(for state: UInt, selectors entries: [StateTable<Value>.Entry]) -> UInt {
    let product = (state & relevant) &* multiplier
    if _fastPath(kind == .inline) {
      // The top four bits of the product, times four: the offset of a 4-bit code.
      let offset = product &>> UInt(UInt.bitWidth - 6) & 0x3C
      return UInt(truncatingIfNeeded: codes &>> UInt64(offset) & 0xF)
    }
    if kind == .wide {
      // The slot is below 2^(bitWidth - wideShift) == wide.count by construction, so the
      // unchecked read stays in bounds.
      let slot = Int(truncatingIfNeeded: product &>> UInt(wideShift))
      return UInt(wide.withUnsafeBufferPointer { $0[slot] })
    }
    return UInt(bitPattern: Self.scan(state, entries))
  }

  /// The position of the first matching entry, for tables too wide to index.
  @usableFromInline
  static func scan<Value>(_ state: UInt, _ entries: [StateTable<Value>.Entry]) -> Int {
    let state = ControlState(rawValue: state)
    return entries.firstIndex { $0.selector.matches(state) } ?? entries.endIndex
  }

  /// Returns the first multiplier that sends states with different winners to different slots,
  /// with the winner of each slot (255 where no state lands or nothing matches).
  static func search(_ states: [UInt], _ winners: [Int], bits: Int, candidates: [UInt]) -> (UInt, [Int])? {
    // A plain index loop: this runs on every change of a table, also in debug builds.
    var slots = [Int](repeating: -1, count: 1 << bits)
    let shift = UInt(UInt.bitWidth - bits)
    candidates: for multiplier in candidates {
      var index = 0
      while index < slots.count {
        slots[index] = -1
        index += 1
      }
      index = 0
      while index < states.count {
        let slot = Int(truncatingIfNeeded: (states[index] &* multiplier) >> shift)
        let winner = winners[index]
        if slots[slot] == -1 {
          slots[slot] = winner
        } else if slots[slot] != winner {
          continue candidates
        }
        index += 1
      }
      return (multiplier, slots.map { $0 == -1 ? Int(UInt8.max) : $0 })
    }
    return nil
  }

  /// Multipliers that move the relevant bits, as one run or as two runs split at the widest gap,
  /// into the top `bits` bits of the product without the partial products mixing.
  static func gathers(_ relevant: UInt, bits: Int) -> [UInt] {
    guard relevant != 0 else { return [0] }
    let width = UInt.bitWidth
    let low = relevant.trailingZeroBitCount
    let high = width - 1 - relevant.leadingZeroBitCount
    // A multiplier can only move bits up: the lowest relevant bit must reach the slot bits.
    guard low <= width - bits else { return [] }
    var result: [UInt] = []
    // One run: shift the lowest relevant bit to the top slot bits.
    if high - low < bits { result.append(1 << UInt(width - bits - low)) }
    // Two runs, split at the widest gap.
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
    var generator = SplitMix64(seed: 0x5EED)
    return (0..<inlineMultiplierTries).map { _ in
      UInt(truncatingIfNeeded: generator.next() & generator.next() & generator.next()) | 1
    }
  }()
}
