import Foundation
import Testing

/// Input however long, deep or strange ends in a result or a documented exit code, with one line
/// on standard error: never a crash or a hang.
@Suite("statekit-inspect hostile input")
struct HostileInputTests {
  func expectOneLineError(
    _ run: Run, status: Int32, containing text: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    // The status, then whether standard error is one short line of the tool's that says `text`.
    let lineBreaks: Int = run.stderr.filter { (character: Character) in character == "\n" }.count
    let read: (Int32, Bool, Int, Bool, Bool) = (
      run.status, run.stderr.hasPrefix("statekit-inspect: error: "), lineBreaks,
      run.stderr.contains(text), run.stderr.count < 500
    )
    let expected: (Int32, Bool, Int, Bool, Bool) = (status, true, 1, true, true)
    #expect(read == expected, "\(run.stderr.prefix(300))", sourceLocation: sourceLocation)
  }

  @Test func invalidUTF8OnStandardInput() throws {
    let bytes = Data([0xFF, 0xFE, 0x0A, 0x35, 0x0A])
    let masks = try Run(["-"], stdin: bytes)
    expectOneLineError(masks, status: 65, containing: "invalid mask")
    #expect(masks.stdout.hasPrefix("5: 0x00000005 = 5"), "the good line is still decoded")
    expectOneLineError(
      try Run(["error", "-"], stdin: bytes), status: 65,
      containing: "standard input: a line is not valid UTF-8")
    // encode streams: the bad line is reported, the next one is still encoded.
    let encoded = try Run(
      ["encode", "-"], stdin: Data([0xFF, 0xFE, 0x0A] + Array("selected\n".utf8)))
    expectOneLineError(
      encoded, status: 65, containing: "standard input has a line that is not valid UTF-8")
    #expect(encoded.stdout.hasPrefix("selected: 0x00000004 = 4"))
  }

  /// A hundred-kilobyte argument and a megabyte line on standard input.
  @Test func hundredKilobyteArgumentAndMegabyteLine() throws {
    let long = String(repeating: "7", count: 100_000)
    expectOneLineError(try Run([long]), status: 65, containing: "does not fit in 64 bits")
    expectOneLineError(try Run(["encode", long]), status: 65, containing: "unknown state name")
    expectOneLineError(try Run(["error", long]), status: 1, containing: "no error")
    // A paste cut inside its description: the header is explained, the cut is said.
    let text = "Error Domain=D Code=1 \"" + String(repeating: "x", count: 100_000)
    let cut = try Run(["error", text])
    #expect(
      (
        cut.status, cut.stdout,
        cut.stderr.hasSuffix(": the text ends inside the description; shown is what is complete\n"),
        cut.stderr.count < 300
      ) == (0, "D 1\n", true, true), "\(cut.stderr.prefix(300))")

