import StateKit
import StateKitTesting
import Testing

/// The reusable laws pass on correct code and catch broken code.
@Suite("Laws")
struct LawTests {
  /// An option set whose `insert` reports the wrong result when the member is already there.
  struct BrokenOptions: OptionSet, Sendable {
    var rawValue: UInt8
    mutating func insert(_ newMember: BrokenOptions) -> (
      inserted: Bool, memberAfterInsert: BrokenOptions
    ) {
      formUnion(newMember)
      return (true, newMember)
    }
  }

  @Test func setAlgebraLawsCatchABrokenOptionSet() {
    let generator = Gen.int(in: 0...255).map { BrokenOptions(rawValue: UInt8($0)) }
    let laws = Law.setAlgebra(generator)
    let reports = laws.compactMap { $0.check() }
    #expect(reports.map(\.name) == ["insert returns whether it changed the set, and the member"])
    // The shrunk triple: inserting the empty set into the empty set is not an insertion.
    #expect(
      reports.first?.counterexample
        == "(BrokenOptions(rawValue: 0), BrokenOptions(rawValue: 0), BrokenOptions(rawValue: 0))")
  }

  @Test func controlStateIsASetAlgebra() {
    #expect(forAll(Law.setAlgebra(Gen.controlState())).isEmpty)
  }

  @Test func textRoundTripHoldsForACatalog() throws {
    var catalog = StateCatalog()
    try catalog.declare("visited", applicationBit: 0)
    try catalog.declare("dragging", applicationBit: 5)
    #expect(forAll(Law.textRoundTrip(catalog: catalog), cases: 3_000).isEmpty)
  }

  @Test func tableLawsHoldAndCatchAWrongReference() throws {
    let right: @Sendable ([StateTable<Int>.Entry], ControlState) -> Int? = { entries, state in
      entries.filter { $0.selector.matches(state) }
        .max { $1.selector.outranks($0.selector) }?.value
    }
    #expect(
      forAll(
        [
          Law.resolveIsOrderIndependent(values: Gen.int(in: 0...9)),
          Law.resolveAgrees(with: right, values: Gen.int(in: 0...9)),
        ], cases: 3_000
      ).isEmpty)
    // "The first matching entry wins" is UIKit's rule, not StateTable's.
    let first: @Sendable ([StateTable<Int>.Entry], ControlState) -> Int? = { entries, state in
      entries.first { $0.selector.matches(state) }?.value
    }
    let report = try #require(Law.resolveAgrees(with: first, values: Gen.int(in: 0...9)).check())
    #expect(report.counterexample == "[normal: 1, highlighted: 0], highlighted", "\(report)")
  }
}
