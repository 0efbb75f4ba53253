import Foundation
import StateKit
import Testing

// This file is written as a client of the StateKit product writes: it imports StateKit and
// Foundation, never ErrorKit or the module that holds the conformance, and still gets
// StateKitError's own texts from Foundation.

/// One call per code that throws a StateKitError with that code, through the public API.
private let throwers: [(StateKitError.Code, @Sendable () throws -> Void)] = [
  (.applicationBitOutOfRange, { _ = try ControlState(applicationBit: 9) }),
  (.emptyText, { _ = try StateCatalog.system.parse("  ") }),
  (.emptySegment, { _ = try StateCatalog.system.parse("selected ||") }),
  (.unknownName, { _ = try StateCatalog.system.parse("bogus") }),
  (.invalidHex, { _ = try StateCatalog.system.parse("selected | 0xZZ") }),
  (.hexOverflow, { _ = try StateCatalog.system.parse("0x1FFFFFFFFFFFFFFFF") }),
  (.hexNotAllowed, { _ = try StateCatalog.system.parse("0x10000", unknownBits: .strict) }),
  (
    .unnamedBits,
    { _ = try StateCatalog.system.format(ControlState(rawValue: 1 << 16), unknownBits: .strict) }
  ),
  (.invalidName, { try declare(("9lives", 0)) }),
  (.reservedName, { try declare(("selected", 0)) }),
  (.nameAlreadyDeclared, { try declare(("visited", 0), ("visited", 1)) }),
  (.bitAlreadyDeclared, { try declare(("visited", 0), ("pinned", 0)) }),
  (
    .notSingleApplicationBit,
    {
      var catalog = StateCatalog()
      try catalog.declare("two", as: ControlState(rawValue: 3 << 16))
    }
  ),
  (.conflictingSelector, { _ = try StateSelector(requiring: .selected, excluding: .selected) }),
  (
    .repeatedKey,
    { _ = try StyleSet(themeJSON: Array(#"{"a": {}, "a": {}}"#.utf8), keys: []) }
  ),
  (.invalidTheme, { _ = try StyleSet(themeJSON: Array("[".utf8), keys: []) }),
]

/// Declares each name on its application bit in a new catalog, in order.
private func declare(_ declarations: (name: String, bit: Int)...) throws {
  var catalog = StateCatalog()
  for (name, bit) in declarations { try catalog.declare(name, applicationBit: bit) }
}

/// The error a thrower throws, as a `catch` clause sees it: `any Error`.
private func caught(_ body: () throws -> Void) -> (any Error)? {
  do {
    try body()
    return nil
  } catch {
    return error
  }
}

@Suite("StateKitError through Foundation")
struct StateKitErrorFoundationTests {
  @Test func everyCodeHasAThrower() {
    #expect(throwers.map(\.0) == StateKitError.Code.allCases)
  }

  @Test(arguments: throwers.indices)
  func localizedDescriptionIsTheMessage(index: Int) throws {
    let (code, body) = throwers[index]
    let error = try #require(caught(body))
    let stateKitError = try #require(error as? StateKitError)
    #expect(stateKitError.code == code)
    #expect(error.localizedDescription == stateKitError.message)
  }

  @Test(arguments: throwers.indices)
  func bridgedNSErrorCarriesEveryText(index: Int) throws {
    let (code, body) = throwers[index]
    let error = try #require(caught(body))
    let stateKitError = try #require(error as? StateKitError)
    let ns = error as NSError
    #expect(ns.domain == "dev.statekit.StateKit")
    #expect(ns.code == code.rawValue)
    #expect(ns.localizedDescription == stateKitError.message)
    #expect(ns.localizedFailureReason == stateKitError.reason)
    #expect(ns.localizedRecoverySuggestion == stateKitError.recoverySuggestion)
    #expect(ns.localizedRecoverySuggestion != nil)
    #expect(ns.userInfo[NSLocalizedDescriptionKey] as? String == stateKitError.message)
    #expect(ns.userInfo[NSLocalizedFailureReasonErrorKey] as? String == stateKitError.reason)
    #expect(
      ns.userInfo[NSLocalizedRecoverySuggestionErrorKey] as? String
        == stateKitError.recoverySuggestion)
  }

  @Test func userInfoHoldsWhatThePlatformCarries() throws {
    let error = try #require(caught { _ = try StateCatalog.system.parse("selected | bogus") })
    let ns = error as NSError
    #if canImport(Darwin)
      // Foundation has CustomNSError: the user info follows ErrorKit's rule, name and details too.
      #expect(ns.userInfo["ErrorKitName"] as? String == "unknownName")
      #expect(ns.userInfo["input"] as? String == "selected | bogus")
      #expect(ns.userInfo["token"] as? String == "bogus")
    #else
      // FoundationEssentials has LocalizedError only: the three texts, and nothing else.
      #expect(
        Set(ns.userInfo.keys) == [
          NSLocalizedDescriptionKey, NSLocalizedFailureReasonErrorKey,
          NSLocalizedRecoverySuggestionErrorKey,
        ])
    #endif
  }

  @Test func printedNSErrorQuotesTheMessage() throws {
    let error = try #require(caught { _ = try StateCatalog.system.parse("selected ||") })
    let text = "\(error as NSError)"
    #expect(text.hasPrefix("Error Domain=dev.statekit.StateKit Code=3 "))
    #expect(!text.contains("(null)"))
  }
}
