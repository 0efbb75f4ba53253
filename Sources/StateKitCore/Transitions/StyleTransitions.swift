// doc-code: continues ../Styles/StyleSet.swift

/// How the attributes of a style move from one state's value to another's, per attribute: a ``TransitionTable`` for every attribute
/// (``all``) and tables of an attribute's own, which win over it for the same selectors.
///
///     var transitions = StyleTransitions()
///     transitions.all[to: .highlighted] = Transition(milliseconds: 60)
///     transitions.all[to: .disabled] = .snap
///     transitions[attribute: "titleColor"][to: .highlighted] = Transition(milliseconds: 150, curve: .linear)
///
///     let press = StateChange(old: .normal, new: .highlighted)
///     transitions.transition(for: "titleColor", press).duration  // 150
///     transitions.transition(for: "underlined", press).duration  // 60
///     transitions.transition(for: "underlined", StateChange(old: .normal, new: .selected))  // .snap
///
/// An attribute's transition for a change is the winner among its own entries and the entries
/// for every attribute, ranked together as one ``TransitionTable`` ranks its entries, with the
/// attribute's own entry replacing one for every attribute that has the same two selectors;
/// ``Transition/snap`` when no entry matches. So an entry of an attribute's own
/// (`[attribute: "background"][to: .selected]`) does not outrank `all[to: .disabled]` for a
/// change into a selected, disabled state: specificity and precedence decide, as they do for
/// values. Every table ranks its entries by the same ``precedence``: read from a theme, the
/// theme's; played by a ``StyleAnimator``, its style set's.
///
/// Transitions are a value of their own, beside the ``StyleSet`` whose values they move: a
/// theme file carries both, read by ``StyleSet/init(themeJSON:keys:catalog:)`` and
/// ``init(themeJSON:keys:catalog:)``.
public struct StyleTransitions: Hashable, Sendable, CustomStringConvertible {
  /// The table for every attribute: a change finds its transition here when the attribute has
  /// no table of its own or no entry of its own that matches.
  public var all: TransitionTable {
    get { _all }
    set {
      let precedence = self.precedence
      _all = newValue
      _all.precedence = precedence
    }
  }

  private var _all: TransitionTable
  /// The tables of attributes that have their own, by attribute name; none is empty. Each is
  /// kept apart from `_all`, never merged into a copy of it: a change ranks the winners of the
  /// two (``transition(for:_:)``).
  private var own: [String: TransitionTable] = [:]

  /// Creates transitions with no entries: every change snaps.
  ///
  /// - Parameter precedence: The precedence of every table; standard by default.
  public init(precedence: StatePrecedence = .standard) {
    _all = TransitionTable(precedence: precedence)
  }

  /// The precedence of every table; setting it reorders them all.
  public var precedence: StatePrecedence {
    get { _all.precedence }
    set {
      _all.precedence = newValue
      for name in own.keys { own[name]?.precedence = newValue }
    }
  }

  /// The table of one attribute's own entries, by the attribute's name; an empty table when it
  /// has none. Setting an empty table removes it.
  ///
  /// - Parameter name: The attribute's name, as a ``StyleKey`` has it (``StyleKey/name``).
  public subscript(attribute name: String) -> TransitionTable {
    get { own[name] ?? TransitionTable(precedence: precedence) }
    set {
      var table = newValue
      table.precedence = precedence
      own[name] = table.isEmpty ? nil : table
    }
  }

  /// The names of the attributes with tables of their own, sorted.
  public var attributeNames: [String] { own.keys.sorted() }

  /// Whether no table has an entry: every change snaps.
  package var isEmpty: Bool { _all.isEmpty && own.isEmpty }

  /// The transition of an attribute for a change: the winner among its own entries and those
  /// for every attribute, or ``Transition/snap``.
  ///
  ///     var transitions = StyleTransitions()
  ///     transitions.all[from: .highlighted] = Transition(milliseconds: 250)
  ///     transitions.transition(for: "background", StateChange(old: .highlighted, new: .normal)).duration  // 250
  ///
  /// - Parameters:
  ///   - attribute: The attribute's name.
  ///   - change: The states left and entered.
  /// - Returns: The transition; ``Transition/snap`` when no entry matches.
  /// - Complexity: O(*n* + *m*) for *n* entries for every attribute and *m* of the attribute's
  ///   own: a walk of each, to its first match.
  public func transition(for attribute: String, _ change: StateChange) -> Transition {
    _winner(shared: _all._winner(change), own: own[attribute]?._winner(change))?.entry
      .transition ?? .snap
  }

