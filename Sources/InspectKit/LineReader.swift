#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a descriptor line by line with a buffer of constant size, so that `-` streams: a line is
/// handled as soon as it is complete, and memory does not grow with the input.
///
/// `beforeWaiting` runs before every read that may block (the tool flushes its output there), so
/// `tail -f app.log | statekit-inspect error -` prints each answer while the log grows.
struct LineReader {
  /// The longest line accepted.
  static let maximumLine = Limits.inputBytes

  private let descriptor: Int32
  private let name: String
  private var buffer: [UInt8] = []
  private var start = 0
  private var scanned = 0
  private var atEnd = false

  init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
    buffer.reserveCapacity(1 << 16)
  }

  /// The next line without its line feed, or `nil` at the end of the input.
  mutating func next(beforeWaiting: () -> Void) throws(Failure) -> ArraySlice<UInt8>? {
    while true {
      if let newline = findNewline() {
        let line = buffer[start..<newline]
        start = newline + 1
        scanned = start
        return line
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        start = buffer.count
        scanned = start
        return line
      }
      if start > 0 {
        buffer.removeSubrange(0..<start)
        scanned -= start
        start = 0
      }
      guard buffer.count <= Self.maximumLine else {
        throw Failure(
          status: .dataError,
          message: "\(name) has a line longer than the limit of \(Self.maximumLine >> 20) MiB")
      }
      beforeWaiting()
      try fill()
    }
  }

  private mutating func findNewline() -> Int? {
    let found = buffer.withUnsafeBufferPointer { bytes -> Int? in
      guard scanned < bytes.count, let base = bytes.baseAddress else { return nil }
      guard let hit = memchr(base + scanned, 0x0A, bytes.count - scanned) else { return nil }
      return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }
    if found == nil { scanned = buffer.count }
    return found
  }

  private mutating func fill() throws(Failure) {
    let chunk = 1 << 16
    let old = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: chunk))
    var count = 0
    while true {
      count = buffer.withUnsafeMutableBytes { raw in
        raw.baseAddress.map { read(descriptor, $0 + old, chunk) } ?? 0
      }
      if count >= 0 || errno != EINTR { break }
    }
    if count < 0 {
      let reason = String(cString: strerror(errno))
      buffer.removeSubrange(old...)
      throw Failure(status: .noInput, message: "cannot read \(name): \(reason)")
    }
    buffer.removeSubrange((old + count)...)
    if count == 0 { atEnd = true }
  }
}
