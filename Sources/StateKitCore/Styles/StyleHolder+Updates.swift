/// Tables written as changes to a default look, and reads that change a field of the look they
/// read: the form of hand-written selection code, where each branch sets only what differs.
extension StyleHolder {
  /// Creates a holder of a first-match table whose branches change a default value, one line
  /// per branch of the `if`/`else` chain it replaces: each branch sets only the fields that
  /// differ from `defaultValue`, as the chain's branches do.
  ///
  ///     struct BorderLook: Sendable {
  ///         var glyph = "─"
  ///         var bold = false
  ///     }
  ///     let border = StyleHolder(default: BorderLook(), firstMatch: [
  ///         .disabled: { $0.glyph = "·" },
  ///         .focused: { ($0.glyph, $0.bold) = ("═", true) },
  ///     ])
  ///     border[.focused].glyph   // "═"
  ///     border[.disabled].bold   // false
  ///     border[.normal].glyph    // "─"
  ///
  /// Each change is applied once, here, to a copy of `defaultValue`; reading costs what reading
  /// any table costs.
  ///
  /// - Parameters:
  ///   - defaultValue: The value of the states no branch matches, which each branch changes.
  ///   - branches: The states each branch requires and how its value differs from
  ///     `defaultValue`, in the order they are tried.
  public init(
    default defaultValue: Value,
    firstMatch branches: KeyValuePairs<ControlState, (inout Value) -> Void>
  ) {
    let entries = branches.map { branch in
      var value = defaultValue
      branch.value(&value)
      return (StateSelector(branch.key), value)
    }
    self.init(StateTable(firstMatch: entries), default: defaultValue)
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
  ///     looks.resolve(.disabled) { $0.glyph = isChecked ? "[x]" : "[ ]" }.glyph  // "[x]"
  ///
  /// - Parameters:
  ///   - state: The state of a control.
  ///   - change: Sets fields of the value read.
  /// - Returns: The changed value.
  @inlinable
  public func resolve(
    _ state: ControlState, _ change: (inout Value) throws -> Void
  ) rethrows -> Value {
    var value = self[state]
    try change(&value)
    return value
  }
}
