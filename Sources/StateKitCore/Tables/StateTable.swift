/// Values for the states of a control, such as a title color per state, that resolves the value
/// for any combination of states.
///
/// Each entry is keyed by a ``StateSelector``; a plain ``ControlState`` key requires exactly its
/// bits. ``resolve(_:)`` picks the best match, so you set the values that differ and every
/// combination falls back sensibly:
///
///     var titleColor = StateTable<String>()
///     titleColor[.normal] = "blue"
///     titleColor[.selected] = "white"
///     titleColor[.disabled] = "gray"
///     titleColor.resolve([.selected, .highlighted])  // "white": selected is the best match
///     titleColor.resolve([.disabled, .selected])     // "gray": disabled wins the tie
///     titleColor.resolve(.focused)                   // "blue": normal matches everything
///
/// The rule: among entries whose selector matches the state (all required bits set, no excluded
/// bit set), the most specific wins (required plus excluded bits); a tie goes to the selector
/// first by precedence, never to insertion order (see ``StatePrecedence/outranks(_:_:)``).
/// UIKit's rule, the entry for exactly the state or else the one for normal, reads the entries
/// themselves: `table[state] ?? table[.normal]`.
///
/// A table is a plain value: tables with the same entries are equal and resolve identically in
/// whatever order they were filled. Resolving a table whose selectors mention a few nearby bits
/// is a mask, a multiply and a shift to a slot, the load of its code and the load of the value,
/// whatever the number of entries or possible states (see ``resolve(_:)`` for the exact bound). For hot loops over a table that no longer changes,
/// ``StateLookup`` freezes it with a default and resolves with no test at all.
///
/// To port an `if`/`else` chain as it is, use ``init(firstMatch:)-(Sequence<(StateSelector,Value)>)``, whose first matching entry
/// wins, or ``init(evaluating:_:)``, which calls the function that chooses a value once per
/// combination of the states it reads.
@frozen
public struct StateTable<Value> {
  /// An entry: a selector and its value.
  ///
  ///     var table = StateTable<Int>()
  ///     table[.selected] = 1
  ///     table.entries.first?.selector == StateSelector(.selected)  // true
  @frozen
  public struct Entry {
    /// The states the value applies to.
    public let selector: StateSelector
    /// The value.
    public var value: Value

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - selector: The states the value applies to.
    ///   - value: The value.
    @inlinable
    public init(selector: StateSelector, value: Value) {
      self.selector = selector
      self.value = value
    }
  }

  /// The entries, best first, with the index that resolves states.
  @usableFromInline var _storage: _TableStorage<Value>

  /// Creates an empty table that ranks its entries by a precedence.
  ///
  /// - Parameter precedence: The dominant states and the order that breaks ties.
  @inlinable
  public init(precedence: StatePrecedence = .standard) {
    _storage = _TableStorage([], precedence: precedence)
  }

  /// The entries, best first: the order in which ``resolve(_:)`` considers them.
  @inlinable
  var _entries: [Entry] { _storage.entries }

  /// Creates a table from selectors and values.
  ///
  /// - Parameters:
  ///   - entries: Selectors and values; a later entry for the same selector replaces an earlier
  ///     one.
  ///   - precedence: The dominant states and the order that breaks ties; standard by default.
  @inlinable
  public init(
    _ entries: some Sequence<(StateSelector, Value)>, precedence: StatePrecedence = .standard
  ) {
    // One pass to keep the last value of each selector, then one sort: `outranks` is a strict
    // total order on distinct selectors, so the result does not depend on the input's order.
    let unique = Self._uniqueEntries(entries)
    _storage = _TableStorage(
      _TableStorage.ranked(unique, by: precedence), precedence: precedence)
  }

