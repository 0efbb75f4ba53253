import StateKit
import StateKitTesting
import Testing

/// Counts cases across a run; a class so the property can update it.
final class Tally {
  var tested = 0
  var discarded = 0
}

@Suite("Discarding cases")
struct DiscardTests {
  /// Discarded cases neither pass nor fail; a failure among assumed cases is still found; too
  /// many discards fail on their own.
  @Test func discardedCasesNeitherPassNorFailUnlessTooMany() throws {
    let tally = Tally()
    let failure = check("only disabled states", Gen.controlState(in: .system), cases: 200) {
      state in
      if !state.contains(.disabled) {
        tally.discarded += 1
        try assume(false)
      }
      tally.tested += 1
      return state.contains(.disabled)
    }
    // Every needed case was tested; the discarded ones came on top.
    #expect(
      (failure == nil, tally.tested, tally.discarded > 50) == (true, 200, true),
      "\(failure?.report.description ?? "")")

    let found = try #require(
      check("selected states are highlighted", Gen.controlState(in: .system)) { state in
        try assume(state.contains(.selected))
        return state.contains(.highlighted)
      })
    // The shrinker never accepts a discarded candidate, so the counterexample meets the
    // assumption.
    #expect(found.counterexample == .selected, "\(found.report)")

    let tooMany = try #require(
      check("almost nothing qualifies", Gen.int(in: 0...1_000), cases: 100) { number in
        try assume(number == 1_000)
        return true
      })
    let report = tooMany.report.description
    #expect(
      (
        tooMany.counterexample == nil,
        report.lacking(["gave up after", "discarded by assume"])
      )
        == (true, []), "\(report)")
  }

  @Test func aStateMachineStepCanDiscard() {
    let machine = StateMachine<Int, Tally>(
      model: { 0 }, system: { Tally() },
      actions: [
        .init("count", model: { $0 += 1 }, system: { $0.tested += 1 }),
        .init(
          "skip", model: { _ in },
          system: { tally in
            tally.discarded += 1
            try assume(false)
          }),
      ], invariant: { model, tally in model == tally.tested })
    let failure = check("counts", machine, cases: 50)
    #expect(failure == nil, "\(failure?.report.description ?? "")")
  }
}
