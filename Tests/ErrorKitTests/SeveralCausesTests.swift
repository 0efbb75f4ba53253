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
  @Test func theReportDrawsATree() {
    let chain = ErrorChain(ContextualError("loading the theme at dark.json", cause: fiveProblems))
    #expect(chain.hasSeveralCauses)
    #expect(
      chain.report == """
        loading the theme at dark.json

        Caused by:
        └─ The theme has 5 problems.
           ├─ "background" for highlighted is not a color.
           ├─ The state "visitd" is not declared.
           ├─ The overlay could not be read.
           │  └─ No such file or directory
           ├─ "radius" is negative.
           └─ The font could not be loaded.
        """)
    #expect(
      chain.description
        == "loading the theme at dark.json: The theme has 5 problems.: "
        + "\"background\" for highlighted is not a color. (and 5 other causes)")
  }

  @Test func aChainWithoutOtherCausesKeepsItsNumberedReport() {
    let chain = ErrorChain(ThemeProblems(problems: [Problem(message: "one")]))
    #expect(!chain.hasSeveralCauses)
    #expect(chain.report == "The theme has 1 problems.\n\nCaused by:\n    0: one")
  }

  @Test func thePayloadKeepsEveryCauseInOrder() throws {
    let payload = ErrorPayload(fiveProblems)
    #expect(
      payload.causes.map(\.message) == fiveProblems.problems.map { ErrorChain.message(of: $0) })
    #expect(payload.underlying?.message == "\"background\" for highlighted is not a color.")
    #expect(payload.otherCauses.count == 4)
    #expect(payload.otherCauses[1].underlying?.code == 2)
    // The secrets policy reaches other causes too.
    #expect(
      payload.otherCauses[3].details["url"] == "https://fonts.example/a.woff?token=<redacted>")
    #expect(try ErrorPayload(json: payload.jsonText) == payload)
    let decoded = try JSONDecoder().decode(ErrorPayload.self, from: JSONEncoder().encode(payload))
    #expect(decoded == payload)
  }

  /// A reader of the format as it was before `otherCauses` (a Codable struct of its keys) reads
  /// a document with other causes: it ignores the key and keeps the first cause.
  @Test func olderReadersIgnoreOtherCauses() throws {
    final class FormatOne: Decodable {
      let domain: String
      let code: Int
      let description: String?
      let underlying: FormatOne?
    }
    let text = ErrorPayload(fiveProblems).jsonText
    #expect(text.contains(#""otherCauses": [{"#))
    let old = try JSONDecoder().decode(FormatOne.self, from: Data(text.utf8))
    #expect(old.underlying?.description == "\"background\" for highlighted is not a color.")
    #expect(old.underlying?.underlying == nil)
    // And a payload without other causes is written exactly as before: no new key.
    #expect(!ErrorPayload(domain: "D", code: 1).jsonText.contains("otherCauses"))
  }

  @Test func nsErrorCarriesOtherCausesUnderTheMultipleKey() throws {
    let bridged = fiveProblems as NSError
    let others = try #require(
      bridged.userInfo[ErrorUserInfoKey.otherUnderlyingErrors] as? [any Error])
    #expect(others.count == 4)
    #expect(ErrorPayload(bridged) == ErrorPayload(fiveProblems))
    let payload = ErrorPayload(fiveProblems)
    #expect(ErrorPayload(payload.nsError) == payload)
  }

  @Test func searchesReachOtherCauses() {
    let wrapped = ContextualError("loading", cause: fiveProblems)
    let found = ErrorChain.first(Problem.self, in: wrapped)
    #expect(found?.message == "\"background\" for highlighted is not a color.")
    #expect(ErrorChain.contains(domain: NSPOSIXErrorDomain, code: 2, in: wrapped))
    #expect(!ErrorChain.contains(domain: NSPOSIXErrorDomain, code: 3, in: wrapped))
    struct Deep: Error {}
    let deep = ThemeProblems(problems: [
      Problem(message: "a"), Problem(message: "b", cause: Deep()),
    ])
    #expect(ErrorChain.first(Deep.self, in: deep) != nil)
  }

  @Test func logAttributesNumberCausesDepthFirstWithTheirParent() {
    let pairs = ErrorChain.logAttributes(of: fiveProblems)
    func value(_ key: String) -> String? { pairs.first { $0.key == key }?.value }
    #expect(value("errorkit.cause.1.message") == "\"background\" for highlighted is not a color.")
    #expect(value("errorkit.cause.1.parent") == "0")
    #expect(value("errorkit.cause.3.message") == "The overlay could not be read.")
    #expect(value("errorkit.cause.4.message") == "No such file or directory")
    #expect(value("errorkit.cause.4.parent") == "3")
    #expect(value("errorkit.cause.6.message") == "The font could not be loaded.")
    #expect(value("errorkit.cause.7.message") == nil)
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
  /// a marker, and the payload still writes and reads back.
  @Test func sharedCausesAreCutAtTheCountLimit() throws {
    var error: any Error = Problem(message: "root")
    for level in 0..<40 {
      error = ThemeProblems(problems: [error, error, Problem(message: "leaf \(level)")])
    }
    let payload = ErrorPayload(error)
    #expect(payload.treeSize.count == ErrorPayload.maximumCount)
    let markers = ErrorChain(error).report.components(
      separatedBy: "error tree cut after 1023 errors")
    #expect(markers.count == 2)
    #expect(try ErrorPayload(json: payload.jsonText) == payload)
  }

  @Test func aFullBudgetNeverCostsAnErrorItsFirstCause() {
    let many = ThemeProblems(problems: (0..<1_100).map { Problem(message: "problem \($0)") })
    let payload = ErrorPayload(many)
    #expect(payload.underlying?.message == "problem 0")
    #expect(payload.treeSize.count == ErrorPayload.maximumCount)
    let chain = ErrorChain(many)
    #expect(chain.isTruncated)
    #expect(chain.links[0].otherCauses.last?.links.last?.payload.code == ErrorChain.sizeMarkerCode)
  }

  @Test func causesGivenOnlyAsOtherCausesStartWithTheFirstCause() {
    struct OnlyOthers: DescribedError {
      static let domain = "com.example.Only"
      var code: Int { 1 }
      var message: String { "two problems" }
      var otherUnderlyingErrors: [any Error] {
        [Problem(message: "one"), Problem(message: "two")]
      }
    }
    let payload = ErrorPayload(OnlyOthers())
    #expect(payload.underlying?.message == "one")
    #expect(payload.otherCauses.map(\.message) == ["two"])
    let bridged = NSError(
      domain: "D", code: 1,
      userInfo: [ErrorUserInfoKey.otherUnderlyingErrors: [NSError(domain: "E", code: 2)]])
    #expect(ErrorPayload(bridged).underlying?.domain == "E")
    #expect(!ErrorChain(bridged).hasSeveralCauses)
  }

  @Test func aCutBranchMarksTheWholeChain() {
    var deep: any Error = Problem(message: "root")
    for index in 0..<100 { deep = Problem(message: "level \(index)", cause: deep) }
    let chain = ErrorChain(ThemeProblems(problems: [Problem(message: "fine"), deep]))
    #expect(chain.isTruncated)
    #expect(
      ErrorChain.logAttributes(of: ThemeProblems(problems: [Problem(message: "fine"), deep]))
        .contains { $0.key == "errorkit.truncated" })
  }

  @Test func onlyTheErrorsOfTheMultipleKeyAreCauses() {
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
    #expect(ErrorPayload(notErrors).otherCauses.isEmpty)
    #expect(ErrorPayload(notErrors).details.isEmpty)
  }

  @Test func anNSErrorThatIsItsOwnOtherCauseIsCut() {
    let error = NSError(domain: "D", code: 1)
    let loop = NSError(
      domain: "D", code: 2, userInfo: [ErrorUserInfoKey.otherUnderlyingErrors: [error]])
    let outer = NSError(
      domain: "D", code: 3,
      userInfo: [
        ErrorUserInfoKey.underlyingError: loop, ErrorUserInfoKey.otherUnderlyingErrors: [loop],
      ])
    // The same error in two branches is no cycle: both branches are kept.
    let payload = ErrorPayload(outer)
    #expect(payload.underlying?.code == 2)
    #expect(payload.otherCauses.map(\.code) == [2])
    // `loop` gives its one cause only as an other cause: it becomes its first cause.
    #expect(payload.otherCauses[0].underlying?.code == 1)
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
