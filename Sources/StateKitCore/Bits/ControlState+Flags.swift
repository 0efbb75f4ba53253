extension ControlState {
  /// Creates a state from the flags a view already has, such as a value-type view's
  /// `isDisabled`, `isFocused` and `isSelected`.
  ///
  /// - Parameters:
  ///   - highlighted: Whether the control is highlighted (pressed).
  ///   - disabled: Whether the control is disabled.
  ///   - selected: Whether the control is selected.
  ///   - focused: Whether the control has the focus.
  ///   - others: Other states to include, such as an application state when its flag is set.
  @inlinable
  public init(
    highlighted: Bool = false, disabled: Bool = false, selected: Bool = false,
    focused: Bool = false, others: ControlState = .normal
  ) {
    var raw = others.rawValue
    if highlighted { raw |= ControlState.highlighted.rawValue }
    if disabled { raw |= ControlState.disabled.rawValue }
    if selected { raw |= ControlState.selected.rawValue }
    if focused { raw |= ControlState.focused.rawValue }
    self.init(rawValue: raw)
  }
}
