// Shared by every fuzz target: a failed property stops the run the way a crash does, so libFuzzer
// saves the input.
#if canImport(Glibc)
  import Glibc
#endif

func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition {
    let text = "property failed: \(message())\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    abort()
  }
}

func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
  Array(UnsafeBufferPointer(start: data, count: size))
}