  /// Creates a table whose entries are tried in the order given, as the branches of an
  /// `if`/`else` chain are: the first entry that matches a state wins, whatever its specificity.
  ///
  /// A chain of conditions ports line for line, the final `else` becoming a ``StateSelector``
  /// that matches every state:
  ///
  ///     let hot = ControlState(rawValue: 1 << 16)
  ///     // disabled ? "gray" : focused && hot ? "yellow" : focused ? "white" : "silver"
  ///     let text = StateTable(firstMatch: [
  ///         (StateSelector(.disabled), "gray"),
  ///         (StateSelector([.focused, hot]), "yellow"),
  ///         (StateSelector(.focused), "white"),
  ///         (StateSelector(.normal), "silver"),
  ///     ])
  ///     text.resolve([.focused, hot, .disabled])  // "gray"
  ///     text.resolve([.focused, hot])             // "yellow"
  ///     text.resolve(hot)                         // "silver"
  ///
  /// A later entry for a selector already listed replaces that entry's value and keeps its
  /// place. Setting a value through the subscript changes a branch in place, or, for a new
  /// selector, adds it first: an entry a theme adds overrides the chain where it matches.
  ///
  /// - Parameter entries: Selectors and values, in the order they are tried.
  @inlinable
  public init(firstMatch entries: some Sequence<(StateSelector, Value)>) {
    _storage = _TableStorage(Self._uniqueEntries(entries), precedence: .standard, firstMatch: true)
  }

  /// Creates a first-match table from a literal, one line per branch of the `if`/`else` chain
  /// it replaces: each key is the states a branch requires, and `.normal`, which every state
  /// matches, is the final `else`.
  ///
  ///     let hot = ControlState(rawValue: 1 << 16)
  ///     let text = StateTable(firstMatch: [
  ///         .disabled: "gray",
  ///         [.focused, hot]: "yellow",
  ///         .focused: "white",
  ///         .normal: "silver",
  ///     ])
  ///     text.resolve([.focused, hot, .disabled])  // "gray"
  ///     text.resolve([.focused, hot])             // "yellow"
  ///
  /// For a branch that also requires a state to be off, pass pairs of a ``StateSelector`` and
  /// a value instead.
  ///
  /// - Parameter branches: The states each branch requires and its value, in the order they
  ///   are tried.
  @inlinable
  public init(firstMatch branches: KeyValuePairs<ControlState, Value>) {
    self.init(firstMatch: branches.map { (StateSelector($0.key), $0.value) })
  }

  /// Creates a table from a literal of states and values, resolved by the most specific
  /// match: the order of the lines does not matter.
  ///
  ///     let size = StateTable([.normal: 1, .selected: 2, [.selected, .focused]: 3])
  ///     size.resolve([.selected, .focused, .disabled])  // 3
  ///
  /// - Parameters:
  ///   - entries: The states each entry requires and its value; a later entry for the same
  ///     states replaces an earlier one.
  ///   - precedence: The dominant states and the order that breaks ties; standard by default.
  @inlinable
  public init(
    _ entries: KeyValuePairs<ControlState, Value>, precedence: StatePrecedence = .standard
  ) {
    self.init(entries.map { (StateSelector($0.key), $0.value) }, precedence: precedence)
  }

  /// The entries with one per selector, in the order each selector first appears, each with the
  /// last value given for it.
  @inlinable
  static func _uniqueEntries(_ entries: some Sequence<(StateSelector, Value)>) -> [Entry] {
    var positions: [StateSelector: Int] = [:]
    var unique: [Entry] = []
    for (selector, value) in entries {
      if let position = positions[selector] {
        unique[position].value = value
      } else {
        positions[selector] = unique.count
        unique.append(Entry(selector: selector, value: value))
      }
    }
    return unique
  }

