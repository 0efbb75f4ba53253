import Foundation

/// Runs the built statekit-inspect binary and captures everything it does.
struct Run: CustomStringConvertible {
  var status: Int32
  var stdout: String
  var stderr: String

  var description: String { "status \(status)\nstdout:\n\(stdout)\nstderr:\n\(stderr)" }

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

  init(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws {
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
    status = process.terminationStatus
    stdout = String(decoding: stdoutData, as: UTF8.self)
    stderr = String(decoding: stderrData, as: UTF8.self)
  }
}