  /// The entry that chooses an attribute's transition for a change, from the winners of the
  /// table for every attribute and of the attribute's own, and whether it is the attribute's;
  /// `nil` when neither table has one. What ``transition(for:_:)`` gives, and what the theme
  /// lint of statekit-inspect plays over every change, reusing the first table's winners.
  package func _winner(shared: TransitionTable.Entry?, own mine: TransitionTable.Entry?) -> (
    entry: TransitionTable.Entry, isOwn: Bool
  )? {
    guard let mine else { return shared.map { ($0, false) } }
    // An entry for every attribute that the attribute's own replaces has the same selectors:
    // it matches only where that one does, which ranks no lower than `mine`, the first of the
    // attribute's that matches. So the better of the two winners is the merged table's.
    guard let shared, _all._outranks(shared, mine) else { return (mine, true) }
    return (shared, false)
  }

  /// Why an attribute gets its transition for a change: which table, and how the entries of
  /// both tables resolve it (a ``Resolution``).
  ///
  ///     var transitions = StyleTransitions()
  ///     transitions.all[to: .disabled] = .snap
  ///     transitions[attribute: "titleColor"][to: .selected] = Transition(milliseconds: 90)
  ///     let why = transitions.explain(StateChange(old: .normal, new: .disabled), attribute: "titleColor")
  ///     why.table  // "all"
  ///     why.explanation.decision  // .exactMatch
  ///     print(why)
  ///     // titleColor: snap from all, normal -> disabled; the only entry that matches
  ///
  /// - Parameters:
  ///   - change: The states left and entered.
  ///   - attribute: The attribute's name.
  ///   - catalog: The names to print states with; ``BitCatalog/system`` by default.
  /// - Returns: The explanation; its transition is `transition(for: attribute, change)`.
  public func explain(
    _ change: StateChange, attribute: String, catalog: StateCatalog = .system
  ) -> Explanation {
    let explanation: Resolution<TransitionTable.Entry>
    if let table = own[attribute] {
      // The matches of both tables, the attribute's replacing those for the same selectors,
      // ranked together: the merged table's matches, without merging the tables.
      let matches = [_all, table].flatMap { $0.entries.filter { $0.matches(change) } }
      explanation = TransitionTable(matches, precedence: precedence).explain(
        change, catalog: catalog)
    } else {
      explanation = _all.explain(change, catalog: catalog)
    }
    let isOwn = explanation.winner.map { own[attribute]?[from: $0.from, to: $0.to] != nil }
    return Explanation(
      attribute: attribute, table: isOwn == true ? attribute : "all", explanation: explanation)
  }

  /// Why an attribute gets its transition: the table that chose it and how.
  ///
  ///     let why = StyleTransitions().explain(StateChange(old: .normal, new: .selected), attribute: "titleColor")
  ///     why.transition  // .snap: no entry anywhere
  public struct Explanation: Sendable, CustomStringConvertible {
    /// The attribute's name.
    public let attribute: String
    /// The table of the winning entry: the attribute's name for its own table, `all` for the
    /// table for every attribute (also when no entry matches).
    public let table: String
    /// How the attribute's entries and those for every attribute, ranked together, resolve the
    /// change.
    public let explanation: Resolution<TransitionTable.Entry>

    /// The transition: the winning entry's, or ``Transition/snap`` when none matches.
    public var transition: Transition { explanation.winner?.transition ?? .snap }

    /// One line: the attribute, its transition, the table and entry that chose it, and why.
    ///
    ///     StyleTransitions().explain(StateChange(old: .normal, new: .selected), attribute: "size").description  // "size: snap; no entry matches"
    public var description: String {
      guard let winner = explanation.winner else {
        return "\(attribute): snap; \(explanation.reason)"
      }
      let entry = TransitionTable.text(of: winner, explanation.catalog)
      return "\(attribute): \(winner.transition) from \(table), \(entry); \(explanation.reason)"
    }
  }

  /// Returns these transitions with others laid over them, table by table: an entry of
  /// `overrides` wins where both have the same pair of selectors.
  ///
  /// - Parameter overrides: The transitions that take precedence.
  /// - Returns: The merged transitions, with this one's precedence.
  /// - Complexity: Linear in the entries of both, table by table (see
  ///   ``TransitionTable/overlaid(with:)``).
  public func overlaid(with overrides: StyleTransitions) -> StyleTransitions {
    var result = self
    result.all = _all.overlaid(with: overrides._all)
    for (name, table) in overrides.own {
      result[attribute: name] = self[attribute: name].overlaid(with: table)
    }
    return result
  }

  /// The table for every attribute, then each attribute's own, by name.
  ///
  ///     var transitions = StyleTransitions()
  ///     transitions.all[to: .disabled] = .snap
  ///     transitions.description  // "StyleTransitions(all: [normal -> disabled: snap])"
  public var description: String {
    let parts: [String] =
      ["all: \(_all)"] + attributeNames.map { "\($0): \(own[$0] ?? TransitionTable())" }
    return "StyleTransitions(" + parts.joined(separator: ", ") + ")"
  }
}
