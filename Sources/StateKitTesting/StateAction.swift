import StateKitCore

/// A named change of a control's state, such as a press or a release, for properties over
/// sequences of actions.
///
/// The standard actions set or clear one system state. Define your own for app states or for a
/// widget's rules, and generate sequences with ``Gen/actions(_:count:)``:
///
///     let visit = StateAction("visit") { $0.union(ControlState(rawValue: 1 << 16)) }
///     let actions = Gen.actions([.press, .release, .disable, visit])
///     StateAction.run([.press, .disable, .release])  // .disabled
///
/// Two actions are equal when their names are.
public struct StateAction: Hashable, Sendable, CustomStringConvertible {
  /// The action's name, as reports show it: ``description``.
  let name: String

  /// The new state after the action, given the state before.
  ///
  ///     StateAction.press.apply(.selected)  // [.selected, .highlighted]
  public let apply: @Sendable (ControlState) -> ControlState

  /// Creates an action.
  ///
  ///     let visit = StateAction("visit") { $0.union(ControlState(rawValue: 1 << 16)) }
  ///
  /// - Parameters:
  ///   - name: The name reports show.
  ///   - apply: The new state after the action, given the state before.
  public init(_ name: String, apply: @escaping @Sendable (ControlState) -> ControlState) {
    self.name = name
    self.apply = apply
  }

  /// Sets `ControlState.highlighted`.
  ///
  ///     StateAction.press.apply(.normal)  // .highlighted
  public static let press = StateAction("press") { $0.union(.highlighted) }

  /// Clears `ControlState.highlighted`.
  ///
  ///     StateAction.release.apply(.highlighted)  // .normal
  public static let release = StateAction("release") { $0.subtracting(.highlighted) }

  /// Sets `ControlState.disabled`.
  ///
  ///     StateAction.disable.apply(.normal)  // .disabled
  public static let disable = StateAction("disable") { $0.union(.disabled) }

  /// Clears `ControlState.disabled`.
  ///
  ///     StateAction.enable.apply(.disabled)  // .normal
  public static let enable = StateAction("enable") { $0.subtracting(.disabled) }

  /// Sets `ControlState.selected`.
  ///
  ///     StateAction.select.apply(.normal)  // .selected
  public static let select = StateAction("select") { $0.union(.selected) }

  /// Clears `ControlState.selected`.
  ///
  ///     StateAction.deselect.apply(.selected)  // .normal
  public static let deselect = StateAction("deselect") { $0.subtracting(.selected) }

  /// Sets `ControlState.focused`.
  ///
  ///     StateAction.focus.apply(.normal)  // .focused
  public static let focus = StateAction("focus") { $0.union(.focused) }

  /// Clears `ControlState.focused`.
  ///
  ///     StateAction.blur.apply(.focused)  // .normal
  public static let blur = StateAction("blur") { $0.subtracting(.focused) }

  /// The eight standard actions: press, release, disable, enable, select, deselect, focus,
  /// blur, in that order (shrinking prefers the earlier ones).
  ///
  ///     StateAction.standard.map(\.description).prefix(2)  // ["press", "release"]
  public static let standard: [StateAction] = [
    press, release, disable, enable, select, deselect, focus, blur,
  ]

  /// The state after a sequence of actions.
  ///
  ///     StateAction.run([.press, .select, .release])  // .selected
  ///
  /// - Parameters:
  ///   - actions: The actions, first to last.
  ///   - state: The state before the first action.
  /// - Returns: The state after the last action.
  public static func run(
    _ actions: some Sequence<StateAction>, from state: ControlState = .normal
  ) -> ControlState {
    actions.reduce(state) { $1.apply($0) }
  }

  /// The action's name, as reports show it.
  ///
  ///     StateAction.press.description  // "press"
  public var description: String { name }

  /// Whether two actions have the same name.
  ///
  ///     StateAction.press == StateAction("press") { $0.union(.highlighted) }  // true
  public static func == (lhs: StateAction, rhs: StateAction) -> Bool {
    lhs.name == rhs.name
  }

  /// Hashes the name.
  ///
  ///     Set(StateAction.standard).count  // 8
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }
}

extension Gen {
  /// Sequences of actions, shrinking towards shorter sequences of earlier actions.
  ///
  ///     let sequences = Gen.actions([.press, .release, .disable, .enable], count: 0...8)
  ///     forAll("release clears highlighted", sequences) { actions in
  ///         !StateAction.run(actions + [.release]).contains(.highlighted)
  ///     }
  ///
  /// For actions of your own type, use ``element(of:)`` and ``Generator/array(count:)``.
  ///
  /// - Parameters:
  ///   - actions: The possible actions, simplest first.
  ///   - count: The allowed lengths.
  public static func actions(
    _ actions: [StateAction] = StateAction.standard, count: ClosedRange<Int> = 0...16
  ) -> Generator<[StateAction]> {
    element(of: actions).array(count: count)
  }
}
