/// A table's entries in resolution order and the index that resolves states.
///
/// A plain value: the selectors and values are arrays, so a table copies on write like any
/// array, and a new value for an existing selector is written in place. The index stores, for
/// every combination of the relevant bits, the position of the winning entry (the entry count
/// when none matches); it depends on the selectors only, so it is rebuilt when an entry is added
/// or removed or the order changes, never when a value changes.
///
/// Tables of a few entries, more than 65,534 entries, or whose bits do not gather into the
/// index's slots have no index and scan their entries, best first.
@usableFromInline
struct _TableStorage<Value> {
  @usableFromInline typealias Entry = StateTable<Value>.Entry

  /// The selectors, best first.
  @usableFromInline private(set) var selectors: [StateSelector]
  /// The values, in the order of the selectors.
  @usableFromInline var values: [Value]
  /// The precedence that ranks most-specific entries.
  @usableFromInline private(set) var precedence: StatePrecedence
  /// Whether the entries are in the order they were given (the first match wins) rather than
  /// ranked by specificity and precedence.
  @usableFromInline private(set) var isFirstMatch: Bool
  /// The bits some selector mentions.
  @usableFromInline private(set) var relevant: UInt
  /// The winner of every state, or `nil` when the table scans.
  @usableFromInline private(set) var index: _StateIndex?

  /// Tables with fewer entries than this scan: a scan of three selectors costs about what
  /// reading a slot costs.
  static var scanLimit: Int { 4 }

  /// Storage for entries already in resolution order.
  @inlinable
  init(_ entries: [Entry], precedence: StatePrecedence, firstMatch: Bool = false) {
    selectors = entries.map { $0.selector }
    values = entries.map { $0.value }
    self.precedence = precedence
    isFirstMatch = firstMatch
    relevant = 0
    index = nil
    reindex()
  }

  /// Computes `relevant` and the index from the selectors.
  @usableFromInline
  mutating func reindex() {
    relevant = selectors.reduce(0) { $0 | $1.mentioned }
    let count = selectors.count
    guard count >= Self.scanLimit, count < Int(UInt16.max) else {
      index = nil
      return
    }
    index = _StateIndex(relevant: relevant) { [selectors] state in
      UInt16(truncatingIfNeeded: Self.firstMatch(selectors, state: state))
    }
  }

  /// The position of the first selector, best first, that matches `state`: the winner; the
  /// number of selectors when none matches.
  @inlinable
  static func firstMatch(_ selectors: [StateSelector], state: UInt) -> Int {
    var position = 0
    while position < selectors.count, !selectors[position].matches(ControlState(rawValue: state)) {
      position += 1
    }
    return position
  }

  /// The entries, best first.
  @inlinable
  var entries: [Entry] {
    zip(selectors, values).map { Entry(selector: $0, value: $1) }
  }

  /// The number of entries.
  @inlinable
  var count: Int { selectors.count }

  /// The position of the entry for exactly `selector`, or `nil`.
  @inlinable
  func position(of selector: StateSelector) -> Int? {
    selectors.firstIndex(of: selector)
  }

  /// The value stored for exactly `selector`.
  @inlinable
  func value(for selector: StateSelector) -> Value? {
    position(of: selector).map { values[$0] }
  }

  /// The entries in the order of another precedence; a first-match table keeps its order.
  @usableFromInline
  mutating func reorder(by precedence: StatePrecedence) {
    self.precedence = precedence
    guard !isFirstMatch else { return }
    var entries = self.entries
    entries.sort { precedence.outranks($0.selector, $1.selector) }
    self = Self(entries, precedence: precedence)
  }

  /// Adds an entry for a selector the table does not have: in its place by rank, or first in a
  /// first-match table, where an entry added later overrides the ones given before.
  @usableFromInline
  mutating func insert(_ entry: Entry) {
    var position = 0
    if !isFirstMatch {
      position = 0
      while position < selectors.count, !precedence.outranks(entry.selector, selectors[position]) {
        position += 1
      }
    }
    selectors.insert(entry.selector, at: position)
    values.insert(entry.value, at: position)
    reindex()
  }

  /// Removes the entry at a position.
  @usableFromInline
  mutating func remove(at position: Int) {
    selectors.remove(at: position)
    values.remove(at: position)
    reindex()
  }

  /// The value of the winning entry for a state, passed to `found`, or `missing()` when no entry
  /// matches.
  @inlinable
  func resolve<Result>(
    _ state: UInt, found: (Value) -> Result, missing: () -> Result
  ) -> Result {
    let position = winner(state)
    return position < values.count ? found(values[position]) : missing()
  }

  /// The position of the winning entry for a state; the entry count when none matches.
  @inlinable
  func winner(_ state: UInt) -> Int {
    index?.code(state) ?? Self.firstMatch(selectors, state: state)
  }
}

extension _TableStorage: Sendable where Value: Sendable {}

extension StateSelector {
  /// The bits the selector requires or excludes.
  @inlinable
  var mentioned: UInt { required.rawValue | excluded.rawValue }
}
