// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md

/// How a state, a change or an attribute resolved: the entries that match, in rank order
/// (the first wins), the rule that decided between the winner and the runner-up, and that rule
/// in words. ``StateTable/explain(_:catalog:)`` gives one over a table's entries,
/// ``TransitionTable/explain(_:catalog:)`` over a transition table's, and
/// ``StyleSet/explain(_:catalog:)`` one per attribute.
///
/// States print through the catalog given to `explain`, so custom states are named when the
/// app's catalog is passed, and print as hex otherwise:
///
///     var titleColor = StateTable<String>()
///     titleColor[.normal] = "blue"
///     titleColor[.visited] = "purple"
///     titleColor[.disabled] = "gray"
///     let why = titleColor.explain([.visited, .disabled])
///     why.winner?.value  // "gray"
///     why.matches.map(\.value)  // ["gray", "purple", "blue"]
///     why.decision  // .precedence
///     print(why)
///     // disabled | 0x10000 → "gray" from disabled: it and 0x10000 match with 1 state each; disabled has precedence (disabled, highlighted, focused, selected, application bits 23 down to 16, other bits)
///     let catalog = try StateCatalog(merging: [.linkKit])
///     print(titleColor.explain([.visited, .disabled], catalog: catalog))
///     // disabled | visited → "gray" from disabled: it and visited match with 1 state each; disabled has precedence (disabled, highlighted, focused, selected, application bits 23 down to 16, other bits)
public struct Resolution<Entry>: CustomStringConvertible {
  /// The entries that match, best first; the first one wins.
  public let matches: [Entry]
  /// What decided between the winner and the runner-up, as a value: the rule ``reason``
  /// states.
  ///
  ///     var table = StateTable<String>()
  ///     table[.normal] = "blue"
  ///     table[.disabled] = "gray"
  ///     table[.highlighted] = "dark blue"
  ///     table.explain([.disabled, .highlighted]).decision  // .precedence
  ///     table.explain(.disabled).decision                  // .exactMatch
  ///     table.explain(.focused).decision                   // .onlyMatch
  public let decision: ResolutionDecision
  /// What decided between the winner and the runner-up, in words.
  public let reason: String
  /// The names states print with.
  let catalog: StateCatalog
  /// The text of ``description``, which each kind of entry prints its own way.
  let describe: @Sendable (Resolution) -> String

  /// The winning entry, or `nil` when no entry matches.
  public var winner: Entry? { matches.first }

  /// One line: what resolved (a state, a change or an attribute), the winner and its entry,
  /// and the reason.
  ///
  ///     var table = StateTable<String>()
  ///     table[.normal] = "blue"
  ///     table.explain(.normal).description  // "normal → \"blue\" from normal: the only entry that matches"
  ///     TransitionTable().explain(StateChange(old: .normal, new: .selected)).description  // "normal -> selected: nil; no entry matches"
  public var description: String { describe(self) }
}

extension Resolution: Sendable where Entry: Sendable {}

extension StateTable {
  /// Explains how ``resolve(_:)`` resolves a state: which entries match, which wins, and why
  /// (in a first-match table, the first matching entry in the order given; otherwise an entry
  /// requiring a dominant state wins, then the most specific matching entry; equal specificity
  /// goes to the order of ``precedence``).
  ///
  ///     var table = StateTable<String>()
  ///     table[.normal] = "blue"
  ///     table[.disabled] = "gray"
  ///     table.explain([.disabled, .highlighted]).winner?.value  // "gray"
  ///
  /// Pass the app's catalog to name custom states in the text (see ``Resolution``).
  ///
  /// - Parameters:
  ///   - state: Any state.
  ///   - catalog: The names to print states with; ``BitCatalog/system`` by default, which
  ///     prints custom states as hex.
  /// - Returns: The explanation; its winner's value is `resolve(state)`.
  public func explain(_ state: ControlState, catalog: StateCatalog = .system) -> Resolution<Entry> {
    let catalog = catalog.naming(precedence.layout)
    let matches = _entries.filter { $0.selector.matches(state) }
    let selector = { (selector: StateSelector) in catalog.description(of: selector) }
    let reason: String
    var decision: ResolutionDecision
    switch matches.count {
    case 0:
      reason = "no entry matches (a table with a normal entry always has one)"
      decision = .noMatch
    case 1:
      reason = "the only entry that matches"
      decision = .onlyMatch
    case _ where isFirstMatch:
      let position = _storage.winner(state.rawValue) + 1
      reason =
        "the first match in the table's order (entry \(position) of \(count)), before "
        + selector(matches[1].selector)
      decision = .firstMatch
    default:
      let (winner, runnerUp) = (matches[0].selector, matches[1].selector)
      (decision, reason) = precedence.decision(
        between: (selector(winner), winner.required, winner.specificity),
        and: (selector(runnerUp), runnerUp.required, runnerUp.specificity), catalog: catalog)
    }
    if let winner = matches.first?.selector, winner.excluded.isNormal, winner.required == state {
      decision = .exactMatch
    }
    return Resolution(matches: matches, decision: decision, reason: reason, catalog: catalog) {
      let subject = $0.catalog.description(of: state)
      guard let winner = $0.winner else { return "\(subject) → nil: \($0.reason)" }
      let selector = $0.catalog.description(of: winner.selector)
      return "\(subject) → \(_reflecting(winner.value)) from \(selector): \($0.reason)"
    }
  }
}

/// What decided the value a table resolves a state to, or the transition of a change, as
/// ``Resolution/decision`` gives it.
///
///     var table = StateTable<String>()
///     table[.normal] = "blue"
///     table[.selected] = "white"
///     table.explain([.selected, .focused]).decision  // .mostSpecific
///
/// When several hold, the first of this list is given: ``exactMatch`` before ``onlyMatch``,
/// and so on.
public enum ResolutionDecision: String, Hashable, Sendable, CaseIterable {
  /// No entry matches: the table has no value for the state (a caller's default applies).
  case noMatch
  /// The winner names exactly the state: it requires all of its bits and excludes none.
  case exactMatch
  /// The winner is the only entry that matches.
  case onlyMatch
  /// The winner requires a dominant state (``StatePrecedence/dominant``) that the runner-up
  /// does not, or one ranked higher.
  case dominant
  /// The winner is more specific than every other match.
  case mostSpecific
  /// The winner and the runner-up are equally specific: the precedence order broke the tie.
  case precedence
  /// The winner's required state has the greatest value of the matches: LVGL's rule, which a
  /// table follows with ``StatePrecedence/init(layout:)`` of an LVGL layout.
  case greatestValue
  /// The table tries its entries in the order they were given
  /// (``StateTable/init(firstMatch:)-(Sequence<(StateSelector,Value)>)``), and the winner is the first that matches.
  case firstMatch
}
