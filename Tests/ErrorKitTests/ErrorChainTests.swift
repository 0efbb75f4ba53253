import ErrorKit
import Foundation
import Testing

@Suite("Describing any error")
struct ErrorChainTests {
  enum PlainError: Error {
    case notFound(path: String)
    case timedOut
  }

  struct OnlyLocalized: LocalizedError {
    var errorDescription: String? { "Localized text." }
    var failureReason: String? { "Because." }
  }

  /// Every kind of error is described, in one line and in a report.
  @Test func describesEveryKindOfErrorInOneLineAndAReport() {
    let ns = NSError(domain: "D", code: 1, userInfo: [NSLocalizedDescriptionKey: "From user info."])
    // The type and the case, never the associated values: they may be secrets.
    let errors: [any Error] = [
      JSONDecodeError.missingRequiredKey("id"), PlainError.notFound(path: "/tmp"),
      PlainError.timedOut, OnlyLocalized(), ns,
    ]
    #expect(
      errors.map(ErrorChain.message(of:)) == [
        "The key \"id\" is missing.", "PlainError.notFound", "PlainError.timedOut",
        "Localized text.", "From user info.",
      ])
    let link = ErrorChain(PlainError.notFound(path: "/tmp")).links[0]
    #expect(
      (
        link.payload.name, link.payload.details, link.payload.domain.contains("unknown context"),
        ErrorChain(OnlyLocalized()).links[0].payload.failureReason
      ) == ("notFound", [:], false, "Because."))

    // One line and a report.
    let posix = NSError(
      domain: NSPOSIXErrorDomain, code: 13,
      userInfo: [NSLocalizedDescriptionKey: "Permission denied"])
    let chain = ErrorChain(
      LoadError(path: "/etc/app.json", cause: LoadError(path: "/etc", cause: posix)))
    #expect(
      [
        chain.description, chain.report,
        ErrorChain(JSONDecodeError.missingRequiredKey("id")).report,
      ] == [
        "Could not load /etc/app.json.: Could not load /etc.: Permission denied",
        """
        Could not load /etc/app.json.

        Caused by:
            0: Could not load /etc.
            1: Permission denied
        """,
        "The key \"id\" is missing.",
      ] && !chain.isTruncated)
  }

  /// Deep chains are cut at the depth limit, cycles with the cycle marker.
  @Test func deepChainsAndCyclesAreCut() {
    var error: any Error = JSONDecodeError.missingRequiredKey("root")
    for level in 0..<10_000 { error = LoadError(path: "/\(level)", cause: error) }
    let chain = ErrorChain(error)
    let payload = ErrorPayload(error)
    let cut: (Bool, Int, String?, String?, String?, Int) = (
      chain.isTruncated, chain.links.count, chain.links.last?.payload.domain,
      chain.links.last?.payload.name, chain.links.last?.message, payload.chain.count
    )
    let expectedCut: (Bool, Int, String?, String?, String?, Int) = (
      true, ErrorPayload.maximumDepth, ContextualError.domain, "chainTooDeep",
      "error chain cut after 63 errors", ErrorPayload.maximumDepth
    )
    #expect(cut == expectedCut)
    // What is captured can be written and read back: the cut keeps it within the JSON limit.
    #expect((try? ErrorPayload(json: payload.jsonText)) == payload)

    let cycle = ErrorChain(SelfCausedError(domain: "Loop", code: 1))
    #expect(
      (cycle.isTruncated, cycle.links.count, cycle.links[0].message, cycle.links[1].payload.name)
        == (true, 2, "I cause myself.", "chainCycle"))
  }

  final class SelfCausedError: NSError, @unchecked Sendable {
    override var userInfo: [String: Any] {
      [NSUnderlyingErrorKey: self, NSLocalizedDescriptionKey: "I cause myself."]
    }
  }

}
