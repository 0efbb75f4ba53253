import StateKit
import StateKitTesting
import Testing

@Suite("Labels and coverage")
struct CoverageTests {
  @Test func labelsCountCasesNotShrinkCandidates() throws {
    let calls = Tally()
    let outcome = checkWithStatistics("no large numbers", Gen.int(in: 0...1_000)) { number in
      calls.tested += 1
      classify(true, "every case")
      classify(number % 2 == 0, "even")
      return number < 900
    }
    let failure = try #require(outcome.failure)
    #expect(failure.counterexample == 900)
    #expect(failure.report.shrinkAttempts > 0)
    // The property ran for every case and every shrink candidate; only cases were counted.
    #expect(calls.tested == failure.report.tries + failure.report.shrinkAttempts)
    #expect(outcome.statistics.cases == failure.report.tries)
    #expect(outcome.statistics.labels["every case", default: 0] == failure.report.tries)
    #expect(outcome.statistics.labels["even", default: 0] < failure.report.tries)
  }

  /// A case may require coverage of many labels: each `cover` finds its label without
  /// scanning those given before, so n labels per case cost n, not n².
  @Test(.enabled(if: GrowthChecks.requested)) func manyRequiredLabelsCostLinearTime() {
    GeneratorTests.expectLinear("n labels given to cover in each case", base: 1_000) { count in
      let labels = (0..<count).map { "label \($0)" }
      let outcome = checkWithStatistics("many labels", Gen.bool, cases: 3) { _ in
        for label in labels { cover(50, true, label) }
        return true
      }
      #expect(outcome.failure == nil && outcome.statistics.required.count == count)
    }
  }

  @Test func aLabelCountsOncePerCase() {
    let outcome = checkWithStatistics("twice", Gen.bool, cases: 50) { _ in
      classify(true, "labelled")
      classify(true, "labelled")
      collect("twice")
      collect("twice")
      return true
    }
    #expect(outcome.statistics.labels["labelled", default: 0] == 50)
    #expect(outcome.statistics.labels["twice", default: 0] == 50)
  }

  @Test func discardedCasesGetNoLabels() {
    let outcome = checkWithStatistics("evens", Gen.int(in: 0...9), cases: 100) { number in
      classify(true, "seen")
      try assume(number % 2 == 0)
      return true
    }
    #expect(outcome.statistics.cases == 100)
    #expect(outcome.statistics.discarded > 0)
    #expect(outcome.statistics.labels["seen", default: 0] == 100)
  }

  @Test func collectShowsADistribution() {
    let outcome = checkWithStatistics("digits", Gen.int(in: 0...2), cases: 300) { number in
      collect(number)
      return true
    }
    let counts = ["0", "1", "2"].map { outcome.statistics.labels[$0, default: 0] }
    #expect(counts.reduce(0, +) == 300)
    #expect(counts.allSatisfy { $0 > 50 }, "\(counts)")
    let text = outcome.statistics.description
    #expect(text.hasPrefix("300 cases\n"), "\(text)")
  }

  @Test func unmetCoverageFailsNamingTheLabelAndItsShare() throws {
    let outcome = checkWithStatistics("small numbers", Gen.int(in: 0...99), cases: 500) {
      number in
      cover(50, number < 10, "below 10")
      return true
    }
    let failure = try #require(outcome.failure)
    let count = outcome.statistics.labels["below 10", default: 0]
    let share = Double(count) / Double(outcome.statistics.cases)
    #expect(share > 0.05 && share < 0.2, "about a tenth of the numbers: \(share)")
    let report = failure.report
    #expect(failure.counterexample == nil)
    #expect(report.reason.hasPrefix("\"below 10\" covered "), "\(report)")
    #expect(report.reason.contains("of cases (\(count) of 500)"), "\(report)")
    #expect(report.reason.contains("less than the 50.0% required"), "\(report)")
    // The measured share, to a tenth of a percent.
    let tenths = Int((share * 1000).rounded())
    #expect(report.reason.contains("covered \(tenths / 10).\(tenths % 10)%"), "\(report)")
    // The report prints the distribution.
    let text = report.description
    #expect(text.contains("Property \"small numbers\" failed its required coverage"), "\(text)")
    #expect(text.contains("below 10 (required 50.0%)"), "\(text)")
    #expect(report.statistics == outcome.statistics)
  }

  @Test func metCoveragePasses() {
    let outcome = checkWithStatistics("small numbers", Gen.int(in: 0...99), cases: 500) {
      number in
      cover(5, number < 10, "below 10")
      return true
    }
    #expect(outcome.failure == nil, "\(outcome.failure?.report.description ?? "")")
    #expect(outcome.statistics.required["below 10"] == 5)
  }

