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

  @Test func describesEveryKindOfError() {
    #expect(
      ErrorChain.message(of: JSONDecodeError.missingRequiredKey("id"))
        == "The key \"id\" is missing.")
    // The type and the case, never the associated values: they may be secrets.
    #expect(ErrorChain.message(of: PlainError.notFound(path: "/tmp")) == "PlainError.notFound")
    #expect(ErrorChain.message(of: PlainError.timedOut) == "PlainError.timedOut")
    #expect(ErrorChain.message(of: OnlyLocalized()) == "Localized text.")
    let ns = NSError(domain: "D", code: 1, userInfo: [NSLocalizedDescriptionKey: "From user info."])
    #expect(ErrorChain.message(of: ns) == "From user info.")
    let link = ErrorChain(PlainError.notFound(path: "/tmp")).links[0]
    #expect(link.payload.name == "notFound")
    #expect(link.payload.details == [:])
    #expect(!link.payload.domain.contains("unknown context"))
    #expect(ErrorChain(OnlyLocalized()).links[0].payload.failureReason == "Because.")
  }

  @Test func oneLineAndReport() {
    let posix = NSError(
      domain: NSPOSIXErrorDomain, code: 13,
      userInfo: [NSLocalizedDescriptionKey: "Permission denied"])
    let chain = ErrorChain(
      LoadError(path: "/etc/app.json", cause: LoadError(path: "/etc", cause: posix)))
    #expect(
      chain.description == "Could not load /etc/app.json.: Could not load /etc.: Permission denied")
    #expect(
      chain.report == """
        Could not load /etc/app.json.

        Caused by:
            0: Could not load /etc.
            1: Permission denied
        """)
    #expect(
      ErrorChain(JSONDecodeError.missingRequiredKey("id")).report == "The key \"id\" is missing.")
    #expect(!chain.isTruncated)
  }

  @Test func deepChainsAreCut() {
    var error: any Error = JSONDecodeError.missingRequiredKey("root")
    for level in 0..<10_000 { error = LoadError(path: "/\(level)", cause: error) }
    let chain = ErrorChain(error)
    #expect(chain.isTruncated)
    #expect(chain.links.count == ErrorPayload.maximumDepth)
    #expect(chain.links.last?.payload.domain == ErrorChain.markerDomain)
    #expect(chain.links.last?.payload.code == ErrorChain.depthMarkerCode)
    #expect(chain.links.last?.message == "error chain cut after 63 errors")
    let payload = ErrorPayload(error)
    #expect(payload.chain.count == ErrorPayload.maximumDepth)
    // What is captured can be written and read back: the cut keeps it within the JSON limit.
    #expect((try? ErrorPayload(json: payload.jsonText)) == payload)
  }

  final class SelfCausedError: NSError, @unchecked Sendable {
    override var userInfo: [String: Any] {
      [NSUnderlyingErrorKey: self, NSLocalizedDescriptionKey: "I cause myself."]
    }
  }

  @Test func cyclesAreCut() {
    let chain = ErrorChain(SelfCausedError(domain: "Loop", code: 1))
    #expect(chain.isTruncated)
    #expect(chain.links.count == 2)
    #expect(chain.links[0].message == "I cause myself.")
    #expect(chain.links[1].payload.code == ErrorChain.cycleMarkerCode)
  }
}
