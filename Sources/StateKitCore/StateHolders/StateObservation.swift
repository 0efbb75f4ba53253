/// An observer of a ``StateModel`` or a ``StateController``: it observes until ``cancel()`` or
/// until it is released.
///
///     let slider = StateModel()
///     var observation: StateObservation? = slider.onChange { print($0) }
///     observation = nil  // stops observing
///
/// Both holders return this token, and it is `Sendable` whichever made it: any thread may cancel
/// or release it. A delivery that reaches the observer after the cancellation (on the thread
/// that cancelled, or on one that has synchronized with it) skips it; `cancel()` does not wait
/// for a call that another thread is making or about to make. When the handler is released
/// depends on the holder:
///
/// - A ``StateController`` removes the observer at once, under its lock, and releases the
///   handler.
/// - A ``StateModel`` belongs to one thread, and the token cannot tell which one that is, so
///   cancelling never touches the model: it leaves the observer's identifier for the model,
///   which removes the observer, and releases the handler, on its own thread the next time it
///   runs: before the next step of a delivery (so a delivery under way does not call it), before
///   a change (`update`, `insert`, setting `state`…) and in
///   ``StateModel/onChange(relevantTo:_:)``. Until then the model keeps the handler and what it
///   captures. A handler that captures the model's owner strongly keeps that owner alive until
///   the model runs again, which may be never once the owner is dropped: capture it `weak` or
///   `unowned`.
public final class StateObservation: @unchecked Sendable {
  // @unchecked: `observerID` is read and written only by `holder.removeObserver(of:)`, under
  // the holder's lock (a controller's mutex, or the spin lock of a model's cancelled
  // observers).
  /// What removes the observer: the controller, or the cancelled observers of a model.
  private let holder: any _ObserverRemoving
  /// The observer's identifier in its holder, never given to another observer; 0 once
  /// cancelled, so that cancelling again does nothing. Only the holder reads or writes it, under
  /// its lock.
  package var observerID: UInt64

  /// A token for the observer `observerID` of `holder`.
  package init(holder: any _ObserverRemoving, observerID: UInt64) {
    self.holder = holder
    self.observerID = observerID
  }

  /// Stops observing: the handler hears no more changes. Calling it again does nothing.
  ///
  ///     let link = StateModel()
  ///     var heard = 0
  ///     let watching = link.onChange { _ in heard += 1 }
  ///     watching.cancel()
  ///     link.insert(.highlighted)  // true
  ///     heard                      // 0
  public func cancel() {
    holder.removeObserver(of: self)
  }

  deinit { cancel() }
}

/// A holder's side of its tokens: what ``StateObservation/cancel()`` calls, from any thread.
package protocol _ObserverRemoving: AnyObject, Sendable {
  /// Stops the observer of `token`, unless it has stopped already. It reads `token.observerID`
  /// and sets it to 0 under the holder's lock, the only place either is done.
  func removeObserver(of token: StateObservation)
}
