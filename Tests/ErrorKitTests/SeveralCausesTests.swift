import Foundation
import Testing

@testable import ErrorKit
@testable import ErrorKitCore

/// An error with several causes: a theme file with problems.
private struct ThemeProblems: DescribedError {
  var problems: [any Error]
  static let domain = "com.example.Theme"
  var code: Int { 1 }
  var message: String { "The theme has \(problems.count) problems." }
  var underlyingError: (any Error)? { problems.first }
  var otherUnderlyingErrors: [any Error] { Array(problems.dropFirst()) }
}

private struct Problem: DescribedError {
  var message: String
  var cause: (any Error)?
  var details: [String: String] = [:]
  static let domain = "com.example.Theme.Problem"
  var code: Int { 2 }
  var underlyingError: (any Error)? { cause }
}

private let fiveProblems = ThemeProblems(problems: [
  Problem(message: "\"background\" for highlighted is not a color."),
  Problem(message: "The state \"visitd\" is not declared."),
  Problem(
    message: "The overlay could not be read.",
    cause: NSError(
      domain: NSPOSIXErrorDomain, code: 2,
      userInfo: [NSLocalizedDescriptionKey: "No such file or directory"])),
  Problem(message: "\"radius\" is negative."),
  Problem(
    message: "The font could not be loaded.",
    details: ["url": "https://fonts.example/a.woff?token=s3cret"]),
])

@Suite("Several causes")
struct SeveralCausesTests {
  /// The report draws a tree; a chain without other causes keeps its numbered report.
  @Test func theReportDrawsATreeOnlyForSeveralCauses() {
    let chain = ErrorChain(ContextualError("loading the theme at dark.json", cause: fiveProblems))
    let single = ErrorChain(ThemeProblems(problems: [Problem(message: "one")]))
    #expect(chain.hasSeveralCauses && !single.hasSeveralCauses)
    let texts: [String] = [chain.report, chain.description, single.report]
    let drawn: [String] = [
      """
      loading the theme at dark.json

      Caused by:
      └─ The theme has 5 problems.
         ├─ "background" for highlighted is not a color.
         ├─ The state "visitd" is not declared.
         ├─ The overlay could not be read.
         │  └─ No such file or directory
         ├─ "radius" is negative.
         └─ The font could not be loaded.
      """,
      "loading the theme at dark.json: The theme has 5 problems.: "
        + "\"background\" for highlighted is not a color. (and 5 other causes)",
      "The theme has 1 problems.\n\nCaused by:\n    0: one",
    ]
    #expect(texts == drawn)
  }