  /// Creates a table from a function of a few states, called once for every combination of
  /// them: the way to adopt a table without rewriting the code that chooses a value.
  ///
  /// The table has one entry per combination, which requires the states of the combination
  /// and excludes the other states of `states`, so every state matches exactly one entry and
  /// the table resolves every state as `select` did. States outside `states` do not change
  /// the result. It is a first-match table, so an entry set later for a new selector, such as
  /// a theme's `disabled`, overrides the combinations it matches.
  ///
  ///     let hot = ControlState(rawValue: 1 << 16)
  ///     let textColor = { (state: ControlState) -> String in
  ///         if state.contains(.disabled) { return "gray" }
  ///         return state.contains(.focused) ? (state.contains(hot) ? "yellow" : "white") : "silver"
  ///     }
  ///     var text = StateTable(evaluating: [.disabled, .focused, hot], textColor)
  ///     text.entries.count                   // 8
  ///     text.resolve([.focused, hot])        // "yellow"
  ///     text.resolve([.focused, .selected])  // "white"
  ///     text[StateSelector(.focused)] = "cyan"
  ///     text.resolve([.focused, hot])        // "cyan"
  ///
  /// - Parameters:
  ///   - states: The states `select` reads; at most 12 bits (4,096 combinations).
  ///   - select: The value for a combination of `states`.
  /// - Complexity: O(2^*k*) calls of `select` for *k* bits in `states`.
  public init<Failure: Error>(
    evaluating states: ControlState, _ select: (ControlState) throws(Failure) -> Value
  ) throws(Failure) {
    // A programmer error, never input: `states` is the set of states the caller's selection
    // code reads, written in that code, and 2^12 combinations bound the table's size.
    precondition(
      states.rawValue.nonzeroBitCount <= 12,
      "StateTable(evaluating:) reads at most 12 states; \(states.rawValue.nonzeroBitCount) given")
    let bits = states.rawValue
    var entries: [Entry] = []
    entries.reserveCapacity(1 << bits.nonzeroBitCount)
    var subset: UInt = 0
    repeat {
      let selector = StateSelector(
        ControlState(rawValue: subset), unless: ControlState(rawValue: bits & ~subset))
      entries.append(Entry(selector: selector, value: try select(ControlState(rawValue: subset))))
      subset = (subset &- bits) & bits
    } while subset != 0
    _storage = _TableStorage(
      _TableStorage.ranked(entries, by: .standard), precedence: .standard, firstMatch: true)
  }

  /// Whether the first matching entry wins, in the order the entries were given (a table made
  /// with ``init(firstMatch:)-(Sequence<(StateSelector,Value)>)``), rather than the most specific.
  @inlinable
  public var isFirstMatch: Bool { _storage.isFirstMatch }

  /// The dominant states and the order that breaks ties between equally specific entries;
  /// setting it reorders the entries.
  ///
  ///     var table = StateTable<String>()
  ///     table[[.selected, .highlighted]] = "white"
  ///     table[.disabled] = "gray"
  ///     table.resolve([.disabled, .selected, .highlighted])  // "white"
  ///     table.precedence = StatePrecedence(dominant: .disabled)
  ///     table.resolve([.disabled, .selected, .highlighted])  // "gray"
  ///
  /// A first-match table keeps the order its entries were given in.
  @inlinable
  public var precedence: StatePrecedence {
    get { _storage.precedence }
    set { _storage.reorder(by: newValue) }
  }

  /// The entries, in the order resolution considers them: most specific first, ties by
  /// precedence. The order does not depend on the order the entries were set in.
  ///
  ///     var table = StateTable<Int>()
  ///     table[.normal] = 0
  ///     table[.selected] = 1
  ///     table.entries.map(\.value)  // [1, 0]
  @inlinable
  public var entries: [Entry] { _entries }

  /// The number of entries.
  var count: Int { _storage.count }

  /// Whether the table has no entries.
  var isEmpty: Bool { _storage.count == 0 }