    let line = Data((String(repeating: "1", count: 1_000_000) + "\n").utf8)
    expectOneLineError(
      try Run(["--json", "-"], stdin: line), status: 65, containing: "does not fit in 64 bits")
    expectOneLineError(
      try Run(["encode", "-"], stdin: line), status: 65, containing: "unknown state name")
    expectOneLineError(
      try Run(["error", "-"], stdin: line), status: 65,
      containing: "neither an ErrorPayload JSON document nor an Xcode report, NSError text")
  }

  /// JSON nested a hundred thousand deep, and twenty thousand nested NSErrors.
  @Test func jsonAndNSErrorsNestedTensOfThousandsDeep() throws {
    let arrays: String =
      "{\"domain\": " + String(repeating: "[", count: 100_000)
      + String(repeating: "]", count: 100_000) + "}"
    expectOneLineError(
      try Run(["error", "-"], stdin: Data(arrays.utf8)), status: 65,
      containing: "nested deeper than the limit of 512")
    let payloads: String =
      String(repeating: #"{"domain":"D","code":1,"underlying":"#, count: 100_000) + "null"
      + String(repeating: "}", count: 100_000)
    expectOneLineError(
      try Run(["error", "-"], stdin: Data(payloads.utf8)), status: 65,
      containing: "nested deeper than the limit of 512")
    let within: String =
      String(repeating: #"{"domain":"D","code":1,"underlying":"#, count: 65) + "null"
      + String(repeating: "}", count: 65)
    expectOneLineError(
      try Run(["error", "-"], stdin: Data(within.utf8)), status: 65,
      containing: "nested deeper than the limit of 64")
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "deep-\(UUID().uuidString).json")
    try Data(arrays.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    expectOneLineError(
      try Run(["--states", file.path, "1"]), status: 65,
      containing: "nested deeper than the limit of 512")

    let apple: String =
      String(
        repeating: "Error Domain=D Code=1 \"x\" UserInfo={NSUnderlyingError=0x1 {", count: 20_000)
      + "Error Domain=E Code=2 \"y\"" + String(repeating: "}}", count: 20_000)
    let linux: String =
      String(repeating: "Error Domain=D Code=1 \"x\"UserInfo={NSUnderlyingError=", count: 20_000)
      + "Error Domain=E Code=2 \"y\"" + String(repeating: "}", count: 20_000)
    for text in [apple, linux] {
      let run = try Run(
        ["error", "--json", "-"],
        stdin: Data((text + "\nError Domain=NSPOSIXErrorDomain Code=2 \"x\"\n").utf8))
      // The input explains an error, so the part it cannot read is a warning, not its failure;
      // the next error in the log is still explained.
      let lineBreaks: Int = run.stderr.filter { (character: Character) in character == "\n" }.count
      let read: (Int32, Bool, Bool, Int, Bool) = (
        run.status,
        run.stderr.hasPrefix("statekit-inspect: warning: standard input: cannot read NSError text"),
        run.stderr.contains("errors are nested deeper than the limit of 64"), lineBreaks,
        run.stdout.contains(#""name": "ENOENT""#)
      )
      let expected: (Int32, Bool, Bool, Int, Bool) = (0, true, true, 1, true)
      #expect(read == expected, "\(run.stderr.prefix(300))")
    }
  }

  /// Control characters are escaped in messages; nothing on standard input.
  @Test func controlCharactersInMessagesAndEmptyStandardInput() throws {
    let run = try Run(["\u{1B}[31mred\n"])
    expectOneLineError(run, status: 65, containing: #"invalid mask "\u{1b}[31mred\n""#)
    let masks = try Run(["-"], stdin: Data())
    #expect(masks.status == 0 && masks.stdout.isEmpty && masks.stderr.isEmpty)
    expectOneLineError(
      try Run(["error", "-"], stdin: Data()), status: 65, containing: "neither an ErrorPayload")
  }

  /// A 100 KB domain or key reaches every message quoted (or, in a theme's path, as a pointer)
  /// and cut after 80 characters: each message is one short line.
  @Test func hundredKilobyteDomainsAndKeysAreCutInMessages() throws {
    let key: String = String(repeating: "k", count: 100_000)
    let domain: String = String(repeating: "D", count: 100_000) + "Domain"
    let shown: String = String(repeating: "k", count: 79) + "…"
    let payload = #"{"domain": "\#(domain)", "code": 1, "details": {"\#(key)": 1}}"#
    expectOneLineError(
      try Run(["error", "-"], stdin: Data((payload + "\n").utf8)), status: 65,
      containing: #"standard input: "details" must map names to strings; "k"#)
    let argument = try Run(["error", #"{"domain": "D", "code": 1, "details": {"\#(key)": 1}}"#])
    expectOneLineError(argument, status: 65, containing: "must map names to strings")
    #expect(argument.stderr.hasSuffix(#"k…" is a number"# + "\n"), "\(argument.stderr.suffix(100))")
    // A user info cut inside a value: the warning names the key, quoted and cut.
    // An argument holds at most 128 KiB, so it has the long key only.
    let cut: String = "Error Domain=\(domain) Code=1 \"x\" UserInfo={\(key)=abc"
    let cutArgument: String = "Error Domain=D Code=1 \"x\" UserInfo={\(key)=abc"
    for run in [try Run(["error", "-"], stdin: Data(cut.utf8)), try Run(["error", cutArgument])] {
      let read: (Int32, Bool, Bool) = (
        run.status, run.stderr.contains("the text ends inside the value of \"kkk"),
        run.stderr.count < 500
      )
      let expected: (Int32, Bool, Bool) = (0, true, true)
      #expect(read == expected, "\(run.stderr.prefix(300))")
    }
    // A theme's path to the failing member holds its keys: cut too.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "statekit-long-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("t.json")
    let themes: [(theme: String, fragment: String)] = [
      (
        #"{"\#(key)": {"normal": 1, "bogus": 2}}"#,
        #": /"# + shown + #": invalid selector key "bogus""#
      ),
      (
        #"{"a": {"\#(key)": 1}}"#,
        #": /a/"# + String(shown.dropFirst(2)) + #": invalid selector key "k"#
      ),
      (#"{"\#(key)": 5}"#, #": /"# + shown + ": expected an object"),
      (#"{"$precedence": {"\#(key)": 5}}"#, #": /$precedence/k"#),
      (#"{"a": {"normal": {"\#(key)": 1, "\#(key)": 2}}}"#, "is repeated"),
    ]
    for (theme, fragment) in themes {
      try Data(theme.utf8).write(to: file)
      // The path, the cut pointer and key, and a selector's list of known names.
      let run = try Run(["theme", file.path])
      let lineBreaks: Int = run.stderr.filter { (character: Character) in character == "\n" }.count
      let read: (Int32, Int, Bool, Bool) = (
        run.status, lineBreaks, run.stderr.contains(fragment), run.stderr.count < 800
      )
      let expected: (Int32, Int, Bool, Bool) = (65, 1, true, true)
      #expect(read == expected, "\(run.stderr.prefix(600))")
    }
  }

  /// Writes a file whose name is given as bytes (which need not be UTF-8) in a new directory.
  static func file(named name: [UInt8], contents: String) throws -> (path: [UInt8], directory: URL)
  {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "statekit-names-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = Array(directory.path.utf8) + [UInt8(ascii: "/")] + name
    let descriptor = (path + [0]).withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) }
    }
    try #require(descriptor >= 0)
    let text = Array(contents.utf8)
    #expect(text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == text.count)
    close(descriptor)
    return (path, directory)
  }

  /// A file whose name is not valid UTF-8 is read by every option that reads a file: the name
  /// reaches `open` as the process received it, not decoded and encoded again.
  @Test func aFileNameThatIsNotUTF8IsRead() throws {
    let name: [UInt8] = Array("caf".utf8) + [0xE9, 0xFF] + Array(".json".utf8)
    let theme = try Self.file(named: name, contents: #"{"titleColor": {"normal": "blue"}}"#)
    defer { try? FileManager.default.removeItem(at: theme.directory) }
    // Through the built binary once: `main.swift` hands the kernel's argument bytes on as they
    // are; the in-process runs below start from those bytes.
    let themed = try Run.spawning(rawArguments: [Array("theme".utf8), theme.path])
    #expect(
      themed.status == 0 && themed.stdout.contains("1 attribute over 0 state bits"), "\(themed)")

    let states = try Self.file(named: name, contents: #"{"visited": 16}"#)
    defer { try? FileManager.default.removeItem(at: states.directory) }
    for arguments in [
      [Array("--states".utf8), states.path, Array("0x10000".utf8)],
      [Array("--states=".utf8) + states.path, Array("0x10000".utf8)],
    ] {
      let run = try Run(rawArguments: arguments)
      #expect(run.status == 0 && run.stdout.contains("text: visited"), "\(run)")
    }

    let catalog = try Self.file(
      named: name,
      contents: #"{"errors": [{"domain": "X", "code": 1, "name": "gone", "description": "D."}]}"#)
    defer { try? FileManager.default.removeItem(at: catalog.directory) }
    let errors = try Run(
      rawArguments: ["error", "--errors"].map { Array($0.utf8) } + [
        catalog.path, Array("X 1".utf8),
      ])
    #expect(errors.status == 0 && errors.stdout.hasPrefix("X 1 gone"), "\(errors)")

    // A name that does not exist is still 66, shown with each invalid sequence replaced.
    let missing = try Run(rawArguments: [Array("theme".utf8), theme.path + [0xFE]])
    expectOneLineError(missing, status: 66, containing: "caf\u{FFFD}\u{FFFD}.json\u{FFFD}\"")
  }
}
