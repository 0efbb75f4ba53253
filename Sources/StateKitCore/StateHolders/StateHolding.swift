/// A control's state that changes in steps, each step one ``StateChange`` told to observers:
/// ``StateModel`` (one thread, every platform) and `StateController` (shared between threads).
///
/// A conforming type implements ``update(_:)``; adding, clearing and setting bits are written
/// once, here, in terms of it.
///
///     let button = StateModel()
///     button.insert(.highlighted)    // true
///     button.set(.disabled, true)    // true
///     button.remove(.highlighted)    // true
///     button.state                   // .disabled
public protocol StateHolding: AnyObject {
  /// The current state; setting it is one ``update(_:)``.
  var state: ControlState { get set }

  /// Changes the state in one step (one change, one call per observer).
  ///
  ///     let toggle = StateModel([.highlighted])
  ///     toggle.update { state in
  ///         state.remove(.highlighted)
  ///         state.insert(.selected)
  ///     }  // StateChange(old: .highlighted, new: .selected)
  ///
  /// - Parameter body: Changes the state.
  /// - Returns: The change, or `nil` when the state stayed the same.
  @discardableResult
  func update(_ body: (inout ControlState) -> Void) -> StateChange?
}

extension StateHolding {
  /// Adds bits to the state.
  ///
  ///     let pressed = StateModel()
  ///     pressed.insert(.highlighted)  // true
  ///     pressed.insert(.highlighted)  // false
  ///
  /// - Parameter states: The bits to set.
  /// - Returns: Whether the state changed.
  @discardableResult
  public func insert(_ states: ControlState) -> Bool {
    update { $0.formUnion(states) } != nil
  }

  /// Clears bits of the state.
  ///
  /// - Parameter states: The bits to clear.
  /// - Returns: Whether the state changed.
  @discardableResult
  public func remove(_ states: ControlState) -> Bool {
    update { $0.subtract(states) } != nil
  }

  /// Sets or clears bits, as a widget does from a flag.
  ///
  /// - Parameters:
  ///   - states: The bits to set or clear.
  ///   - on: Whether to set them.
  /// - Returns: Whether the state changed.
  @discardableResult
  public func set(_ states: ControlState, _ on: Bool) -> Bool {
    on ? insert(states) : remove(states)
  }
}