  /// The states that some entry's selector mentions, required or excluded: the bits on which
  /// resolution depends.
  ///
  /// Two states that agree on these bits resolve to the same value, so code that watches a
  /// control's state can ignore changes in other bits:
  ///
  ///     var titleColor = StateTable<String>()
  ///     titleColor[.normal] = "blue"
  ///     titleColor[StateSelector(.selected, unless: .disabled)] = "white"
  ///     titleColor.relevantStates == [.selected, .disabled]  // true
  ///     let (old, new): (ControlState, ControlState) = ([.selected], [.selected, .focused])
  ///     old.intersection(titleColor.relevantStates) == new.intersection(titleColor.relevantStates)  // true
  ///
  /// - Complexity: O(1): the table keeps it as it changes.
  @inlinable
  public var relevantStates: ControlState { ControlState(rawValue: _storage.relevant) }

  /// The value stored for exactly this state (a selector that requires exactly its bits);
  /// setting `nil` removes it.
  ///
  /// This reads the entry, it does not resolve: use ``resolve(_:)`` for the value that applies
  /// to a control in a state.
  ///
  ///     var table = StateTable<String>()
  ///     table[.selected] = "white"
  ///     table[.selected]                 // "white"
  ///     table[[.selected, .highlighted]] // nil: no entry for exactly that state
  ///
  /// - Parameter state: The exact state of the entry.
  @inlinable
  public subscript(state: ControlState) -> Value? {
    get { self[StateSelector(state)] }
    set { self[StateSelector(state)] = newValue }
  }

  /// The value stored for exactly this selector; setting `nil` removes it.
  ///
  /// - Parameter selector: The selector of the entry.
  /// - Complexity: O(*n*) to find the entry. A new value for an existing selector is written
  ///   in place; adding or removing an entry rebuilds the index, in O(*n* × 2^*k*) for *k*
  ///   mentioned bits.
  @inlinable
  public subscript(selector: StateSelector) -> Value? {
    get { _storage.value(for: selector) }
    set {
      if let newValue {
        set(newValue, for: selector)
      } else if let position = _storage.position(of: selector) {
        _storage.remove(at: position)
      }
    }
  }

  /// Sets the value of the entry for a selector, or adds the entry.
  @inlinable
  mutating func set(_ value: Value, for selector: StateSelector) {
    if let position = _storage.position(of: selector) {
      // The index depends on the selectors only.
      _storage.entries[position].value = value
    } else {
      _storage.insert(Entry(selector: selector, value: value))
    }
  }

  /// The value that applies to a control in `state`: the value of the best matching entry, or
  /// `nil` when no entry matches.
  ///
  ///     var table = StateTable<String>()
  ///     table[.normal] = "blue"
  ///     table[.highlighted] = "navy"
  ///     table.resolve([.highlighted, .focused])  // "navy"
  ///     table.resolve(.disabled)                 // "blue"
  ///
  /// - Parameter state: The state of a control.
  /// - Returns: The value of the most specific matching entry, ties broken by precedence.
  /// - Complexity: O(1) for tables whose mentioned bits fit in 12 slot bits: all within a span
  ///   of 12 bits, or in two groups that together are at most 12 bits wide with a gap between
  ///   them at least as wide as each group (any of the four system states with any of the
  ///   application bits 16 through 23). Otherwise, and for tables of fewer than four entries
  ///   whose bits do not gather into 4 slot bits, O(*n*) in the number of entries.
  @inlinable
  public func resolve(_ state: ControlState) -> Value? {
    _storage.resolve(state.rawValue, found: { $0 }, missing: { nil })
  }

