import Observation
import Synchronization

/// The state of one control and the changes to it, so a widget restyles only when its state
/// changed in a way its style can see.
///
/// Set the state from anywhere (the controller is `Sendable`); observers hear of each real change
/// once, with the state before and after it. An observer can ask only for changes that touch
/// some bits, such as the bits its style mentions: setting any other bit calls nothing.
///
///     let controller = StateController()
///     let token = controller.onChange(relevantTo: [.highlighted, .disabled]) { change in
///         print("restyle for", change.new)
///     }
///     controller.insert(.highlighted)  // true, and prints "restyle for highlighted"
///     controller.insert(.focused)  // true, and prints nothing: no observed bit changed
///     controller.insert(.focused)  // false: no change at all
///     token.cancel()
///
/// Observers hear changes one at a time, in the order they were made, outside the controller's
/// lock, so they may read or even change the state. They run on the thread that made the change,
/// unless observers are being called already: then the change waits its turn and the thread
/// calling them delivers it, so a change an observer makes is heard after the one it is
/// handling. The rule is ``StateModel``'s: an observer hears a change when the change touches
/// its bits, the observer was added before the change was made, and it is still observing when
/// its turn comes. An observer cancelled by an earlier one, or by anything that ran before its
/// turn, hears nothing more, not even the changes already made; `cancel()` does not wait for a
/// call that another thread has started. Changes are also an `AsyncSequence`
/// (``changes(relevantTo:)``), and ``ObservableControlState`` gives Observation tracking.
///
/// It needs macOS 15, iOS 18, tvOS 18, watchOS 11 or visionOS 2 (its lock is Synchronization's
/// `Mutex`). For a state that one thread owns, on any platform the package supports,
/// ``StateModel`` reads without a lock and takes handlers that are not `Sendable`.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class StateController: StateHolding, Sendable {
  /// The state, and the observers with the changes on their way to them.
  struct Storage: Sendable {
    var state: ControlState
    var observers = _StateObservers<Handler>()
  }

  /// An observer's closure, in a struct for `_StateObservers`.
  struct Handler: Sendable {
    let call: @Sendable (StateChange) -> Void
  }

  private let storage: OrderedMutex<Storage>

  /// Creates a controller.
  ///
  ///     let selectedButton = StateController([.selected])
  ///     selectedButton.state  // .selected
  ///
  /// - Parameter state: The state to start with; `.normal` when omitted.
  public init(_ state: ControlState = .normal) {
    storage = OrderedMutex(Storage(state: state))
  }

  /// The current state. Setting it tells the observers when it differs from the old one.
  ///
  ///     let focusedButton = StateController()
  ///     focusedButton.state = [.highlighted, .focused]
  ///     focusedButton.state  // [.highlighted, .focused]
  public var state: ControlState {
    get { storage.withLock { $0.state } }
    set { update { $0 = newValue } }
  }

  /// Changes the state in one step (one change, one call per observer).
  ///
  ///     let toggle = StateController([.highlighted])
  ///     let change = toggle.update { state in
  ///         state.remove(.highlighted)
  ///         state.insert(.selected)
  ///     }
  ///     change  // StateChange(old: .highlighted, new: .selected)
  ///
  /// - Parameter body: Changes the state; it runs under the controller's lock, so it must not
  ///   touch the controller.
  /// - Returns: The change, or `nil` when the state stayed the same.
  @discardableResult
  public func update(_ body: (inout ControlState) -> Void) -> StateChange? {
    let (change, delivery) = storage.withLock { storage in
      let old = storage.state
      body(&storage.state)
      guard storage.state != old else { return (StateChange?.none, Delivery?.none) }
      let change = StateChange(old: old, new: storage.state)
      return (change, storage.observers.changed(change))
    }
    guard var delivery else { return change }
    // Each step takes the lock; the handlers run without it, so they may read or change the
    // state, and add or cancel observers.
    while let step = storage.withLock({ $0.observers.next(in: &delivery) }) {
      step.handler.call(step.change)
    }
    return change
  }

  private typealias Delivery = _StateObservers<Handler>.Delivery

  /// Calls `handler` after each change that touches `states` (every change when `nil`), until
  /// the returned token is cancelled or released.
  ///
  ///     let button = StateController()
  ///     let styleMentions: ControlState = [.highlighted, .disabled]
  ///     let restyling = button.onChange(relevantTo: styleMentions) { change in
  ///         print("restyle for", change.new)
  ///     }
  ///     button.insert(.disabled)  // true, and prints "restyle for disabled"
  ///     restyling.cancel()
  ///
  /// - Parameters:
  ///   - states: The bits that matter to the observer, or `nil` for every change.
  ///   - handler: Called with each change, on the thread that made it.
  /// - Returns: A token that removes the observer when cancelled or released.
  public func onChange(
    relevantTo states: ControlState? = nil, _ handler: @escaping @Sendable (StateChange) -> Void
  ) -> StateObservation {
    let id = storage.withLock { $0.observers.add(relevantTo: states, Handler(call: handler)) }
    return StateObservation(self, id: id, keepsHolder: true)
  }

  /// The changes that touch `states` (every change when `nil`), from now on, as an
  /// `AsyncSequence`. Each change is buffered until it is read; the sequence stops observing
  /// when its iteration ends or its task is cancelled.
  ///
  ///     func watch(_ checkbox: StateController) async {
  ///         for await change in checkbox.changes(relevantTo: [.selected]) {
  ///             print(change.new.contains(.selected) ? "checked" : "unchecked")
  ///         }
  ///     }
  ///
  /// - Parameter states: The bits that matter, or `nil` for every change.
  /// - Returns: The changes, in the order they were made.
  public func changes(relevantTo states: ControlState? = nil) -> AsyncStream<StateChange> {
    let (stream, continuation) = AsyncStream<StateChange>.makeStream()
    let token = onChange(relevantTo: states) { continuation.yield($0) }
    continuation.onTermination = { _ in token.cancel() }
    return stream
  }

  /// The number of observers, for tests.
  var observerCount: Int {
    storage.withLock { $0.observers.count }
  }

  package func removeObserver(_ id: UInt64) {
    // The handler goes once the lock is released: what it holds may cancel another observer
    // as it goes.
    let handler = storage.withLock { $0.observers.remove(id) }
    _ = handler
  }
}

