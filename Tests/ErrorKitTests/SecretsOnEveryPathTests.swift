import ErrorKitCore
import Foundation
import Testing

@testable import ErrorKit

/// One secrets policy on every path out (issues 49, K1, and 50): an error's message, failure
/// reason and recovery suggestion are redacted as its details are, in payloads, chains, reports,
/// log attributes and the NSError bridge (`error as NSError`, `nsError`,
/// `NSError(describing:)`), its causes under `NSUnderlyingError` and
/// `NSMultipleUnderlyingErrors` included; a type that adopts ExportsSecretDetails exports as
/// before.
@Suite("One secrets policy on every path out")
struct SecretsOnEveryPathTests {
  /// Foundation's key for the failing URL as text (its constant is deprecated).
  static let failingURLStringKey = "NSErrorFailingURLStringKey"
  static let url = "https://alice:pw3@example.org/?sig=SECRET3"
  static let target = "/login?api_key=KEY4"
  static let slashed = "https://bob:p/ss+w=rd@example.org/v1"
  static let request = "GET /v1/x?token=TOKEN5"
  /// What must not leave the process.
  static let secrets = ["alice", "pw3", "SECRET3", "KEY4", "p/ss", "w=rd", "TOKEN5", "s3cret"]

  static let message = "Could not load \(url)"
  static let reason = "The server refused \(target) today."
  static let suggestion = "Check \(slashed) then retry \(request) later."

  static let redactedURL = "https://<redacted>@example.org/?sig=<redacted>"
  static let redactedMessage = "Could not load \(redactedURL)"
  static let redactedReason = "The server refused /login?api_key=<redacted> today."
  static let redactedSuggestion =
    "Check https://<redacted>@example.org/v1 then retry GET /v1/x?token=<redacted> later."

