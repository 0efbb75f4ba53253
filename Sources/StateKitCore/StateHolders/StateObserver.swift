/// The token of an observer of a state holder: it observes until ``cancel()`` or until it is
/// released.
///
/// Both holders return this one type, with the holder as its parameter:
/// ``StateModel/Observation`` is `StateObserver<StateModel>`, and StateKit's
/// `StateObservation` is `StateObserver<StateController>`. A token is `Sendable` exactly when
/// its holder is: a controller's may be cancelled or released on any thread, and a model's
/// belongs to the model's thread, where cancelling removes the observer and releases its
/// handler at once.
///
///     let slider = StateModel()
///     var heard = 0
///     var observation: StateModel.Observation? = slider.onChange { _ in heard += 1 }
///     slider.insert(.highlighted)  // true
///     observation = nil            // stops observing
///     slider.insert(.selected)     // true
///     heard                        // 1
///
/// A model's token holds its model weakly, so a model goes when its owner drops it, whatever
/// tokens remain; a controller's holds its controller, which lives while a token does.
public final class StateObserver<Holder: AnyObject> {
  /// A model, which its tokens do not keep alive; `nil` for a controller's token.
  private weak var weakHolder: Holder?
  /// A controller, which its tokens keep alive; `nil` for a model's token.
  private let strongHolder: Holder?
  /// The observer's identifier in its holder, never given to another observer.
  private let id: UInt64

  /// A token for the observer `id` of `holder`, which it keeps alive when `keepsHolder`.
  package init(_ holder: Holder, id: UInt64, keepsHolder: Bool) {
    weakHolder = keepsHolder ? nil : holder
    strongHolder = keepsHolder ? holder : nil
    self.id = id
  }

  /// Stops observing: the handler hears no more changes, even of a delivery under way.
  /// Calling it again does nothing.
  ///
  ///     let link = StateModel()
  ///     var heard = 0
  ///     let watching = link.onChange { _ in heard += 1 }
  ///     watching.cancel()
  ///     link.insert(.highlighted)  // true
  ///     heard                      // 0
  public func cancel() {
    guard let holder = strongHolder ?? weakHolder else { return }
    (holder as? any _ObserverRemoving)?.removeObserver(id)
  }

  deinit { cancel() }
}

// @unchecked: the stored properties are constants but for the weak reference, whose loads and
// stores the runtime makes atomic; a token reaches another thread only when its holder is
// `Sendable` (a controller, which removes observers under its lock).
extension StateObserver: @unchecked Sendable where Holder: Sendable {}

/// A holder whose tokens ``StateObserver/cancel()`` removes an observer from.
package protocol _ObserverRemoving: AnyObject {
  /// Removes the observer `id`, if it is still there, and releases its handler.
  func removeObserver(_ id: UInt64)
}
