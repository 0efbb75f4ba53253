#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads standard input (a descriptor, or bytes a test gives: ``Terminal/Input``) line by line
/// with a buffer of constant size, so that `-` streams: a line is handled as soon as it is
/// complete, and memory does not grow with the input. Bytes are taken a read's size at a time,
/// as from a descriptor, and never waited for.
///
/// `beforeWaiting` runs before every read that may block (the tool flushes its output there), so
/// `tail -f app.log | statekit-inspect error -` prints each answer while the log grows.
struct LineReader {
  /// The longest line accepted by default, in bytes, its line feed not counted.
  static let defaultMaximumLine = Limits.inputBytes

  private let input: Terminal.Input
  /// How many bytes of ``Terminal/Input/bytes(_:)`` were read.
  private var taken = 0
  private let name: String
  /// The longest line accepted, in bytes, its line feed not counted: a longer one ends the
  /// reading with an error, whatever the sizes of the reads that brought it.
  let maximumLine: Int
  /// Bytes asked for by one read: never more than a line may hold with its line feed, so a
  /// line that starts after a read's first line feed, and so lies within that read, is within
  /// the limit.
  private let readSize: Int
  private var buffer: [UInt8] = []
  /// What the buffer grows by before a read, as many bytes as the largest read: appended from
  /// an array, the bytes are copied at once, where a repeated element would be appended one by
  /// one in a debug build.
  private static let zeros = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var scanned = 0
  private var atEnd = false

  init(_ input: Terminal.Input, name: String, maximumLine: Int = Self.defaultMaximumLine) {
    self.input = input
    self.name = name
    self.maximumLine = maximumLine
    readSize = min(Self.zeros.count, maximumLine + 1)
    buffer.reserveCapacity(Self.zeros.count)
  }

  /// The next line without its line feed, or `nil` at the end of the input.
  mutating func next(beforeWaiting: () -> Void) throws(Failure) -> ArraySlice<UInt8>? {
    while true {
      if let newline = findNewline() {
        try checkLength(newline - start)
        let line = buffer[start..<newline]
        start = newline + 1
        scanned = start
        return line
      }
      try checkLength(buffer.count - start)
      if atEnd {
        guard start < buffer.count else { return nil }
        let line = buffer[start...]
        start = buffer.count
        scanned = start
        return line
      }
      dropReadLines()
      beforeWaiting()
      try fill()
    }
  }

  /// What ``nextChunk(waitLimit:beforeWaiting:)`` gives.
  enum Chunk {
    /// Complete lines, each with its line feed (the last may lack one at the end of the input),
    /// in `bytes[0..<count]`.
    case lines([UInt8], count: Int)
    /// No complete line arrived within the wait limit.
    case paused
    /// The input ended.
    case end
  }

  /// Every complete line that has arrived, as one chunk, handed over without a copy when the
  /// buffer starts with them; or ``Chunk/paused`` when `waitLimit` milliseconds pass without a
  /// complete line, even while part of one keeps arriving (the caller then reports what it
  /// holds, as `tail -f` needs); or the end.
  mutating func nextChunk(waitLimit: Int32?, beforeWaiting: () -> Void) throws(Failure) -> Chunk {
    // The wait limit counts from now, not from the last read: input that trickles in without
    // completing a line does not put the pause off.
    let deadline = waitLimit.map { Self.now() + Int64($0) }
    // Past the deadline, what is already there is read once more, for a line it may complete;
    // then the input has paused, however much more keeps arriving.
    var readPastDeadline = false
    while true {
      // Only the first line can be longer than one read: the lines after it lie within the
      // last read, which is no longer than a line may be.
      let firstUnscanned = scanned
      if let newline = findLastNewline() {
        try checkLength(firstNewline(from: firstUnscanned, through: newline) - start)
        let count = newline + 1 - start
        var lines: [UInt8]
        if start == 0 {
          lines = buffer
          buffer = Array(lines[(newline + 1)...])
          buffer.reserveCapacity(Self.zeros.count)
        } else {
          lines = Array(buffer[start...newline])
          start = newline + 1
        }
        scanned = start
        return .lines(lines, count: count)
      }
      try checkLength(buffer.count - start)
      if atEnd {
        guard start < buffer.count else { return .end }
        let lines = Array(buffer[start...])
        start = buffer.count
        scanned = start
        return .lines(lines, count: lines.count)
      }
      dropReadLines()
      beforeWaiting()
      if let deadline {
        guard !readPastDeadline, isReadable(before: deadline) else { return .paused }
        readPastDeadline = Self.now() >= deadline
      }
      try fill()
    }
  }

  /// Fails when a line of `length` bytes (without its line feed) is over the limit.
  private func checkLength(_ length: Int) throws(Failure) {
    guard length > maximumLine else { return }
    let limit =
      maximumLine >= 1 << 20 && maximumLine % (1 << 20) == 0
      ? "\(maximumLine >> 20) MiB" : "\(maximumLine) bytes"
    throw Failure(
      status: .dataError, message: "\(name) has a line longer than the limit of \(limit)")
  }

  /// The first line feed at or after `position`, which one at `last` ends the search for.
  private func firstNewline(from position: Int, through last: Int) -> Int {
    buffer.withUnsafeBufferPointer { bytes -> Int in
      guard position < last, let base = bytes.baseAddress,
        let hit = memchr(base + position, 0x0A, last - position)
      else { return last }
      return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
    }
  }

  /// Drops the lines already handed out.
  private mutating func dropReadLines() {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      scanned -= start
      start = 0
    }
  }

  /// Milliseconds on a clock that only goes forward.
  private static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
  }

  /// Whether input (or its end) arrives before `deadline` (``now()``'s milliseconds). Bytes
  /// given in memory are all there.
  private func isReadable(before deadline: Int64) -> Bool {
    guard case .descriptor(let descriptor) = input else { return true }
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    while true {
      let remaining = Int32(clamping: max(deadline - Self.now(), 0))
      let result = poll(&entry, 1, remaining)
      if result < 0, errno == EINTR { continue }
      // An error is not a pause: the read that follows reports it.
      return result != 0
    }
  }

  /// The last line feed in the unread part of the buffer; each byte is looked at once.
  private mutating func findLastNewline() -> Int? {
    var position = buffer.count
    while position > scanned {
      position -= 1
      if buffer[position] == 0x0A { return position }
    }
    scanned = buffer.count
    return nil
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
    let chunk = readSize
    let descriptor: Int32
    switch input {
    case .bytes(let bytes):
      let end = min(taken + chunk, bytes.count)
      buffer.append(contentsOf: bytes[taken..<end])
      if end == taken { atEnd = true }
      taken = end
      return
    case .descriptor(let given): descriptor = given
    }
    let old = buffer.count
    buffer.append(contentsOf: Self.zeros[..<chunk])
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
