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
  @Test func discardedCasesNeitherPassNorFail() {
    let tally = Tally()
    let failure = check("only disabled states", Gen.controlState(in: .system), cases: 200) {
      state in
      guard state.contains(.disabled) else {
        tally.discarded += 1
        try discard()
      }
      tally.tested += 1
      return state.contains(.disabled)
    }
    #expect(failure == nil, "\(failure?.report.description ?? "")")
    // Every needed case was tested; the discarded ones came on top.
    #expect(tally.tested == 200)
    #expect(tally.discarded > 50)
  }

  @Test func aFailureAmongAssumedCasesIsStillFound() throws {
    let failure = try #require(
      check("selected states are highlighted", Gen.controlState(in: .system)) { state in
        try assume(state.contains(.selected))
        return state.contains(.highlighted)
      })
    // The shrinker never accepts a discarded candidate, so the counterexample meets the
    // assumption.
    #expect(failure.counterexample == .selected, "\(failure.report)")
  }

  @Test func tooManyDiscardsFailOnTheirOwn() throws {
    let failure = try #require(
      check("almost nothing qualifies", Gen.int(in: 0...1_000), cases: 100) { number in
        try assume(number == 1_000)
        return true
      })
    #expect(failure.counterexample == nil)
    let report = failure.report.description
    #expect(report.contains("gave up after"), "\(report)")
    #expect(report.contains("discarded by assume or discard"), "\(report)")
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
            try discard()
          }),
      ], invariant: { model, tally in model == tally.tested })
    let failure = check("counts", machine, cases: 50)
    #expect(failure == nil, "\(failure?.report.description ?? "")")
  }
}
