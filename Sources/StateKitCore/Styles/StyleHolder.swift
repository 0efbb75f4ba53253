/// A widget kind's themable style: a per-state table or style set and its frozen lookup, read
/// from any thread without a lock, replaced in one step when a theme is applied.
///
/// Keep one holder per widget kind as a `static let`; a widget reads the value for its state
/// where it draws, and a theme changes single entries:
///
///     enum Role: UInt8, Sendable { case normal, focus, hot, disabled }
///     extension ControlState {
///         static let pointerOver = ControlState(rawValue: 1 << 16)
///     }
///
///     enum ButtonStyle {
///         static let text = StyleHolder(
///             StateTable(firstMatch: [
///                 (StateSelector(.disabled), Role.disabled),
///                 (StateSelector([.focused, .pointerOver]), .hot),
///                 (StateSelector(.focused), .focus),
///             ]),
///             default: .normal)
///     }
///
///     ButtonStyle.text[[.focused, .pointerOver]]  // .hot
///     ButtonStyle.text.update { $0[StateSelector(.focused)] = .hot }
///     ButtonStyle.text[.focused]         // .hot
///
/// Reading costs what a ``StateLookup`` costs, plus one atomic load: no lock, no reference
/// count, no allocation. The holder publishes its lookup's own memory; ``update(_:)`` and
/// setting ``table`` build the new lookup first and publish it in one step, so a reader sees
/// the old table or the new one, never a mix. Each lookup the holder has published stays in
/// memory until the last copy of the holder is released (a reader on another thread may still
/// be using it): change a holder when a theme changes, not once per frame.
///
/// A holder is a handle: its copies share one style, and a change through any copy reaches
/// all of them. Keep it wherever the toolkit keeps styles: a `static let`, a stored property,
/// a class property a subclass overrides, a value in an environment passed down a subtree. It
/// is `Sendable`, so a main-actor type reads it with no annotation.
///
/// A global or `static let` is initialized lazily, and on Linux every read of one the
/// optimizer cannot prove done calls the runtime's once-check. In a draw that reads a style
/// per item, read the holder into a local once and read the local in the loop:
///
///     func drawRows(_ states: [ControlState]) -> [Role] {
///         let text = ButtonStyle.text  // one once-check per draw
///         return states.map { text[$0] }
///     }
///     drawRows([.focused, .normal])  // [.hot, .normal]
public struct StyleHolder<Value: Sendable>: Sendable {
  /// Where a holder's values come from.
  @usableFromInline
  enum Source: Sendable {
    /// A table and the value of the states it does not match.
    case table(StateTable<Value>)
    /// A style set whose attributes fill the fields of a look.
    case style(StyleSet, [StyleSet.Field<Value>])

    /// The lookup of the source.
    func lookup(default defaultValue: Value) -> StateLookup<Value> {
      switch self {
      case .table(let table): StateLookup(table, default: defaultValue)
      case .style(let style, let fields): StateLookup(style, default: defaultValue, fields)
      }
    }
  }

  /// The published lookup and its source, shared by every copy of the holder.
  @usableFromInline let _box: _HolderBox<Value>
  /// The box's slot, copied here so that a read loads it without going through the box.
  @usableFromInline let _current: _AtomicSlot

  init(_ source: Source, default defaultValue: Value) {
    _box = _HolderBox(source, default: defaultValue)
    _current = _box.current
  }

  /// Creates a holder.
  ///
  /// - Parameters:
  ///   - table: The entries.
  ///   - defaultValue: The value of the states no entry matches.
  public init(_ table: StateTable<Value>, default defaultValue: Value) {
    self.init(.table(table), default: defaultValue)
  }

  /// Creates a holder of a first-match table written as a literal, one line per branch of
  /// the `if`/`else` chain it replaces (see `StateTable(firstMatch:)`).
  ///
  ///     let border = StyleHolder(firstMatch: [.disabled: "·", .focused: "═"], default: " ")
  ///     border[[.focused, .selected]]  // "═"
  ///     border[.selected]              // " "
  ///
  /// - Parameters:
  ///   - branches: The states each branch requires and its value, in the order they are tried.
  ///   - defaultValue: The value of the states no branch matches: the final `else`.
  public init(firstMatch branches: KeyValuePairs<ControlState, Value>, default defaultValue: Value)
  {
    self.init(StateTable(firstMatch: branches), default: defaultValue)
  }

  /// Creates a holder from a function of a few states, called once for every combination of
  /// them (see ``StateTable/init(evaluating:_:)``): the way to keep a widget's selection code
  /// and read its answers from a table.
  ///
  ///     let border = StyleHolder(evaluating: [.focused, .pointerOver]) { state in
  ///         state.contains(.focused) ? (state.contains(.pointerOver) ? "═" : "─") : " "
  ///     }
  ///     border[[.focused, .pointerOver, .selected]]  // "═"
  ///     border.update { $0[StateSelector(.disabled)] = "·" }
  ///     border[[.focused, .disabled]]       // "·"
  ///
  /// - Parameters:
  ///   - states: The states `select` reads; at most 12 bits.
  ///   - select: The value for a combination of `states`.
  public init(
    evaluating states: ControlState, _ select: (ControlState) throws -> Value
  ) rethrows {
    // Every state matches one entry, so the default is never read.
    self.init(try StateTable(evaluating: states, select), default: try select(.normal))
  }

