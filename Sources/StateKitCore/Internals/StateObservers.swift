/// The observers of a control's state and the changes on their way to them: the one delivery
/// that ``StateModel`` and `StateController` share.
///
/// It knows nothing of threads. A model keeps it in a stored property; a controller keeps it
/// under its lock and calls each step with the lock held, then calls the handler the step
/// returns with the lock released. One caller at a time delivers: a change recorded while a
/// delivery runs waits in a queue, and that delivery brings it to the observers after the
/// change in flight, so every observer hears the changes in the order they were made.
///
/// Each observer is known by an identifier the list gives it, counted up and never reused, so a
/// token that outlives its observer cannot name another one.
///
/// The rule, the same for both holders: an observer is called with a change when the change
/// touches the bits it observes, it was added before the change was made, and it is still
/// observing when its turn comes. So an observer cancelled by an earlier one, by itself while it
/// handled an earlier change, or by any code that ran before its turn, hears nothing more, not
/// even the changes already waiting; an observer added while a change waits does not hear that
/// change.
package struct _StateObservers<Handler> {
  /// One observer.
  fileprivate struct Entry {
    var id: UInt64
    var mask: ControlState
    var handler: Handler
  }

  /// The observers, in the order they were added.
  private var entries: [Entry] = []
  /// The identifier the last observer added was given; 0 before the first.
  private var lastID: UInt64 = 0
  /// Counts removals, so a delivery knows when its copy of the observers may be stale.
  private var removals = 0
  /// Changes made while a delivery runs, in the order they were made, each with the last
  /// observer added before it; those before `pendingStart` are delivered already.
  private var pending: [(change: StateChange, lastObserver: UInt64)] = []
  private var pendingStart = 0
  private var delivering = false

  /// A delivery in progress: the change in flight and how far it has gone. The caller that
  /// runs a delivery keeps it and passes it to every step.
  package struct Delivery {
    fileprivate var change: StateChange
    /// The identifier of the last observer added before the change was made.
    fileprivate var lastObserver: UInt64
    fileprivate var observers: [Entry]
    fileprivate var position = 0
    fileprivate var removals: Int
  }

  /// An empty list.
  package init() {}

  /// The number of observers.
  package var count: Int { entries.count }

  /// Adds an observer of the changes that touch `mask` (every change when `nil`).
  ///
  /// - Returns: The observer's identifier, for ``remove(_:)``.
  package mutating func add(relevantTo mask: ControlState?, _ handler: Handler) -> UInt64 {
    lastID += 1
    entries.append(Entry(id: lastID, mask: mask ?? ControlState(rawValue: .max), handler: handler))
    return lastID
  }

  /// Removes an observer; an identifier removed already, or never given, changes nothing.
  package mutating func remove(_ id: UInt64) {
    guard let position = entries.firstIndex(where: { $0.id == id }) else { return }
    entries.remove(at: position)
    removals += 1
  }

  /// Records a change.
  ///
  /// - Returns: A delivery the caller must run to its end with ``next(in:)``, or `nil` when
  ///   there is no observer, or when a delivery already runs (it will bring the change).
  package mutating func changed(_ change: StateChange) -> Delivery? {
    guard !entries.isEmpty else { return nil }
    guard !delivering else {
      pending.append((change, lastID))
      return nil
    }
    delivering = true
    return Delivery(change: change, lastObserver: lastID, observers: entries, removals: removals)
  }

  /// The next step of a delivery: an observer's handler and the change to call it with, or
  /// `nil` when no change is left to deliver (the delivery is over, and the next change recorded
  /// starts another).
  package mutating func next(in delivery: inout Delivery) -> (
    handler: Handler, change: StateChange
  )? {
    while true {
      while delivery.position < delivery.observers.count {
        let observer = delivery.observers[delivery.position]
        delivery.position += 1
        // Observers are in the order they were added, so the rest were added after the change.
        guard observer.id <= delivery.lastObserver else { break }
        guard delivery.change.touches(observer.mask) else { continue }
        // An observer may have been cancelled since the copy was taken.
        if removals != delivery.removals && !entries.contains(where: { $0.id == observer.id }) {
          continue
        }
        return (observer.handler, delivery.change)
      }
      guard pendingStart < pending.count else {
        pending.removeAll(keepingCapacity: true)
        pendingStart = 0
        delivering = false
        return nil
      }
      let (change, lastObserver) = pending[pendingStart]
      pendingStart += 1
      delivery = Delivery(
        change: change, lastObserver: lastObserver, observers: entries, removals: removals)
    }
  }
}

extension _StateObservers: Sendable where Handler: Sendable {}
extension _StateObservers.Entry: Sendable where Handler: Sendable {}
extension _StateObservers.Delivery: Sendable where Handler: Sendable {}