  /// A share just under the requirement is not a failure: it is within what chance explains.
  @Test func aShareWithinTheConfidenceIntervalPasses() {
    let outcome = checkWithStatistics("small numbers", Gen.int(in: 0...99), cases: 500) {
      number in
      cover(12, number < 10, "below 10")
      return true
    }
    let below10 = outcome.statistics.labels["below 10", default: 0]
    #expect(Double(below10) / Double(outcome.statistics.cases) < 0.12)
    #expect(outcome.failure == nil, "\(outcome.failure?.report.description ?? "")")
  }

  /// A label never given still counts against its requirement, once the cases are enough to
  /// be sure: 0 of 200 is not enough to rule out 1%, but rules out 10%.
  @Test func aRequiredLabelNeverSeenFails() throws {
    let lenient = check("never", Gen.int(in: 0...99), cases: 200) { number in
      cover(1, number > 99, "impossible")
      return true
    }
    #expect(lenient == nil)
    let failure = try #require(
      check("never", Gen.int(in: 0...99), cases: 200) { number in
        cover(10, number > 99, "impossible")
        return true
      })
    #expect(failure.report.reason.hasPrefix("\"impossible\" covered 0.0% of cases (0 of 200)"))
    #expect(failure.report.description.contains("  0.0% impossible (required 10.0%)"))
  }

  /// A percentage outside 0...100 (NaN, an infinity, one too large for an `Int` in tenths) is
  /// a mistake in the test: the run gives up at the first case and says why, without a trap.
  @Test(arguments: [
    Double.nan, .infinity, -.infinity, 1e16, 1e18, .greatestFiniteMagnitude, 100.5, -1,
    -Double.leastNonzeroMagnitude,
  ])
  func aPercentageOutsideZeroToAHundredIsReportedNotATrap(_ percentage: Double) throws {
    let outcome = checkWithStatistics("typo", Gen.bool, cases: 50) { heads in
      cover(percentage, heads, "heads")
      return true
    }
    let failure = try #require(outcome.failure)
    #expect(failure.counterexample == nil)
    let report = failure.report
    #expect(
      report.reason
        == "cover(_:_:_:) was given the percentage \(percentage) for \"heads\"; a percentage is from 0 to 100"
    )
    #expect(report.tries == 1)
    #expect(report.description.hasPrefix("Property \"typo\" gave up after 1 tries: cover("))
    // Nothing out of range reaches the statistics, which print without a trap.
    #expect(outcome.statistics.required.isEmpty)
    #expect(outcome.statistics.description == "0 cases")
  }

  /// 0 and 100 are percentages like any other; a mistake in a failing property stops the run
  /// too, before any shrinking.
  @Test func theBoundsAreValidAndAMistakeStopsAFailingRunToo() throws {
    let outcome = checkWithStatistics("bounds", Gen.bool, cases: 50) { _ in
      cover(0, false, "never")
      cover(100, true, "always")
      return true
    }
    #expect(outcome.failure == nil, "\(outcome.failure?.report.description ?? "")")
    #expect(outcome.statistics.required == ["never": 0, "always": 100])
    let failing = try #require(
      check("failing", Gen.int(in: 0...9), cases: 50) { number in
        cover(.nan, true, "any")
        return number < 0
      })
    #expect(failing.counterexample == nil)
    #expect(failing.report.shrinkAttempts == 0)
    #expect(failing.report.reason.hasPrefix("cover(_:_:_:) was given the percentage nan"))
  }

  @Test @MainActor func stateMachinesReportLengthsAndLabels() throws {
    let audit = Audit()
    let machine = buttonMachine(buggy: false, audit: audit)
    let outcome = checkWithStatistics("button", machine, cases: 200)
    #expect(outcome.failure == nil)
    #expect(outcome.statistics.lengths.values.reduce(0, +) == 200)
    #expect(outcome.statistics.lengths.keys.contains(0))
    #expect(outcome.statistics.lengths.keys.contains { $0 >= 10 })
    let text = outcome.statistics.description
    #expect(text.contains("Lengths of action sequences:"), "\(text)")
  }

  @Test @MainActor func stateMachineCoverageFailsWhenAStateIsRare() throws {
    let audit = Audit()
    let base = buttonMachine(buggy: false, audit: audit)
    let machine = StateMachine<ButtonModel, TrackingButton>(
      model: { ButtonModel() }, system: { TrackingButton(buggy: false, audit: audit) },
      actions: base.actions,
      invariant: { model, _ in
        cover(10, model.pressed && !model.enabled, "pressed while disabled")
        return true
      })
    let failure = try #require(check("disabled often", machine, cases: 300))
    // The preconditions make it impossible, so the requirement cannot be met.
    #expect(
      failure.report.reason.hasPrefix(
        "\"pressed while disabled\" covered 0.0% of cases (0 of 300)"),
      "\(failure.report)")
    #expect(failure.report.description.contains("Lengths of action sequences:"))
  }
}