  /// The payload keeps every cause in order, through JSON, Codable and NSError. A reader of the
  /// format as it was before `otherCauses` (a Codable struct of its keys) reads a document with
  /// other causes: it ignores the key and keeps the first cause.
  @Test func thePayloadKeepsEveryCauseInOrderForOldReadersToo() throws {
    let payload = ErrorPayload(fiveProblems)
    #expect(
      payload.causes.map(\.message) == fiveProblems.problems.map { ErrorChain.message(of: $0) })
    // The secrets policy reaches other causes too.
    #expect(
      (
        payload.underlying?.message, payload.otherCauses.count,
        payload.otherCauses[1].underlying?.code, payload.otherCauses[3].details["url"]
      )
        == (
          "\"background\" for highlighted is not a color.", 4, 2,
          "https://fonts.example/a.woff?token=<redacted>"
        ))
    let decoded = try JSONDecoder().decode(ErrorPayload.self, from: JSONEncoder().encode(payload))
    #expect([try ErrorPayload(json: payload.jsonText), decoded] == [payload, payload])

    final class FormatOne: Decodable {
      let domain: String
      let code: Int
      let description: String?
      let underlying: FormatOne?
    }
    let text = payload.jsonText
    #expect(text.contains(#""otherCauses": [{"#))
    let old = try JSONDecoder().decode(FormatOne.self, from: Data(text.utf8))
    // And a payload without other causes is written exactly as before: no new key.
    #expect(
      (
        old.underlying?.description, old.underlying?.underlying == nil,
        ErrorPayload(domain: "D", code: 1).jsonText.contains("otherCauses")
      ) == ("\"background\" for highlighted is not a color.", true, false))

    // NSError carries other causes under the multiple key.
    let bridged = fiveProblems as NSError
    let others = try #require(
      bridged.userInfo[ErrorUserInfoKey.otherUnderlyingErrors] as? [any Error])
    #expect(others.count == 4)
    #expect([ErrorPayload(bridged), ErrorPayload(payload.nsError)] == [payload, payload])
  }

  /// Searches reach other causes; log attributes number causes depth first, with their parent.
  @Test func searchesAndLogAttributesReachOtherCauses() {
    let wrapped = ContextualError("loading", cause: fiveProblems)
    let found = ErrorChain.first(Problem.self, in: wrapped)
    struct Deep: Error {}
    let deep = ThemeProblems(problems: [
      Problem(message: "a"), Problem(message: "b", cause: Deep()),
    ])
    #expect(
      (
        found?.message, ErrorChain.contains(domain: NSPOSIXErrorDomain, code: 2, in: wrapped),
        ErrorChain.contains(domain: NSPOSIXErrorDomain, code: 3, in: wrapped),
        ErrorChain.first(Deep.self, in: deep) != nil
      ) == ("\"background\" for highlighted is not a color.", true, false, true))

    let pairs = ErrorChain.logAttributes(of: fiveProblems)
    func value(_ key: String) -> String? { pairs.first { $0.key == key }?.value }
    let keys = [
      "errorkit.cause.1.message", "errorkit.cause.1.parent", "errorkit.cause.3.message",
      "errorkit.cause.4.message", "errorkit.cause.4.parent", "errorkit.cause.6.message",
      "errorkit.cause.7.message",
    ]
    #expect(
      keys.map(value) == [
        "\"background\" for highlighted is not a color.", "0", "The overlay could not be read.",
        "No such file or directory", "3", "The font could not be loaded.", nil,
      ])
  }

  /// Whether a tree is within the limits is what its size says, for trees on both sides of
  /// each limit: a chain of `underlying` errors, a chain below an other cause, and other causes
  /// of the root that bring the count to just below, at and just above the limit.
  @Test func theLimitsAreWhatTheTreeSizeSays() {
    func chain(_ depth: Int) -> ErrorPayload? {
      guard depth > 0 else { return nil }
      var payload = ErrorPayload(domain: "D", code: 0)
      for level in 1..<depth {
        payload = ErrorPayload(domain: "D", code: level, underlying: payload)
      }
      return payload
    }
    let limit = ErrorPayload.maximumCount
    for depth in [1, 2, 63, 64, 65] {
      for branch in [0, 63, 64] {
        let fixed = depth + branch
        for leaves in [0, 1, limit - fixed - 1, limit - fixed, limit - fixed + 1] {
          guard var payload = chain(depth) else { continue }
          payload.otherCauses = (0..<leaves).map { ErrorPayload(domain: "L", code: $0) }
          if let below = chain(branch) { payload.otherCauses.append(below) }
          let size = payload.treeSize
          #expect(
            payload.isWithinLimits
              == (size.depth <= ErrorPayload.maximumDepth && size.count <= limit),
            "depth \(depth), branch \(branch), leaves \(leaves): \(size)")
        }
      }
    }
  }

  /// Errors that share their causes would make 2^40 errors; the capture stops at the limit with
  /// a marker, and the payload still writes and reads back. A full budget never costs an error
  /// its first cause; a cut branch marks the whole chain.
  @Test func cutTreesKeepTheirFirstCausesAndAreMarked() throws {
    var error: any Error = Problem(message: "root")
    for level in 0..<40 {
      error = ThemeProblems(problems: [error, error, Problem(message: "leaf \(level)")])
    }
    let payload = ErrorPayload(error)
    let markers = ErrorChain(error).report.components(
      separatedBy: "error tree cut after 1023 errors")
    #expect(
      (payload.treeSize.count, markers.count, try ErrorPayload(json: payload.jsonText))
        == (ErrorPayload.maximumCount, 2, payload))

    let many = ThemeProblems(problems: (0..<1_100).map { Problem(message: "problem \($0)") })
    let full = ErrorPayload(many)
    let chain = ErrorChain(many)
    #expect(
      (
        full.underlying?.message, full.treeSize.count, chain.isTruncated,
        chain.links[0].otherCauses.last?.links.last?.payload.name
      ) == ("problem 0", ErrorPayload.maximumCount, true, "treeTooLarge"))

    var deep: any Error = Problem(message: "root")
    for index in 0..<100 { deep = Problem(message: "level \(index)", cause: deep) }
    let branched = ErrorChain(ThemeProblems(problems: [Problem(message: "fine"), deep]))
    #expect(
      branched.isTruncated
        && ErrorChain.logAttributes(of: ThemeProblems(problems: [Problem(message: "fine"), deep]))
          .contains { $0.key == "errorkit.truncated" }
    )
  }

  /// Causes given only as other causes start with the first cause; only the errors of the
  /// multiple key are causes; an NSError that is its own other cause is cut.
  @Test func otherCausesAreErrorsAndTheFirstBecomesTheCause() {
    struct OnlyOthers: DescribedError {
      static let domain = "com.example.Only"
      var code: Int { 1 }
      var message: String { "two problems" }
      var otherUnderlyingErrors: [any Error] {
        [Problem(message: "one"), Problem(message: "two")]
      }
    }
    let payload = ErrorPayload(OnlyOthers())
    let bridged = NSError(
      domain: "D", code: 1,
      userInfo: [ErrorUserInfoKey.otherUnderlyingErrors: [NSError(domain: "E", code: 2)]])
    #expect(
      (
        payload.underlying?.message, payload.otherCauses.map(\.message),
        ErrorPayload(bridged).underlying?.domain, ErrorChain(bridged).hasSeveralCauses
      ) == ("one", ["two"], "E", false))

    let error = NSError(
      domain: "D", code: 1,
      userInfo: [
        ErrorUserInfoKey.underlyingError: NSError(domain: "F", code: 1),
        ErrorUserInfoKey.otherUnderlyingErrors: [NSError(domain: "E", code: 7), "text", 5] as [Any],
      ])
    #expect(ErrorPayload(error).otherCauses.map(\.domain) == ["E"])
    // The key is reserved: a value that holds no error is neither a cause nor a detail.
    let notErrors = NSError(
      domain: "D", code: 1, userInfo: [ErrorUserInfoKey.otherUnderlyingErrors: "none"])
    #expect(
      (ErrorPayload(notErrors).otherCauses.count, ErrorPayload(notErrors).details.count) == (0, 0))

    let inner = NSError(domain: "D", code: 1)
    let loop = NSError(
      domain: "D", code: 2, userInfo: [ErrorUserInfoKey.otherUnderlyingErrors: [inner]])
    let outer = NSError(
      domain: "D", code: 3,
      userInfo: [
        ErrorUserInfoKey.underlyingError: loop, ErrorUserInfoKey.otherUnderlyingErrors: [loop],
      ])
    // The same error in two branches is no cycle: both branches are kept.
    let looped = ErrorPayload(outer)
    // `loop` gives its one cause only as an other cause: it becomes its first cause.
    #expect(
      (
        looped.underlying?.code, looped.otherCauses.map(\.code),
        looped.otherCauses[0].underlying?.code
      )
        == (2, [2], 1))
  }

  @Test func documentLimitsHoldForOtherCausesToo() throws {
    func nested(_ depth: Int) -> String {
      String(repeating: #"{"domain":"D","code":1,"otherCauses":["#, count: depth - 1)
        + #"{"domain":"D","code":1}"# + String(repeating: "]}", count: depth - 1)
    }
    #expect(try ErrorPayload(json: nested(ErrorPayload.maximumDepth)).treeSize.depth == 64)
    #expect(throws: JSONFormatError.self) {
      try ErrorPayload(json: nested(ErrorPayload.maximumDepth + 1))
    }
    let wide =
      #"{"domain":"D","code":1,"otherCauses":["#
      + Array(repeating: #"{"domain":"D","code":2}"#, count: ErrorPayload.maximumCount).joined(
        separator: ",") + "]}"
    #expect(throws: JSONFormatError.self) { try ErrorPayload(json: wide) }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ErrorPayload.self, from: Data(wide.utf8))
    }
    let cause = ErrorPayload(domain: "D", code: 2)
    var built = ErrorPayload(domain: "D", code: 1, underlying: cause)
    built.otherCauses = Array(repeating: cause, count: ErrorPayload.maximumCount - 1)
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(built) }
  }
}
