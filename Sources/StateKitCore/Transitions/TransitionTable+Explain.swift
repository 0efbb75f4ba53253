extension TransitionTable {
  /// Why a table resolves a change as it does: the entries that match, the one that wins, and
  /// the rule that chose it, in the words of ``StateTable/explain(_:catalog:)``.
  ///
  ///     var table = TransitionTable()
  ///     table[to: .disabled] = .snap
  ///     table[from: .highlighted] = Transition(milliseconds: 200)
  ///     let why = table.explain(StateChange(old: .highlighted, new: [.highlighted, .disabled]))
  ///     why.winner?.description  // "normal -> disabled: snap"
  ///     why.decision             // .precedence
  ///     print(why)
  ///     // highlighted -> highlighted | disabled: snap from normal -> disabled: it and highlighted -> normal match with 1 state each; normal -> disabled has precedence (disabled, highlighted, focused, selected, application bits 23 down to 16, other bits)
  public struct Explanation: Sendable, CustomStringConvertible {
    /// The change explained.
    let change: StateChange
    /// The entries that match the change, best first; the first one wins.
    public let matches: [Entry]
    /// What decided between the winner and the runner-up.
    public let decision: ResolutionDecision
    /// What decided, in words.
    public let reason: String
    /// The names the explanation prints states with.
    let catalog: StateCatalog

    /// The winning entry, or `nil` when no entry matches.
    public var winner: Entry? { matches.first }

    /// The winning transition, or `nil` when no entry matches: what ``resolve(_:)`` gives.
    var transition: Transition? { winner?.transition }

    /// One line: the change, the transition and its entry, and the reason.
    ///
    ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).description  // "normal -> selected: nil; no entry matches"
    public var description: String {
      let change =
        "\(catalog.description(of: self.change.old)) -> \(catalog.description(of: self.change.new))"
      guard let winner else { return "\(change): nil; \(reason)" }
      return "\(change): \(winner.transition) from \(Self.text(of: winner, catalog)): \(reason)"
    }

    /// An entry's selectors as `from -> to`.
    static func text(of entry: Entry, _ catalog: StateCatalog) -> String {
      "\(catalog.description(of: entry.from)) -> \(catalog.description(of: entry.to))"
    }
  }

  /// Explains how ``resolve(_:)`` resolves a change: which entries match, which wins, and why
  /// (an entry requiring a dominant state, the most specific, or the precedence order breaking
  /// a tie between equally specific entries).
  ///
  ///     var table = TransitionTable()
  ///     table[from: .highlighted] = Transition(milliseconds: 250)
  ///     table[to: .focused] = Transition(milliseconds: 90)
  ///     let why = table.explain(StateChange(old: [.highlighted, .focused], new: .focused))
  ///     why.winner?.transition.duration  // 250
  ///     why.decision              // .precedence: highlighted ranks before focused
  ///     table.explain(StateChange(old: .normal, new: .focused)).decision  // .exactMatch
  ///
  /// - Parameters:
  ///   - change: The states left and entered.
  ///   - catalog: The names to print states with; ``BitCatalog/system`` by default.
  /// - Returns: The explanation; its transition is `resolve(change)`.
  public func explain(_ change: StateChange, catalog: StateCatalog = .system) -> Explanation {
    let matches = entries.filter { $0.matches(change) }
    var decision: ResolutionDecision
    let reason: String
    switch matches.count {
    case 0:
      (decision, reason) = (.noMatch, "no entry matches")
    case 1:
      (decision, reason) = (.onlyMatch, "the only entry that matches")
    default:
      let described = matches.prefix(2).map { entry in
        (
          text: Explanation.text(of: entry, catalog),
          required: entry.from.required.union(entry.to.required),
          specificity: entry.from.specificity + entry.to.specificity
        )
      }
      (decision, reason) = precedence.decision(
        between: described[0], and: described[1], catalog: catalog)
    }
    if let winner = matches.first, winner.from == StateSelector(change.old),
      winner.to == StateSelector(change.new)
    {
      decision = .exactMatch
    }
    return Explanation(
      change: change, matches: matches, decision: decision, reason: reason, catalog: catalog)
  }
}
