import ErrorKit
import Foundation
import StateKit
import Testing

/// Each failure of Foundation's bridge on Linux (FIELD-GUIDE section 3), shown fixed.
@Suite("Bridging to NSError")
struct BridgingTests {
  let missing: any Error = JSONDecodeError.missingRequiredKey("id")
  let wrongType: any Error = JSONDecodeError.unexpectedType(
    key: "age", expected: "Int", actual: "String")

  /// The message, the failure reason and the suggestion bridge; the domain and code are the
  /// declared ones, not the runtime tag; a private type keeps a stable domain.
  @Test func textsDomainAndCodeAreTheDeclaredOnes() {
    // Plain Foundation prints "The operation could not be completed." here on Linux.
    let ns = wrongType as NSError
    let texts: [String?] = [
      missing.localizedDescription, (missing as NSError).localizedDescription,
      ns.localizedFailureReason, ns.localizedRecoverySuggestion, ns.domain,
    ]
    #expect(
      texts == [
        "The key \"id\" is missing.", "The key \"id\" is missing.",
        "The document has a value of the wrong type.", "Check the document against its schema.",
        "com.example.JSONDecode",
      ])
    let codes: [Int] = [ns.code, (missing as NSError).code]
    #expect(codes == [200, 100], "the declared code, not the runtime tag")
    let privateError = PrivateFault.broken as NSError
    #expect(
      (
        privateError.domain, privateError.domain.contains("unknown context"),
        privateError.userInfo[ErrorUserInfoKey.name] as? String
      ) == ("com.example.Private", false, "broken"))
  }

  private enum PrivateFault: DescribedError {
    case broken
    static let domain = "com.example.Private"
    var code: Int { 3 }
    var message: String { "It broke." }
  }

  @Test func underlyingChainAndExplicitNSErrorKeepEverything() throws {
    let posix = NSError(
      domain: NSPOSIXErrorDomain, code: 13,
      userInfo: [NSLocalizedDescriptionKey: "Permission denied"])
    let error = LoadError(path: "/etc/app.json", cause: LoadError(path: "/etc", cause: posix))
    let ns = error as NSError
    let middle = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
    let root = try #require(middle.userInfo[NSUnderlyingErrorKey] as? NSError)
    #expect(
      (middle.domain, middle.localizedDescription, root.code, root.localizedDescription)
        == ("com.example.Load", "Could not load /etc.", 13, "Permission denied"))

    let explicit = NSError(
      describing: JSONDecodeError.unexpectedType(key: "age", expected: "Int", actual: "String"))
    #expect(
      (explicit.domain, explicit.code, explicit.localizedDescription)
        == ("com.example.JSONDecode", 200, "The value of \"age\" is String, not Int."))
    let values: [String?] = ["key", "expected", "actual"].map { explicit.userInfo[$0] as? String }
    #expect(values == ["age", "Int", "String"])
  }

  /// Recovering the typed error: Foundation cannot cast back on Linux; ErrorKit can, and
  /// case-iterable types recover for free.
  @Test func typedErrorsAreRecovered() {
    let recovered: [JSONDecodeError?] = [
      JSONDecodeError(recovering: wrongType as NSError),
      JSONDecodeError(recovering: missing as NSError), JSONDecodeError(recovering: missing),
      JSONDecodeError(recovering: NSError(domain: "other", code: 100)),
      JSONDecodeError(recovering: NSError(domain: JSONDecodeError.domain, code: 999)),
    ]
    #expect(
      recovered == [
        .unexpectedType(key: "age", expected: "Int", actual: "String"), .missingRequiredKey("id"),
        .missingRequiredKey("id"), nil, nil,
      ])
    #expect(
      [
        Level(recovering: Level.high as NSError), Level(code: 10, details: [:]),
        Level(code: 1, details: [:]),
      ]
        == [.high, .low, nil])
  }

  enum Level: Int, DescribedError, CaseIterable, NSErrorRecoverable {
    case low = 1
    case high = 2
    static let domain = "com.example.Level"
    var code: Int { rawValue * 10 }
    var message: String { "Level \(rawValue)" }
  }

  /// A StateKit error is described through both bridges, and they agree.
  @Test func stateKitErrorsAreDescribedAndBothBridgesAgree() throws {
    do {
      _ = try StateCatalog.system.parse("selected | bogus")
      Issue.record("expected an error")
    } catch {
      let stateKitError = error
      // StateKit does not import Foundation; StateKitFoundation's LocalizedError conformance
      // gives the implicit bridge its texts...
      let implicit: NSError = error as NSError
      let implicitTexts: (String, Int, String) = (
        implicit.domain, implicit.code, error.localizedDescription
      )
      let declaredTexts: (String, Int, String) = ("dev.statekit.StateKit", 4, stateKitError.message)
      #expect(implicitTexts == declaredTexts)
      // ...and ErrorKit's bridge, unchanged by it, carries everything.
      let ns = NSError(describing: error)
      let bridged: (String, Int, String, String) = (
        ns.domain, ns.code, ns.localizedDescription,
        NSError(describing: stateKitError).localizedDescription
      )
      let expectedBridged: (String, Int, String, String) = (
        "dev.statekit.StateKit", 4, stateKitError.message, ns.localizedDescription
      )
      #expect(bridged == expectedBridged)
      let reason: String = ns.localizedFailureReason ?? ""
      let suggestion: String = ns.localizedRecoverySuggestion ?? ""
      #expect(
        ns.localizedDescription.hasPrefix("cannot parse state text \"selected | bogus\"")
          && reason.hasPrefix("unknown state name \"bogus\"")
          && suggestion.contains("declare the state"),
        "\(ns)")
      let keys: [String] = [ErrorUserInfoKey.name, "input", "token"]
      let values: [String?] = keys.map { ns.userInfo[$0] as? String }
      #expect(values == ["unknownName", "selected | bogus", "bogus"])
      let payload = ErrorPayload(error)
      let payloadTexts: [String?] = [
        payload.message, payload.failureReason, payload.recoverySuggestion, payload.name,
      ]
      let errorTexts: [String?] = [
        stateKitError.message, stateKitError.reason, stateKitError.recoverySuggestion,
        "unknownName",
      ]
      #expect(payloadTexts == errorTexts)
      let details: [String: String] = ["input": "selected | bogus", "token": "bogus"]
      #expect(payload.details == details)
      let chain = ErrorChain(error)
      let chainTexts: (Int, String, String?) = (
        chain.links.count, chain.description, chain.links.first?.payload.failureReason
      )
      let expectedChain: (Int, String, String?) = (1, stateKitError.message, stateKitError.reason)
      #expect(chainTexts == expectedChain)
    }
    do {
      _ = try StateCatalog.system.parse("selected ||")
      Issue.record("expected an error")
    } catch {
      // Every entry of the implicit bridge's user info is the one ErrorKit writes: one rule
      // (ErrorKitCore's), and on Linux a subset, since FoundationEssentials has no CustomNSError.
      let implicit = (error as NSError).userInfo
      let described = NSError(describing: error).userInfo
      #expect(implicit.count >= 3)
      let differing = implicit.filter { $0.value as? String != described[$0.key] as? String }
      #expect(differing.map(\.key) == [])
      #if canImport(Darwin)
        #expect(implicit.count == described.count)
      #endif
      // The bridged NSError now describes itself: ErrorKit reads the texts from its user info.
      let payload = ErrorPayload(error as NSError)
      let payloadTexts: [String?] = [payload.message, payload.failureReason]
      let errorTexts: [String?] = [error.message, error.reason]
      #expect(payloadTexts == errorTexts)
    }
  }
}