  /// Creates a holder from a function of a few states that reads shared chains kept in other
  /// holders, evaluated again whenever one of those holders changes: a theme that changes a
  /// shared chain reaches every holder built from it.
  ///
  ///     let text = StyleHolder(firstMatch: [.disabled: "gray", .focused: "white"], default: "black")
  ///     let label = StyleHolder(evaluating: [.disabled, .focused], reading: text) { state in
  ///         "[" + text[state] + "]"
  ///     }
  ///     text.update { $0[StateSelector(.focused)] = "yellow" }
  ///     label[.focused]  // "[yellow]"
  ///
  /// `select` reads the chains through the holders it captures; every change to one of them
  /// calls it again for every combination of `states` and publishes the answers, replacing
  /// the table with what `select` now gives (an entry set on this holder with
  /// ``update(_:)`` lasts until then: change the chains instead). The chains keep no copy of
  /// this holder alive.
  ///
  /// - Parameters:
  ///   - states: The states `select` reads; at most 12 bits.
  ///   - first: A holder `select` reads, whose changes it follows.
  ///   - chains: The other holders `select` reads.
  ///   - select: The value for a combination of `states`.
  public init<First: Sendable, each Chain: Sendable>(
    evaluating states: ControlState, reading first: StyleHolder<First>,
    _ chains: repeat StyleHolder<each Chain>, select: @escaping @Sendable (ControlState) -> Value
  ) {
    // At least one chain: with none, a call would match ``init(evaluating:_:)`` too.
    let evaluate: @Sendable () -> Source = { .table(StateTable(evaluating: states, select)) }
    _box = _HolderBox(evaluate(), default: select(.normal), evaluate: evaluate)
    _current = _box.current
    first._box.addDependent(_box)
    for chain in repeat each chains { chain._box.addDependent(_box) }
  }

  /// Creates a holder of looks whose fields a style set's attributes fill, as a
  /// ``StateLookup`` does.
  ///
  ///     struct LinkLook: Sendable {
  ///         var color = "blue"
  ///         var underlined = false
  ///     }
  ///     let color = StyleKey<String>("color")
  ///     var style = StyleSet()
  ///     style[color, for: .selected] = "purple"
  ///     let looks = StyleHolder(style, default: LinkLook(), [.field(\.color, from: color)])
  ///     looks[.selected].color  // "purple"
  ///
  /// - Parameters:
  ///   - style: The attributes.
  ///   - defaultLook: The look of a state that no entry matches: each field keeps its value
  ///     here when its attribute has no match.
  ///   - fields: Which attribute fills which field.
  public init(
    _ style: StyleSet, default defaultLook: Value, _ fields: [StyleSet.Field<Value>]
  ) {
    self.init(.style(style, fields), default: defaultLook)
  }

  /// The lookup readers see now.
  @inlinable @inline(__always)
  var _published: _PublishedLookup<Value> { _PublishedLookup(_current) }

  /// The value for a control in `state`: the table's best matching entry, or the default.
  ///
  /// - Parameter state: The state of a control.
  /// - Complexity: O(1) when the table's bits gather; otherwise O(*n*).
  @inlinable @inline(__always)
  public subscript(state: ControlState) -> Value {
    _published.value(state)
  }

  /// Calls `body` with the value for a control in `state`, read in place: a look that holds
  /// strings or references is not copied, so reading it costs what reading one field costs.
  ///
  /// - Parameters:
  ///   - state: The state of a control.
  ///   - body: Reads the value; it must not keep it beyond the call.
  /// - Returns: What `body` returns.
  @inlinable @inline(__always)
  public func withValue<Result>(
    for state: ControlState, _ body: (borrowing Value) throws -> Result
  ) rethrows -> Result {
    try _published.withValue(state, body)
  }

  /// The table the holder resolves with now, or `nil` for a holder of a style set; setting it
  /// publishes a table in place of either.
  public var table: StateTable<Value>? {
    get {
      guard case .table(let table) = _box.source else { return nil }
      return table
    }
    nonmutating set { _box.publish { _ in newValue.map { .table($0) } } }
  }

  /// The style set the holder resolves with now, or `nil` for a holder of a table; setting it
  /// publishes a style set in place of the current one (a holder of a table ignores it: it has
  /// no fields).
  public var style: StyleSet? {
    get {
      guard case .style(let style, _) = _box.source else { return nil }
      return style
    }
    nonmutating set {
      _box.publish { source in
        guard case .style(_, let fields) = source, let newValue else { return nil }
        return .style(newValue, fields)
      }
    }
  }

  /// The value of the states no entry matches.
  var defaultValue: Value { _box.defaultValue }

  /// Changes the table, as a theme does, and publishes it with its new lookup in one step; a
  /// holder of a style set is left as it is.
  ///
  /// When two threads update at once, each change applies to the table the other published:
  /// `body` runs again on the newer table if another update won the race.
  ///
  /// - Parameter body: Changes the table.
  public func update(_ body: (inout StateTable<Value>) throws -> Void) rethrows {
    try _box.publish { source in
      guard case .table(var table) = source else { return nil }
      try body(&table)
      return .table(table)
    }
  }

  /// Changes the style set, as a theme does, and publishes it with its new looks in one step; a
  /// holder of a table is left as it is.
  ///
  /// - Parameter body: Changes the style set.
  public func updateStyle(_ body: (inout StyleSet) throws -> Void) rethrows {
    try _box.publish { source in
      guard case .style(var style, let fields) = source else { return nil }
      try body(&style)
      return .style(style, fields)
    }
  }

}
