/// Transitions for changes of state, keyed by a selector of the state entered and a selector of
/// the state left, and resolved as a ``StateTable`` resolves values.
///
/// Set the transitions that differ; every change finds the best entry:
///
///     var transitions = TransitionTable()
///     transitions[to: .highlighted] = Transition(milliseconds: 60, curve: .easeOut)
///     transitions[from: .highlighted, to: .normal] = Transition(milliseconds: 250)
///     transitions[to: .disabled] = .snap
///
///     transitions.resolve(from: .normal, to: .highlighted)?.description   // "60 ms ease-out"
///     transitions.resolve(from: .highlighted, to: .normal)?.duration      // 250
///     transitions.resolve(from: .highlighted, to: [.highlighted, .disabled]) == .snap  // true
///     transitions.resolve(from: .normal, to: .selected)                   // nil: no entry applies
///
/// The rule is the one values follow, applied to the state entered first: among the entries
/// whose `to` selector matches the new state, the best by ``StatePrecedence`` (dominant
/// states, then specificity, then the order) wins, if its `from` selectors have one that
/// matches the old state, the best of those; otherwise the next best `to` selector with one.
/// So `to: disabled` beats `from: highlighted` when a pressed button is disabled, and an
/// entry for a specific pair (`from: highlighted, to: normal`) beats one for the state entered
/// alone (`to: normal`). ``explain(_:catalog:)`` says which entry won and why.
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
    ///
    ///     let entry = TransitionTable.Entry(from: StateSelector(.selected), to: StateSelector(.normal), transition: .snap)
    ///     entry.from == StateSelector(.selected)  // true
    public let from: StateSelector
    /// The states the control enters.
    ///
    ///     let entry = TransitionTable.Entry(from: StateSelector(.selected), to: StateSelector(.normal), transition: .snap)
    ///     entry.to == StateSelector(.normal)  // true
    public let to: StateSelector
    /// The transition.
    ///
    ///     TransitionTable.Entry(from: StateSelector(.normal), to: StateSelector(.disabled), transition: .snap).transition  // .snap
    public var transition: Transition

    /// Creates an entry.
    ///
    ///     let press = TransitionTable.Entry(
    ///         from: StateSelector(.normal), to: StateSelector(.highlighted),
    ///         transition: Transition(milliseconds: 60))
    ///
    /// - Parameters:
    ///   - from: The states left.
    ///   - to: The states entered.
    ///   - transition: The transition.
    public init(from: StateSelector, to: StateSelector, transition: Transition) {
      (self.from, self.to, self.transition) = (from, to, transition)
    }

    /// `from -> to: transition`, with the system names.
    ///
    ///     TransitionTable.Entry(from: StateSelector(.normal), to: StateSelector(.disabled), transition: .snap).description  // "normal -> disabled: snap"
    public var description: String { "\(from) -> \(to): \(transition)" }
  }

  /// By the selector of the state entered, a table by the selector of the state left; every
  /// table has the same precedence.
  var _byEntered: StateTable<StateTable<Transition>>

  /// Creates an empty table, which resolves every change to `nil`.
  ///
  ///     TransitionTable().resolve(from: .normal, to: .disabled)  // nil
  ///
  /// - Parameter precedence: The dominant states and the order that breaks ties between
  ///   equally specific selectors; standard by default.
  public init(precedence: StatePrecedence = .standard) {
    _byEntered = StateTable(precedence: precedence)
  }

  /// Creates a table from entries; a later entry for the same pair of selectors replaces an
  /// earlier one.
  ///
  ///     let table = TransitionTable([
  ///         .init(from: StateSelector(.normal), to: StateSelector(.disabled), transition: .snap),
  ///     ])
  ///     table.count  // 1
  ///
  /// - Parameters:
  ///   - entries: The entries.
  ///   - precedence: The dominant states and the order that breaks ties; standard by default.
  public init(_ entries: some Sequence<Entry>, precedence: StatePrecedence = .standard) {
    self.init(precedence: precedence)
    for entry in entries { self[from: entry.from, to: entry.to] = entry.transition }
  }

  /// The dominant states and the order that breaks ties; setting it reorders every entry.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .disabled] = .snap
  ///     table[to: .selected] = Transition(milliseconds: 100)
  ///     table.resolve(from: .normal, to: [.selected, .disabled]) == .snap  // true
  ///     table.precedence = StatePrecedence([.selected])
  ///     table.resolve(from: .normal, to: [.selected, .disabled])?.duration  // 100
  public var precedence: StatePrecedence {
    get { _byEntered.precedence }
    set {
      guard newValue != precedence else { return }
      _byEntered = StateTable(
        _byEntered.entries.map { entry in
          var inner = entry.value
          inner.precedence = newValue
          return (entry.selector, inner)
        }, precedence: newValue)
    }
  }

  /// The transition stored for exactly these selectors; setting `nil` removes it.
  ///
  ///     var table = TransitionTable()
  ///     table[from: StateSelector(.highlighted), to: StateSelector(.selected, unless: .disabled)] = .snap
  ///     table.count  // 1
  ///
  /// - Parameters:
  ///   - from: The selector of the states left; every state by default.
  ///   - to: The selector of the states entered; every state by default.
  public subscript(
    from from: StateSelector = StateSelector(.normal), to to: StateSelector = StateSelector(.normal)
  ) -> Transition? {
    get { _byEntered[to]?[from] }
    set {
      var left = _byEntered[to] ?? StateTable(precedence: precedence)
      left[from] = newValue
      _byEntered[to] = left.isEmpty ? nil : left
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

  /// The entries, in the order resolution considers them: by the selector entered, best
  /// first, then by the selector left, best first.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .highlighted] = Transition(milliseconds: 60)
  ///     table[from: .highlighted, to: .normal] = Transition(milliseconds: 250)
  ///     table.entries.map(\.transition.duration)  // [60, 250]
  public var entries: [Entry] {
    _byEntered.entries.flatMap { entered in
      entered.value.entries.map {
        Entry(from: $0.selector, to: entered.selector, transition: $0.value)
      }
    }
  }

  /// The number of entries.
  ///
  ///     TransitionTable().count  // 0
  public var count: Int {
    _byEntered.entries.reduce(0) { $0 + $1.value.count }
  }

  /// Whether the table has no entries.
  ///
  ///     TransitionTable().isEmpty  // true
  public var isEmpty: Bool { _byEntered.isEmpty }

  /// The states that some entry's selectors mention, left or entered: changes that agree on
  /// them resolve to the same transition.
  ///
  ///     var table = TransitionTable()
  ///     table[from: .highlighted, to: .normal] = Transition(milliseconds: 250)
  ///     table[to: .disabled] = .snap
  ///     table.relevantStates == [.highlighted, .disabled]  // true
  public var relevantStates: ControlState {
    _byEntered.entries.reduce(_byEntered.relevantStates) { $0.union($1.value.relevantStates) }
  }

  /// The transition for a change of state: the entry chosen by the rule above, or `nil` when
  /// no entry matches.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .disabled] = .snap
  ///     table.resolve(StateChange(old: .highlighted, new: .disabled)) == .snap  // true
  ///
  /// - Parameter change: The states left and entered.
  /// - Returns: The winning entry's transition, or `nil`.
  /// - Complexity: O(1) to find the best selector entered (the index of a ``StateTable``), then
  ///   O(*n*) over the entries that match it when it has no entry for the state left.
  public func resolve(_ change: StateChange) -> Transition? {
    _winner(change).map { _byEntered._storage.values[$0.entered]._storage.values[$0.left] }
  }

  /// The transition for a change from one state to another; see ``resolve(_:)``.
  ///
  ///     var table = TransitionTable()
  ///     table[from: .highlighted] = Transition(milliseconds: 200)
  ///     table.resolve(from: [.highlighted, .selected], to: .selected)?.duration  // 200
  ///
  /// - Parameters:
  ///   - old: The state left.
  ///   - new: The state entered.
  /// - Returns: The winning entry's transition, or `nil`.
  public func resolve(from old: ControlState, to new: ControlState) -> Transition? {
    resolve(StateChange(old: old, new: new))
  }

  /// The winning entry's positions: in the entered selectors, and in that selector's table of
  /// left selectors; `nil` when no entry matches. The entered tables are ranked best first, so
  /// the first one after the index's winner that matches and has a match for the state left
  /// wins.
  func _winner(_ change: StateChange) -> (entered: Int, left: Int)? {
    let entered = _byEntered._storage
    var position = entered.winner(change.new.rawValue)
    while position < entered.count {
      if entered.selectors[position].matches(change.new) {
        let left = entered.values[position]._storage
        let winner = left.winner(change.old.rawValue)
        if winner < left.count { return (position, winner) }
      }
      position += 1
    }
    return nil
  }

  /// Returns this table with another table's entries laid over it: the other's transition wins
  /// where both have the same pair of selectors.
  ///
  ///     var theme = TransitionTable(), widget = TransitionTable()
  ///     theme[to: .highlighted] = Transition(milliseconds: 60)
  ///     widget[to: .highlighted] = .snap
  ///     theme.overlaid(with: widget).resolve(from: .normal, to: .highlighted) == .snap  // true
  ///
  /// - Parameter overrides: The entries that take precedence.
  /// - Returns: The merged table, with this table's precedence.
  public func overlaid(with overrides: TransitionTable) -> TransitionTable {
    var result = self
    for entry in overrides.entries { result[from: entry.from, to: entry.to] = entry.transition }
    return result
  }

  /// The entries as `[from -> to: transition, …]`, in resolution order.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .disabled] = .snap
  ///     table.description  // "[normal -> disabled: snap]"
  public var description: String {
    "[" + entries.map(\.description).joined(separator: ", ") + "]"
  }
}
