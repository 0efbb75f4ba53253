/// Labels the current case with a value, so the run's ``PropertyStatistics`` show the
/// distribution of that value (QuickCheck's `collect`).
///
///     let outcome = checkWithStatistics("bit counts", Gen.controlState(in: .system)) { state in
///         collect("\(state.rawValue.nonzeroBitCount) bits")
///         return true
///     }
///     outcome.statistics.labels["0 bits", default: 0] > 0  // true
///
/// To label only the cases where a condition holds (QuickCheck's `classify`), collect the label
/// under an `if`:
///
///     let disabled = checkWithStatistics("union keeps bits", Gen.controlState(in: .system)) {
///         state in
///         if state.contains(.disabled) { collect("disabled") }
///         return state.union(.selected).contains(.selected)
///     }
///     disabled.statistics.labels["disabled", default: 0] > 0  // true
///
/// A label counts once per case, however often the case applies it, and only for the cases the
/// runner counts: not for shrink candidates, nor for discarded cases.
///
/// - Parameter value: The value; its description is the label.
public func collect<Value>(_ value: Value) {
  _PropertyContext.current?.labels.append(String(describing: value))
}

/// Requires that at least `percentage` percent of the cases get a label, labelling the current
/// case when a condition holds (QuickCheck's `cover` with `checkCoverage`).
///
/// After all cases pass, the runner fails the property when it is confident that the label's
/// true share is below `percentage`: when the upper bound of the Wilson score interval of the
/// measured share, at 99.9% confidence, is below it. The report names the label and its
/// measured share. A share below the requirement but within the interval passes: too few cases
/// to be sure is not a failure; run more cases to be stricter.
///
///     let failure = check("disabled is common", Gen.controlState(in: .system), cases: 500) {
///         state in
///         cover(90, state.contains(.disabled), "disabled")
///         return true
///     }
///     failure?.report.reason.hasPrefix("\"disabled\" covered")  // true
///
/// A percentage outside 0...100, NaN or an infinity is a mistake in the test, not a trap: the
/// runner stops at the first case that gives one and returns a failure without a counterexample
/// whose report gives up, naming the label and the percentage.
///
///     let failure = check("typo", Gen.bool, cases: 10) { heads in
///         cover(500, heads, "heads")
///         return true
///     }
///     failure?.report.reason.hasPrefix("cover(_:_:_:) was given the percentage 500.0")  // true
///
/// - Parameters:
///   - percentage: The least share of cases, from 0 to 100.
///   - condition: Whether the case gets the label.
///   - label: The label.
public func cover(_ percentage: Double, _ condition: Bool, _ label: String) {
  guard let context = _PropertyContext.current else { return }
  // `contains` is false for NaN too.
  guard (0...100).contains(percentage) else {
    if context.problem == nil {
      context.problem =
        "cover(_:_:_:) was given the percentage \(percentage) for \"\(label)\"; a percentage is from 0 to 100"
    }
    return
  }
  if context.requiredLabels.insert(label).inserted {
    context.requirements.append((label, percentage))
  }
  if condition { context.labels.append(label) }
}

/// How a run's cases were distributed: the labels of ``collect(_:)`` and ``cover(_:_:_:)``,
/// the coverage required, and the lengths of action sequences of ``StateMachine`` runs.
///
///     let outcome = checkWithStatistics("halves", Gen.int(in: 0...9), cases: 100) { number in
///         if number < 5 { collect("low") }
///         return true
///     }
///     outcome.statistics.cases  // 100
///     print(outcome.statistics)
///     // 100 cases
///     //  53.0% low
public struct PropertyStatistics: Hashable, Sendable, CustomStringConvertible {
  /// The number of cases counted: those that passed, and a failing one.
  ///
  ///     let outcome = checkWithStatistics("all", Gen.bool, cases: 10) { _ in true }
  ///     outcome.statistics.cases  // 10
  public internal(set) var cases = 0

  /// The number of cases discarded by ``assume(_:)``.
  ///
  ///     let outcome = checkWithStatistics("all", Gen.bool, cases: 10) { _ in true }
  ///     outcome.statistics.discarded  // 0
  public internal(set) var discarded = 0

