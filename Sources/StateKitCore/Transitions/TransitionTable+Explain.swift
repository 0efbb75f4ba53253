extension TransitionTable {
  /// Explains how ``resolve(_:)`` resolves a change: which entries match, which wins, and why
  /// (an entry requiring a dominant state, the most specific, or the precedence order breaking
  /// a tie between equally specific entries), in the words of
  /// ``StateTable/explain(_:catalog:)``.
  ///
  ///     var ranked = TransitionTable()
  ///     ranked[to: .disabled] = .snap
  ///     ranked[from: .highlighted] = Transition(milliseconds: 200)
  ///     let tie = ranked.explain(StateChange(old: .highlighted, new: [.highlighted, .disabled]))
  ///     tie.winner?.description  // "normal -> disabled: snap"
  ///     tie.decision             // .precedence
  ///     print(tie)
  ///     // highlighted -> highlighted | disabled: snap from normal -> disabled: it and highlighted -> normal match with 1 state each; normal -> disabled has precedence (disabled, highlighted, focused, selected, application bits 23 down to 16, other bits)
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
  /// - Returns: The explanation; its winner's transition is `resolve(change)`.
  public func explain(_ change: StateChange, catalog: StateCatalog = .system) -> Resolution<Entry> {
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
          text: Self.text(of: entry, catalog),
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
    return Resolution(matches: matches, decision: decision, reason: reason, catalog: catalog) {
      let change =
        "\($0.catalog.description(of: change.old)) -> \($0.catalog.description(of: change.new))"
      guard let winner = $0.winner else { return "\(change): nil; \($0.reason)" }
      return
        "\(change): \(winner.transition) from \(Self.text(of: winner, $0.catalog)): \($0.reason)"
    }
  }

  /// An entry's selectors as `from -> to`.
  static func text(of entry: Entry, _ catalog: StateCatalog) -> String {
    "\(catalog.description(of: entry.from)) -> \(catalog.description(of: entry.to))"
  }
}