  /// The value that applies to a control in `state`, or `defaultValue` when no entry matches.
  ///
  /// The same lookup as ``resolve(_:)``, for when the fallback is known at the call:
  ///
  ///     var titleColor = StateTable<String>()
  ///     titleColor[.selected] = "white"
  ///     titleColor.resolve([.selected, .highlighted], default: "blue")  // "white"
  ///     titleColor.resolve(.disabled, default: "blue")                  // "blue"
  ///
  /// In a loop that resolves many states it can also be a little faster than
  /// `resolve(state) ?? defaultValue`: with no optional to unwrap, the compiler keeps one exit
  /// test in the loop instead of two. With a table that no longer changes, a ``StateLookup`` made
  /// with the same default resolves with no test at all.
  ///
  /// - Parameters:
  ///   - state: The state of a control.
  ///   - defaultValue: The value when no entry matches; evaluated only then.
  /// - Returns: The value of the most specific matching entry, ties broken by precedence, or
  ///   `defaultValue`.
  /// - Complexity: The same as ``resolve(_:)``.
  @inlinable
  public func resolve(_ state: ControlState, default defaultValue: @autoclosure () -> Value)
    -> Value
  {
    _storage.resolve(state.rawValue, found: { $0 }, missing: defaultValue)
  }

  /// Returns this table with another table's entries laid over it: the other's value wins where
  /// both have the same selector.
  ///
  ///     var theme = StateTable<String>()
  ///     theme[.normal] = "blue"
  ///     theme[.disabled] = "gray"
  ///     var widget = StateTable<String>()
  ///     widget[.normal] = "green"
  ///     let merged = theme.overlaid(with: widget)
  ///     merged.resolve(.normal)    // "green"
  ///     merged.resolve(.disabled)  // "gray"
  ///
  /// - Parameter overrides: The entries that take precedence.
  /// - Returns: The merged table.
  public func overlaid(with overrides: StateTable<Value>) -> StateTable<Value> {
    var result = self
    result.overlay(overrides)
    return result
  }

  /// Lays another table's entries over this one: the other's value wins where both have the
  /// same selector.
  ///
  /// - Parameter overrides: The entries that take precedence.
  ///
  /// The result keeps this table's precedence.
  /// A first-match table keeps its order: an override of a selector it has replaces the value
  /// in place, and the other overrides are tried first, in their own order.
  mutating func overlay(_ overrides: StateTable<Value>) {
    if isFirstMatch {
      for entry in overrides._entries.reversed() { set(entry.value, for: entry.selector) }
      return
    }
    let precedence = self.precedence
    self = StateTable(
      (_entries + overrides._entries).lazy.map { ($0.selector, $0.value) },
      precedence: precedence)
  }
}

extension StateTable: Sendable where Value: Sendable {}
extension StateTable.Entry: Sendable where Value: Sendable {}

extension StateTable.Entry: Equatable where Value: Equatable {}
extension StateTable.Entry: Hashable where Value: Hashable {}

extension StateTable: Equatable where Value: Equatable {
  /// Tables are equal when they have the same entries and precedence, whatever order they were
  /// set in.
  ///
  ///     var a = StateTable<Int>(), b = StateTable<Int>()
  ///     a[.normal] = 0; a[.selected] = 1
  ///     b[.selected] = 1; b[.normal] = 0
  ///     a == b  // true
  public static func == (lhs: StateTable, rhs: StateTable) -> Bool {
    lhs._entries == rhs._entries && lhs.precedence == rhs.precedence
      && lhs.isFirstMatch == rhs.isFirstMatch
  }
}

extension StateTable: Hashable where Value: Hashable {
  /// Hashes the entries, in their canonical order, and the precedence.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(_entries)
    hasher.combine(precedence)
    hasher.combine(isFirstMatch)
  }
}

extension StateTable: CustomStringConvertible {
  /// The entries as `[selector: value, ...]`, in resolution order.
  ///
  ///     var table = StateTable<Int>()
  ///     table[.normal] = 0
  ///     table[.selected] = 1
  ///     table.description  // "[selected: 1, normal: 0]"
  public var description: String {
    // A table of another toolkit's states prints them with that toolkit's names.
    let catalog = StateCatalog.system.naming(precedence.layout)
    return "["
      + _entries.map { "\(catalog.description(of: $0.selector)): \($0.value)" }.joined(
        separator: ", ") + "]"
  }
}
