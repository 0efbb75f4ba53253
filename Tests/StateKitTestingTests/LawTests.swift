import Foundation
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

  /// The laws catch a broken option set, and a lossy coder (`codableLawCatchesALossyCoder`).
  @Test func lawsCatchABrokenOptionSetAndALossyCoder() throws {
    let generator = Gen.int(in: 0...255).map { BrokenOptions(rawValue: UInt8($0)) }
    let laws = Law.setAlgebra(generator)
    let reports = laws.compactMap { $0.check() }
    // The shrunk triple: inserting the empty set into the empty set is not an insertion. One
    // law fails, and its report's text starts with the law's name.
    let name = "insert returns whether it changed the set, and the member"
    #expect(
      (
        reports.map { $0.description.hasPrefix("Property \"\(name)\" failed after ") },
        reports.first?.counterexample
      )
        == (
          [true],
          "(BrokenOptions(rawValue: 0), BrokenOptions(rawValue: 0), BrokenOptions(rawValue: 0))"
        ), "\(reports)")
    try codableLawCatchesALossyCoder()
  }

  /// Control states and events are set algebras, and their text round-trips through a
  /// catalog.
  @Test func controlStatesAndEventsAreSetAlgebrasWithTextRoundTrips() throws {
    let setAlgebras: [Bool] = [
      forAll(Law.setAlgebra(Gen.controlState())).isEmpty,
      forAll(
        Law.setAlgebra(Gen.bitSet(in: ControlEvents.allEvents)), cases: GrowthChecks.cases(3_000)
      ).isEmpty,
      forAll(
        Law.setAlgebra(Gen.bitSet(in: ControlEvents(rawValue: .max), count: 0...64)),
        cases: GrowthChecks.cases(3_000)
      ).isEmpty,
    ]
    #expect(setAlgebras == [true, true, true])
    var catalog = StateCatalog()
    try catalog.declare("visited", applicationBit: 0)
    try catalog.declare("dragging", applicationBit: 5)
    var events = EventCatalog()
    try events.declare("longPress", applicationBit: 0)
    try events.declare("hover", applicationBit: 3)
    let roundTrips: [Bool] = [
      forAll(Law.textRoundTrip(catalog: catalog), cases: GrowthChecks.cases(3_000)).isEmpty,
      forAll(Law.textRoundTrip(catalog: events), cases: GrowthChecks.cases(3_000)).isEmpty,
      forAll(Law.textRoundTrip(catalog: EventCatalog.system), cases: GrowthChecks.cases(3_000))
        .isEmpty,
    ]
    #expect(roundTrips == [true, true, true])
    // One function for every layout; states have the selectors' law too.
    #expect(
      (
        Law.textRoundTrip(catalog: catalog).map(\.description),
        Law.textRoundTrip(catalog: events).map(\.description)
      ) == (
        [
          "parse(description(of: state)) == state", "the text names the named bits, one name each",
          "parseSelector(description(of: selector)) == selector",
        ],
        ["parse(description(of: event)) == event", "the text names the named bits, one name each"]
      ))
  }

  /// The same Codable laws for states and events, through JSON: integers and text both decode.
  @Test func codableLawsHoldForStatesAndEvents() {
    #expect(
      forAll(
        Law.codableRoundTrip(
          Gen.controlState(in: ControlState(rawValue: .max), count: 0...64),
          encode: { Array(try JSONEncoder().encode($0)) },
          decode: { try JSONDecoder().decode(ControlState.self, from: Data($0)) },
          text: { Array("\"\($0)\"".utf8) }), cases: GrowthChecks.cases(3_000)
      ).isEmpty)
    #expect(
      forAll(
        Law.codableRoundTrip(
          Gen.bitSet(in: ControlEvents(rawValue: .max), count: 0...64),
          encode: { Array(try JSONEncoder().encode($0)) },
          decode: { try JSONDecoder().decode(ControlEvents.self, from: Data($0)) },
          text: { Array("\"\($0)\"".utf8) }), cases: GrowthChecks.cases(3_000)
      ).isEmpty)
  }

  func codableLawCatchesALossyCoder() throws {
    // A coder that drops the application bits loses custom events.
    let laws = Law.codableRoundTrip(
      Gen.bitSet(in: ControlEvents.allEvents),
      encode: { Array(String($0.subtracting(.applicationReserved).rawValue).utf8) },
      decode: { ControlEvents(rawValue: UInt(String(decoding: $0, as: UTF8.self)) ?? 0) })
    let report = try #require(laws[0].check())
    #expect(report.counterexample == "0x1000000", "\(report)")
  }

  @Test func tableLawsHoldAndCatchAWrongReference() throws {
    let right: @Sendable ([StateTable<Int>.Entry], ControlState) -> Int? = { entries, state in
      entries.filter { $0.selector.matches(state) }
        .max { StatePrecedence.standard.outranks($1.selector, $0.selector) }?.value
    }
    #expect(
      forAll(
        [
          Law.resolveIsOrderIndependent(values: Gen.int(in: 0...9)),
          Law.resolveAgrees(with: right, values: Gen.int(in: 0...9)),
        ], cases: GrowthChecks.cases(3_000)
      ).isEmpty)
    // "The first matching entry wins" is UIKit's rule, not StateTable's.
    let first: @Sendable ([StateTable<Int>.Entry], ControlState) -> Int? = { entries, state in
      entries.first { $0.selector.matches(state) }?.value
    }
    let report = try #require(Law.resolveAgrees(with: first, values: Gen.int(in: 0...9)).check())
    #expect(report.counterexample == "[normal: 1, highlighted: 0], highlighted", "\(report)")
  }
}
