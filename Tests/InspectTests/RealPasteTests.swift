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
    #expect((files.count >= 60, files) == (true, Self.expectations.map(\.file)))
    // The files with no source in SOURCES.md, and the kinds with no paste.
    let kinds = ["short", "decoding", "xcode", "nserror", "truncated", "quoting"]
    #expect(
      (
        files.filter { !sources.contains("| \($0) |") },
        kinds.filter { kind in !files.contains { $0.hasPrefix(kind + "-") } }
      ) == ([], []))
  }

  @Test(arguments: expectations)
  func pasteIsExplained(_ expected: Expectation) throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent(expected.file))
    let run = try Run(["error", "--json", "-"], stdin: input)
    #expect(
      (run.status, try Self.chains(run.stdout), run.stderr.contains("the text ends"))
        == (expected.status, expected.chains, expected.cut), "\(run)")
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
    #expect(
      [payload.name, payload.details["codingPath"], payload.underlying?.message]
        == ["dataCorrupted", "(top level)", "Number 18.18 is not representable in Swift."])
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
    #expect((payloads.map(Self.tree), run.stderr) == ([tree], ""), "\(run)")
  }

  /// Several causes are reported with their texts; an Xcode report is one chain.
  @Test func severalCausesAndAnXcodeReportAreReportedWithTheirTexts() throws {
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

    let report = try Data(contentsOf: Self.directory.appendingPathComponent("xcode-07.txt"))
    let xcode = try Run(["error", "-"], stdin: report)
    #expect(
      xcode.stdout.hasPrefix(
        """
        IDELaunchErrorDomain 20
          description: Could not launch “Diffusion”
          suggestion: The LaunchServices launcher has returned an error. Please check the system logs for the underlying cause of the error.
          DVTErrorCreationDateKey: 2022-12-29 08:05:09 +0000
        """))
    // RunningBoard's code is named as the system prints it, with the paste that shows it.
    #expect(
      xcode.stdout.lacking([
        "  caused by: RBSRequestErrorDomain 5 RBSRequestErrorFailed\n",
        "    name source: printed by the system (observed), https://github.com/calband/calchart/issues/765\n",
        "    caused by: NSPOSIXErrorDomain 153\n",
      ]) == [])
  }

  /// A cut paste says what is missing, and a later complete error is still explained; a value
  /// that is NSError text is not the cause.
  @Test func aCutPasteSaysWhatIsMissingAndAValueIsNoCause() throws {
    let input = try Data(contentsOf: Self.directory.appendingPathComponent("truncated-01.txt"))
    let run = try Run(["error", "-"], stdin: input)
    #expect(
      (run.status, run.stdout.firstLine, run.stderr)
        == (
          0, "NSURLErrorDomain -1200 secureConnectionFailed",
          "statekit-inspect: warning: standard input: the text ends inside a nested error; shown is what is complete\n"
        ))
    #expect(
      !run.stdout.contains("NSLocalizedRecoverySuggestion")
        && run.stdout.contains("suggestion: 您仍要连接此服务器吗？"), "\(run)")

    let cut = try String(
      contentsOf: Self.directory.appendingPathComponent("truncated-04.txt"), encoding: .utf8)
    let whole = try String(
      contentsOf: Self.directory.appendingPathComponent("nserror-20.txt"), encoding: .utf8)
    let later = try Run(["error", "--json", "-"], stdin: Data((cut + "\n" + whole + "\n").utf8))
    #expect(try Self.chains(later.stdout) == ["NSURLErrorDomain -1012", "NSURLErrorDomain -1002"])

    let text =
      #"Error Domain=com.example Code=1 "Outer" UserInfo={NSDebugDescription=Error Domain=Fake Code=9 "looks like a cause", NSUnderlyingError=0x600000c1a0f0 {Error Domain=NSPOSIXErrorDomain Code=13 "Permission denied"}, a-b.c=d}"#
    let payload = try ErrorPayload(json: try Run(["error", "--json", text]).stdout)
    #expect(
      [payload.underlying?.domain, payload.details["NSDebugDescription"], payload.details["a-b.c"]]
        == ["NSPOSIXErrorDomain", #"Error Domain=Fake Code=9 "looks like a cause""#, "d"])
  }
}
