import StateKitAtomics

// A slot that holds an address, shared between threads: part of the package's one layer of raw
// memory (see `Addresses.swift`). StyleHolder publishes lookups through it, and a StateModel's
// tokens leave the observers they cancel under its lock (`withMarkingLock`). Not in Embedded
// Swift, which compiles neither.

/// An address slot read with acquiring loads and written with releasing stores or a
/// compare-and-exchange; allocated by `init`, freed by `deallocate`. Also a spin lock: held
/// while it holds its own address.
@usableFromInline
struct _AtomicSlot: @unchecked Sendable {
  @usableFromInline let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// Allocates a slot that holds `address`.
  init(_ address: _MutableRawAddress? = nil) {
    word = .allocate(capacity: 1)
    word.initialize(to: address?.pointer)
  }

  /// The address the slot holds, loaded with acquire ordering.
  @inlinable @inline(__always)
  func load() -> _MutableRawAddress? {
    statekit_load_acquire(word).map(_MutableRawAddress.init)
  }

  /// Stores `address` with release ordering.
  func store(_ address: _MutableRawAddress?) {
    statekit_store_release(word, address?.pointer)
  }

  /// Stores `address` if the slot holds `nil`; returns whether it did.
  func storeIfEmpty(_ address: _MutableRawAddress) -> Bool {
    statekit_compare_exchange(word, nil, address.pointer)
  }

  /// Runs `body` with the slot held as a lock: a few loads and stores, so waiting spins.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    while !statekit_compare_exchange(word, nil, UnsafeMutableRawPointer(word)) {}
    defer { store(nil) }
    return try body()
  }

  /// Runs `body` with the slot held as a lock, as `withLock` does, and leaves the slot marked
  /// when `body` returns `mark: true`, so that `isEmpty` tells a reader with one load, and no
  /// lock, whether the last holder left something. A slot locked this way is locked only this way
  /// (`withLock` waits for an empty slot, and a marked one is not).
  func withMarkingLock<Result>(_ body: () -> (result: Result, mark: Bool)) -> Result {
    let held = UnsafeMutableRawPointer(word)
    // The mark is one byte into the slot's own word: an address the slot holds for no other
    // reason, never read through.
    let marked = held + 1
    while true {
      let seen = statekit_load_acquire(word)
      if seen != held && statekit_compare_exchange(word, seen, held) { break }
    }
    let (result, mark) = body()
    statekit_store_release(word, mark ? marked : nil)
    return result
  }

  /// Whether the slot holds no address (for a slot locked by `withMarkingLock`: whether it is
  /// neither held nor marked), loaded with acquire ordering.
  @inline(__always)
  var isEmpty: Bool { statekit_load_acquire(word) == nil }

  /// Frees the slot (not what it points to).
  func deallocate() {
    word.deallocate()
  }
}
