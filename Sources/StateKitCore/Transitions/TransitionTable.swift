/// Transitions for changes of state, keyed by a selector of the state left and a selector of
/// the state entered, and resolved as a ``StateTable`` resolves values.
///
/// Set the transitions that differ; every change finds the best entry:
///
///     var transitions = TransitionTable()
///     transitions[to: .highlighted] = Transition(milliseconds: 60, curve: .easeOut)
///     transitions[from: .highlighted, to: .normal] = Transition(milliseconds: 250)
///     transitions[to: .disabled] = .snap
///
///     transitions.resolve(StateChange(old: .normal, new: .highlighted))?.description                // "60 ms ease-out"
///     transitions.resolve(StateChange(old: .highlighted, new: .normal))?.duration                   // 250
///     transitions.resolve(StateChange(old: .highlighted, new: [.highlighted, .disabled])) == .snap  // true
///     transitions.resolve(StateChange(old: .normal, new: .selected))                                // nil: no entry applies
///
/// The rule is the one values follow, over the states both selectors of an entry name: among
/// the entries whose `from` selector matches the old state and whose `to` selector matches the
/// new one, an entry that requires a dominant state wins (``StatePrecedence/dominant``), then
/// the most specific (the states its two selectors mention, counted together), then the entry
/// whose required states come first in the precedence order, comparing the states both
/// selectors require, then the state entered's, then the state left's. So `to: disabled` beats
/// `from: highlighted` when a pressed button is disabled (disabled comes first), `from:
/// highlighted` beats `to: focused` when a focused button is released, and an entry for a pair
/// (`from: highlighted, to: selected`) beats one for either state alone.
/// ``explain(_:catalog:)`` says which entry won and why.
///
/// A selector of ``ControlState/normal`` matches every state: `[to: .disabled]` is "from any
/// state to a disabled one". A table is a plain value: equal tables have the same entries and
/// precedence, whatever order they were set in.
public struct TransitionTable: Hashable, Sendable, CustomStringConvertible {
  /// An entry: the selectors of the states left and entered, and the transition.
  ///
  ///     let entry = TransitionTable.Entry(from: StateSelector(.highlighted), to: StateSelector(.normal), transition: .snap)
  ///     entry.description  // "highlighted -> normal: snap"
  public struct Entry: Hashable, Sendable, CustomStringConvertible {
    /// The states the control leaves.
    public let from: StateSelector
    /// The states the control enters.
    public let to: StateSelector
    /// The transition.
    public var transition: Transition

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - from: The states left.
    ///   - to: The states entered.
    ///   - transition: The transition.
    public init(from: StateSelector, to: StateSelector, transition: Transition) {
      (self.from, self.to, self.transition) = (from, to, transition)
    }

    /// Whether the entry applies to a change: its `from` selector matches the state left and
    /// its `to` selector the state entered.
    ///
    /// - Parameter change: The states left and entered.
    func matches(_ change: StateChange) -> Bool {
      from.matches(change.old) && to.matches(change.new)
    }

    /// `from -> to: transition`, with the system names.
    public var description: String { "\(from) -> \(to): \(transition)" }
  }

  /// The entries, best first.
  private var ranked: [Entry] = []

  /// The dominant states and the order that breaks ties; setting it reorders every entry.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .disabled] = .snap
  ///     table[to: .selected] = Transition(milliseconds: 100)
  ///     table.resolve(StateChange(old: .normal, new: [.selected, .disabled])) == .snap  // true
  ///     table.precedence = StatePrecedence([.selected])
  ///     table.resolve(StateChange(old: .normal, new: [.selected, .disabled]))?.duration  // 100
  public var precedence: StatePrecedence {
    didSet {
      if precedence != oldValue { ranked = Self.ranked(ranked, by: precedence) }
    }
  }

  /// Creates a table from entries, or an empty one, which resolves every change to `nil`; a
  /// later entry for the same pair of selectors replaces an earlier one.
  ///
  ///     TransitionTable().entries.isEmpty  // true
  ///     TransitionTable(precedence: StatePrecedence([.selected])).precedence == StatePrecedence([.selected])  // true
  ///
  /// - Parameters:
  ///   - entries: The entries; none by default.
  ///   - precedence: The dominant states and the order that breaks ties between equally
  ///     specific entries; standard by default.
  /// - Complexity: O(*n* log *n*) for *n* entries: one pass to keep the last of each pair, one
  ///   sort.
  public init(_ entries: some Sequence<Entry> = [], precedence: StatePrecedence = .standard) {
    self.precedence = precedence
    var positions: [_Pair: Int] = [:]
    for entry in entries {
      if let position = positions[_Pair(entry)] {
        ranked[position].transition = entry.transition
      } else {
        positions[_Pair(entry)] = ranked.count
        ranked.append(entry)
      }
    }
    ranked = Self.ranked(ranked, by: precedence)
  }

  /// Entries of distinct pairs of selectors, best first by a precedence: each pair ranked once,
  /// then the positions sorted by rank, which gives the order `rank` gives (a strict total
  /// order on distinct pairs) without ranking both pairs at every comparison. A few entries
  /// are sorted by `outranks` itself, which works out only the parts a comparison needs.
  private static func ranked(_ entries: [Entry], by precedence: StatePrecedence) -> [Entry] {
    guard entries.count > 16 else {
      return entries.sorted { precedence.outranks(($0.from, $0.to), ($1.from, $1.to)) }
    }
    let ranks = entries.map { precedence._rank(($0.from, $0.to)) }
    var order = Array(entries.indices)
    order.sort { ranks[$0].outranks(ranks[$1]) }
    return order.map { entries[$0] }
  }

  /// The selectors of an entry, which identify it in its table.
  struct _Pair: Hashable {
    let from: StateSelector
    let to: StateSelector

