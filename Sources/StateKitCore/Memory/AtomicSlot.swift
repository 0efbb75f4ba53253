import StateKitAtomics

// A slot that holds an address, shared between threads: part of the package's one layer of raw
// memory (see `Addresses.swift`). Not in Embedded Swift, which has no type that needs one.

/// An address slot read with acquiring loads and written with releasing stores or a
/// compare-and-exchange; allocated by `init`, freed by `deallocate`. Also a spin lock: held
/// while it holds an address.
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

  /// Frees the slot (not what it points to).
  func deallocate() {
    word.deallocate()
  }
}
