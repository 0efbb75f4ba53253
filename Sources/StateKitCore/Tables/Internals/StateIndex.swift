/// The package's one index over states: for every combination of the bits some selector
/// mentions (the relevant bits), a 16-bit code that the owner gives a meaning to.
///
/// A `StateTable` stores the position of the winning entry (its entry count for no match), a
/// a `StateLookup` of a table the position of a value among the distinct values some state resolves to,
/// and one of a style set the position of a look among the distinct looks.
///
/// Which code a state gets depends only on its relevant bits. The index sends those bits with
/// one multiply and one shift to a slot: the multiplier gathers the relevant bits into the top
/// bits of the product, either as one run (the span from the lowest to the highest relevant bit)
/// or as two runs split at the widest gap, which is exact when the gap is at least as wide as
/// each run. The four system states and the eight application bits gather into 2^12 slots.
/// Bits that do not gather get no index: their owner scans instead.
@usableFromInline
struct _StateIndex: Sendable {
  /// The most slot bits any index takes: the system bits and the application range, gathered.
  @usableFromInline static let maximumSlotBits = 12

  /// One code per slot. Slots that no state reaches hold 0.
  ///
  /// First, so that it overlaps the plain words of a table's packed winners: an enumeration
  /// holding either keeps its tag out of this reference's spare bits, and the reference stays
  /// one that LeakSanitizer (and any scan of memory) recognizes.
  @usableFromInline let codes: [UInt16]
  /// The bits some selector mentions.
  @usableFromInline let relevant: UInt
  /// The multiplier of the hash.
  @usableFromInline let multiplier: UInt
  /// `UInt.bitWidth` minus the number of slot bits.
  @usableFromInline let shift: UInt

  /// Indexes `code`, a function of the relevant bits of a state, over every state; `nil` when
  /// the relevant bits do not gather into 2^`maximumSlotBits` slots. `code` is called once for
  /// each subset of `relevant`, and only when the index is made.
  @usableFromInline
  init?(relevant: UInt, maximumSlotBits: Int = Self.maximumSlotBits, code: (UInt) -> UInt16) {
    var (multiplier, bits): (UInt, Int) = (0, 0)
    if relevant != 0 {
      guard let gather = Self.gather(relevant, maximumBits: maximumSlotBits) else { return nil }
      (multiplier, bits) = gather
    }
    let shift = UInt(UInt.bitWidth - bits)
    var codes = [UInt16](repeating: 0, count: 1 << bits)
    // Every subset of the relevant bits, by the classic subset walk.
    var subset: UInt = 0
    repeat {
      codes[Int(truncatingIfNeeded: (subset &* multiplier) &>> shift)] = code(subset)
      subset = (subset &- relevant) & relevant
    } while subset != 0
    (self.relevant, self.multiplier, self.shift, self.codes) = (relevant, multiplier, shift, codes)
  }

  /// The code of a state: a mask, a multiply, a shift and a load.
  @inlinable @inline(__always)
  func code(_ state: UInt) -> Int {
    // An empty `relevant` has a multiplier of 0 and one slot, which every state reaches; a
    // shift by the full width of the word gives 0 with the masking shift.
    Int(codes[Int(truncatingIfNeeded: ((state & relevant) &* multiplier) &>> shift)])
  }

  /// The number of slots.
  var slotCount: Int { codes.count }

  /// A multiplier that moves the relevant bits, as one run or as two runs split at the widest
  /// gap, into the top bits of the product without the partial products mixing; with the
  /// number of slot bits.
  ///
  /// For two runs `a` (low) and `b` (high), the product holds `a` and `b` side by side in the top
  /// bits; `b`'s copy that `a`'s factor makes falls off the top, and `a`'s copy that `b`'s factor
  /// makes stays below the slot bits because the gap is at least as wide as `a`.
  @usableFromInline
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
}
