import ErrorKitCore
import Foundation
import StateKitTesting
import Testing

@testable import InspectKit

/// Pastes whose causes were read as errors of their own, or whose one error was read twice
/// (issue 47): an error printed as an object with its cause an object in its user info (React
/// Native's rejections, Flutter's maps), lldb's `po` tree whose `_nsError` child repeats its head,
/// and the debugger's variables view with the error's `_userInfo` rows below it.
@Suite("statekit-inspect error: causes nested in objects and trees")
struct NestedCausePasteTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func text(_ path: String) throws -> String {
    try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8)
  }

  /// The errors `error --json -` prints for a paste.
  static func errors(_ text: String) throws -> [ErrorPayload] {
    let run = try Run(["error", "--json", "-"], stdin: Data(text.utf8))
    return try run.stdout.split(separator: "\n").map { try ErrorPayload(json: String($0)) }
  }

  struct Case: CustomTestStringConvertible, Sendable {
    var file: String
    var chain: String
    var message: String?
    var testDescription: String { file }
  }

  static let cases: [Case] = [
    Case(
      file: "made/rn-inspect.txt",
      chain: "NSURLErrorDomain -1009 > kCFErrorDomainCFNetwork -1009",
      message: "The Internet connection appears to be offline."),
    Case(
      file: "made/rn-order.txt",
      chain: "NSURLErrorDomain -1009 > kCFErrorDomainCFNetwork -1009",
      message: "The Internet connection appears to be offline."),
    Case(
      file: "made/rn-hermes.txt",
      chain: "NSURLErrorDomain -1009 > kCFErrorDomainCFNetwork -1009",
      message: "The Internet connection appears to be offline."),
    Case(
      file: "made/po.txt",
      chain: "NSURLErrorDomain -1009 > kCFErrorDomainCFNetwork -1009",
      message: "The Internet connection appears to be offline."),
    Case(
      file: "real/object-01.txt", chain: "ASDErrorDomain 504 > AMSErrorDomain 305", message: nil),
  ]

  @Test(arguments: cases)
  func oneErrorWithItsCauses(_ expected: Case) throws {
    let errors = try Self.errors(Self.text(expected.file))
    #expect(
      (errors.map(RealPasteTests.tree), errors.first?.message) == (
        [expected.chain], expected.message
      ))
  }

  /// The cause of a Flutter map keeps its description and user info; the debugger's user info
  /// rows are read, and a debugger value is escaped when printed.
  @Test func objectsAndDebuggerRowsKeepTheirTexts() throws {
    let flutter = try Self.errors(Self.text("real/object-01.txt"))
    let cause = flutter.first?.underlying
    #expect(
      [cause?.message, cause?.failureReason, cause?.details["AMSStatusCode"]]
        == ["Server Error", "The server encountered an error", "200"])

    // https://github.com/react/react-native/issues/7736, the first code block.
    let errors = try Self.errors(Self.text("corpus/heldout/004.txt"))
    #expect(
      (errors.count, errors.first.map { "\($0.domain) \($0.code)" }, errors.first?.details.count)
        == (1, "com.facebook.sdk.core 6", 1))
    #expect(
      errors.first?.details["com.facebook.sdk:FBSDKErrorDeveloperMessageKey"]?.hasPrefix(
        "Response is a non-text MIME type; endpoints") == true)

    let text =
      "error = (NSError *) domain: @\"com.example.sdk\" - code: 6\n"
      + "  _userInfo = (__NSDictionaryI *) 2 key/value pairs\n"
      + "    [0] = @\"k\" @\"a \\\"quoted\\\" \u{1B}[31mred\"\n    [1] = @\"n\" (long)4\n"
    let values = try Self.errors(text)
    let human = try Run(["error", "-"], stdin: Data(text.utf8))
    #expect(
      (values.first?.details["k"], values.first?.details["n"], human.stdout.contains("\u{1B}"))
        == ("a \"quoted\" \u{1B}[31mred", "(long)4", false))
  }

  /// A tree whose child is another error keeps both; a cause in an object that is not a user
  /// info is an error of its own; broken objects never trap.
  @Test func treesAndObjectsAreReadByTheirShapeAndNeverTrap() throws {
    let text =
      "▿ Error Domain=A Code=1 \"x\" UserInfo={k=v}\n"
      + "  - _nsError : Error Domain=B Code=2 \"y\" UserInfo={k=v}\n"
    // A child that is not deeper than its head is not its child.
    let flat =
      "▿ Error Domain=A Code=1 \"x\" UserInfo={k=v}\n"
      + "- _nsError : Error Domain=A Code=1 \"x\" UserInfo={k=v}\n"
    let notAUserInfo =
      "{ code: 1, domain: 'AErrorDomain', extra: { NSUnderlyingError: { domain: 'BErrorDomain', code: 2 } } }\n"
    let cause =
      "{ code: 1, domain: 'AErrorDomain', userInfo: { NSUnderlyingError: { domain: 'BErrorDomain', code: 2 } } }\n"
    let trees: [[String]] = try [text, flat, notAUserInfo, cause].map {
      try Self.errors($0).map(RealPasteTests.tree)
    }
    #expect(
      trees == [
        ["A 1", "B 2"], ["A 1", "A 1"], ["AErrorDomain 1"], ["AErrorDomain 1 > BErrorDomain 2"],
      ])

    let texts = [
      "{ domain: 'A', code: 1, userInfo: { NSUnderlyingError: { domain: 'B', code: ",
      "{ domain: 'A', code: 1, userInfo: { NSUnderlyingError: { domain: 'B', code: 2 }",
      "{ domain: 'A', domain: 'B', code: 1 }",
      "{ domain: 'A', code: 99999999999999999999999 }",
      "{ [Error: ] domain: '', code: 'E' }",
      "{ 'domain: 'A', code: 1 }\n",
      String(repeating: "{ userInfo: { NSUnderlyingError: ", count: 200)
        + "{ domain: 'A', code: 1 }",
      "nativeStackIOS nativeStackIOS: [ { domain",
      "▿ Error Domain=A Code=1 \"x\"\n  - _nsError : ",
      "error = (NSError *) domain: @\"D\" - code: 6\n  _userInfo = (__NSDictionaryI *) 1\n    [0] = @\"k",
    ]
    for text in texts {
      _ = try Run(["error", "--json", "-"], stdin: Data(text.utf8))
      _ = ErrorScanner.findAll(in: PastedText(text))
    }
  }

  @Test func aStreamGivesWhatTheWholeTextGivesHoweverItIsChunked() throws {
    let seed = (try? PropertySeed.current.get()) ?? 47
    var rng = SplitMix64(seed: seed)
    let pastes = try (Self.cases.map(\.file) + ["corpus/heldout/004.txt"]).map {
      try Self.text($0) + "\n"
    }
    var found = 0
    for run in 0..<300 {
      var parts = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        ErrorStreamTests.pool.randomElement(using: &rng)!
      }
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        parts.insert(
          pastes.randomElement(using: &rng)!, at: Int.random(in: 0...parts.count, using: &rng))
      }
      let text = parts.joined()
      let whole = ErrorScanner.findAll(in: PastedText(text)).map { finding in
        finding.payload.map {
          "\(RealPasteTests.tree($0)) \($0.message ?? "-") \($0.details.count)"
        }
          ?? ErrorStreamTests.summary(finding)
      }
      let streamed = ErrorStreamTests.streamedItems(text, &rng).map { item -> String in
        guard case .error(let payload, _) = item else { return ErrorStreamTests.summary(item) }
        return "\(RealPasteTests.tree(payload)) \(payload.message ?? "-") \(payload.details.count)"
      }
      found += whole.filter { $0.contains(" > ") }.count
      #expect(streamed == whole, "seed \(seed), case \(run):\n\(text)")
      if streamed != whole { break }
    }
    // The chains are found: the property is not vacuous.
    #expect(found >= 300, "seed \(seed)")
  }
}