/// An observer of a ``StateController``: it observes until ``StateObserver/cancel()`` or until
/// it is released, on any thread.
///
///     let slider = StateController()
///     var observation: StateObservation? = slider.onChange { print($0) }
///     observation = nil  // stops observing
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public typealias StateObservation = StateObserver<StateController>

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension StateController: _ObserverRemoving {}

/// A ``StateController``'s state for Observation: SwiftUI views and `withObservationTracking`
/// see every change, whoever makes it.
///
/// Observation needs a registrar, so it is opt-in: a controller alone stays small.
///
///     import Observation
///
///     let menu = StateController()
///     let observed = ObservableControlState(menu)
///     withObservationTracking {
///         _ = observed.state
///     } onChange: {
///         print("the state changed")
///     }
///     menu.insert(.selected)  // true, and prints "the state changed"
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public final class ObservableControlState: Observable, Sendable {
  /// The controller whose state this is.
  public let controller: StateController
  private let registrar = ObservationRegistrar()
  private let observation = OrderedMutex<StateObservation?>(nil)

  /// Observes a controller.
  ///
  ///     let tracked = ObservableControlState(StateController())
  ///     tracked.state  // .normal
  ///
  /// - Parameter controller: The controller; changes made on it directly are seen too.
  public init(_ controller: StateController) {
    self.controller = controller
    let token = controller.onChange { [weak self] _ in
      guard let self else { return }
      self.registrar.willSet(self, keyPath: \.state)
      self.registrar.didSet(self, keyPath: \.state)
    }
    observation.withLock { $0 = token }
  }

  /// The controller's state, tracked by Observation.
  ///
  ///     let tab = ObservableControlState(StateController())
  ///     tab.state = [.highlighted]
  ///     tab.controller.state  // .highlighted
  public var state: ControlState {
    get {
      registrar.access(self, keyPath: \.state)
      return controller.state
    }
    set { controller.state = newValue }
  }
}
