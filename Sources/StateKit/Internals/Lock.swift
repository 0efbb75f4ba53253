#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#elseif os(Windows)
  import WinSDK
#endif

/// A value guarded by a mutex, for the little process-wide state StateKit keeps.
///
/// A plain pthread (or SRW) lock rather than `Synchronization.Mutex`, so the package does not
/// need the newest Apple OS releases.
final class _Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked: every access to `value` happens between lock and unlock below.
  private var value: Value
  #if os(Windows)
    private let mutex = UnsafeMutablePointer<SRWLOCK>.allocate(capacity: 1)
  #else
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  #endif

  init(_ value: Value) {
    self.value = value
    #if os(Windows)
      InitializeSRWLock(mutex)
    #else
      pthread_mutex_init(mutex, nil)
    #endif
  }

  deinit {
    #if !os(Windows)
      pthread_mutex_destroy(mutex)
    #endif
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    #if os(Windows)
      AcquireSRWLockExclusive(mutex)
      defer { ReleaseSRWLockExclusive(mutex) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
    #endif
    return try body(&value)
  }
}