    init(_ entry: Entry) {
      (from, to) = (entry.from, entry.to)
    }
  }

  /// Whether one entry ranks before another by the precedence. Distinct pairs of selectors
  /// never tie: only an entry for the same two selectors ranks neither before nor after.
  private func rank(_ entry: Entry, _ other: Entry) -> Bool {
    precedence.outranks((entry.from, entry.to), (other.from, other.to))
  }

  /// Whether one entry ranks before another by this table's precedence, for code that ranks
  /// entries of two tables with one precedence without merging them.
  func _outranks(_ entry: Entry, _ other: Entry) -> Bool {
    rank(entry, other)
  }

  /// The winning entry for a change: the first that matches, or `nil`.
  package func _winner(_ change: StateChange) -> Entry? {
    ranked.first { $0.matches(change) }
  }

  /// The transition stored for exactly these selectors; setting `nil` removes it.
  ///
  /// - Parameters:
  ///   - from: The selector of the states left; every state by default.
  ///   - to: The selector of the states entered; every state by default.
  /// - Complexity: O(*n*) in the number of entries; a large table builds faster with
  ///   ``init(_:precedence:)``.
  public subscript(
    from from: StateSelector = StateSelector(.normal), to to: StateSelector = StateSelector(.normal)
  ) -> Transition? {
    get { ranked.first { $0.from == from && $0.to == to }?.transition }
    set {
      let position = ranked.firstIndex { $0.from == from && $0.to == to }
      switch (position, newValue) {
      case (let position?, let transition?): ranked[position].transition = transition
      case (let position?, nil): ranked.remove(at: position)
      case (nil, let transition?):
        let entry = Entry(from: from, to: to, transition: transition)
        ranked.insert(entry, at: ranked.firstIndex { rank(entry, $0) } ?? ranked.count)
      case (nil, nil): break
      }
    }
  }

  /// The transition stored for exactly these states, as plain selectors; setting `nil` removes
  /// it.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .disabled] = .snap                       // from any state to a disabled one
  ///     table[from: .highlighted] = Transition(milliseconds: 200)  // from a pressed one to any
  ///     table[from: .highlighted, to: .selected]           // nil: no entry for exactly that pair
  ///
  /// - Parameters:
  ///   - from: The states left; ``ControlState/normal``, every state, by default.
  ///   - to: The states entered; every state by default.
  public subscript(from from: ControlState = .normal, to to: ControlState = .normal)
    -> Transition?
  {
    get { self[from: StateSelector(from), to: StateSelector(to)] }
    set { self[from: StateSelector(from), to: StateSelector(to)] = newValue }
  }

  /// The entries, in the order resolution considers them, best first. The order does not
  /// depend on the order they were set in.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .focused] = Transition(milliseconds: 60)
  ///     table[from: .highlighted, to: .normal] = Transition(milliseconds: 250)
  ///     table.entries.map(\.transition.duration)  // [250, 60]: highlighted before focused
  public var entries: [Entry] { ranked }

  /// The number of entries.
  var count: Int { ranked.count }

  /// Whether the table has no entries.
  var isEmpty: Bool { ranked.isEmpty }

  /// The states that some entry's selectors mention, left or entered: changes that agree on
  /// them resolve to the same transition.
  public var relevantStates: ControlState {
    ranked.reduce(ControlState()) {
      $0.union($1.from.required).union($1.from.excluded).union($1.to.required)
        .union($1.to.excluded)
    }
  }

  /// The transition for a change of state: the entry chosen by the rule above, or `nil` when
  /// no entry matches.
  ///
  ///     var table = TransitionTable()
  ///     table[from: .highlighted] = Transition(milliseconds: 200)
  ///     table.resolve(StateChange(old: [.highlighted, .selected], new: .selected))?.duration  // 200
  ///
  /// - Parameter change: The states left and entered.
  /// - Returns: The winning entry's transition, or `nil`.
  /// - Complexity: O(*n*) in the number of entries: a walk of the entries, best first, to the
  ///   first that matches.
  public func resolve(_ change: StateChange) -> Transition? {
    _winner(change)?.transition
  }

  /// Returns this table with another table's entries laid over it: the other's transition wins
  /// where both have the same pair of selectors.
  ///
  /// - Parameter overrides: The entries that take precedence.
  /// - Returns: The merged table, with this table's precedence.
  /// - Complexity: O(*n* + *m*) for tables of *n* and *m* entries of one precedence, one merge
  ///   of the two ranked lists; O(*m* log *m*) more to rank `overrides` by this precedence when
  ///   theirs differs.
  public func overlaid(with overrides: TransitionTable) -> TransitionTable {
    guard !overrides.isEmpty else { return self }
    var laid = overrides.ranked
    if overrides.precedence != precedence { laid = Self.ranked(laid, by: precedence) }
    let replaced = Set(laid.lazy.map(_Pair.init))
    var result = TransitionTable(precedence: precedence)
    result.ranked.reserveCapacity(ranked.count + laid.count)
    // Two ranked lists, one ranking: an entry of each goes in order. They never tie, since
    // this table's entries for the pairs `overrides` has are dropped.
    var next = 0
    for entry in ranked where !replaced.contains(_Pair(entry)) {
      while next < laid.count, rank(laid[next], entry) {
        result.ranked.append(laid[next])
        next += 1
      }
      result.ranked.append(entry)
    }
    result.ranked.append(contentsOf: laid[next...])
    return result
  }

  /// The entries as `[from -> to: transition, …]`, in resolution order.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .disabled] = .snap
  ///     table.description  // "[normal -> disabled: snap]"
  public var description: String {
    "[" + entries.map { $0.description }.joined(separator: ", ") + "]"
  }
}
