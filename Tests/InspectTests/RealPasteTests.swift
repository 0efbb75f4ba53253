import ErrorKitCore
import Foundation
import Testing

/// Error text as people really paste it: 107 samples from public issue threads and docs
/// (`Fixtures/real/SOURCES.md` names the source of each), read through standard input as a user
/// would pipe them. `Fixtures/real/expected.tsv` holds what each must give.
@Suite("statekit-inspect error: real pastes")
struct RealPasteTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/real")

  struct Expectation: CustomTestStringConvertible, Sendable {
    var file: String
    var status: Int32
    var cut: Bool
    var chains: [String]
    var testDescription: String { file }
  }

  static let expectations: [Expectation] = {
    let url = directory.appendingPathComponent("expected.tsv")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Expectation(
        file: columns[0], status: Int32(columns[1]) ?? -1, cut: columns[2] == "cut",
        chains: columns[3] == "(none)" ? [] : columns[3].components(separatedBy: " ; "))
    }
  }()

  /// Each top-level error of a JSON Lines output, as "domain code > domain code".
  static func chains(_ stdout: String) throws -> [String] {
    try stdout.split(separator: "\n").map { line in
      try ErrorPayload(json: String(line)).chain.map { "\($0.domain) \($0.code)" }
        .joined(separator: " > ")
    }
  }

  /// An error and all its causes as "domain code": its other causes in braces after it, its
  /// cause after " > ".
  static func tree(_ payload: ErrorPayload) -> String {
    var text = "\(payload.domain) \(payload.code)"
    if !payload.otherCauses.isEmpty {
      text += " {" + payload.otherCauses.map(tree).joined(separator: ", ") + "}"
    }
    if let cause = payload.underlying { text += " > " + tree(cause) }
    return text
  }

  @Test func everyPasteHasASourceAndAnExpectation() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
      .filter { $0.hasSuffix(".txt") }.sorted()
    let sources = try String(
      contentsOf: Self.directory.appendingPathComponent("SOURCES.md"), encoding: .utf8)
    #expect(files.count >= 60)
    #expect(files == Self.expectations.map(\.file))
    for file in files {
      #expect(sources.contains("| \(file) |"), "\(file) has no source in SOURCES.md")
    }
    for kind in ["short", "decoding", "xcode", "nserror", "truncated", "quoting"] {
      #expect(files.contains { $0.hasPrefix(kind + "-") }, "no \(kind) paste")
    }
  }

  @Test(arguments: expectations)
  func pasteIsExplained(_ expected: Expectation) throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent(expected.file))
    let run = try Run(["error", "--json", "-"], stdin: input)
    #expect(run.status == expected.status, "\(run)")
    #expect(try Self.chains(run.stdout) == expected.chains)
    #expect(run.stderr.contains("the text ends") == expected.cut, "\(run.stderr)")
    // A paste that is explained never fails: what could not be read is a warning.
    if !expected.chains.isEmpty {
      #expect(!run.stderr.contains("error:"), "\(run.stderr)")
    }
    // The human report is as safe as the JSON: no raw control characters but line feeds.
    let human = try Run(["error", "-"], stdin: input)
    #expect(!human.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }

  @Test func aDecodingErrorReportsItsCasePathAndDescription() throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent("decoding-04.txt"))
    let run = try Run(["error", "-"], stdin: input)
    #expect(
      run.stdout == """
        NSCocoaErrorDomain 4864 typeMismatch
          description: Expected to decode String but found a number instead.
          codingPath: matches[0].metadata.loc.lines.from
          type: Swift.String

        """)
    let nested = try Data(contentsOf: Self.directory.appendingPathComponent("decoding-06.txt"))
    let payload = try ErrorPayload(json: try Run(["error", "--json", "-"], stdin: nested).stdout)
    #expect(payload.name == "dataCorrupted")
    #expect(payload.details["codingPath"] == "(top level)")
    #expect(payload.underlying?.message == "Number 18.18 is not representable in Swift.")
  }

  @Test(arguments: [
    (
      "nserror-34.txt",
      "FoundationModels.LanguageModelSession.GenerationError -1 {ModelManagerServices.ModelManagerError 1032}"
    ),
    (
      "nserror-35.txt",
      "FoundationModels.LanguageModelSession.GenerationError -1 {FoundationModels.LanguageModelSession.GenerationError -1 {com.apple.SensitiveContentAnalysisML 15 {ModelManagerServices.ModelManagerError 1013}}}"
    ),
    (
      "nserror-36.txt",
      "SKErrorDomain 0 > ASDErrorDomain 500 > AMSErrorDomain 100 {AMSErrorDomain 2, com.apple.accounts 4}"
    ),
  ])
  func severalCausesInAnArrayAreAllRead(file: String, tree: String) throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent(file))
    let run = try Run(["error", "--json", "-"], stdin: input)
    let payloads = try run.stdout.split(separator: "\n").map { try ErrorPayload(json: String($0)) }
    #expect(payloads.map(Self.tree) == [tree], "\(run)")
    #expect(run.stderr.isEmpty, "\(run.stderr)")
  }

  @Test func severalCausesAreReportedWithTheirTexts() throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent("nserror-36.txt"))
    let run = try Run(["error", "-"], stdin: input)
    #expect(
      run.stdout.hasSuffix(
        """
            caused by: AMSErrorDomain 100
              description: Authentication Failed
              reason: The authentication failed.
              also caused by: AMSErrorDomain 2
                description: An unknown error occurred. Please try again.
              also caused by: com.apple.accounts 4 ACErrorAccountTypeInvalid
                description: No auth plugin to verify credentials for accounts of type com.apple.account.iTunesStore.sandbox

        """), "\(run)")
  }

  @Test func anXcodeReportIsOneChain() throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent("xcode-07.txt"))
    let run = try Run(["error", "-"], stdin: input)
    #expect(
      run.stdout.hasPrefix(
        """
        IDELaunchErrorDomain 20
          description: Could not launch “Diffusion”
          suggestion: The LaunchServices launcher has returned an error. Please check the system logs for the underlying cause of the error.
          DVTErrorCreationDateKey: 2022-12-29 08:05:09 +0000
        """))
    // RunningBoard's code is named as the system prints it, with the paste that shows it.
    #expect(run.stdout.contains("  caused by: RBSRequestErrorDomain 5 RBSRequestErrorFailed\n"))
    #expect(
      run.stdout.contains(
        "    name source: printed by the system (observed), https://github.com/calband/calchart/issues/765\n"
      ))
    #expect(run.stdout.contains("    caused by: NSPOSIXErrorDomain 153\n"))
  }

  @Test func aCutPasteSaysWhatIsMissing() throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent("truncated-01.txt"))
    let run = try Run(["error", "-"], stdin: input)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("NSURLErrorDomain -1200 secureConnectionFailed\n"))
    #expect(run.stdout.contains("NSLocalizedRecoverySuggestion") == false)
    #expect(run.stdout.contains("suggestion: 您仍要连接此服务器吗？"))
    #expect(
      run.stderr
        == "statekit-inspect: warning: standard input: the text ends inside a nested error; shown is what is complete\n"
    )
  }

  @Test func aLaterCompleteErrorIsStillExplained() throws {
    let cut = try String(
      contentsOf: Self.directory.appendingPathComponent("truncated-04.txt"), encoding: .utf8)
    let whole = try String(
      contentsOf: Self.directory.appendingPathComponent("nserror-20.txt"), encoding: .utf8)
    let run = try Run(["error", "--json", "-"], stdin: Data((cut + "\n" + whole + "\n").utf8))
    #expect(try Self.chains(run.stdout) == ["NSURLErrorDomain -1012", "NSURLErrorDomain -1002"])
  }

  @Test func aValueThatIsNSErrorTextIsNotTheCause() throws {
    let text =
      #"Error Domain=com.example Code=1 "Outer" UserInfo={NSDebugDescription=Error Domain=Fake Code=9 "looks like a cause", NSUnderlyingError=0x600000c1a0f0 {Error Domain=NSPOSIXErrorDomain Code=13 "Permission denied"}, a-b.c=d}"#
    let payload = try ErrorPayload(json: try Run(["error", "--json", text]).stdout)
    #expect(payload.underlying?.domain == "NSPOSIXErrorDomain")
    #expect(
      payload.details["NSDebugDescription"] == #"Error Domain=Fake Code=9 "looks like a cause""#)
    #expect(payload.details["a-b.c"] == "d")
  }
}
