import ErrorKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file named on the command line: the bytes the process received its name as, which open it,
/// and the name as text, which messages show.
struct FilePath {
  var text: String
  var bytes: [UInt8]

  init(text: String, bytes: [UInt8]) {
    self.text = text
    self.bytes = bytes
  }

  /// A name given as text: its UTF-8 bytes.
  init(_ text: String) {
    self.init(text: text, bytes: Array(text.utf8))
  }
}

/// Where the tool reads and writes: standard input, buffered standard output, unbuffered
/// standard error, the environment and whether the output is a terminal. The process passes its
/// own (``standard``); a test passes bytes for the input and reads back what was written
/// (``init(input:environment:isOutputATerminal:)``), in the same process.
///
/// A failed write is remembered: nothing more is written, and ``Inspector/main(rawArguments:terminal:)``
/// ends the run with ``ExitStatus/ioError`` and one line on standard error. A closed pipe ends
/// the process silently with `SIGPIPE`, as `head` expects of the commands it reads from.
package final class Terminal {
  /// Where standard input comes from.
  package enum Input {
    /// A descriptor, read as bytes arrive: a stream waits for its next line.
    case descriptor(Int32)
    /// Bytes already there: a reader never waits for them.
    case bytes([UInt8])
  }

  /// Where standard output or standard error goes.
  enum Sink {
    /// A descriptor, written with `write(2)`.
    case descriptor(Int32)
    /// Memory: ``output`` and ``errorOutput`` keep what was written.
    case memory
  }

  let input: Input
  private let outputSink: Sink
  private let errorSink: Sink
  private let lookUp: (String) -> String?
  private let outputIsATerminal: () -> Bool
  private var buffer: [UInt8] = []
  /// Why standard output could not be written, once it could not.
  private(set) var writeFailure: Failure?
  /// What was written to standard output, when it goes to memory.
  package private(set) var output: [UInt8] = []
  /// What was written to standard error, when it goes to memory.
  package private(set) var errorOutput: [UInt8] = []

  private init(
    input: Input, output: Sink, error: Sink, environment: @escaping (String) -> String?,
    isOutputATerminal: @escaping () -> Bool
  ) {
    self.input = input
    outputSink = output
    errorSink = error
    lookUp = environment
    outputIsATerminal = isOutputATerminal
    buffer.reserveCapacity(1 << 16)
  }

  /// The process's own: descriptors 0, 1 and 2, its environment, and `isatty(1)`.
  package static func standard() -> Terminal {
    Terminal(
      input: .descriptor(0), output: .descriptor(1), error: .descriptor(2),
      environment: { getenv($0).map { String(cString: $0) } },
      isOutputATerminal: { isatty(1) == 1 })
  }

  /// A terminal in memory: standard input holds `input`, what is written is kept in ``output``
  /// and ``errorOutput``, and the environment holds `environment` only.
  package convenience init(
    input: [UInt8] = [], environment: [String: String] = [:], isOutputATerminal: Bool = false
  ) {
    self.init(
      input: .bytes(input), output: .memory, error: .memory, environment: { environment[$0] },
      isOutputATerminal: { isOutputATerminal })
  }

  func write(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= 1 << 16 { flush() }
  }

  func write(bytes: [UInt8]) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Lets `body` append to the output buffer directly: the batch path, without a copy.
  func write(_ body: (inout [UInt8]) -> Void) {
    body(&buffer)
    if buffer.count >= 1 << 16 { flush() }
  }

  func flush() {
    defer { buffer.removeAll(keepingCapacity: true) }
    guard writeFailure == nil, !buffer.isEmpty else { return }
    if let failure = send(buffer, to: outputSink, named: "output") { writeFailure = failure }
  }

  /// One line on standard error, prefixed with the tool's name; characters a terminal would act
  /// on are escaped, so the message is one line whatever input it names.
  func error(_ message: String) {
    _ = send(
      Array("statekit-inspect: error: \(terminalSafe(message))\n".utf8), to: errorSink,
      named: "error")
  }

  /// One line on standard error about input that is not the run's failure.
  func warning(_ message: String) {
    _ = send(
      Array("statekit-inspect: warning: \(terminalSafe(message))\n".utf8), to: errorSink,
      named: "error")
  }

  /// Whether standard output is a terminal (for `--color auto`).
  var isOutputATerminal: Bool { outputIsATerminal() }

  /// A variable of the environment.
  func environment(_ name: String) -> String? { lookUp(name) }

  private func send(_ bytes: [UInt8], to sink: Sink, named name: String) -> Failure? {
    switch sink {
    case .descriptor(let descriptor):
      return Self.writeAll(descriptor, bytes, named: name)
    case .memory:
      if name == "output" { output += bytes } else { errorOutput += bytes }
      return nil
    }
  }

  /// Writes every byte, retrying interrupted and short writes; returns why it could not.
  private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], named name: String)
    -> Failure?
  {
    bytes.withUnsafeBytes { raw -> Failure? in
      guard let base = raw.baseAddress else { return nil }
      var offset = 0
      while offset < raw.count {
        let written = systemWrite(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          let code = errno
          if code == EINTR { continue }
          if code == EPIPE {
            // The reader is gone: end as a process killed by SIGPIPE does, without a word.
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
          }
          return Failure(
            status: .ioError,
            message: "cannot write to standard \(name): \(String(cString: strerror(code)))")
        }
        if written == 0 {
          return Failure(
            status: .ioError, message: "cannot write to standard output: nothing was written")
        }
        offset += written
      }
      return nil
    }
  }

  /// Reads a whole file, up to the limit. It is opened by the bytes of its name, so a name that
  /// is not valid UTF-8 opens as the process received it.
  static func readFile(_ path: FilePath) throws(Failure) -> [UInt8] {
    // A name holds no NUL byte: the operating system would read a shorter name.
    guard !path.bytes.contains(0) else {
      throw Failure(
        status: .noInput, message: "cannot read \(quoted(path.text)): the name holds a NUL byte")
    }
    // Without O_NONBLOCK, opening a FIFO waits for a writer, for ever if none comes; with it the
    // open returns at once, and reading a FIFO without a writer ends at once (empty input).
    let descriptor = (path.bytes + [0]).withUnsafeBufferPointer { name in
      name.withMemoryRebound(to: CChar.self) { characters in
        characters.baseAddress.map { open($0, O_RDONLY | O_NONBLOCK) } ?? -1
      }
    }
    guard descriptor >= 0 else {
      throw Failure(
        status: .noInput,
        message: "cannot read \(quoted(path.text)): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    // Reads block again, so a writer that is still writing is waited for.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return try readAll(descriptor: descriptor, name: quoted(path.text))
  }

  private static func readAll(descriptor: Int32, name: String) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(
          status: .noInput, message: "cannot read \(name): \(String(cString: strerror(errno)))")
      }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > Limits.inputBytes {
        throw Failure(
          status: .dataError,
          message: "\(name) is larger than the limit of \(Limits.inputBytes >> 20) MiB")
      }
    }
  }
}

#if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
  /// `write(2)`, named apart from `Terminal.write`.
  func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
  }
#endif
