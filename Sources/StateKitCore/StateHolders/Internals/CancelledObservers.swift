/// The observers of one ``StateModel`` whose tokens were cancelled, waiting for the model to
/// remove them on its own thread.
///
/// A model belongs to one thread; its tokens are `Sendable`, and a token cannot tell which thread
/// it is on, so a token never touches the model's observers. Its `cancel()` leaves the
/// observer's identifier here instead, and the model takes them all, on its thread, whenever it
/// runs (`StateModel.removeCancelledObservers()`): before each step of a delivery, each change
/// and each `onChange`. The model's tokens and the model share this object; it outlives a model
/// that its tokens outlive, and then nothing takes the identifiers (each token leaves its own at
/// most once).
///
/// The identifiers are guarded by a spin lock: a cancellation appends one, and the model swaps
/// the array out, each a few loads and stores (an append may allocate). While identifiers wait,
/// the lock's slot is left marked, so the model sees with one acquiring load that none does:
/// that is all a step of a delivery pays.
final class _CancelledObservers: _ObserverRemoving, @unchecked Sendable {
  // @unchecked: `identifiers`, and the `observerID` of the model's tokens, are read and written
  // only while `slot` is held.
  /// The lock, marked while `identifiers` is not empty.
  private let slot = _AtomicSlot()
  /// The identifiers of the observers cancelled since the model last took them.
  private var identifiers: [UInt64] = []

  deinit { slot.deallocate() }

  /// Leaves the token's observer for the model, once: `observerID` becomes 0.
  func removeObserver(of token: StateObservation) {
    slot.withMarkingLock { () -> (result: Void, mark: Bool) in
      let id = token.observerID
      if id != 0 {
        token.observerID = 0
        identifiers.append(id)
      }
      return ((), !identifiers.isEmpty)
    }
  }

  /// Whether no identifier waits, read with one acquiring load: a cancellation that happened
  /// before (on this thread, or on one this thread has synchronized with) is seen.
  var isEmpty: Bool { slot.isEmpty }

  /// The identifiers waiting, in the order their tokens were cancelled; none wait after.
  func takeAll() -> [UInt64] {
    slot.withMarkingLock { () -> (result: [UInt64], mark: Bool) in
      var taken: [UInt64] = []
      swap(&taken, &identifiers)
      return (taken, false)
    }
  }
}
