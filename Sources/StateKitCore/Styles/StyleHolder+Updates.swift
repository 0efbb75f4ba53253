/// Tables written as changes to a default look, and reads that change a field of the look they
/// read: the form of hand-written selection code, where each branch sets only what differs.
extension StyleHolder {
  /// Creates a holder of a first-match table whose branches change a default value, one line
  /// per branch of the `if`/`else` chain it replaces: each branch sets only the fields that
  /// differ from the default, as the chain's branches do, and the default comes last, as the
  /// chain's final `else` does.
  ///
  ///     struct BorderLook: Sendable {
  ///         var glyph = "─"
  ///         var bold = false
  ///     }
  ///     let border = StyleHolder(firstMatch: [
  ///         .disabled: { $0.glyph = "·" },
  ///         .focused: { ($0.glyph, $0.bold) = ("═", true) },
  ///     ]) { BorderLook() }
  ///     border[.focused].glyph   // "═"
  ///     border[.disabled].bold   // false
  ///     border[.normal].glyph    // "─"
  ///
  /// Entries with the same states are one branch, tried where the first of them is, whose
  /// changes apply in order: a branch too long for a line goes on over the next ones, as a
  /// branch of the chain takes several statements.
  ///
  ///     let marker = StyleHolder(firstMatch: [
  ///         .disabled: { $0.glyph = "·" },
  ///         .focused: { $0.glyph = "═" },
  ///         .disabled: { $0.bold = true },
  ///     ]) { BorderLook() }
  ///     marker[.disabled].bold   // true
  ///     marker[.disabled].glyph  // "·"
  ///
  /// Each change is applied once, here, to a copy of the default; reading costs what reading
  /// any table costs, and a theme changes the entries as it changes any holder's.
  ///
  /// - Parameters:
  ///   - changes: The states each branch requires and how its value differs from the default,
  ///     in the order they are tried.
  ///   - defaultValue: Makes the value of the states no branch matches, which each branch
  ///     changes; called once.
  public init(
    firstMatch changes: KeyValuePairs<ControlState, (inout Value) -> Void>,
    default defaultValue: () -> Value
  ) {
    let base = defaultValue()
    var entries: [(state: ControlState, value: Value)] = []
    var places: [ControlState: Int] = [:]
    for (state, change) in changes {
      let index = places[state] ?? entries.count
      if index == entries.count {
        places[state] = index
        entries.append((state, base))
      }
      change(&entries[index].value)
    }
    self.init(
      StateTable(firstMatch: entries.map { (StateSelector($0.state), $0.value) }), default: base)
  }

  /// The value for a control in `state`, with `change` applied: a call site sets the fields
  /// that depend on more than the state (a glyph chosen by the control's value) without
  /// rebuilding the rest.
  ///
  ///     struct CheckLook: Sendable {
  ///         var glyph = "[ ]"
  ///         var dimmed = false
  ///     }
  ///     let looks = StyleHolder(firstMatch: [.disabled: CheckLook(dimmed: true)], default: CheckLook())
  ///     let isChecked = true
  ///     let checked = looks.resolve(.disabled) { $0.glyph = isChecked ? "[x]" : "[ ]" }
  ///     checked.glyph    // "[x]"
  ///     checked.dimmed   // true
  ///
  /// - Parameters:
  ///   - state: The state of a control.
  ///   - change: Sets fields of the value read.
  /// - Returns: The changed value.
  @inlinable
  public func resolve(
    _ state: ControlState, _ change: (inout Value) throws -> Void
  ) rethrows -> Value {
    try _published.value(state, changing: change)
  }
}