  /// How many cases got each label.
  ///
  ///     let outcome = checkWithStatistics("coin", Gen.bool, cases: 10) { heads in
  ///         collect(heads ? "heads" : "tails")
  ///         return true
  ///     }
  ///     outcome.statistics.labels.values.reduce(0, +)  // 10
  public internal(set) var labels: [String: Int] = [:]

  /// The required percentage of each label given to ``cover(_:_:_:)``.
  ///
  ///     let outcome = checkWithStatistics("coin", Gen.bool, cases: 10) { heads in
  ///         cover(10, heads, "heads")
  ///         return true
  ///     }
  ///     outcome.statistics.required["heads"]  // 10
  public internal(set) var required: [String: Double] = [:]

  /// How many action sequences had each length, for ``StateMachine`` runs.
  ///
  ///     let outcome = checkWithStatistics("coin", Gen.bool, cases: 10) { _ in true }
  ///     outcome.statistics.lengths.isEmpty  // true
  public internal(set) var lengths: [Int: Int] = [:]

  /// How many action sequences had each longest run of one action (`[a, b, b, b]` has a
  /// longest run of 3), for ``StateMachine`` runs: what swarm testing raises.
  ///
  ///     let outcome = checkWithStatistics("coin", Gen.bool, cases: 10) { _ in true }
  ///     outcome.statistics.longestRuns.isEmpty  // true
  public internal(set) var longestRuns: [Int: Int] = [:]

  /// The share of action sequences, from 0 to 1, with a run of at least `length` of one
  /// action; 0 when the run had no action sequences.
  ///
  /// - Parameter length: The run length, such as 5.
  /// - Returns: The share of sequences whose longest run of one action is at least `length`.
  func shareOfRuns(atLeast length: Int) -> Double {
    let total = longestRuns.values.reduce(0, +)
    guard total > 0 else { return 0 }
    return Double(longestRuns.filter { $0.key >= length }.values.reduce(0, +)) / Double(total)
  }

  /// The number of cases that got a label.
  ///
  /// - Parameter label: The label.
  /// - Returns: The number of cases, 0 for a label never given.
  func count(of label: String) -> Int {
    labels[label, default: 0]
  }

  /// The share of cases that got a label, from 0 to 1.
  ///
  /// - Parameter label: The label.
  /// - Returns: The share; 0 when no case was counted.
  func share(of label: String) -> Double {
    cases == 0 ? 0 : Double(count(of: label)) / Double(cases)
  }

  /// Empty statistics, before any case.
  init() {}

  mutating func record(_ context: _PropertyContext) {
    cases += 1
    var seen: Set<String> = []
    for label in context.labels where seen.insert(label).inserted {
      labels[label, default: 0] += 1
    }
    for (label, share) in context.requirements where required[label] == nil {
      required[label] = share
    }
    if let length = context.length { lengths[length, default: 0] += 1 }
    if let run = context.longestRun { longestRuns[run, default: 0] += 1 }
  }

  /// The Wilson score interval of a label's share, at the z-score `z`.
  func interval(of label: String, z: Double) -> ClosedRange<Double> {
    let n = Double(cases)
    guard n > 0 else { return 0...1 }
    let p = share(of: label)
    let denominator = 1 + z * z / n
    let centre = (p + z * z / (2 * n)) / denominator
    let margin = z * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot() / denominator
    return max(0, centre - margin)...min(1, centre + margin)
  }

  /// The z-score of a two-sided 99.9% confidence interval.
  static let confidenceZ = 3.2905

  /// The first label whose required coverage is not met with confidence, with the reason.
  func unmetCoverage() -> String? {
    for (label, percentage) in required.sorted(by: { $0.key < $1.key }) {
      // A label every case got meets any requirement, 100% included, which the interval's
      // upper bound may miss by a rounding error.
      guard count(of: label) < cases else { continue }
      let bound = interval(of: label, z: Self.confidenceZ).upperBound
      if bound * 100 < percentage {
        return
          "\"\(label)\" covered \(Self.percent(share(of: label))) of cases (\(count(of: label)) of \(cases)), less than the \(Self.percent(percentage / 100)) required (at 99.9% confidence at most \(Self.percent(bound)))"
      }
    }
    return nil
  }

