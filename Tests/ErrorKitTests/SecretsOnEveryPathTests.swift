import ErrorKitCore
import Foundation
import Testing

@testable import ErrorKit

/// One secrets policy on every path out (issues 49, K1, and 50): an error's message, failure
/// reason and recovery suggestion are redacted as its details are, in payloads, chains, reports,
/// log attributes and the NSError bridge (`error as NSError`, `NSError(describing:)`), its
/// causes under `NSUnderlyingError` and `NSMultipleUnderlyingErrors` included; a type that
/// adopts ExportsSecretDetails exports as before.
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
    // The secrets found in the text.
    let found: [String] = secrets.filter { text.contains($0) }
    let none: [String] = []
    #expect(found == none, "\(comment): \(text)", sourceLocation: sourceLocation)
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

  /// An NSError's texts are redacted in payloads, chains and logs; so are Foundation's own
  /// description and a Swift error's texts (`foundationsOwnDescriptionAndSwiftErrorsTextsAreRedacted`).
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
    let wrapped = ContextualError("fetching \(Self.request)", cause: error)
    let chain = ErrorChain(wrapped)
    let attributes = ErrorChain.logAttributes(of: wrapped)
    let texts: [String?] = [
      payload.message, payload.failureReason, payload.recoverySuggestion, chain.links[0].message,
      chain.links[1].message, chain.links[1].payload.failureReason,
      chain.links[1].payload.message,
      attributes.first { $0.key == "errorkit.cause.1.message" }?.value,
    ]
    let redacted: [String?] = [
      Self.redactedMessage, Self.redactedReason, Self.redactedSuggestion,
      "fetching GET /v1/x?token=<redacted>", Self.redactedMessage, Self.redactedReason,
      Self.redactedMessage, Self.redactedMessage,
    ]
    #expect(texts == redacted)
    let exported: [String] = [
      chain.report, chain.description, ErrorChain.message(of: error), payload.jsonText,
      ErrorPayload(wrapped).jsonText, String(describing: ErrorPayload(chain)),
      attributes.map { "\($0.key)=\($0.value)" }.joined(separator: " "),
    ]
    for text in exported {
      Self.expectNoSecret(text, "capture")
    }
    foundationsOwnDescriptionAndSwiftErrorsTextsAreRedacted()
  }

  /// The text Foundation makes up for an error without a description (here from its failure
  /// reason) is redacted too, as a Swift error's texts are
  /// (`aSwiftErrorsTextsAreRedacted`), and no text of any error of a redacted payload holds a
  /// secret (`aRedactedPayloadHasNoSecretInAnyTextOfAnyError`).
  func foundationsOwnDescriptionAndSwiftErrorsTextsAreRedacted() {
    let error = NSError(
      domain: "com.example.Sync", code: 9, userInfo: [NSLocalizedFailureReasonErrorKey: Self.reason]
    )
    let chain = ErrorChain(error)
    Self.expectNoSecret(chain.report, "report")
    Self.expectNoSecret(chain.links[0].message, "message")
    aSwiftErrorsTextsAreRedacted()
    aRedactedPayloadHasNoSecretInAnyTextOfAnyError()
  }

  struct LocalizedFailure: LocalizedError {
    var errorDescription: String? { SecretsOnEveryPathTests.message }
    var failureReason: String? { SecretsOnEveryPathTests.reason }
  }

  func aSwiftErrorsTextsAreRedacted() {
    for error in [
      FetchError.failed(baseURL: "https://alice:s3cret@example.org/", cause: nil) as any Error,
      LocalizedFailure(),
    ] {
      let payload = ErrorPayload(error)
      let texts: [String?] = [payload.message, payload.failureReason]
      let redacted: [String?] = [Self.redactedMessage, Self.redactedReason]
      #expect(texts == redacted)
      let chain = ErrorChain(error)
      for text in [
        chain.report, payload.jsonText,
        ErrorChain.logAttributes(of: error).map { "\($0.key)=\($0.value)" }.joined(),
      ] {
        Self.expectNoSecret(text, "\(type(of: error))")
      }
    }
  }

  func aRedactedPayloadHasNoSecretInAnyTextOfAnyError() {
    let level = ErrorPayload(
      domain: "D", code: 1, message: Self.message, failureReason: Self.reason,
      recoverySuggestion: Self.suggestion, details: ["url": Self.url])
    var several = ErrorPayload(domain: "D", code: 0, message: Self.message, underlying: level)
    several.otherCauses = [level]
    let payload = several.redactingSecrets()
    Self.expectNoSecret(payload.jsonText, "redactingSecrets()")
    let texts: [String?] = [
      payload.message, payload.underlying?.message, payload.otherCauses[0].message,
      payload.underlying?.failureReason, payload.otherCauses[0].recoverySuggestion,
    ]
    let redacted: [String?] = [
      Self.redactedMessage, Self.redactedMessage, Self.redactedMessage, Self.redactedReason,
      Self.redactedSuggestion,
    ]
    #expect(texts == redacted)
  }

  // MARK: The NSError bridge

  /// Every way a CodedError becomes an NSError, with its cause.
  static func bridged(_ error: FetchError) -> [NSError] {
    [error as NSError, NSError(describing: error)]
  }

  /// The bridge's user info and description are redacted, and so is a Foundation cause under
  /// `NSUnderlyingError`, and deeper and other causes (`deeperAndOtherCausesAreRedacted`).
  @Test func theBridgesUserInfoDescriptionAndCauseAreRedacted() throws {
    let error = FetchError.failed(baseURL: "https://alice:s3cret@example.org/", cause: nil)
    for ns in Self.bridged(error) {
      let keys: [String] = [
        "baseURL", NSLocalizedDescriptionKey, NSLocalizedFailureReasonErrorKey,
        NSLocalizedRecoverySuggestionErrorKey,
      ]
      let texts: [String?] = keys.map { ns.userInfo[$0] as? String } + [ns.localizedDescription]
      let redacted: [String?] = [
        "https://<redacted>@example.org/", Self.redactedMessage, Self.redactedReason,
        Self.redactedSuggestion, Self.redactedMessage,
      ]
      #expect(texts == redacted)
      Self.expectNoSecret(String(describing: ns), "description")
      Self.expectNoSecret(ns.localizedFailureReason ?? "", "localizedFailureReason")
    }

    let caused = FetchError.failed(baseURL: "https://example.org/", cause: Self.foundationCause)
    for ns in Self.bridged(caused) {
      Self.expectNoSecret(String(describing: ns), "description")
      let cause = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
      // A URL stays a URL, its marker percent-encoded as a URL must have it.
      let failing = try #require(cause.userInfo[NSURLErrorFailingURLErrorKey] as? URL)
      Self.expectNoSecret(failing.absoluteString, "failing URL")
      let read: (String, Int, String?, String?, Int?, String) = (
        cause.domain, cause.code, cause.userInfo[Self.failingURLStringKey] as? String,
        failing.host, cause.userInfo["_kCFStreamErrorCodeKey"] as? Int,
        cause.localizedDescription
      )
      let redacted: (String, Int, String?, String?, Int?, String) = (
        NSURLErrorDomain, -1011, "https://api.example.org/v1/items?api_key=<redacted>",
        "api.example.org", -2102, "Bad response from \(Self.redactedURL)"
      )
      #expect(read == redacted)
      // Read back, the cause says what the capture of the original says.
      #expect(ErrorPayload(ns).underlying == ErrorPayload(Self.foundationCause))
    }
    try deeperAndOtherCausesAreRedacted()
  }

  /// Causes deeper down and causes besides the first are redacted as the first is.
  func deeperAndOtherCausesAreRedacted() throws {
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
    for ns in [error as NSError, NSError(describing: error)] {
      Self.expectNoSecret(String(describing: ns), "description")
      let first = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
      #expect(first.userInfo["target"] as? String == "/login?api_key=<redacted>")
      let deeper = try #require(first.userInfo[NSUnderlyingErrorKey] as? NSError)
      Self.expectNoSecret(String(describing: deeper.userInfo), "deeper cause")
      let others = try #require(ns.userInfo[ErrorUserInfoKey.otherUnderlyingErrors] as? [NSError])
      #expect(others.count == 2)
      Self.expectNoSecret(String(describing: others), "other causes")
      Self.expectNoSecret(ErrorChain(ns).report, "report of the bridged error")
    }
  }

  /// A cause without a secret is handed on as it is: the same object. A cause that is its own
  /// cause is cut with the cycle marker, not walked for ever; a deep chain is cut at the depth
  /// limit (`aDeepChainOfCausesIsCutAtTheDepthLimit`).
  @Test func aCauseWithoutSecretsIsTheSameObjectAndACycleEnds() throws {
    let cause = NSError(
      domain: NSPOSIXErrorDomain, code: 13, userInfo: [NSLocalizedDescriptionKey: "ratio 3:4"])
    let ns = FetchError.failed(baseURL: "https://example.org/", cause: cause) as NSError
    let bridged = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
    #expect(bridged === cause)

    final class SelfCaused: NSError, @unchecked Sendable {
      override var userInfo: [String: Any] {
        [NSUnderlyingErrorKey: self, NSLocalizedDescriptionKey: SecretsOnEveryPathTests.message]
      }
    }
    let looped =
      FetchError.failed(baseURL: "", cause: SelfCaused(domain: "Loop", code: 1)) as NSError
    let selfCaused = try #require(looped.userInfo[NSUnderlyingErrorKey] as? NSError)
    let marker = try #require(selfCaused.userInfo[NSUnderlyingErrorKey] as? NSError)
    let markerName = marker.userInfo[ErrorUserInfoKey.name] as? String
    #expect(
      (selfCaused.userInfo[NSLocalizedDescriptionKey] as? String, marker.domain, markerName)
        == (Self.redactedMessage, ContextualError.domain, "chainCycle"))
    aDeepChainOfCausesIsCutAtTheDepthLimit()
  }

  /// A deep chain of `NSError` causes is walked within the depth limit, counted from the top
  /// error: it ends with the depth marker, and no secret above the cut is left.
  func aDeepChainOfCausesIsCutAtTheDepthLimit() {
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
    let name = last?.userInfo[ErrorUserInfoKey.name] as? String
    #expect(
      (count, last?.domain, name) == (
        ErrorPayload.maximumDepth, ContextualError.domain, "chainTooDeep"
      ))
  }

  // MARK: The opt-in

  /// A type that opts in exports as before; texts without secrets are kept.
  @Test func aTypeThatOptsInAndTextsWithoutSecretsAreKept() {
    let error = TrustedFetchError.failed(baseURL: "https://alice:s3cret@example.org/")
    let payload = ErrorPayload(error)
    let texts: [String?] = [
      payload.message, payload.failureReason, payload.recoverySuggestion,
      payload.details["baseURL"], ErrorChain(error).report,
      ErrorChain.logAttributes(of: error).first { $0.key == "exception.message" }?.value,
    ]
    let unredacted: [String?] = [
      Self.message, Self.reason, Self.suggestion, "https://alice:s3cret@example.org/",
      Self.message, Self.message,
    ]
    #expect(texts == unredacted)
    let bridges: [NSError] = [error as NSError, NSError(describing: error)]
    for ns in bridges {
      let read: [String?] = [
        ns.userInfo["baseURL"] as? String, ns.userInfo[NSLocalizedDescriptionKey] as? String,
        ns.localizedFailureReason, ns.localizedDescription,
      ]
      let keptInUserInfo: [String?] = [
        "https://alice:s3cret@example.org/", Self.message, Self.reason, Self.message,
      ]
      #expect(read == keptInUserInfo)
    }

    // No over-redaction: texts without secrets are kept.

    struct Plain: DescribedError {
      static let domain = "com.example.Plain"
      var code: Int { 1 }
      var message: String { "ratio 3:4 at 10:30, issue #12: is it done? a=b" }
      var failureReason: String? { "see http://example.org/path and bob@example.com" }
      var recoverySuggestion: String? { #"Move C:\Windows\x to /usr/lib/app."# }
      var details: [String: String] { ["path": "/var/lib/app/state.json"] }
    }
    let plain = Plain()
    let kept = ErrorPayload(plain)
    let ns = plain as NSError
    let keptTexts: [String?] = [
      kept.message, kept.failureReason, kept.recoverySuggestion, ns.localizedDescription,
      ns.localizedRecoverySuggestion,
    ]
    let plainTexts: [String?] = [
      plain.message, plain.failureReason, plain.recoverySuggestion, plain.message,
      plain.recoverySuggestion,
    ]
    #expect(keptTexts == plainTexts)
    #expect(kept.details == plain.details)
  }
}
