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
/// An observer that changes the state, or adds or cancels observers, is safe: a change it makes
/// is heard after the one it is handling, an observer it cancels hears nothing more (not even
/// the change in flight), and an observer it adds hears the changes made after it was added.
public final class StateModel: StateHolding {
  /// An observer: the bits it hears about and its handler.
  private struct Observer {
    var id: Int
    var mask: ControlState
    var handler: (StateChange) -> Void
  }

  /// The current state.
  private var current: ControlState
  /// The observers, in the order they were added.
  private var observers: [Observer] = []
  private var nextID = 0
  /// Counts additions and removals, so delivery knows when its copy of the observers is stale.
  private var observerVersion = 0
  /// Changes made while observers are being called, delivered in order after the current one.
  private var pending: [StateChange] = []
  private var delivering = false

  /// Creates a model.
  ///
  ///     StateModel([.selected]).state  // .selected
  ///
  /// - Parameter state: The state to start with; `.normal` when omitted.
  public init(_ state: ControlState = .normal) {
    current = state
  }

  /// The current state. Setting it tells the observers when it differs from the old one.
  ///
  ///     let tab = StateModel()
  ///     tab.state = [.selected, .focused]
  ///     tab.state  // [.selected, .focused]
  public var state: ControlState {
    get { current }
    set { update { $0 = newValue } }
  }

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
  public func update(_ body: (inout ControlState) -> Void) -> StateChange? {
    let old = current
    var new = old
    body(&new)
    guard new != old else { return nil }
    current = new
    let change = StateChange(old: old, new: new)
    guard !observers.isEmpty else { return change }
    pending.append(change)
    if !delivering { deliverPending() }
    return change
  }

  /// Calls the observers with each pending change, oldest first, until none is left.
  private func deliverPending() {
    delivering = true
    defer {
      delivering = false
      pending.removeAll(keepingCapacity: true)
    }
    var next = 0
    while next < pending.count {
      let change = pending[next]
      next += 1
      let (called, version) = (observers, observerVersion)
      for observer in called where change.touches(observer.mask) {
        // An earlier observer may have cancelled this one.
        if observerVersion != version && !observers.contains(where: { $0.id == observer.id }) {
          continue
        }
        observer.handler(change)
      }
    }
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
    nextID += 1
    observerVersion += 1
    observers.append(
      Observer(id: nextID, mask: states ?? ControlState(rawValue: .max), handler: handler))
    return Observation(model: self, id: nextID)
  }

  /// The number of observers.
  ///
  ///     StateModel().observerCount  // 0
  public var observerCount: Int { observers.count }

  fileprivate func removeObserver(_ id: Int) {
    guard let position = observers.firstIndex(where: { $0.id == id }) else { return }
    observers.remove(at: position)
    observerVersion += 1
  }

  /// An observer of a ``StateModel``: it observes until ``cancel()`` or until it is released.
  ///
  ///     let slider = StateModel()
  ///     var observation: StateModel.Observation? = slider.onChange { print($0) }
  ///     slider.observerCount  // 1
  ///     observation = nil
  ///     slider.observerCount  // 0
  public final class Observation {
    private weak var model: StateModel?
    private let id: Int

    fileprivate init(model: StateModel, id: Int) {
      self.model = model
      self.id = id
    }

    /// Stops observing; calling it again does nothing.
    ///
    ///     let link = StateModel()
    ///     let watching = link.onChange { print($0) }
    ///     watching.cancel()
    ///     link.observerCount  // 0
    public func cancel() {
      model?.removeObserver(id)
    }

    deinit { cancel() }
  }
}

@available(*, unavailable, message: "a StateModel belongs to one thread; use StateController")
extension StateModel: Sendable {}

@available(*, unavailable, message: "an observation belongs to its model's thread")
extension StateModel.Observation: Sendable {}
