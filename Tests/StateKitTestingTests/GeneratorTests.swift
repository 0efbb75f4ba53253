import StateKit
import StateKitTesting
import Testing

/// What generators produce, and what they shrink to.
@Suite("Generators")
struct GeneratorTests {
  static let catalog: StateCatalog = {
    var catalog = StateCatalog()
    _ = try? catalog.declare("visited", applicationBit: 0)
    return catalog
  }()

  /// Control states stay in the mask, prefer named bits and reach every bit; they shrink to
  /// fewer, named, lower bits.
  @Test func controlStatesStayInTheMaskPreferNamedBitsAndShrinkToLowerOnes() throws {
    let mask: ControlState = [.system, .application]
    var seen = ControlState.normal
    var named = 0
    var unnamed = 0
    forAll(
      "states stay in the mask", Gen.controlState(in: mask, catalog: Self.catalog), cases: 5_000
    ) {
      state in
      seen.formUnion(state)
      for member in state.members {
        if Self.catalog.unnamedBits(in: member).isNormal { named += 1 } else { unnamed += 1 }
      }
      return state.isSubset(of: mask) && state.rawValue.nonzeroBitCount <= 4
    }
    var empty = true
    forAll("an empty mask gives normal", Gen.controlState(in: .normal)) { state in
      empty = empty && state.isNormal
      return state.isNormal
    }
    // Every bit of the mask is reached; named bits come about three times as often.
    #expect(
      (seen, named > 2 * unnamed, empty) == (mask, true, true), "\(seen): \(named) \(unnamed)")

