/// A table's entries in resolution order and how a state finds its winner.
///
/// A plain value whose one allocation is the entries' array: a table copies on write like any
/// array, and a new value for an existing selector is written in place. How a state finds its
/// winning entry (the position of the entry, the entry count when none matches) depends on the
/// selectors only, so it is worked out again when an entry is added or removed or the order
/// changes, never when a value changes:
///
/// - a table of at most 15 entries whose relevant bits gather into 4 slot bits keeps the winner
///   of each of its 16 slots in one word, four bits a slot, inline: no allocation;
/// - a larger table, from `scanLimit` entries on, keeps a `_StateIndex` of its own;
/// - any other table (bits that do not gather, a few entries over many bits) scans its
///   entries, best first.
@usableFromInline
struct _TableStorage<Value> {
  @usableFromInline typealias Entry = StateTable<Value>.Entry

  /// How a state finds its winning entry.
  @usableFromInline
  enum Winners {
    /// The winner of every slot, four bits a slot, in one word.
    case packed(multiplier: UInt, shift: UInt, codes: UInt64)
    /// An index of its own, for tables too large to pack.
    case indexed(_StateIndex)
    /// A walk of the entries, best first.
    case scan
  }

  /// The entries, best first; only values change in place.
  @usableFromInline var entries: [Entry]
  /// The precedence that ranks most-specific entries.
  @usableFromInline private(set) var precedence: StatePrecedence
  /// Whether the entries are in the order they were given (the first match wins) rather than
  /// ranked by specificity and precedence.
  @usableFromInline private(set) var isFirstMatch: Bool
  /// The bits some selector mentions.
  @usableFromInline private(set) var relevant: UInt
  /// How a state finds its winner.
  @usableFromInline private(set) var winners: Winners

  /// Tables of fewer entries than this that cannot pack their winners scan: a scan of three
  /// selectors costs about what reading a slot of an index costs.
  @usableFromInline static var scanLimit: Int { 4 }
  /// The most entries whose positions, and the entry count for no match, fit in four bits.
  @usableFromInline static var packedEntryLimit: Int { 15 }
  /// The most slot bits whose four-bit winners fit in one word.
  @usableFromInline static var packedSlotBits: Int { 4 }

  /// Storage for entries already in resolution order.
  @inlinable
  init(_ entries: [Entry], precedence: StatePrecedence, firstMatch: Bool = false) {
    self.entries = entries
    self.precedence = precedence
    isFirstMatch = firstMatch
    relevant = 0
    winners = .scan
    reindex()
  }

  /// Computes `relevant` and how states find their winner from the selectors.
  @inlinable
  mutating func reindex() {
    // The selectors alone, so that the walks below, 2^bits of them, run on plain words even
    // where the table's value type is not known at compile time.
    let selectors = entries.map { $0.selector }
    relevant = selectors.reduce(0) { $0 | $1.mentioned }
    let count = selectors.count
    let gather: (multiplier: UInt, bits: Int)? =
      relevant == 0 ? (0, 0) : _StateIndex.gather(relevant, maximumBits: Self.packedSlotBits)
    if count <= Self.packedEntryLimit, let (multiplier, bits) = gather {
      let shift = UInt(UInt.bitWidth - bits)
      let relevant = relevant
      let codes = selectors.withUnsafeBufferPointer { selectors in
        var codes: UInt64 = 0
        var subset: UInt = 0
        repeat {
          let slot = (subset &* multiplier) &>> shift
          codes |= UInt64(selectors._firstMatch(subset)) &<< (slot &<< 2)
          subset = (subset &- relevant) & relevant
        } while subset != 0
        return codes
      }
      winners = .packed(multiplier: multiplier, shift: shift, codes: codes)
      return
    }
    guard count >= Self.scanLimit, count < Int(UInt16.max) else {
      winners = .scan
      return
    }
    let relevant = relevant
    winners =
      selectors.withUnsafeBufferPointer { selectors in
        _StateIndex(relevant: relevant) { state in
          UInt16(truncatingIfNeeded: selectors._firstMatch(state))
        }
      }.map(Winners.indexed) ?? .scan
  }

