import Courier
import CourierErrorKitFoundation
import ErrorKit
import ErrorSamples
import Foundation
import Testing

/// The library's errors both ways: what users see is the same (or has lost a secret), every cause
/// reaches every path out, no credential does, and the ErrorKit version is no longer.
@Suite("Server errors, hand-written and with ErrorKit")
struct ServerErrorsTests {
  @Test func usersSeeTheSameTextsDomainsAndCodes() {
    var redacted = 0
    for sample in samples {
      let before = sample.handWritten as NSError
      let after = sample.errorKit as NSError
      print(
        """
        \(sample.name)
          before: \(before.domain) \(before.code) | \(sample.handWritten.localizedDescription) | \(String(describing: sample.handWritten))
          after:  \(after.domain) \(after.code) | \(sample.errorKit.localizedDescription) | \(String(describing: sample.errorKit))
        """)
      #expect(after.domain == before.domain, "\(sample.name)")
      #expect(after.code == before.code, "\(sample.name)")
      #expect(
        String(describing: sample.errorKit) == String(describing: sample.handWritten),
        "\(sample.name)")
      // The same text, or the same with its secrets replaced.
      let text = sample.handWritten.localizedDescription
      #expect(
        sample.errorKit.localizedDescription == ErrorPayload.redactingSecrets(in: text),
        "\(sample.name)")
      if sample.errorKit.localizedDescription != text { redacted += 1 }
    }
    #expect(samples.count == 25)
    // Only the client error's text named a password; it lost it.
    #expect(redacted == 1)
  }

  /// The errors of a payload's whole tree: the error, then its causes at every level.
  static func count(_ payload: ErrorPayload) -> Int {
    1 + payload.causes.map(count).reduce(0, +)
  }

  /// The errors of a bridged NSError's whole tree.
  static func count(_ error: NSError) -> Int {
    var causes = (error.userInfo[NSUnderlyingErrorKey] as? NSError).map { [$0] } ?? []
    causes += error.userInfo[ErrorUserInfoKey.otherUnderlyingErrors] as? [NSError] ?? []
    return 1 + causes.map(count).reduce(0, +)
  }

  /// The errors of a chain's whole tree.
  static func count(_ chain: ErrorChain) -> Int {
    chain.links.count + chain.links.flatMap(\.otherCauses).map(count).reduce(0, +)
  }

  @Test func everyCauseReachesEveryPathOut() throws {
    for sample in samples {
      let payload = ErrorPayload(sample.errorKit)
      #expect(Self.count(payload) == sample.causes + 1, "payload of \(sample.name)")
      #expect(try ErrorPayload(json: payload.jsonText) == payload, "JSON of \(sample.name)")
      #expect(Self.count(ErrorChain(sample.errorKit)) == sample.causes + 1, "\(sample.name)")
      #expect(
        Self.count(sample.errorKit as NSError) == sample.causes + 1, "NSError of \(sample.name)")
    }
    // Before, the bridge carried none of them.
    #expect(samples.allSatisfy { Self.count($0.handWritten as NSError) == 1 })
    let batch = try #require(samples.last)
    #expect(
      ErrorChain(batch.errorKit).report == """
        3 requests of the batch failed.

        Caused by:
        ├─ The request POST /v1/login to https://<redacted>@api.example.com failed.
        │  └─ Could not connect to api.example.com.
        │     └─ Could not connect to the server.
        ├─ Answered 500 to POST /v1/login.
        │  └─ The handler of /v1/login failed.
        │     └─ DecodingProblem
        └─ The request was cancelled.
        """)
  }

  @Test func noCredentialOnAnyPathOut() {
    for sample in samples {
      let error = sample.errorKit
      let ns = error as NSError
      var texts = [
        ErrorPayload(error).jsonText, ErrorChain(error).report, ErrorChain(error).description,
        String(describing: ns), ns.localizedDescription,
        CourierErrorKitFoundation.logLine(for: error),
      ]
      texts += ErrorChain.logAttributes(of: error).map { "\($0.key)=\($0.value)" }
      for text in texts {
        for secret in secrets {
          #expect(!text.contains(secret), "\(sample.name): \(text)")
        }
      }
    }
    // The target of a request is a detail, with its query value replaced.
    let client = samples.first { $0.name == "ClientError" }?.errorKit
    #expect(
      client.map { ErrorPayload($0).details["target"] } == "/v1/login?api_key=<redacted>")
  }

  /// The non-blank lines of a target's sources that are not comments.
  static func codeLines(_ target: String) throws -> Int {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/\(target)")
    var count = 0
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      count +=
        text.split(separator: "\n").filter { line in
          let trimmed = line.drop { $0 == " " }
          return !trimmed.isEmpty && !trimmed.hasPrefix("//")
        }.count
    }
    return count
  }

  @Test func theErrorKitVersionIsNoLonger() throws {
    let handWritten = try Self.codeLines("Courier")
    let errorKit =
      try Self.codeLines("CourierErrorKit") + Self.codeLines("CourierErrorKitFoundation")
    print("error code: hand-written \(handWritten) lines, ErrorKit \(errorKit)")
    #expect(errorKit <= handWritten)
  }

  @Test func theErrorTypesNeedNoFoundation() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/CourierErrorKit")
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      #expect(!text.contains("import Foundation"), "\(file)")
      #expect(!text.contains("import ErrorKit\n"), "\(file)")
    }
  }
}