    // Fails for states with at least two bits above bit 1 in the reserved or system ranges.
    let failure = try #require(
      check("few bits", Gen.controlState(in: ControlState(rawValue: .max), count: 0...64)) {
        $0.subtracting([.highlighted, .disabled]).rawValue.nonzeroBitCount < 2
      })
    #expect(
      (failure.counterexample, failure.report.counterexample)
        == ([.selected, .focused], "selected | focused"), "\(failure.report)")
    let unnamedBit = try #require(
      check("no unnamed bit", Gen.controlState(in: ControlState(rawValue: .max), count: 0...64)) {
        StateCatalog().unnamedBits(in: $0).isNormal
      })
    #expect(
      (unnamedBit.counterexample, unnamedBit.report.counterexample)
        == (ControlState(rawValue: 1 << 4), "0x10"), "\(unnamedBit.report)")
  }

  @Test func combinatorsShrinkThroughTheirParts() throws {
    let mapped = try #require(check("small", Gen.int(in: 0...1_000).map { $0 * 2 }) { $0 < 100 })
    let filtered = try #require(
      check("odd below 51", Gen.int(in: 0...1_000).filter { $0 % 2 == 1 }) { $0 < 51 })
    let dependent = Gen.int(in: 1...10).flatMap { n in Gen.int(in: 0...n).map { (n, $0) } }
    let pair = try #require(check("second below 5", dependent) { $0.1 < 5 })
    let digits = Gen.frequency((1, Gen.constant(1)), (1, Gen.constant(2)), (1, Gen.constant(3)))
    let choice = try #require(check("never three", digits) { $0 != 3 })
    #expect(
      [
        mapped.counterexample, filtered.counterexample, pair.counterexample?.0,
        pair.counterexample?.1, choice.counterexample,
      ] == [100, 51, 5, 5, 3])
    var counts = [0, 0]
    forAll("frequency", Gen.frequency((9, Gen.constant(0)), (1, Gen.constant(1))), cases: 5_000) {
      counts[$0] += 1
      return true
    }
    #expect(counts[0] > 4 * counts[1] && counts[1] > 0, "\(counts)")
    let array = try #require(
      check("sum below 10", Gen.int(in: 0...9).array(count: 0...20)) {
        $0.reduce(0, +) < 10
      })
    #expect(
      (array.counterexample?.reduce(0, +), (array.counterexample?.count ?? 0) <= 2) == (10, true),
      "\(array.report)")
    let shuffled = try #require(
      check("sorted", Gen.shuffled([1, 2, 3, 4])) { $0 == [1, 2, 3, 4] })
    #expect(shuffled.counterexample?.count == 4 && Set(shuffled.counterexample ?? []).count == 4)
  }

  @Test func selectorsAndTablesPrintWithTheCatalog() throws {
    let selectors = Gen.selector(
      states: Gen.controlState(catalog: Self.catalog), catalog: Self.catalog)
    let selector = try #require(check("no exclusions", selectors) { $0.excluded.isNormal })
    let entries = Gen.entries(values: Gen.int(in: 0...9), catalog: Self.catalog)
    let table = try #require(
      check("at most one entry", entries) {
        StateTable($0.map { ($0.selector, $0.value) }).entries.count < 2
      })
    #expect(
      [selector.report.counterexample, table.report.counterexample]
        == ["!highlighted", "[highlighted: 0, normal: 0]"], "\(selector.report)\n\(table.report)")
  }

  /// The fastest of three runs of a body, in seconds.
  static func seconds(_ body: () -> Void) -> Double {
    GrowthChecks.bestSeconds(body)
  }

  /// Fails when `run` at 8n takes more than 24 times as long as at n (linear growth gives about
  /// 8, quadratic 64), unless it takes less than 0.05 s. A series over the bound is measured
  /// again, up to three times in all, and the best ratio counts: a machine busy with other work
  /// slows one series, while super-linear work is over the bound every time.
  static func expectLinear(
    _ name: String, base: Int, sourceLocation: SourceLocation = #_sourceLocation,
    _ run: (Int) -> Void
  ) {
    let sizes = [base, base * 2, base * 8]
    func measure() -> [Double] { sizes.map { size in seconds { run(size) } } }
    var series = measure()
    var ratio = series[2] / max(series[0], 1e-6)
    for _ in 0..<2 where ratio >= 24 && series[2] >= 0.05 {
      let again = measure()
      let againRatio = again[2] / max(again[0], 1e-6)
      if againRatio < ratio { (series, ratio) = (again, againRatio) }
    }
    #expect(
      ratio < 24 || series[2] < 0.05, "\(name): \(series) s for \(sizes), ratio \(ratio)",
      sourceLocation: sourceLocation)
  }

  /// Once its budget is spent, the shrinker stops. The failing case is `count` elements that
  /// are all 1 to 3 and cannot be lowered to 0 (an element drawn from the first generator,
  /// whose weight is 0, is 0 and makes the property pass), so its record holds about `count`²/2
  /// pairs of equal choices, and every deletion or zeroed block passes. A pass that went on
  /// building candidates after the budget grew with the square or the cube of the record.
  @Test(.enabled(if: GrowthChecks.requested)) func shrinkingStopsWhenTheBudgetIsSpent() throws {
    let element = Gen.frequency((0, Gen.constant(0)), (1, Gen.int(in: 1...3)))
    func shrink(_ count: Int) -> PropertyFailure<[Int]>? {
      check("no element is 0", element.array(count: count...count), maxShrinks: 20) {
        $0.contains(0)
      }
    }
    let failure = try #require(shrink(125))
    #expect(
      (failure.counterexample?.contains(0), failure.report.shrinkAttempts) == (false, 20))
    Self.expectLinear("shrinking n elements", base: 125) { _ = shrink($0) }
  }

  /// Lengths grow with the run's size without overflow, whatever the count: arrays whose count
  /// reaches `Int.max` draw more choices than a case may, so the run gives up with a report
  /// rather than trapping; and weights whose sum is more than 64 bits hold still choose in
  /// proportion.
  /// A generator that rejects everything gives up too; thrown errors fail with their text;
  /// seeds parse and runs repeat; actions run.
  @Test func hugeCountsAndWeightsDoNotOverflowSeedsRepeatAndActionsRun() throws {
    let huge = try #require(
      check("huge arrays", Gen.bool.array(count: 0...Int.max), cases: 50) { _ in true })
    let some = Gen.bool.array(count: 1...Int.max).resized(0)
    #expect(
      (
        huge.counterexample == nil,
        huge.report.description.contains("drew more than 16384 choices"),
        check("at the smallest size", some, cases: 50) { $0.count == 1 } == nil
      ) == (true, true, true), "\(huge.report)")
    let heavy = Gen.frequency(
      (Int.max, Gen.constant(0)), (Int.max, Gen.constant(1)), (Int.max / 2, Gen.constant(2)))
    var counts = [0, 0, 0]
    forAll("heavy weights", heavy, cases: 5_000) {
      counts[$0] += 1
      return true
    }
    #expect(counts.allSatisfy { $0 > 500 } && counts[2] < counts[0], "\(counts)")
    // A generator that rejects everything gives up.
    let rejecting = try #require(
      check("impossible", Gen.int(in: 0...9).filter { $0 > 9 }, cases: 10) { _ in true })
    #expect(
      rejecting.counterexample == nil
        && rejecting.report.description.contains("gave up after 0 tries"), "\(rejecting.report)")
    // Thrown errors fail with their text; seeds parse and runs repeat; actions run.

    struct Broken: Error, CustomStringConvertible {
      var description: String { "broken at 7" }
    }
    let failure = try #require(
      check("throws at 7 or more", Gen.int(in: 0...100)) { n in
        if n >= 7 { throw Broken() }
        return true
      })
    #expect((failure.counterexample, failure.report.reason) == (7, "threw broken at 7"))

    #expect(
      [
        PropertySeed.parse("24301"), PropertySeed.parse("0x5EED"), PropertySeed.parse("ten"),
      ] == [24301, 0x5EED, nil])
    #expect(
      (PropertySeed.parse("random") != nil, PropertySeed.environmentVariable)
        == (true, "STATEKIT_SEED"))
    let run = { (seed: UInt64) in
      check("below 900", Gen.int(in: 0...1_000), seed: seed) { $0 < 900 }?.report
    }
    #expect(
      run(1) == run(1)
        && run(1)?.replay == "the seed is fixed in code (seed: 1); run the test again")

    #expect(
      [
        StateAction.run([.press, .select, .release]),
        StateAction.run([.disable, .focus], from: .selected),
      ] == [.selected, [.selected, .disabled, .focused]])
    #expect(StateAction.standard.count == 8 && Set(StateAction.standard).count == 8)
    forAll("release clears highlighted", Gen.actions()) { actions in
      !StateAction.run(actions + [.release]).contains(.highlighted)
    }
  }
}
