import StateKitAtomics

// A slot that holds a pointer, shared between threads: part of the package's one layer of raw
// memory (see `LookupStorage.swift`). Not in Embedded Swift, which has no type that needs one.

/// A pointer slot read with acquiring loads and written with releasing stores or a
/// compare-and-exchange; allocated by `init`, freed by `deallocate`.
struct _AtomicSlot: @unchecked Sendable {
  let word: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// Allocates a slot that holds `nil`.
  init() {
    word = .allocate(capacity: 1)
    word.initialize(to: nil)
  }

  /// The pointer the slot holds, loaded with acquire ordering.
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

  /// Frees the slot (not what it points to).
  func deallocate() {
    word.deallocate()
  }
}
