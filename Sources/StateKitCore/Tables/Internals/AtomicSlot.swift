import StateKitAtomics

// A slot that holds a pointer, shared between threads: part of the package's one layer of raw
// memory (see `LookupStorage.swift`). Not in Embedded Swift, which has no type that needs one.

/// A pointer slot read with acquiring loads and written with releasing stores or a
/// compare-and-exchange; allocated by `init`, freed by `deallocate`. Also a spin lock: held
/// while it holds a pointer.
@usableFromInline
struct _AtomicSlot: @unchecked Sendable {
  @usableFromInline let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// Allocates a slot that holds `pointer`.
  init(_ pointer: UnsafeMutableRawPointer? = nil) {
    word = .allocate(capacity: 1)
    word.initialize(to: pointer)
  }

  /// The pointer the slot holds, loaded with acquire ordering.
  @inlinable @inline(__always)
  func load() -> UnsafeMutableRawPointer? {
    statekit_load_acquire(word)
  }

  /// Stores `pointer` with release ordering.
  func store(_ pointer: UnsafeMutableRawPointer?) {
    statekit_store_release(word, pointer)
  }

  /// Stores `pointer` if the slot holds `nil`; returns whether it did.
  func storeIfEmpty(_ pointer: UnsafeMutableRawPointer) -> Bool {
    statekit_compare_exchange(word, nil, pointer)
  }

  /// Runs `body` with the slot held as a lock: a few loads and stores, so waiting spins.
  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    while !storeIfEmpty(UnsafeMutableRawPointer(word)) {}
    defer { store(nil) }
    return try body()
  }

  /// Frees the slot (not what it points to).
  func deallocate() {
    word.deallocate()
  }
}
