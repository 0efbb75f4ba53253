/// One change of a control's state: the state before and after it.
///
///     let change = StateChange(old: .normal, new: [.highlighted, .selected])
///     change.changed  // [.highlighted, .selected]
///     change.changed.isDisjoint(with: .disabled)  // true: disabled is left as it was
public struct StateChange: Hashable, Sendable, CustomStringConvertible {
  /// The state before the change.
  public var old: ControlState
  /// The state after the change.
  public var new: ControlState

  /// Creates a change.
  ///
  /// - Parameters:
  ///   - old: The state before the change.
  ///   - new: The state after it.
  public init(old: ControlState, new: ControlState) {
    self.old = old
    self.new = new
  }

  /// The bits that differ between the two states. A style whose entries mention only some
  /// states may look different after the change when it sets or clears one of them:
  /// `!change.changed.isDisjoint(with: states)`.
  public var changed: ControlState { old.symmetricDifference(new) }

  /// Whether the change sets or clears a bit of `states`: whether a style whose entries
  /// mention only `states` may look different after it.
  ///
  /// - Parameter states: The bits that matter, such as a style's relevant states.
  @inlinable package func touches(_ states: ControlState) -> Bool {
    !changed.isDisjoint(with: states)
  }

  /// `old -> new`, in the state text format: `normal -> highlighted | selected`.
  public var description: String { "\(old) -> \(new)" }
}
