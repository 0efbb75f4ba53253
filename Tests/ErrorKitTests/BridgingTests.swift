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

  @Test func localizedDescriptionUsesTheMessage() {
    // Plain Foundation prints "The operation could not be completed." here on Linux.
    #expect(missing.localizedDescription == "The key \"id\" is missing.")
    #expect((missing as NSError).localizedDescription == "The key \"id\" is missing.")
  }

  @Test func failureReasonAndSuggestionBridge() {
    let ns = wrongType as NSError
    #expect(ns.localizedFailureReason == "The document has a value of the wrong type.")
    #expect(ns.localizedRecoverySuggestion == "Check the document against its schema.")
  }

  @Test func domainAndCodeAreTheDeclaredOnes() {
    let ns = wrongType as NSError
    #expect(ns.domain == "com.example.JSONDecode")
    #expect(ns.code == 200, "the declared code, not the runtime tag")
    #expect((missing as NSError).code == 100)
  }

  private enum PrivateFault: DescribedError {
    case broken
    static let domain = "com.example.Private"
    var code: Int { 3 }
    var message: String { "It broke." }
  }

  @Test func privateTypesKeepAStableDomain() {
    let ns = PrivateFault.broken as NSError
    #expect(ns.domain == "com.example.Private")
    #expect(!ns.domain.contains("unknown context"))
    #expect(ns.userInfo[ErrorUserInfoKey.name] as? String == "broken")
  }

  @Test func underlyingChainBridges() throws {
    let posix = NSError(
      domain: NSPOSIXErrorDomain, code: 13,
      userInfo: [NSLocalizedDescriptionKey: "Permission denied"])
    let error = LoadError(path: "/etc/app.json", cause: LoadError(path: "/etc", cause: posix))
    let ns = error as NSError
    let middle = try #require(ns.userInfo[NSUnderlyingErrorKey] as? NSError)
    #expect(middle.domain == "com.example.Load")
    #expect(middle.localizedDescription == "Could not load /etc.")
    let root = try #require(middle.userInfo[NSUnderlyingErrorKey] as? NSError)
    #expect(root.code == 13)
    #expect(root.localizedDescription == "Permission denied")
  }

  @Test func explicitNSErrorKeepsEverything() {
    let ns = JSONDecodeError.unexpectedType(key: "age", expected: "Int", actual: "String").nsError
    #expect(ns.domain == "com.example.JSONDecode" && ns.code == 200)
    #expect(ns.localizedDescription == "The value of \"age\" is String, not Int.")
    #expect(ns.userInfo["key"] as? String == "age")
    #expect(ns.userInfo["expected"] as? String == "Int")
    #expect(ns.userInfo["actual"] as? String == "String")
  }

  @Test func recoveringTheTypedError() {
    // Foundation cannot cast back on Linux; ErrorKit can.
    #expect(
      JSONDecodeError(wrongType as NSError)
        == .unexpectedType(key: "age", expected: "Int", actual: "String"))
    #expect(JSONDecodeError(missing as NSError) == .missingRequiredKey("id"))
    #expect(JSONDecodeError(recovering: missing) == .missingRequiredKey("id"))
    #expect(JSONDecodeError(NSError(domain: "other", code: 100)) == nil)
    #expect(JSONDecodeError(NSError(domain: JSONDecodeError.domain, code: 999)) == nil)
  }

  enum Level: Int, DescribedError, CaseIterable, NSErrorRecoverable {
    case low = 1
    case high = 2
    static let domain = "com.example.Level"
    var code: Int { rawValue * 10 }
    var message: String { "Level \(rawValue)" }
  }

  @Test func caseIterableTypesRecoverForFree() {
    #expect(Level(Level.high as NSError) == .high)
    #expect(Level(code: 10, details: [:]) == .low)
    #expect(Level(code: 1, details: [:]) == nil)
  }

  @Test func stateKitErrorsAreDescribed() throws {
    do {
      _ = try ControlState(parsing: "selected | bogus")
      Issue.record("expected an error")
    } catch {
      let stateKitError = error
      // StateKit does not import Foundation; StateKitFoundation's LocalizedError conformance
      // gives the implicit bridge its texts...
      #expect((error as NSError).domain == "dev.statekit.StateKit")
      #expect((error as NSError).code == 4)
      #expect(error.localizedDescription == stateKitError.message)
      // ...and ErrorKit's bridge, unchanged by it, carries everything.
      let ns = NSError(describing: error)
      #expect(ns.domain == "dev.statekit.StateKit")
      #expect(ns.code == 4)
      #expect(ns.localizedDescription == stateKitError.message)
      #expect(ns.localizedDescription.hasPrefix("cannot parse state text \"selected | bogus\""))
      #expect(stateKitError.nsError.localizedDescription == ns.localizedDescription)
      #expect(ns.localizedFailureReason?.hasPrefix("unknown state name \"bogus\"") == true)
      #expect(ns.localizedRecoverySuggestion?.contains("declare the state") == true)
      #expect(ns.userInfo[ErrorUserInfoKey.name] as? String == "unknownName")
      #expect(ns.userInfo["input"] as? String == "selected | bogus")
      #expect(ns.userInfo["token"] as? String == "bogus")
      let payload = ErrorPayload(error)
      #expect(payload.message == stateKitError.message)
      #expect(payload.failureReason == stateKitError.reason)
      #expect(payload.recoverySuggestion == stateKitError.recoverySuggestion)
      #expect(payload.name == "unknownName")
      #expect(payload.details == ["input": "selected | bogus", "token": "bogus"])
      let chain = ErrorChain(error)
      #expect(chain.links.count == 1)
      #expect(chain.description == stateKitError.message)
      #expect(chain.links.first?.payload.failureReason == stateKitError.reason)
    }
  }

  @Test func bothBridgesOfAStateKitErrorAgree() throws {
    do {
      _ = try ControlState(parsing: "selected ||")
      Issue.record("expected an error")
    } catch {
      // Every entry of the implicit bridge's user info is the one ErrorKit writes: one rule
      // (ErrorKitCore's), and on Linux a subset, since FoundationEssentials has no CustomNSError.
      let implicit = (error as NSError).userInfo
      let described = NSError(describing: error).userInfo
      #expect(implicit.count >= 3)
      for (key, value) in implicit {
        #expect(value as? String == described[key] as? String, "\(key)")
      }
      #if canImport(Darwin)
        #expect(implicit.count == described.count)
      #endif
      // The bridged NSError now describes itself: ErrorKit reads the texts from its user info.
      let payload = ErrorPayload(error as NSError)
      #expect(payload.message == error.message)
      #expect(payload.failureReason == error.reason)
    }
  }
}