  /// The position of the first entry, best first, whose selector matches `state`: the winner;
  /// the number of entries when none matches.
  @inlinable
  static func firstMatch(_ entries: [Entry], state: UInt) -> Int {
    var position = 0
    while position < entries.count,
      !entries[position].selector.matches(ControlState(rawValue: state))
    {
      position += 1
    }
    return position
  }

  /// Entries of distinct selectors, best first by a precedence: each selector ranked once, then
  /// the positions sorted by rank, which gives the order `outranks` gives (a strict total order
  /// on distinct selectors) without ranking both selectors at every comparison. A few entries
  /// are sorted by `outranks` itself, which works out only the parts a comparison needs.
  @inlinable
  static func ranked(_ entries: [Entry], by precedence: StatePrecedence) -> [Entry] {
    guard entries.count > 16 else {
      return entries.sorted { precedence.outranks($0.selector, $1.selector) }
    }
    let ranks = entries.map { precedence._rank($0.selector) }
    var order = Array(entries.indices)
    order.sort { ranks[$0].outranks(ranks[$1]) }
    return order.map { entries[$0] }
  }

  /// The number of entries.
  @inlinable
  var count: Int { entries.count }

  /// The position of the entry for exactly `selector`, or `nil`.
  @inlinable
  func position(of selector: StateSelector) -> Int? {
    entries.firstIndex { $0.selector == selector }
  }

  /// The value stored for exactly `selector`.
  @inlinable
  func value(for selector: StateSelector) -> Value? {
    position(of: selector).map { entries[$0].value }
  }

  /// The entries in the order of another precedence; a first-match table keeps its order.
  @inlinable
  mutating func reorder(by precedence: StatePrecedence) {
    self.precedence = precedence
    guard !isFirstMatch else { return }
    self = Self(Self.ranked(entries, by: precedence), precedence: precedence)
  }

  /// Adds an entry for a selector the table does not have: in its place by rank, or first in a
  /// first-match table, where an entry added later overrides the ones given before.
  @inlinable
  mutating func insert(_ entry: Entry) {
    var position = 0
    if !isFirstMatch {
      while position < entries.count,
        !precedence.outranks(entry.selector, entries[position].selector)
      {
        position += 1
      }
    }
    entries.insert(entry, at: position)
    reindex()
  }

  /// Removes the entry at a position.
  @inlinable
  mutating func remove(at position: Int) {
    entries.remove(at: position)
    reindex()
  }

  /// The value of the winning entry for a state, passed to `found`, or `missing()` when no entry
  /// matches.
  @inlinable
  func resolve<Result>(
    _ state: UInt, found: (Value) -> Result, missing: () -> Result
  ) -> Result {
    let position = winner(state)
    return position < entries.count ? found(entries[position].value) : missing()
  }

  /// The position of the winning entry for a state; the entry count when none matches.
  @inlinable
  func winner(_ state: UInt) -> Int {
    switch winners {
    case .packed(let multiplier, let shift, let codes):
      let slot = ((state & relevant) &* multiplier) &>> shift
      return Int(truncatingIfNeeded: (codes &>> (UInt64(truncatingIfNeeded: slot) &<< 2)) & 0xF)
    case .indexed(let index):
      return index.code(state)
    case .scan:
      return Self.firstMatch(entries, state: state)
    }
  }
}

extension _TableStorage: Sendable where Value: Sendable {}
extension _TableStorage.Winners: Sendable {}

extension UnsafeBufferPointer<StateSelector> {
  /// The position of the first selector that matches `state`; the count when none does.
  ///
  /// The index walks call this once for each of up to 2^12 states, so it is a plain loop over
  /// the selectors' memory: no closure, no generic collection algorithm, which a build without
  /// optimization would call through for every selector of every state.
  @usableFromInline
  func _firstMatch(_ state: UInt) -> Int {
    let count = self.count
    guard let selectors = baseAddress else { return count }
    var position = 0
    while position < count {
      let required = selectors[position].required.rawValue
      if state & required == required && state & selectors[position].excluded.rawValue == 0 {
        return position
      }
      position += 1
    }
    return count
  }
}

extension StateSelector {
  /// The bits the selector requires or excludes.
  @inlinable
  var mentioned: UInt { required.rawValue | excluded.rawValue }
}
