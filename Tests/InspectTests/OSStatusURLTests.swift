import Testing

@testable import InspectKit

/// AVFoundation and Core Media pass URL loading errors on as OSStatus values with the same
/// number; an OSStatus no table names, in NSURLErrorDomain's ranges, reads as the URL error.
@Suite("statekit-inspect error: URL loading errors reported as OSStatus")
struct OSStatusURLTests {
  @Test func unnamedOSStatusInTheURLRangesReadsAsTheURLError() throws {
    let lookup = CodeDirectory()
    let found = lookup.found(domain: "NSOSStatusErrorDomain", code: -1022)
    #expect(found.count == 1)
    let first = try #require(found.first)
    #expect(first.entry.domain == "NSOSStatusErrorDomain")
    #expect(first.entry.name == "appTransportSecurityRequiresSecureConnection")
    #expect(first.entry.description.hasPrefix("A URL loading error passed on as an OSStatus"))
  }

  @Test func namedOSStatusAndCodesOutsideTheRangesAreLeftAlone() {
    let lookup = CodeDirectory()
    // errSecItemNotFound keeps its own meaning; -1 and -12780 are outside the URL ranges.
    #expect(
      lookup.found(domain: "NSOSStatusErrorDomain", code: -25300).first?.entry.name
        == "errSecItemNotFound")
    #expect(lookup.found(domain: "NSOSStatusErrorDomain", code: -12780).isEmpty)
    #expect(lookup.found(domain: "NSOSStatusErrorDomain", code: -994).isEmpty)
  }
}
