import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether this run includes growth checks: tests that time work at several sizes to show it
/// grows no faster than its input. They take seconds each and their verdict needs a quiet
/// machine, so they run in a step of their own (CI's growth step, or by hand) rather than in
/// every `swift test`: set `STATEKIT_GROWTH_CHECKS=1`.
///
///     let growthCheck: ConditionTrait = .enabled(if: GrowthChecks.requested)
///     // @Test(growthCheck) func parsingIsLinear() { time the parser at three sizes }
package enum GrowthChecks {
  /// The environment variable that turns growth checks on (any value but `0`).
  ///
  ///     GrowthChecks.environmentVariable  // "STATEKIT_GROWTH_CHECKS"
  package static let environmentVariable = "STATEKIT_GROWTH_CHECKS"

  /// Whether `STATEKIT_GROWTH_CHECKS` is set to something other than `0` in this process.
  ///
  ///     if GrowthChecks.requested { print("timing the growth checks too") }
  package static var requested: Bool {
    guard let value = getenv(environmentVariable) else { return false }
    let text = String(cString: value)
    return !text.isEmpty && text != "0"
  }

  /// How many cases a sampled property runs: `full` in a thorough run (when
  /// ``requested``, as in CI), a tenth of it (at least 100) otherwise, so that a first
  /// `swift test` stays short while CI keeps the full sample. A space small enough to
  /// enumerate is enumerated instead, whatever the run.
  ///
  ///     let cases = GrowthChecks.cases(3_000)  // 300, or 3,000 with STATEKIT_GROWTH_CHECKS=1
  ///     let states = Gen.controlState()
  ///     forAll("union commutes", Gen.zip(states, states), cases: cases) { a, b in
  ///         a.union(b) == b.union(a)
  ///     }
  ///
  /// - Parameter full: The cases of a thorough run.
  /// - Returns: The cases to run.
  package static func cases(_ full: Int) -> Int {
    requested ? full : min(full, max(full / 10, 100))
  }

  /// The time `body` takes, in seconds: the fastest of `runs` runs, so that a moment when the
  /// machine is busy elsewhere does not count.
  ///
  ///     let seconds = GrowthChecks.bestSeconds { _ = (0..<1_000).reduce(0, +) }
  ///     seconds < 1  // true
  ///
  /// - Parameters:
  ///   - runs: How many times to run `body`; 3 by default.
  ///   - body: The work to time.
  /// - Returns: The shortest run, in seconds.
  package static func bestSeconds(runs: Int = 3, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<max(runs, 1) {
      let start = ContinuousClock.now
      try body()
      let elapsed = ContinuousClock.now - start
      best = min(
        best,
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    return best
  }
}
