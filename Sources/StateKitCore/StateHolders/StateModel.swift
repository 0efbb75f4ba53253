/// The state of one control for code that runs on one thread, such as a toolkit's main loop or
/// the main actor: reads are a plain load, and observers may capture anything, `Sendable` or not.
///
/// It behaves as ``StateController`` does (each real change heard once, in order, filtered by the
/// bits an observer cares about) without a lock, and it works on every platform the package
/// supports. It is not `Sendable`: keep it with the widget it belongs to. Use `StateController`
/// for a state that several threads set.
///
///     final class Button {
///         let state = StateModel()
///         var restyles = 0
///     }
///     let button = Button()
///     let token = button.state.onChange(relevantTo: [.highlighted, .disabled]) { _ in
///         button.restyles += 1
///     }
///     button.state.insert(.highlighted)  // true
///     button.state.insert(.focused)      // true: no observed bit changed
///     button.restyles                    // 1
///     token.cancel()
///
/// An observer hears a change when the change touches its bits, the observer was added before
/// the change was made, and it is still observing when its turn comes; the rule is
/// ``StateController``'s too. So an observer may change the state, or add or cancel observers:
/// a change it makes is heard after the one it is handling, an observer it cancels hears nothing
/// more (not even the changes already made), and an observer it adds hears only the changes made
/// after it was added.
public final class StateModel: StateHolding {
  /// The current state.
  private var current: ControlState
  /// The observers and the changes on their way to them.
  private var observers = _StateObservers<Handler>()

  /// An observer's closure, in a struct for ``_StateObservers``.
  private struct Handler {
    let call: (StateChange) -> Void
  }

  /// Creates a model.
  ///
  /// - Parameter state: The state to start with; `.normal` when omitted.
  public init(_ state: ControlState = .normal) {
    current = state
  }

  /// The current state. Setting it tells the observers when it differs from the old one.
  public var state: ControlState {
    get { current }
    set { update { $0 = newValue } }
  }

  /// Changes the state in one step (one change, one call per observer).
  ///
  /// - Parameter body: Changes the state.
  /// - Returns: The change, or `nil` when the state stayed the same.
  @discardableResult
  public func update(_ body: (inout ControlState) -> Void) -> StateChange? {
    let old = current
    var new = old
    body(&new)
    guard new != old else { return nil }
    current = new
    let change = StateChange(old: old, new: new)
    guard var delivery = observers.changed(change) else { return change }
    // Each step's access to `observers` ends before the handler runs: a handler may add,
    // cancel or change.
    while let step = observers.next(in: &delivery) { step.handler.call(step.change) }
    return change
  }

  /// Calls `handler` after each change that touches `states` (every change when `nil`), until
  /// the returned token is cancelled or released.
  ///
  ///     let checkbox = StateModel()
  ///     var checked = false
  ///     let watching = checkbox.onChange(relevantTo: .selected) { checked = $0.new.contains(.selected) }
  ///     checkbox.insert(.selected)  // true
  ///     checked                     // true
  ///     watching.cancel()
  ///
  /// - Parameters:
  ///   - states: The bits that matter to the observer, or `nil` for every change.
  ///   - handler: Called with each change.
  /// - Returns: A token that removes the observer when cancelled or released.
  public func onChange(
    relevantTo states: ControlState? = nil, _ handler: @escaping (StateChange) -> Void
  ) -> Observation {
    Observation(
      self, id: observers.add(relevantTo: states, Handler(call: handler)), keepsHolder: false)
  }

  /// The number of observers, for tests.
  var observerCount: Int { observers.count }

  package func removeObserver(_ id: UInt64) {
    // The handler goes once the access to `observers` has ended: what it holds may cancel
    // another observer as it goes.
    let handler = observers.remove(id)
    _ = handler
  }

  /// An observer of a ``StateModel``: it observes until ``StateObserver/cancel()`` or until
  /// it is released, and belongs to the model's thread.
  ///
  ///     let slider = StateModel()
  ///     var observation: StateModel.Observation? = slider.onChange { print($0) }
  ///     observation = nil  // stops observing
  public typealias Observation = StateObserver<StateModel>
}

@available(*, unavailable, message: "a StateModel belongs to one thread; use StateController")
extension StateModel: Sendable {}

extension StateModel: _ObserverRemoving {}
