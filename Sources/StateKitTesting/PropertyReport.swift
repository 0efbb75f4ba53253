import StateKitCore

/// The one report of a failing property: the shrunk counterexample, how it was found, and how
/// to replay it.
///
/// ``forAll(_:_:cases:seed:maxShrinks:saveFailures:filePath:sourceLocation:_:)`` records its ``description`` as one
/// Swift Testing issue; ``check(_:_:cases:seed:maxShrinks:_:)`` returns it inside a
/// ``PropertyFailure``; XCTest tests can `throw` it or pass it to `XCTFail`.
///
/// ```text
/// Property "resolve agrees with the reference" failed after 23 tries: returned false.
/// Counterexample (shrunk 9 times, 412 candidates tried):
///   ([highlighted: 0, visited: 1], highlighted | visited)
/// First failing case:
///   ([disabled | 0x400000: 7, …], …)
/// Replay: STATEKIT_SEED=24301 swift test --filter "WidgetTests/precedence()"
/// ```
public struct PropertyReport: Error, Hashable, Sendable, CustomStringConvertible {
  /// The property's name, as the caller gave it; ``description`` shows it.
  let name: String

  /// The shrunk counterexample, described by its generator (states in the state text format).
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.report.counterexample  // "selected"
  public let counterexample: String

  /// The first failing case, before shrinking.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.report.firstCounterexample  // "selected"
  public let firstCounterexample: String

  /// Why the counterexample fails: `returned false`, or the error the property threw.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.report.reason  // "returned false"
  public let reason: String

  /// The number of cases run, the failing one included.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.report.tries  // 252
  public let tries: Int

  /// The number of shrinks: smaller counterexamples found, one after the other.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.report.shrinks  // 0
  public let shrinks: Int

  /// The number of candidates the shrinker ran the property on.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.report.shrinkAttempts  // 12
  public let shrinkAttempts: Int

  /// The seed of the run, or `nil` when the run never started (an invalid `STATEKIT_SEED`).
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.report.seed  // 0x5EED, unless STATEKIT_SEED is set
  public let seed: UInt64?

  /// How to replay the run: the environment variable and the test filter, or the `seed:`
  /// argument when the seed was fixed in code.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState(), seed: 7) { !$0.contains(.selected) })
  ///     failure.report.replay  // "the seed is fixed in code (seed: 7); run the test again"
  public let replay: String

  /// What happened when there is no counterexample: "gave up", or "failed its required
  /// coverage".
  let verdict: String

  /// How the cases were distributed, when the report is about their distribution: a failed
  /// ``cover(_:_:_:)`` requirement.
  ///
  ///     let failure = try #require(check("rare", Gen.int(in: 0...99), cases: 500) { number in
  ///         cover(50, number == 0, "zero")
  ///         return true
  ///     })
  ///     failure.report.statistics?.labels["zero", default: 0] ?? 0 < 20  // true
  public let statistics: PropertyStatistics?

  init(
    name: String, counterexample: String, firstCounterexample: String, reason: String,
    tries: Int, shrinks: Int, shrinkAttempts: Int, seed: UInt64, replay: String
  ) {
    self.name = name
    self.counterexample = counterexample
    self.firstCounterexample = firstCounterexample
    self.reason = reason
    self.tries = tries
    self.shrinks = shrinks
    self.shrinkAttempts = shrinkAttempts
    self.seed = seed
    self.replay = replay
    verdict = "failed"
    statistics = nil
  }

  /// A report of a run that could not start or could not find enough valid cases.
  init(
    problem: String, name: String = "", seed: UInt64? = nil, tries: Int = 0, replay: String = "",
    verdict: String = "gave up", statistics: PropertyStatistics? = nil
  ) {
    self.verdict = verdict
    self.statistics = statistics
    self.name = name
    counterexample = ""
    firstCounterexample = ""
    reason = problem
    self.tries = tries
    shrinks = 0
    shrinkAttempts = 0
    self.seed = seed
    self.replay = replay
  }

  /// The report as text: what failed, the shrunk counterexample, the first failing case, and
  /// the replay command.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState(), seed: 7) { !$0.contains(.selected) })
  ///     print(failure.report)
  ///     // Property "no selection" failed after 254 tries: returned false.
  ///     // Counterexample (shrunk 0 times, 12 candidates tried):
  ///     //   selected
  ///     // First failing case:
  ///     //   selected
  ///     // Replay: the seed is fixed in code (seed: 7); run the test again
  public var description: String {
    guard !counterexample.isEmpty || tries > 0 || seed != nil else { return reason }
    guard !counterexample.isEmpty else {
      let distribution = statistics.map { "\n\($0)" } ?? ""
      return
        "Property \"\(name)\" \(verdict) after \(tries) tries: \(reason)\(distribution)\nReplay: \(replay)"
    }
    return """
      Property "\(name)" failed after \(tries) \(tries == 1 ? "try" : "tries"): \(reason).
      Counterexample (shrunk \(shrinks) \(shrinks == 1 ? "time" : "times"), \(shrinkAttempts) candidates tried):
        \(counterexample)
      First failing case:
        \(firstCounterexample)
      Replay: \(replay)
      """
  }
}

/// A failed property check: the typed counterexample and the report.
///
///     if let failure = check("unions add nothing", Gen.controlState(), { $0.union(.selected) == $0 }) {
///         failure.counterexample  // .normal
///         print(failure.report)
///     }
public struct PropertyFailure<Value>: CustomStringConvertible {
  /// The shrunk counterexample, or `nil` when the run gave up or `STATEKIT_SEED` is not a
  /// seed.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.counterexample  // .selected
  public let counterexample: Value?

  /// The first failing case, before shrinking.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.firstCounterexample  // .selected
  public let firstCounterexample: Value?

  /// The report, as ``forAll(_:_:cases:seed:maxShrinks:saveFailures:filePath:sourceLocation:_:)`` would record it.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState()) { !$0.contains(.selected) })
  ///     failure.report.seed  // 0x5EED, unless STATEKIT_SEED is set
  public let report: PropertyReport

  /// The report as text.
  ///
  ///     let failure = try #require(check("no selection", Gen.controlState(), seed: 7) { !$0.contains(.selected) })
  ///     print(failure)
  ///     // Property "no selection" failed after 254 tries: returned false.
  ///     // Counterexample (shrunk 0 times, 12 candidates tried):
  ///     //   selected
  ///     // First failing case:
  ///     //   selected
  ///     // Replay: the seed is fixed in code (seed: 7); run the test again
  public var description: String { report.description }
}

extension PropertyFailure: Sendable where Value: Sendable {}