  static func expectNoSecret(
    _ text: String, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for secret in secrets {
      #expect(
        !text.contains(secret), "\(comment): \(secret) in \(text)", sourceLocation: sourceLocation)
    }
  }

  enum FetchError: DescribedError {
    case failed(baseURL: String, cause: (any Error)?)
    static let domain = "com.example.Fetch"
    var code: Int { 1 }
    var message: String { SecretsOnEveryPathTests.message }
    var failureReason: String? { SecretsOnEveryPathTests.reason }
    var recoverySuggestion: String? { SecretsOnEveryPathTests.suggestion }
    var details: [String: String] {
      switch self {
      case .failed(let baseURL, _): ["baseURL": baseURL]
      }
    }
    var underlyingError: (any Error)? {
      switch self {
      case .failed(_, let cause): cause
      }
    }
  }

  /// The same error, whose type says its texts and details may leave as they are.
  enum TrustedFetchError: DescribedError, ExportsSecretDetails {
    case failed(baseURL: String)
    static let domain = "com.example.Fetch"
    var code: Int { 2 }
    var message: String { SecretsOnEveryPathTests.message }
    var failureReason: String? { SecretsOnEveryPathTests.reason }
    var recoverySuggestion: String? { SecretsOnEveryPathTests.suggestion }
    var details: [String: String] {
      switch self {
      case .failed(let baseURL): ["baseURL": baseURL]
      }
    }
  }

  /// A Foundation error as URLSession makes it: the failing URL as a `URL` and as text.
  static var foundationCause: NSError {
    let failing = "https://api.example.org/v1/items?api_key=KEY4"
    return NSError(
      domain: NSURLErrorDomain, code: -1011,
      userInfo: [
        NSURLErrorFailingURLErrorKey: URL(string: failing)!,
        Self.failingURLStringKey: failing,
        NSLocalizedDescriptionKey: "Bad response from \(url)",
        "_kCFStreamErrorCodeKey": -2102,
      ])
  }

  // MARK: Captures: payloads, chains, reports, log attributes

  @Test func anNSErrorsTextsAreRedactedInPayloadsChainsAndLogs() throws {
    let error = NSError(
      domain: NSURLErrorDomain, code: -1011,
      userInfo: [
        NSLocalizedDescriptionKey: Self.message,
        NSLocalizedFailureReasonErrorKey: Self.reason,
        NSLocalizedRecoverySuggestionErrorKey: Self.suggestion,
        Self.failingURLStringKey: Self.url,
      ])
    let payload = ErrorPayload(error)
    #expect(payload.message == Self.redactedMessage)
    #expect(payload.failureReason == Self.redactedReason)
    #expect(payload.recoverySuggestion == Self.redactedSuggestion)
    let wrapped = ContextualError("fetching \(Self.request)", cause: error)
    let chain = ErrorChain(wrapped)
    #expect(chain.links[0].message == "fetching GET /v1/x?token=<redacted>")
    #expect(chain.links[1].message == Self.redactedMessage)
    #expect(chain.links[1].payload.failureReason == Self.redactedReason)
    #expect(chain.links[1].payload.message == Self.redactedMessage)
    let attributes = ErrorChain.logAttributes(of: wrapped)
    #expect(
      attributes.first { $0.key == "errorkit.cause.1.message" }?.value == Self.redactedMessage)
    for text in [
      chain.report, chain.description, ErrorChain.message(of: error), payload.jsonText,
      ErrorPayload(wrapped).jsonText, String(describing: ErrorPayload(chain)),
      attributes.map { "\($0.key)=\($0.value)" }.joined(separator: " "),
    ] {
      Self.expectNoSecret(text, "capture")
    }
  }

  /// The text Foundation makes up for an error without a description (here from its failure
  /// reason) is redacted too.
  @Test func foundationsOwnDescriptionIsRedacted() {
    let error = NSError(
      domain: "com.example.Sync", code: 9, userInfo: [NSLocalizedFailureReasonErrorKey: Self.reason]
    )
    let chain = ErrorChain(error)
    Self.expectNoSecret(chain.report, "report")
    Self.expectNoSecret(chain.links[0].message, "message")
  }

  struct LocalizedFailure: LocalizedError {
    var errorDescription: String? { SecretsOnEveryPathTests.message }
    var failureReason: String? { SecretsOnEveryPathTests.reason }
  }

  @Test func aSwiftErrorsTextsAreRedacted() {
    for error in [
      FetchError.failed(baseURL: "https://alice:s3cret@example.org/", cause: nil) as any Error,
      LocalizedFailure(),
    ] {
      let payload = ErrorPayload(error)
      #expect(payload.message == Self.redactedMessage)
      #expect(payload.failureReason == Self.redactedReason)
      let chain = ErrorChain(error)
      for text in [
        chain.report, payload.jsonText,
        ErrorChain.logAttributes(of: error).map { "\($0.key)=\($0.value)" }.joined(),
      ] {
        Self.expectNoSecret(text, "\(type(of: error))")
      }
    }
  }

  @Test func aRedactedPayloadHasNoSecretInAnyTextOfAnyError() {
    let level = ErrorPayload(
      domain: "D", code: 1, message: Self.message, failureReason: Self.reason,
      recoverySuggestion: Self.suggestion, details: ["url": Self.url])
    var several = ErrorPayload(domain: "D", code: 0, message: Self.message, underlying: level)
    several.otherCauses = [level]
    let payload = several.redactingSecrets()
    Self.expectNoSecret(payload.jsonText, "redactingSecrets()")
    for error in [payload, payload.underlying!, payload.otherCauses[0]] {
      #expect(error.message == Self.redactedMessage)
    }
    #expect(payload.underlying?.failureReason == Self.redactedReason)
    #expect(payload.otherCauses[0].recoverySuggestion == Self.redactedSuggestion)
  }

  // MARK: The NSError bridge

  /// Every way a CodedError becomes an NSError, with its cause.
  static func bridged(_ error: FetchError) -> [NSError] {
    [error as NSError, error.nsError, NSError(describing: error)]
  }

  @Test func theBridgesUserInfoAndDescriptionAreRedacted() throws {
    let error = FetchError.failed(baseURL: "https://alice:s3cret@example.org/", cause: nil)
    for ns in Self.bridged(error) {
      #expect(ns.userInfo["baseURL"] as? String == "https://<redacted>@example.org/")
      #expect(ns.userInfo[NSLocalizedDescriptionKey] as? String == Self.redactedMessage)
      #expect(ns.userInfo[NSLocalizedFailureReasonErrorKey] as? String == Self.redactedReason)
      #expect(
        ns.userInfo[NSLocalizedRecoverySuggestionErrorKey] as? String == Self.redactedSuggestion)
      #expect(ns.localizedDescription == Self.redactedMessage)
      Self.expectNoSecret(String(describing: ns), "description")
      Self.expectNoSecret(ns.localizedFailureReason ?? "", "localizedFailureReason")
    }
  }

  @Test func aFoundationCauseUnderNSUnderlyingErrorIsRedacted() throws {
    let error = FetchError.failed(baseURL: "https://example.org/", cause: Self.foundationCause)
    for ns in Self.bridged(error) {
      Self.expectNoSecret(String(describing: ns), "description")
      let cause = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
      #expect(cause.domain == NSURLErrorDomain)
      #expect(cause.code == -1011)
      #expect(
        cause.userInfo[Self.failingURLStringKey] as? String
          == "https://api.example.org/v1/items?api_key=<redacted>")
      // A URL stays a URL, its marker percent-encoded as a URL must have it.
      let failing = try #require(cause.userInfo[NSURLErrorFailingURLErrorKey] as? URL)
      Self.expectNoSecret(failing.absoluteString, "failing URL")
      #expect(failing.host == "api.example.org")
      #expect(cause.userInfo["_kCFStreamErrorCodeKey"] as? Int == -2102)
      #expect(cause.localizedDescription == "Bad response from \(Self.redactedURL)")
      // Read back, the cause says what the capture of the original says.
      #expect(ErrorPayload(ns).underlying == ErrorPayload(Self.foundationCause))
    }
  }

  /// Causes deeper down and causes besides the first are redacted as the first is.
  @Test func deeperAndOtherCausesAreRedacted() throws {
    let inner = NSError(
      domain: "com.example.Inner", code: 2,
      userInfo: [NSUnderlyingErrorKey: Self.foundationCause, "target": Self.target])
    struct Several: DescribedError {
      var causes: [any Error]
      static let domain = "com.example.Several"
      var code: Int { 3 }
      var message: String { "Several failed." }
      var underlyingError: (any Error)? { causes.first }
      var otherUnderlyingErrors: [any Error] { Array(causes.dropFirst()) }
    }
    let error = Several(causes: [inner, Self.foundationCause, inner])
    for ns in [error as NSError, error.nsError, NSError(describing: error)] {
      Self.expectNoSecret(String(describing: ns), "description")
      let first = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
      #expect(first.userInfo["target"] as? String == "/login?api_key=<redacted>")
      let deeper = try #require(first.userInfo[NSUnderlyingErrorKey] as? NSError)
      Self.expectNoSecret(String(describing: deeper.userInfo), "deeper cause")
      let others = try #require(ns.userInfo[ErrorUserInfoKey.otherUnderlyingErrors] as? [NSError])
      #expect(others.count == 2)
      for other in others { Self.expectNoSecret(String(describing: other), "other cause") }
      Self.expectNoSecret(ErrorChain(ns).report, "report of the bridged error")
    }
  }

  /// A cause without a secret is handed on as it is: the same object.
  @Test func aCauseWithoutSecretsIsTheSameObject() throws {
    let cause = NSError(
      domain: NSPOSIXErrorDomain, code: 13, userInfo: [NSLocalizedDescriptionKey: "ratio 3:4"])
    let ns = FetchError.failed(baseURL: "https://example.org/", cause: cause) as NSError
    let bridged = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
    #expect(bridged === cause)
  }

  /// A cause that is its own cause is cut with the cycle marker, not walked for ever.
  @Test func aCauseThatCausesItselfEnds() throws {
    final class SelfCaused: NSError, @unchecked Sendable {
      override var userInfo: [String: Any] {
        [NSUnderlyingErrorKey: self, NSLocalizedDescriptionKey: SecretsOnEveryPathTests.message]
      }
    }
    let ns = FetchError.failed(baseURL: "", cause: SelfCaused(domain: "Loop", code: 1)) as NSError
    let cause = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
    #expect(cause.userInfo[NSLocalizedDescriptionKey] as? String == Self.redactedMessage)
    let marker = try #require(cause.userInfo[NSUnderlyingErrorKey] as? NSError)
    #expect(marker.domain == ErrorChain.markerDomain)
    #expect(marker.code == ErrorChain.cycleMarkerCode)
  }

  /// A deep chain of `NSError` causes is walked within the depth limit, counted from the top
  /// error: it ends with the depth marker, and no secret above the cut is left.
  @Test func aDeepChainOfCausesIsCutAtTheDepthLimit() {
    var cause = NSError(
      domain: "Root", code: 0, userInfo: [NSLocalizedDescriptionKey: Self.message])
    for depth in 1...100 {
      cause = NSError(
        domain: "Level", code: depth,
        userInfo: [NSUnderlyingErrorKey: cause, "url": "\(Self.url)&level=\(depth)"])
    }
    let ns = FetchError.failed(baseURL: "", cause: cause) as NSError
    var count = 0
    var last: NSError? = ns
    var current: NSError? = ns
    while let next = current {
      count += 1
      last = next
      Self.expectNoSecret(String(describing: next.userInfo["url"] ?? ""), "level \(count)")
      current = next.userInfo[NSUnderlyingErrorKey] as? NSError
    }
    #expect(count == ErrorPayload.maximumDepth)
    #expect(last?.domain == ErrorChain.markerDomain)
    #expect(last?.code == ErrorChain.depthMarkerCode)
  }

  // MARK: The opt-in

  @Test func aTypeThatOptsInExportsAsBefore() {
    let error = TrustedFetchError.failed(baseURL: "https://alice:s3cret@example.org/")
    let payload = ErrorPayload(error)
    #expect(payload.message == Self.message)
    #expect(payload.failureReason == Self.reason)
    #expect(payload.recoverySuggestion == Self.suggestion)
    #expect(payload.details["baseURL"] == "https://alice:s3cret@example.org/")
    #expect(ErrorChain(error).report == Self.message)
    for ns in [error as NSError, error.nsError, NSError(describing: error)] {
      #expect(ns.userInfo["baseURL"] as? String == "https://alice:s3cret@example.org/")
      #expect(ns.userInfo[NSLocalizedDescriptionKey] as? String == Self.message)
      #expect(ns.localizedFailureReason == Self.reason)
      #expect(ns.localizedDescription == Self.message)
    }
    #expect(
      ErrorChain.logAttributes(of: error).first { $0.key == "exception.message" }?.value
        == Self.message)
  }

  // MARK: No over-redaction

  @Test func textsWithoutSecretsAreKept() {
    struct Plain: DescribedError {
      static let domain = "com.example.Plain"
      var code: Int { 1 }
      var message: String { "ratio 3:4 at 10:30, issue #12: is it done? a=b" }
      var failureReason: String? { "see http://example.org/path and bob@example.com" }
      var recoverySuggestion: String? { #"Move C:\Windows\x to /usr/lib/app."# }
      var details: [String: String] { ["path": "/var/lib/app/state.json"] }
    }
    let error = Plain()
    let payload = ErrorPayload(error)
    #expect(payload.message == error.message)
    #expect(payload.failureReason == error.failureReason)
    #expect(payload.recoverySuggestion == error.recoverySuggestion)
    #expect(payload.details == error.details)
    let ns = error as NSError
    #expect(ns.localizedDescription == error.message)
    #expect(ns.localizedRecoverySuggestion == error.recoverySuggestion)
  }
}
