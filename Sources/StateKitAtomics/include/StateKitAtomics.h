// Atomic loads, stores and compare-and-swaps of one pointer, for StateKit's StyleHolder.
//
// The standard library has no public atomics that run on every deployment target of the package
// (Synchronization's Atomic needs macOS 15 and the matching releases), so StateKit uses the C
// compiler's builtins, which every platform the toolchain targets provides and which
// ThreadSanitizer understands. Static inline functions: nothing is linked, and Swift code inlines
// them.
#ifndef STATEKIT_ATOMICS_H
#define STATEKIT_ATOMICS_H

#include <stdbool.h>

/// Reads the pointer at `address` with acquire ordering: what the thread that published it wrote
/// before publishing is visible after this load.
static inline void *_Nullable statekit_load_acquire(void *_Nullable const *_Nonnull address) {
  return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

/// Stores `desired` at `address` if it still holds `expected`, with release ordering on success
/// (and acquire, to read what another thread published, in both cases). Returns whether it
/// stored.
static inline bool statekit_compare_exchange(
    void *_Nullable *_Nonnull address, void *_Nullable expected, void *_Nullable desired) {
  return __atomic_compare_exchange_n(
      address, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// Writes `value` at `address` with release ordering: what this thread wrote before is visible
/// to a thread that reads `value` with an acquiring load.
static inline void statekit_store_release(void *_Nullable *_Nonnull address, void *_Nullable value) {
  __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

#endif
