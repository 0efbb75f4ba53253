import Testing

/// Runs a property over generated cases, shrinks the first failure, and writes the report.
struct _Runner<Value> {
  let name: String
  let generator: Generator<Value>
  let property: (Value) throws -> Bool
  /// Where failures are saved and replayed from first; `nil` saves nothing.
  var saved: _SavedFailures? = nil

  /// The outcome of one case.
  enum Evaluation {
    case passed
    case rejected
    case discarded
    case failed(Value, reason: String, choices: [UInt64], spans: [Range<Int>])
  }

  func evaluate(_ stream: inout _ChoiceStream) -> Evaluation {
    let value: Value
    do {
      value = try generator._generate(&stream)
    } catch {
      return .rejected
    }
    let reason: String
    do {
      if try property(value) { return .passed }
      reason = "returned false"
    } catch is _Discard {
      return .discarded
    } catch let failure as _CheckFailure {
      reason = failure.message
    } catch {
      reason = "threw \(error)"
    }
    return .failed(value, reason: reason, choices: stream.recorded, spans: stream.spans)
  }

  func run(cases: Int, seed: UInt64?, maxShrinks: Int) -> PropertyFailure<Value>? {
    runWithStatistics(cases: cases, seed: seed, maxShrinks: maxShrinks).failure
  }

  func runWithStatistics(
    cases: Int, seed explicitSeed: UInt64?, maxShrinks: Int
  ) -> PropertyOutcome<Value> {
    var statistics = PropertyStatistics()
    func outcome(_ failure: PropertyFailure<Value>?) -> PropertyOutcome<Value> {
      (failure: failure, statistics: statistics)
    }
    let seed: UInt64
    if let explicitSeed {
      seed = explicitSeed
    } else {
      switch PropertySeed.current {
      case .success(let current): seed = current
      case .failure(let report):
        return outcome(
          PropertyFailure(counterexample: nil, firstCounterexample: nil, report: report))
      }
    }
    let replay = Self.replay(seed: seed, explicit: explicitSeed != nil)
    // Saved failures first, before any new case: each is the record of a shrunk counterexample.
    for (index, choices) in (saved?.choices(for: name) ?? []).enumerated() {
      var stream = _ChoiceStream(replaying: choices)
      guard case .failed(let value, let reason, let used, let spans) = evaluate(&stream) else {
        continue
      }
      return outcome(
        shrunkFailure(
          value, reason: reason, choices: used, spans: spans, maxShrinks: maxShrinks, tries: 0,
          seed: seed
        ) { _, _ in
          "saved failure \(index + 1) of this property in \(saved?.path ?? ""), replayed before new cases; delete its line once the bug is fixed"
        })
    }
    // A run that stops with no counterexample: a mistake in the test, or too few valid cases.
    func givingUp(_ problem: String, tries: Int) -> PropertyOutcome<Value> {
      let report = PropertyReport(
        problem: problem, name: name, seed: seed, tries: tries, replay: replay)
      return outcome(PropertyFailure(counterexample: nil, firstCounterexample: nil, report: report))
    }
    var seeds = SplitMix64(seed: seed)
    var tries = 0
    var rejected = 0
    var discarded = 0
    while tries < cases {
      // Sizes grow from 0 to 100 over the first half of the run; discarded cases count too, so
      // that a property that discards every small case still reaches larger ones.
      let size = min(100, (tries + discarded) * 200 / max(cases, 1))
      var stream = _ChoiceStream(random: SplitMix64(seed: seeds.next()), size: size)
      // Labels count the cases of the run, never the shrinker's candidates.
      let context = _PropertyContext()
      let evaluation = _PropertyContext.$current.withValue(context) { evaluate(&stream) }
      if let problem = context.problem {
        // A mistake in the test stops the run before anything it would skew is counted or
        // shrunk; the report gives up, as for too many rejected cases.
        if case .discarded = evaluation {} else { tries += 1 }
        return givingUp(problem, tries: tries)
      }
      switch evaluation {
      case .passed:
        tries += 1
        statistics.record(context)
      case .rejected:
        rejected += 1
        if rejected > max(cases, 100) {
          return givingUp(
            "\(rejected) cases were rejected by filters (or drew more than \(_ChoiceStream.limit) choices) for \(tries) tested; generate valid values directly",
            tries: tries)
        }
      case .discarded:
        discarded += 1
        statistics.discarded = discarded
        if discarded > 10 * max(cases, 10) {
          return givingUp(
            "\(discarded) cases were discarded by assume for \(tries) tested, more than 10 for each case needed; generate valid values directly",
            tries: tries)
        }
      case .failed(let value, let reason, let choices, let spans):
        tries += 1
        statistics.record(context)
        return outcome(
          shrunkFailure(
            value, reason: reason, choices: choices, spans: spans, maxShrinks: maxShrinks,
            tries: tries, seed: seed
          ) { shrunk, counterexample in
            guard let saved, saved.save(name: name, choices: shrunk, counterexample: counterexample)
            else { return replay }
            return replay
              + "; saved to \(saved.path), replayed first on every run until its line is deleted"
          })
      }
    }
    if let unmet = statistics.unmetCoverage() {
      let report = PropertyReport(
        problem: unmet, name: name, seed: seed, tries: tries, replay: replay,
        verdict: "failed its required coverage", statistics: statistics)
      return outcome(PropertyFailure(counterexample: nil, firstCounterexample: nil, report: report))
    }
    return outcome(nil)
  }

  /// Shrinks a failing case and reports it. `replay` gives the report's replay line from the
  /// shrunk case's choices and its description (a new failure saves them there).
  private func shrunkFailure(
    _ value: Value, reason: String, choices: [UInt64], spans: [Range<Int>], maxShrinks: Int,
    tries: Int, seed: UInt64, replay: (_ choices: [UInt64], _ counterexample: String) -> String
  ) -> PropertyFailure<Value> {
    var shrinker = _Shrinker(
      runner: self, value: value, reason: reason, choices: choices, spans: spans,
      budget: maxShrinks)
    shrinker.shrink()
    let counterexample = generator.describe(shrinker.value)
    let report = PropertyReport(
      name: name, counterexample: counterexample, firstCounterexample: generator.describe(value),
      reason: shrinker.reason, tries: tries, shrinks: shrinker.shrinks,
      shrinkAttempts: shrinker.attempts, seed: seed,
      replay: replay(shrinker.choices, counterexample))
    return PropertyFailure(
      counterexample: shrinker.value, firstCounterexample: value, report: report)
  }

  /// The command that replays a run: the environment variable, and the current Swift Testing
  /// test as a filter when there is one.
  static func replay(seed: UInt64, explicit: Bool) -> String {
    if explicit { return "the seed is fixed in code (seed: \(seed)); run the test again" }
    var command = "\(PropertySeed.environmentVariable)=\(seed) swift test"
    if let test = Test.current {
      // The ID ends with the test's source location, which --filter does not need.
      var parts = "\(test.id)".split(separator: "/", omittingEmptySubsequences: false)
      if let last = parts.last, last.contains(".swift:") { parts.removeLast() }
      command += " --filter \"\(parts.joined(separator: "/"))\""
    }
    return command
  }
}
