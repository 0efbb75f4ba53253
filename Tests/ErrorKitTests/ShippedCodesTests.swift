import ErrorKit
import Foundation
import Testing

/// A library's error as it shipped, without ErrorKit: Foundation bridged it with Swift's
/// defaults.
enum ShippedRuntimeError: Error {
  case shutDown
  case connectionFailed(host: String, any Error)
  case timedOut
  case requestFailed(status: Int)
  case invalidResponse
}

/// The same error after adopting ErrorKit, with a case added in the middle since: the codes
/// its users saw are declared once, with the catalog, and kept.
enum PortedRuntimeError: DescribedError {
  case shutDown
  case connectionFailed(host: String, any Error)
  case redirected(to: String)
  case timedOut
  case requestFailed(status: Int)
  case invalidResponse

  static let domain = String(reflecting: ShippedRuntimeError.self)
  static let cases: [ErrorCatalog.Case<Int>] = [
    (0, "connectionFailed", "Could not connect to {host}."),
    (1, "requestFailed", "The server answered {status}."),
    (2, "shutDown", "The runtime is shut down."),
    (3, "timedOut", "No answer in time."),
    (4, "invalidResponse", "The response is not HTTP."),
    (5, "redirected", "Redirected to {to}."),
  ]
  var code: Int { listedCode(in: Self.cases) ?? -1 }
  var message: String { "The runtime failed." }
}

@Suite("Codes that survive adoption")
struct ShippedCodesTests {
  static let pairs: [(shipped: ShippedRuntimeError, ported: PortedRuntimeError)] = [
    (.shutDown, .shutDown),
    (
      .connectionFailed(host: "db", CancellationError()),
      .connectionFailed(host: "db", CancellationError())
    ),
    (.timedOut, .timedOut), (.requestFailed(status: 503), .requestFailed(status: 503)),
    (.invalidResponse, .invalidResponse),
  ]

  @Test func theDeclaredCodesAreTheShippedOnes() {
    for (shipped, ported) in Self.pairs {
      let before = shipped as NSError
      let after = ported as NSError
      #expect(after.domain == before.domain)
      #expect(after.code == before.code, "\(ported)")
      #expect(
        ported.localizedDescription == "The runtime failed.",
        "before: \(shipped.localizedDescription)")
    }
    #expect(Self.pairs.map { ($0.shipped as NSError).code } == [2, 0, 3, 1, 4])
    // Swift's own numbering moved with the case added in the middle; the declared codes did not.
    #expect(Self.pairs.map(\.ported.swiftDefaultCode) == [3, 0, 4, 2, 5])
    #expect(PortedRuntimeError.redirected(to: "/").code == 5)
  }

  @Test func swiftsDefaultsAreWhatFoundationShowedBefore() {
    // Before a case was added, Swift's numbering was the shipped one.
    #expect(Self.pairs.map { ($0.shipped as NSError).code } == [2, 0, 3, 1, 4])
    #expect(Unported.b.swiftDefaultCode == (UnportedBefore.b as NSError).code)
    #expect(Unported.a(1).swiftDefaultCode == (UnportedBefore.a(1) as NSError).code)
    #expect(Unported.domain == "ErrorKitTests.ShippedCodesTests.Unported")
    #expect(
      (UnportedBefore.b as NSError).domain == "ErrorKitTests.ShippedCodesTests.UnportedBefore")
  }

  enum UnportedBefore: Error {
    case a(Int)
    case b
  }

  enum Unported: CodedError {
    case a(Int)
    case b
    static let domain = String(reflecting: Self.self)
    var code: Int { swiftDefaultCode }
    var message: String { "x" }
  }

  @Test func anUnlistedCaseHasNoCode() {
    let cases: [ErrorCatalog.Case<Int>] = [(7, "a", "A.")]
    #expect(Unported.a(1).listedCode(in: cases) == 7)
    #expect(Unported.b.listedCode(in: cases) == nil)
  }
}
