import StateKit
import StateKitTesting
import Testing

@Suite("Labels and coverage")
struct CoverageTests {
  /// Labels count cases, not shrink candidates; a label counts once per case
  /// (`aLabelCountsOncePerCase`); discarded cases get no labels (`discardedCasesGetNoLabels`);
  /// `collect` shows a distribution (`collectShowsADistribution`).
  @Test func labelsCountCasesNotShrinkCandidates() throws {
    let calls = Tally()
    let outcome = checkWithStatistics("no large numbers", Gen.int(in: 0...1_000)) { number in
      calls.tested += 1
      collect("every case")
      if number % 2 == 0 { collect("even") }
      return number < 900
    }
    let failure = try #require(outcome.failure)
    let report = failure.report
    // The property ran for every case and every shrink candidate; only cases were counted.
    #expect(
      (
        failure.counterexample, report.shrinkAttempts > 0, calls.tested,
        outcome.statistics.cases, outcome.statistics.labels["every case", default: 0],
        outcome.statistics.labels["even", default: 0] < report.tries
      ) == (900, true, report.tries + report.shrinkAttempts, report.tries, report.tries, true))
    aLabelCountsOncePerCase()
    discardedCasesGetNoLabels()
    collectShowsADistribution()
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

  func aLabelCountsOncePerCase() {
    let outcome = checkWithStatistics("twice", Gen.bool, cases: 50) { _ in
      collect("labelled")
      collect("labelled")
      collect("twice")
      collect("twice")
      return true
    }
    #expect(
      ["labelled", "twice"].map { outcome.statistics.labels[$0, default: 0] } == [50, 50])
  }

  func discardedCasesGetNoLabels() {
    let outcome = checkWithStatistics("evens", Gen.int(in: 0...9), cases: 100) { number in
      collect("seen")
      try assume(number % 2 == 0)
      return true
    }
    #expect(
      (
        outcome.statistics.cases, outcome.statistics.discarded > 0,
        outcome.statistics.labels["seen", default: 0]
      ) == (100, true, 100))
  }

  func collectShowsADistribution() {
    let outcome = checkWithStatistics("digits", Gen.int(in: 0...2), cases: 300) { number in
      collect(number)
      return true
    }
    let counts = ["0", "1", "2"].map { outcome.statistics.labels[$0, default: 0] }
    let text = outcome.statistics.description
    #expect(
      (counts.reduce(0, +), counts.allSatisfy { $0 > 50 }, text.hasPrefix("300 cases\n"))
        == (300, true, true), "\(counts) \(text)")
  }

  /// Unmet coverage fails, naming the label and its share; met coverage, and a share within
  /// the confidence interval, pass, and a required label never seen fails
  /// (`metCoverageAndAShareWithinTheConfidenceIntervalPass`).
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
    // The measured share, to a tenth of a percent.
    let tenths = Int((share * 1000).rounded())
    #expect(
      (
        failure.counterexample == nil, report.reason.hasPrefix("\"below 10\" covered "),
        report.reason.lacking([
          "of cases (\(count) of 500)", "less than the 50.0% required",
          "covered \(tenths / 10).\(tenths % 10)%",
        ]), report.statistics == outcome.statistics
      ) == (true, true, [], true), "\(report)")
    // The report prints the distribution.
    let text = report.description
    #expect(
      text.lacking([
        "Property \"small numbers\" failed its required coverage", "below 10 (required 50.0%)",
      ]) == [], "\(text)")
    try metCoverageAndAShareWithinTheConfidenceIntervalPass()
  }

  func metCoverageAndAShareWithinTheConfidenceIntervalPass() throws {
    let outcome = checkWithStatistics("small numbers", Gen.int(in: 0...99), cases: 500) {
      number in
      cover(5, number < 10, "below 10")
      return true
    }
    #expect(
      (outcome.failure == nil, outcome.statistics.required["below 10"]) == (true, 5),
      "\(outcome.failure?.report.description ?? "")")

    // A share just under the requirement is not a failure: it is within what chance explains.
    let within = checkWithStatistics("small numbers", Gen.int(in: 0...99), cases: 500) {
      number in
      cover(12, number < 10, "below 10")
      return true
    }
    let below10 = within.statistics.labels["below 10", default: 0]
    #expect(
      (Double(below10) / Double(within.statistics.cases) < 0.12, within.failure == nil)
        == (true, true), "\(within.failure?.report.description ?? "")")

    // A label never given still counts against its requirement, once the cases are enough to
    // be sure: 0 of 200 is not enough to rule out 1%, but rules out 10%.
    let lenient = check("never", Gen.int(in: 0...99), cases: 200) { number in
      cover(1, number > 99, "impossible")
      return true
    }
    let failure = try #require(
      check("never", Gen.int(in: 0...99), cases: 200) { number in
        cover(10, number > 99, "impossible")
        return true
      })
    #expect(
      (
        lenient == nil,
        failure.report.reason.hasPrefix("\"impossible\" covered 0.0% of cases (0 of 200)"),
        failure.report.description.contains("  0.0% impossible (required 10.0%)")
      ) == (true, true, true), "\(failure.report)")
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
    let report = failure.report
    // Nothing out of range reaches the statistics, which print without a trap.
    #expect(
      (
        failure.counterexample == nil, report.reason, report.tries,
        report.description.hasPrefix("Property \"typo\" gave up after 1 tries: cover("),
        outcome.statistics.required.isEmpty, outcome.statistics.description
      )
        == (
          true,
          "cover(_:_:_:) was given the percentage \(percentage) for \"heads\"; a percentage is from 0 to 100",
          1, true, true, "0 cases"
        ))
  }

  /// 0 and 100 are percentages like any other; a mistake in a failing property stops the run
  /// too, before any shrinking.
  @Test func theBoundsAreValidAndAMistakeStopsAFailingRunToo() throws {
    let outcome = checkWithStatistics("bounds", Gen.bool, cases: 50) { _ in
      cover(0, false, "never")
      cover(100, true, "always")
      return true
    }
    #expect(
      (outcome.failure == nil, outcome.statistics.required)
        == (true, ["never": 0, "always": 100]), "\(outcome.failure?.report.description ?? "")")
    let failing = try #require(
      check("failing", Gen.int(in: 0...9), cases: 50) { number in
        cover(.nan, true, "any")
        return number < 0
      })
    #expect(
      (
        failing.counterexample == nil, failing.report.shrinkAttempts,
        failing.report.reason.hasPrefix("cover(_:_:_:) was given the percentage nan")
      ) == (true, 0, true), "\(failing.report)")
  }

  /// State machines report lengths and labels; their coverage fails when a state is rare.
  @Test @MainActor func stateMachinesReportLengthsLabelsAndCoverage() throws {
    let audit = Audit()
    let machine = buttonMachine(buggy: false, audit: audit)
    let outcome = checkWithStatistics("button", machine, cases: 200)
    let lengths = outcome.statistics.lengths
    let text = outcome.statistics.description
    #expect(
      (
        outcome.failure == nil, lengths.values.reduce(0, +), lengths.keys.contains(0),
        lengths.keys.contains { $0 >= 10 }, text.contains("Lengths of action sequences:")
      ) == (true, 200, true, true, true), "\(text)")

    let rare = StateMachine<ButtonModel, TrackingButton>(
      model: { ButtonModel() }, system: { TrackingButton(buggy: false, audit: audit) },
      actions: buttonActions(),
      invariant: { model, _ in
        cover(10, model.pressed && !model.enabled, "pressed while disabled")
        return true
      })
    let failure = try #require(check("disabled often", rare, cases: 300))
    // The preconditions make it impossible, so the requirement cannot be met.
    #expect(
      failure.report.reason.hasPrefix(
        "\"pressed while disabled\" covered 0.0% of cases (0 of 300)")
        && failure.report.description.contains("Lengths of action sequences:"),
      "\(failure.report)")
  }
}
