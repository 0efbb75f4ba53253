/// The key of a ``StateTable`` entry: the states a control must be in and, optionally, the
/// states it must not be in.
///
/// A plain ``ControlState`` converts to a selector that requires exactly its bits and excludes
/// none. Exclusions express rules such as "selected but not disabled", like Android's
/// `state_enabled="false"`.
///
///     let plain = StateSelector(.selected)
///     let selectedEnabled = try StateSelector(requiring: .selected, excluding: .disabled)
///     selectedEnabled.matches([.selected, .highlighted])  // true
///     selectedEnabled.matches([.selected, .disabled])     // false
///     selectedEnabled.description                         // "selected | !disabled"
@frozen
public struct StateSelector: Hashable, Sendable {
  /// The states a control must all be in.
  public let required: ControlState

  /// The states a control must not be in.
  public let excluded: ControlState

  /// Creates a selector that requires some states and excludes others.
  ///
  /// - Parameters:
  ///   - required: The states a control must all be in.
  ///   - excluded: The states a control must not be in.
  /// - Throws: ``StateKitError`` with code ``StateKitError/Code/conflictingSelector`` when a
  ///   state is both required and excluded; the message names the states.
  public init(requiring required: ControlState, excluding excluded: ControlState)
    throws(StateKitError)
  {
    guard required.isDisjoint(with: excluded) else {
      throw StateKitError.selector(required: required, excluded: excluded)
    }
    self.required = required
    self.excluded = excluded
  }

  /// Creates a selector that requires some states unless others are present, without throwing:
  /// a state that is both required and excluded stays required. Use it for constants.
  ///
  ///     extension StateSelector {
  ///         static let selectedNotDisabled = StateSelector(.selected, unless: .disabled)
  ///     }
  ///
  ///     StateSelector(.selected, unless: [.selected, .disabled]).excluded  // .disabled
  ///
  /// - Parameters:
  ///   - required: The states a control must all be in.
  ///   - excluded: The states a control must not be in; those also in `required` are ignored.
  @inlinable
  public init(_ required: ControlState, unless excluded: ControlState = .normal) {
    self.required = required
    self.excluded = excluded.subtracting(required)
  }

  /// Whether a control in `state` is selected: all required bits set and no excluded bit set.
  ///
  /// - Parameter state: The state of a control.
  @inlinable
  public func matches(_ state: ControlState) -> Bool {
    state.rawValue & required.rawValue == required.rawValue
      && state.rawValue & excluded.rawValue == 0
  }

  /// How specific the selector is: the number of required bits plus excluded bits. When several
  /// selectors match a state, the most specific one wins.
  @inlinable
  public var specificity: Int {
    required.rawValue.nonzeroBitCount + excluded.rawValue.nonzeroBitCount
  }
}
