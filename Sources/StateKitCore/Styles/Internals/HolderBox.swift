// What every copy of a `StyleHolder` shares: the published lookup, its slot and the lock that
// guards publishing, and the holders evaluated from this one.

/// What every copy of a ``StyleHolder`` shares: the slot readers load the current lookup's
/// header from, and the lookups it has published.
///
/// Every lookup published stays alive until the box goes: a reader on another thread may have
/// loaded a header just before it was replaced and still be reading it. Each lookup keeps the
/// one it replaced (`previous`), and the box keeps the newest, so the chain keeps them all.
@usableFromInline
final class _HolderBox<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `current` is read with acquiring loads and written with releasing stores;
  // `published` is read and written only while `lock` is held.
  /// The header of the current lookup, the one `published` holds.
  let current: _AtomicSlot
  /// Held while a thread reads or replaces `published`; never while user code runs.
  private let lock = _AtomicSlot()
  let defaultValue: Value
  /// The current lookup and its source.
  private var published: (lookup: StateLookup<Value>, source: StyleHolder<Value>.Source)
  /// For a holder evaluated from chains: the source it evaluates to now.
  private let evaluate: (@Sendable () -> StyleHolder<Value>.Source)?
  /// The evaluations begun and the latest one published, so that an evaluation that began
  /// before another never replaces it: the last to begin saw every change before it.
  private var evaluations: (begun: Int, published: Int) = (0, 0)
  /// The holders evaluated from this one, evaluated again when it publishes; guarded by `lock`.
  private var dependents: [_WeakDependent] = []

  init(
    _ source: StyleHolder<Value>.Source, default defaultValue: Value,
    evaluate: (@Sendable () -> StyleHolder<Value>.Source)? = nil
  ) {
    self.defaultValue = defaultValue
    self.evaluate = evaluate
    let lookup = source.lookup(default: defaultValue)
    published = (lookup, source)
    current = _AtomicSlot(lookup._storage.headerAddress)
  }

  deinit {
    // Unlinks the lookups one by one, newest first, so that freeing a long history does not
    // recurse once per lookup.
    var storage = published.lookup._storage.header.previous
    published.lookup._storage.header.previous = nil
    while let older = storage {
      storage = older.header.previous
      older.header.previous = nil
    }
    current.deallocate()
    lock.deallocate()
  }

  /// Runs `body` with `published` to itself: a few loads and stores, so waiting spins.
  private func withPublished<Result>(
    _ body: (inout (lookup: StateLookup<Value>, source: StyleHolder<Value>.Source)) -> Result
  ) -> Result {
    lock.withLock { body(&published) }
  }

  /// The source of the current lookup.
  var source: StyleHolder<Value>.Source {
    withPublished { $0.source }
  }

  /// Publishes the lookup of the source `change` makes of the current one, unless it makes
  /// none; `change` runs again on the newer source when another thread published first.
  func publish(
    _ change: (StyleHolder<Value>.Source) throws -> StyleHolder<Value>.Source?
  ) rethrows {
    while true {
      let (old, source) = withPublished { ($0.lookup._storage, $0.source) }
      // The change and the new lookup are made with no lock held: `change` is the caller's.
      guard let newSource = try change(source) else { return }
      let lookup = newSource.lookup(default: defaultValue)
      let won = withPublished { published in
        guard published.lookup._storage === old else { return false }
        // The new lookup keeps the old one alive for readers still on it.
        lookup._storage.header.previous = old
        published = (lookup, newSource)
        current.store(lookup._storage.headerAddress)
        return true
      }
      if won { break }
    }
    reevaluateDependents()
  }

  /// Makes this holder evaluate again whenever this box publishes, for as long as it lives.
  func addDependent(_ dependent: any _HolderDependent) {
    withPublished { _ in dependents.append(_WeakDependent(box: dependent)) }
  }

  /// Evaluates the holders that read this one, forgetting those that are gone.
  private func reevaluateDependents() {
    let live = withPublished { _ in
      dependents.removeAll { $0.box == nil }
      return dependents.compactMap(\.box)
    }
    for dependent in live { dependent.reevaluate() }
  }
}

/// A holder evaluated from other holders, which they evaluate again when they change.
protocol _HolderDependent: AnyObject, Sendable {
  /// Evaluates the holder again and publishes the result.
  func reevaluate()
}

/// A dependent a holder's box does not keep alive.
struct _WeakDependent {
  weak var box: (any _HolderDependent)?
}

extension _HolderBox: _HolderDependent {
  func reevaluate() {
    guard let evaluate else { return }
    let ticket = withPublished { _ in
      evaluations.begun += 1
      return evaluations.begun
    }
    // Evaluated with no lock held: `evaluate` runs the caller's selection code.
    let source = evaluate()
    let lookup = source.lookup(default: defaultValue)
    let won = withPublished { published in
      guard ticket > evaluations.published else { return false }
      evaluations.published = ticket
      lookup._storage.header.previous = published.lookup._storage
      published = (lookup, source)
      current.store(lookup._storage.headerAddress)
      return true
    }
    if won { reevaluateDependents() }
  }
}
