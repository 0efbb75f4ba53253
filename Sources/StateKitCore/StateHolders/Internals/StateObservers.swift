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
///
/// No step scans the observers: a delivery costs one step per observer, adding one and
/// cancelling one cost constant time (amortized), and so a holder with n observers stays linear
/// in n on every path, whoever cancels whom during a delivery. A cancelled observer leaves an
/// empty place, which a delivery skips, and the places are compacted when more than half are
/// empty. A delivery remembers the last observer it reached by identifier, so compacting under
/// it loses nothing. A cancellation finds its place at once until the first compaction (the
/// identifiers follow each other), by binary search after it (they stay in order).
///
/// `Handler` is the holder's struct around its closure, not a function type: a value of a
/// generic parameter's type is stored in its most general form, so a closure given as `Handler`
/// would be wrapped in a thunk when added and again each time it is taken out to be called (an
/// allocation per observer and one per call). The code is inlinable and the types are
/// `@usableFromInline`, so that `StateController`, in another module, gets a copy specialized for
/// its handlers: without the attribute on the types, the calls went to the generic code, and a
/// change heard by one observer cost ten times as much (Benchmarks' ControllerBenchmark).
@usableFromInline package struct _StateObservers<Handler> {
  /// One observer's place.
  @usableFromInline struct Entry {
    /// The observer's identifier; 0 in `first` when there is no observer.
    @usableFromInline var id: UInt64
    @usableFromInline var mask: ControlState
    /// `nil` once the observer is cancelled.
    @usableFromInline var handler: Handler?

    @inlinable init(id: UInt64, mask: ControlState, handler: Handler?) {
      self.id = id
      self.mask = mask
      self.handler = handler
    }

    @inlinable static var none: Entry { Entry(id: 0, mask: ControlState(), handler: nil) }
  }

  /// A change waiting for the delivery in progress.
  @usableFromInline struct Waiting {
    @usableFromInline var change: StateChange
    /// The identifier of the last observer added before the change was made.
    @usableFromInline var lastObserver: UInt64

    @inlinable init(change: StateChange, lastObserver: UInt64) {
      self.change = change
      self.lastObserver = lastObserver
    }
  }

  /// The first place, kept inline so that a holder with one observer allocates nothing for it.
  /// When its identifier is 0 there is no observer, and `rest` is empty.
  @usableFromInline var first = Entry.none
  /// The places after the first, in the order the observers were added.
  @usableFromInline var rest: [Entry] = []
  /// The places whose observer is cancelled.
  @usableFromInline var cancelled = 0
  /// The identifier the last observer added was given; 0 before the first.
  @usableFromInline var lastID: UInt64 = 0
  /// Changes made while a delivery runs, in the order they were made; the delivery knows which
  /// it has taken already.
  @usableFromInline var pending: [Waiting] = []
  @usableFromInline var delivering = false

  /// A delivery in progress: the change in flight and how far it has gone. The caller that
  /// runs a delivery keeps it and passes it to every step.
  @usableFromInline package struct Delivery {
    @usableFromInline var change: StateChange
    /// The identifier of the last observer added before the change was made.
    @usableFromInline var lastObserver: UInt64
    /// The identifier of the last observer reached with this change; 0 before the first.
    @usableFromInline var reached: UInt64 = 0
    /// Where the next observer's place was at the last step: right unless the places were
    /// compacted since, which `reached` tells.
    @usableFromInline var position = 0
    /// The position in the queue of the next change to deliver. The queue's start is kept
    /// here, not in the list, since only the delivery takes from it: a holder stays smaller.
    @usableFromInline var nextWaiting = 0

    @inlinable init(change: StateChange, lastObserver: UInt64) {
      self.change = change
      self.lastObserver = lastObserver
    }
  }

  /// An empty list.
  @inlinable package init() {}

  /// The number of observers.
  @inlinable package var count: Int { places - cancelled }

  /// The number of places, cancelled ones included.
  @inlinable var places: Int { first.id == 0 ? 0 : 1 + rest.count }

  @inlinable func entry(at position: Int) -> Entry {
    position == 0 ? first : rest[position - 1]
  }

  @inlinable func id(at position: Int) -> UInt64 {
    position == 0 ? first.id : rest[position - 1].id
  }

  /// Adds an observer of the changes that touch `mask` (every change when `nil`).
  ///
  /// - Returns: The observer's identifier, for ``remove(_:)``.
  @inlinable package mutating func add(relevantTo mask: ControlState?, _ handler: Handler) -> UInt64
  {
    lastID += 1
    let entry = Entry(id: lastID, mask: mask ?? ControlState(rawValue: .max), handler: handler)
    if first.id == 0 { first = entry } else { rest.append(entry) }
    return lastID
  }

  /// Removes an observer; an identifier removed already, or never given, changes nothing.
  ///
  /// - Returns: The observer's handler, for the caller to release once it is done with the
  ///   list (and, in a controller, with its lock): releasing a handler may release what it
  ///   holds, such as another observer's token, whose cancellation comes back here.
  @inlinable package mutating func remove(_ id: UInt64) -> Handler? {
    // Until the first compaction the identifiers follow each other, and the guess is right.
    let guess = id &- first.id
    let position =
      guess < UInt64(places) && self.id(at: Int(guess)) == id
      ? Int(guess) : firstPosition(after: id &- 1)
    guard position < places, self.id(at: position) == id else { return nil }
    let handler: Handler?
    if position == 0 {
      handler = first.handler
      first.handler = nil
    } else {
      handler = rest[position - 1].handler
      rest[position - 1].handler = nil
    }
    guard handler != nil else { return nil }
    cancelled += 1
    if cancelled * 2 > places { compact() }
    return handler
  }

  /// Drops the places of cancelled observers, keeping the others in order.
  @inlinable mutating func compact() {
    var kept: [Entry] = []
    var newFirst = Entry.none
    for position in 0..<places {
      let entry = entry(at: position)
      guard entry.handler != nil else { continue }
      if newFirst.id == 0 {
        newFirst = entry
      } else {
        if kept.isEmpty { kept.reserveCapacity(places - cancelled - 1) }
        kept.append(entry)
      }
    }
    first = newFirst
    rest = kept
    cancelled = 0
  }

  /// The position of the first place whose identifier is greater than `id` (`places` when
  /// there is none), by binary search: identifiers grow in the order of the places.
  @inlinable func firstPosition(after id: UInt64) -> Int {
    var low = 0
    var high = places
    while low < high {
      let middle = low + (high - low) / 2
      if self.id(at: middle) <= id { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Records a change.
  ///
  /// - Returns: A delivery the caller must run to its end with ``next(in:)``, or `nil` when
  ///   there is no observer, or when a delivery already runs (it will bring the change).
  @inlinable package mutating func changed(_ change: StateChange) -> Delivery? {
    guard count > 0 else { return nil }
    guard !delivering else {
      pending.append(Waiting(change: change, lastObserver: lastID))
      return nil
    }
    delivering = true
    return Delivery(change: change, lastObserver: lastID)
  }

  /// The next step of a delivery: an observer's handler and the change to call it with, or
  /// `nil` when no change is left to deliver (the delivery is over, and the next change recorded
  /// starts another).
  @inlinable package mutating func next(
    in delivery: inout Delivery
  ) -> (handler: Handler, change: StateChange)? {
    while true {
      let end = places
      var position = delivery.position
      let placeIsRight =
        position <= end
        && (position == 0 || id(at: position - 1) <= delivery.reached)
        && (position == end || id(at: position) > delivery.reached)
      if !placeIsRight { position = firstPosition(after: delivery.reached) }
      while position < end {
        let entry = entry(at: position)
        // Places are in the order observers were added: the rest came after the change.
        guard entry.id <= delivery.lastObserver else { break }
        position += 1
        delivery.reached = entry.id
        if let handler = entry.handler, delivery.change.touches(entry.mask) {
          delivery.position = position
          return (handler, delivery.change)
        }
      }
      var nextWaiting = delivery.nextWaiting
      guard nextWaiting < pending.count else {
        pending.removeAll(keepingCapacity: pending.capacity <= 64)
        delivering = false
        return nil
      }
      let waiting = pending[nextWaiting]
      nextWaiting += 1
      // Changes delivered leave the queue from time to time, so that a delivery that goes on
      // (observers making changes as they hear them) keeps only what still waits.
      if nextWaiting >= 64 && nextWaiting * 2 >= pending.count {
        pending.removeFirst(nextWaiting)
        nextWaiting = 0
      }
      delivery = Delivery(change: waiting.change, lastObserver: waiting.lastObserver)
      delivery.nextWaiting = nextWaiting
    }
  }
}

extension _StateObservers: Sendable where Handler: Sendable {}
extension _StateObservers.Entry: Sendable where Handler: Sendable {}
extension _StateObservers.Waiting: Sendable {}
extension _StateObservers.Delivery: Sendable {}