  /// A share from 0 to 1 as a percentage to a tenth (`0.125` is `12.5%`); a value no `Int`
  /// holds in tenths (NaN, an infinity) prints as Swift prints the number.
  static func percent(_ share: Double) -> String {
    guard let tenths = Int(exactly: (share * 1000).rounded()) else { return "\(share * 100)%" }
    return "\(tenths / 10).\(tenths % 10)%"
  }

  /// The statistics as text: the number of cases, each label's share (most common first, with
  /// the required share when there is one), and the lengths of action sequences.
  ///
  ///     let outcome = checkWithStatistics("all", Gen.bool, cases: 10) { _ in true }
  ///     print(outcome.statistics)  // 10 cases
  public var description: String {
    var lines = ["\(cases) \(cases == 1 ? "case" : "cases")"]
    if discarded > 0 { lines[0] += ", \(discarded) discarded" }
    let labelled = labels.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    var names = Set(labels.keys)
    for (label, _) in labelled {
      var line = "\(Self.percent(share(of: label)).leftPadded(to: 6)) \(label)"
      if let percentage = required[label] {
        line += " (required \(Self.percent(percentage / 100)))"
      }
      lines.append(line)
    }
    for (label, percentage) in required.sorted(by: { $0.key < $1.key })
    where names.insert(label).inserted {
      lines.append("  0.0% \(label) (required \(Self.percent(percentage / 100)))")
    }
    if !lengths.isEmpty {
      lines.append("Lengths of action sequences:")
      let buckets: [ClosedRange<Int>] = [
        0...0, 1...4, 5...9, 10...19, 20...49, 50...99, 100...Int.max,
      ]
      for bucket in buckets {
        let count = lengths.filter { bucket.contains($0.key) }.values.reduce(0, +)
        guard count > 0 else { continue }
        let name =
          bucket.count == 1
          ? "\(bucket.lowerBound)"
          : bucket.upperBound == .max
            ? "\(bucket.lowerBound)+" : "\(bucket.lowerBound)-\(bucket.upperBound)"
        let share = Self.percent(Double(count) / Double(max(cases, 1)))
        lines.append("\(share.leftPadded(to: 6)) \(name)")
      }
    }
    if !longestRuns.isEmpty {
      lines.append(
        "\(Self.percent(shareOfRuns(atLeast: 5)).leftPadded(to: 6)) of sequences have a run of 5 or more of one action"
      )
    }
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}

/// The outcome of a property run: `failure`, the failure if there is one (`nil` when every
/// case passed and the required coverage was met), and `statistics`, how the counted cases
/// were distributed either way.
///
///     let outcome = checkWithStatistics("all", Gen.bool, cases: 10) { _ in true }
///     outcome.failure == nil  // true
///     outcome.statistics.cases  // 10
public typealias PropertyOutcome<Value> = (
  failure: PropertyFailure<Value>?, statistics: PropertyStatistics
)

/// Runs a property like ``check(_:_:cases:seed:maxShrinks:_:)`` and returns the statistics of
/// its cases as well as the failure.
///
///     let outcome = checkWithStatistics("coin", Gen.bool, cases: 100) { heads in
///         if heads { collect("heads") }
///         return true
///     }
///     outcome.statistics.cases  // 100
///
/// - Parameters:
///   - name: The property's name, for the report.
///   - generator: The generator of cases.
///   - cases: The number of cases that must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try.
///   - property: Whether a case passes; throwing fails it, with the error in the report.
/// - Returns: The failure, if any, and the statistics.
public func checkWithStatistics<Value>(
  _ name: String, _ generator: Generator<Value>, cases: Int = 2_000, seed: UInt64? = nil,
  maxShrinks: Int = 5_000, _ property: (Value) throws -> Bool
) -> PropertyOutcome<Value> {
  withoutActuallyEscaping(property) { property in
    _Runner(name: name, generator: generator, property: property)
      .runWithStatistics(cases: cases, seed: seed, maxShrinks: maxShrinks)
  }
}
