import Foundation

@testable import InspectKit

/// Runs statekit-inspect and captures everything it does: its status, standard output and
/// standard error.
///
/// `Run(arguments, stdin:)` runs the tool in this process (``Inspector/main(rawArguments:terminal:)``
/// with a ``Terminal`` in memory): standard input is the bytes given, read without waiting, and
/// the output is what the tool wrote. Tests of what the process itself does (exit codes through
/// `main.swift`, signals, real pipes and their timing, `/dev/full`, argument bytes as the kernel
/// passes them, peak memory) run the built binary instead: ``spawning(_:stdin:environment:)``,
/// ``spawning(rawArguments:measuringPeakMemory:)``, or `Process` with ``binary``.
struct Run: CustomStringConvertible {
  var status: Int32
  var stdout: String
  var stderr: String
  /// The process's peak resident memory, when the run measured it
  /// (``spawning(rawArguments:measuringPeakMemory:)``).
  var maximumResidentBytes: Int?

  var description: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }

  /// Runs the tool in this process. The environment holds `environment` only; standard output is
  /// a terminal when `isTerminal` says so (for `--color auto`). Declared `throws` as the spawning
  /// forms are, so a test moves between them without other changes.
  init(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
    isTerminal: Bool = false
  ) throws {
    self.init(
      inProcess: arguments.map { Array($0.utf8) }, stdin: stdin.map { Array($0) } ?? [],
      environment: environment, isTerminal: isTerminal)
  }

  /// Runs the tool in this process with arguments given as bytes, which need not be UTF-8, as
  /// `main.swift` passes them. Standard input is empty.
  init(rawArguments: [[UInt8]]) throws {
    self.init(inProcess: rawArguments, stdin: [], environment: [:], isTerminal: false)
  }

  private init(
    inProcess arguments: [[UInt8]], stdin: [UInt8], environment: [String: String],
    isTerminal: Bool
  ) {
    let terminal = Terminal(
      input: stdin, environment: environment, isOutputATerminal: isTerminal)
    status = Inspector.main(rawArguments: arguments, terminal: terminal).rawValue
    stdout = String(decoding: terminal.output, as: UTF8.self)
    stderr = String(decoding: terminal.errorOutput, as: UTF8.self)
  }

  static var binary: URL {
    // The test bundle sits next to the built products.
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while !FileManager.default.fileExists(
      atPath: directory.appendingPathComponent("statekit-inspect").path),
      directory.path != "/"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("statekit-inspect")
  }

  /// Collects a pipe's bytes on another thread, so a large output never blocks the tool.
  final class Collector: @unchecked Sendable {
    // @unchecked: `data` is written once on the reading thread, then read after `wait()`.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
      DispatchQueue.global().async {
        self.data = handle.readDataToEndOfFile()
        self.done.signal()
      }
    }

    func wait() -> Data {
      done.wait()
      return data
    }
  }

  /// Runs the built binary in a process of its own, its standard input a pipe that is given
  /// `stdin` and closed. The environment is this process's, without `NO_COLOR`, and with
  /// `environment`.
  static func spawning(
    _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]
  ) throws -> Run {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    let output = Collector(out.fileHandleForReading)
    let errors = Collector(err.fileHandleForReading)
    if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
    try? input.fileHandleForWriting.close()
    let stdoutData = output.wait()
    let stderrData = errors.wait()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
      stderr: String(decoding: stderrData, as: UTF8.self))
  }

  private init(status: Int32, stdout: String, stderr: String, maximumResidentBytes: Int? = nil) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.maximumResidentBytes = maximumResidentBytes
  }
}

extension Run {
  /// Runs the built binary with arguments given as bytes, exactly as the process receives them
  /// (through `main.swift`), so a test can pass what `Process` cannot: an argument that is not
  /// valid UTF-8. Standard input is empty; standard output and error are collected through
  /// files. With `measuringPeakMemory`, the binary runs under `statekit-peak-memory`, which
  /// reports its peak memory as ``maximumResidentBytes`` (Tests/PeakMemory/main.swift says why
  /// this process cannot measure it).
  static func spawning(rawArguments: [[UInt8]], measuringPeakMemory: Bool = false) throws -> Run {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "statekit-raw-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("out").path
    let err = directory.appendingPathComponent("err").path
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let report = directory.appendingPathComponent("peak").path
    let helper = Self.binary.deletingLastPathComponent().appendingPathComponent(
      "statekit-peak-memory"
    ).path
    let program = measuringPeakMemory ? helper : Self.binary.path
    let arguments =
      (measuringPeakMemory ? [Array(helper.utf8), Array(report.utf8)] : [])
      + [Array(Self.binary.path.utf8)] + rawArguments
    let pointers: [UnsafeMutablePointer<CChar>?] =
      arguments.map { bytes in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        return copy
      } + [nil]
    defer { for pointer in pointers { pointer?.deallocate() } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, program, &actions, nil, pointers, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var waitStatus: Int32 = 0
    while waitpid(pid, &waitStatus, 0) < 0, errno == EINTR {}
    // Read with the C library: Foundation's file reading leaks its buffer for an empty file
    // under LeakSanitizer with this toolchain.
    let contents = { (path: String) -> String in
      var bytes: [UInt8] = []
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return "" }
      defer { close(descriptor) }
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    // The exit status, as `WEXITSTATUS` gives it for a process that exited; the helper exits
    // with the program's.
    let peak = contents(report).split(separator: "\n").first.flatMap { Int($0) }
    return Run(
      status: (waitStatus >> 8) & 0xFF, stdout: contents(out), stderr: contents(err),
      maximumResidentBytes: measuringPeakMemory ? peak : nil)
  }
}
