import Foundation
import Testing

/// Standard input streams, output failures are reported, options go anywhere (issue 10).
@Suite("statekit-inspect streaming and output")
struct StreamingTests {
  /// Options may come before the command; encode reads words and standard input in order; the
  /// tool reads JSON as ErrorKit does; JSON documents stream one after the other.
  @Test func optionsGoAnywhereAndInputsAreReadInOrder() throws {
    let before = try Run(["--json", "error", "ENOENT"])
    let after = try Run(["error", "--json", "ENOENT"])
    #expect((before.status, before.stdout) == (0, after.stdout))
    #expect(
      before.stdout.hasPrefix(#"{"domain": "NSPOSIXErrorDomain", "code": 2, "name": "ENOENT""#))
    let encode = try Run(["--state", "visited=16", "--json", "encode", "visited"])
    #expect(encode.stdout.contains(#""text": "visited""#))

    let run = try Run(
      ["encode", "--json", "selected", "-", "focused"], stdin: Data("highlighted\ndisabled\n".utf8))
    let texts = run.stdout.split(separator: "\n").map {
      $0.split(separator: #""text": ""#)[1].prefix { $0 != "\"" }
    }
    #expect((run.status, texts) == (0, ["selected", "highlighted", "disabled", "focused"]))

    // One rule with ErrorKit's decoder: a whole number such as 1.0 is a code, the first of two
    // equal keys counts.
    let twice = try Run([
      "error", "--json", #"{"domain": "D", "code": 1.0, "code": 2, "domain": "E"}"#,
    ])
    let fraction = try Run(["error", #"{"domain": "D", "code": 1.5}"#])
    #expect(
      (twice.status, twice.stdout.hasPrefix(#"{"domain": "D", "code": 1, "#), fraction.status)
        == (0, true, 65), "\(twice)")

    let documents = """
      {"domain": "A", "code": 1}
      {
        "domain": "B",
        "code": 2, "description": "two { braces } in \\"text\\""
      }
      """
    let streamed = try Run(["error", "--json", "-"], stdin: Data(documents.utf8))
    #expect(
      (streamed.status, streamed.stdout.lines.count) == (0, 2)
        && streamed.stdout.contains(#""description": "two { braces } in \"text\"""#),
      "\(streamed)")
  }

  @Test(arguments: [
    (["--json", "-"], [("1", #""raw": 1,"#), ("0x10000", #""raw": 65536,"#)]),
    (
      ["error", "--json", "-"],
      [
        (
          #"12:00:01 app[1]: Error Domain=NSPOSIXErrorDomain Code=2 "x" UserInfo={a=b}"#,
          #""name": "ENOENT""#
        ),
        (
          "12:00:02 app[1]: The operation couldn’t be completed. (NSURLErrorDomain error -1009.)",
          #""name": "notConnectedToInternet""#
        ),
      ]
    ),
  ])
  func eachLineIsAnsweredBeforeTheNextArrives(arguments: [String], lines: [(String, String)])
    throws
  {
    let process = Process()
    process.executableURL = Run.binary
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let reader = output.fileHandleForReading
    for (line, expected) in lines {
      try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
      // The answer must come while standard input is still open.
      var received = Data()
      while !String(decoding: received, as: UTF8.self).contains("\n") {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        received += chunk
      }
      #expect(String(decoding: received, as: UTF8.self).contains(expected), "\(expected)")
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  /// A full disk is exit 74 with one line; a closed pipe is silent; a FIFO without a writer is
  /// not a hang.
  @Test func outputFailuresAreOneLineOrSilentAndNoInputIsAHang() throws {
    let process = Process()
    process.executableURL = Run.binary
    process.arguments = ["0x00010004"]
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    let errors = Pipe()
    process.standardOutput = full
    process.standardError = errors
    try process.run()
    process.waitUntilExit()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(
      (process.terminationStatus, stderr)
        == (
          74, "statekit-inspect: error: cannot write to standard output: No space left on device\n"
        ))

    // This test process writes into a pipe whose reader dies: it must not die of SIGPIPE itself.
    signal(SIGPIPE, SIG_IGN)
    let piped = Process()
    piped.executableURL = Run.binary
    piped.arguments = ["--json", "-"]
    let input = Pipe()
    let output = Pipe()
    let pipedErrors = Pipe()
    piped.standardInput = input
    piped.standardOutput = output
    piped.standardError = pipedErrors
    try piped.run()
    try output.fileHandleForReading.close()
    let masks = Data(String(repeating: "0x10004\n", count: 200_000).utf8)
    try? input.fileHandleForWriting.write(contentsOf: masks)
    try? input.fileHandleForWriting.close()
    piped.waitUntilExit()
    #expect(
      (
        piped.terminationReason, piped.terminationStatus,
        pipedErrors.fileHandleForReading.readDataToEndOfFile()
      )
        == (.uncaughtSignal, SIGPIPE, Data()))

    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "states-\(UUID().uuidString)"
    ).path
    #expect(mkfifo(path, 0o600) == 0)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let start = Date()
    let run = try Run(["--states", path, "1"])
    #expect(
      (
        Date().timeIntervalSince(start) < 30, run.status,
        run.stderr.contains("unexpected end of input")
      )
        == (true, 65, true), "\(run)")
  }

  @Test func controlCharactersNeverReachTheTerminal() throws {
    // A title (OSC 0), the clipboard (OSC 52), a screen clear, a carriage return that would
    // overwrite the line, a bell, DEL, a C1 control and a right-to-left override.
    let hostile =
      "\u{1B}]0;pwned\u{7}\u{1B}]52;c;ZXZpbA==\u{7}\u{1B}[2J\rfake line\u{7F}\u{85}\u{202E}txt"
    let text = #"Error Domain=com.example Code=1 "\#(hostile)" UserInfo={k=\#(hostile)}"#
    let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{7}", "\r", "\u{7F}", "\u{85}", "\u{202E}"]
    func clean(_ output: String) -> Bool {
      !output.unicodeScalars.contains { forbidden.contains($0) }
    }
    let human = try Run(["error", text])
    let json = try Run(["error", "--json", text])
    #expect(
      (
        human.status, human.stdout.contains(#"\u{1b}]0;pwned\u{7}"#),
        json.stdout.contains(#"\u007f\u0085\u202e"#)
      ) == (0, true, true), "\(human.stdout.debugDescription)\n\(json.stdout.debugDescription)")
    let bad = try Run(["error", "-"], stdin: Data(("x" + hostile + "\n").utf8))
    let mask = try Run(["--json", "1" + hostile])
    let maskHuman = try Run(["--state", "a=16", "0x" + hostile])
    let outputs: [String] = [
      human.stdout, json.stdout, bad.stderr, mask.stderr, mask.stdout, maskHuman.stderr,
    ]
    let unclean: [String] = outputs.filter { !clean($0) }.map { $0.debugDescription }
    #expect(unclean == [])
  }

  /// `error -` reports a finished error within the documented 250 ms even while a progress bar
  /// keeps adding dots to the next line, which it never completes.
  @Test func aFinishedErrorIsReportedWhileAPartialLineGrows() throws {
    let process = Process()
    process.executableURL = Run.binary
    process.arguments = ["error", "-"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let writer = input.fileHandleForWriting
    try writer.write(contentsOf: Data((#"Error Domain=A Code=1 "x""# + "\n").utf8))
    let start = ContinuousClock.now
    // Dots every 100 ms for three seconds on another thread, or until the answer came (no need
    // to wait out the three seconds then), then the end of the input.
    let stop = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread {
      for _ in 0..<30 {
        try? writer.write(contentsOf: Data(".".utf8))
        if stop.wait(timeout: .now() + .milliseconds(100)) == .success { break }
      }
      try? writer.close()
      done.signal()
    }.start()
    defer {
      stop.signal()
      done.wait()
    }
    var received = Data()
    let reader = output.fileHandleForReading
    while !String(decoding: received, as: UTF8.self).contains("A 1") {
      let chunk = reader.availableData
      if chunk.isEmpty { break }
      received += chunk
    }
    let elapsed = ContinuousClock.now - start
    #expect(String(decoding: received, as: UTF8.self).hasPrefix("A 1"), "\(received)")
    // 250 ms is the promise; the rest is room for a busy machine, far below the three seconds
    // the dots go on for.
    #expect(elapsed < .milliseconds(1_200), "\(elapsed)")
  }
}
