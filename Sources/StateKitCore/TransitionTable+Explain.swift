extension TransitionTable {
  /// Why a table resolves a change as it does: the entry that wins, and what decided for its
  /// selector of the state entered and for its selector of the state left, in the words of
  /// ``StateTable/explain(_:catalog:)``.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .disabled] = .snap
  ///     table[from: .highlighted] = Transition(milliseconds: 200)
  ///     let why = table.explain(StateChange(old: .highlighted, new: [.highlighted, .disabled]))
  ///     why.winner?.description  // "normal -> disabled: snap"
  ///     why.enteredDecision      // .mostSpecific
  ///     print(why)
  ///     // highlighted -> highlighted | disabled: snap from normal -> disabled; entered disabled: the most specific match (1 state), before normal (0 states); left normal: the only entry that matches
  public struct Explanation: Sendable, CustomStringConvertible {
    /// The change explained.
    ///
    ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).change.new  // .selected
    public let change: StateChange
    /// The winning entry, or `nil` when no entry matches.
    ///
    ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).winner == nil  // true
    public let winner: Entry?
    /// What decided between the selectors of the state entered that match and have an entry
    /// for the state left.
    ///
    ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).enteredDecision  // .noMatch
    public let enteredDecision: ResolutionDecision
    /// What decided between the winner's selectors of the state left that match.
    ///
    ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).leftDecision  // .noMatch
    public let leftDecision: ResolutionDecision
    /// What decided, in words: for the state entered, then for the state left.
    ///
    ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).reason  // "no entry matches"
    public let reason: String
    /// The names the explanation prints states with.
    ///
    ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).catalog == .system  // true
    public let catalog: StateCatalog

    /// The winning transition, or `nil` when no entry matches: what ``resolve(_:)`` gives.
    ///
    ///     var table = TransitionTable()
    ///     table[to: .selected] = Transition(milliseconds: 90)
    ///     table.explain(StateChange(old: .normal, new: .selected)).transition?.duration  // 90
    public var transition: Transition? { winner?.transition }

    /// One line: the change, the transition and its entry, and the reasons.
    ///
    ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).description  // "normal -> selected: nil; no entry matches"
    public var description: String {
      let change =
        "\(catalog.description(of: self.change.old)) -> \(catalog.description(of: self.change.new))"
      guard let winner else { return "\(change): nil; \(reason)" }
      let entry =
        "\(catalog.description(of: winner.from)) -> \(catalog.description(of: winner.to))"
      return "\(change): \(winner.transition) from \(entry); \(reason)"
    }
  }

  /// Explains how ``resolve(_:)`` resolves a change: which entry wins, and why for each of its
  /// two selectors.
  ///
  /// The selectors of the state entered are explained among those that match it and have an
  /// entry for the state left, as a ``StateTable`` of them would be; those that match but
  /// have none are named in the reason.
  ///
  ///     var table = TransitionTable()
  ///     table[from: .highlighted, to: .normal] = Transition(milliseconds: 250)
  ///     table[to: .selected] = Transition(milliseconds: 90)
  ///     let why = table.explain(StateChange(old: .normal, new: .selected))
  ///     why.transition?.duration  // 90
  ///     why.enteredDecision       // .exactMatch
  ///     table.explain(StateChange(old: .highlighted, new: .selected)).transition?.duration  // 90
  ///
  /// - Parameters:
  ///   - change: The states left and entered.
  ///   - catalog: The names to print states with; ``StateCatalog/system`` by default.
  /// - Returns: The explanation; its transition is `resolve(change)`.
  public func explain(_ change: StateChange, catalog: StateCatalog = .system) -> Explanation {
    let selector = { (selector: StateSelector) in catalog.description(of: selector) }
    let entered = _byEntered.entries.filter { $0.selector.matches(change.new) }
    let withLeft = entered.filter { $0.value.resolve(change.old) != nil }
    guard let best = withLeft.first else {
      let reason =
        entered.isEmpty
        ? "no entry matches"
        : "no entry matches: " + entered.map { selector($0.selector) }.joined(separator: ", ")
          + " match the state entered but have no entry for the state left"
      return Explanation(
        change: change, winner: nil, enteredDecision: .noMatch, leftDecision: .noMatch,
        reason: reason, catalog: catalog)
    }
    // The selectors entered that could win, explained as a table of their own.
    let candidates = StateTable(
      withLeft.map { ($0.selector, $0.value.count) }, precedence: precedence)
    let enteredWhy = candidates.explain(change.new, catalog: catalog)
    let leftWhy = best.value.explain(change.old, catalog: catalog)
    let skipped = entered.prefix { $0.selector != best.selector }.map { selector($0.selector) }
    var reason = "entered \(selector(best.selector)): \(enteredWhy.reason)"
    if !skipped.isEmpty {
      reason +=
        " (\(skipped.joined(separator: ", ")) \(skipped.count == 1 ? "matches" : "match") first but "
        + "\(skipped.count == 1 ? "has" : "have") no entry for the state left)"
    }
    // The winner exists: `best` has an entry that matches the state left.
    let from = leftWhy.winner?.selector ?? StateSelector(.normal)
    reason += "; left \(selector(from)): \(leftWhy.reason)"
    return Explanation(
      change: change,
      winner: Entry(from: from, to: best.selector, transition: leftWhy.winner?.value ?? .snap),
      enteredDecision: enteredWhy.decision, leftDecision: leftWhy.decision, reason: reason,
      catalog: catalog)
  }
}
