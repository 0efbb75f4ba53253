import Testing

@testable import InspectKit

/// AVFoundation and Core Media pass URL loading errors on as OSStatus values with the same
/// number; an OSStatus no table names, in NSURLErrorDomain's ranges, reads as the URL error.
@Suite("statekit-inspect error: URL loading errors reported as OSStatus")
struct OSStatusURLTests {
  /// An unnamed OSStatus in the URL ranges reads as the URL error; named OSStatus values and
  /// codes outside the ranges are left alone.
  @Test func onlyUnnamedOSStatusInTheURLRangesReadsAsTheURLError() throws {
    let lookup = CodeDirectory()
    let found = lookup.found(domain: "NSOSStatusErrorDomain", code: -1022)
    let first = try #require(found.first)
    #expect(
      (found.count, first.entry.domain, first.entry.name)
        == (1, "NSOSStatusErrorDomain", "appTransportSecurityRequiresSecureConnection"))
    #expect(first.entry.description.hasPrefix("A URL loading error passed on as an OSStatus"))
    // errSecItemNotFound keeps its own meaning; -1 and -12780 are outside the URL ranges.
    #expect(
      (
        lookup.found(domain: "NSOSStatusErrorDomain", code: -25300).first?.entry.name,
        lookup.found(domain: "NSOSStatusErrorDomain", code: -12780).count,
        lookup.found(domain: "NSOSStatusErrorDomain", code: -994).count
      ) == ("errSecItemNotFound", 0, 0))
  }
}
