import Synchronization

/// A `Mutex` whose critical sections ThreadSanitizer sees in order.
///
/// On Linux, `Mutex` takes and releases an uncontended lock with atomics inlined into the caller,
/// which ThreadSanitizer instruments, but hands a contended lock from one thread to the next in
/// the Synchronization library, through the kernel: that code is not instrumented, so the
/// sanitizer sees two threads use the protected value with nothing ordering them and reports a
/// race that cannot happen. Each critical section here also begins with an acquiring load and
/// ends with a releasing store of one more atomic, in this module's (instrumented) code, which
/// orders consecutive sections for the sanitizer. On x86-64 both are plain moves; on arm64 they
/// are `ldar` and `stlr`. Exclusion is the mutex's alone.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
struct OrderedMutex<Value: ~Copyable>: ~Copyable, Sendable {
  private let mutex: Mutex<Value>
  private let order = Atomic<UInt8>(0)

  init(_ value: consuming sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with the value, holding the lock.
  borrowing func withLock<Result: ~Copyable>(
    _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    mutex.withLock { value -> sending Result in
      _ = order.load(ordering: .acquiring)
      defer { order.store(0, ordering: .releasing) }
      return body(&value)
    }
  }
}
