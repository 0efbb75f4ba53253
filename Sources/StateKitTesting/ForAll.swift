import Testing

/// Checks a property over generated values in a Swift Testing test, recording one issue if it
/// fails.
///
/// It runs `cases` cases, stops at the first failure, shrinks it, and records a single issue
/// with the shrunk counterexample in the state text format, the number of tries and shrinks,
/// and the exact command that replays the run. Cases are the same on every run unless
/// `STATEKIT_SEED` says otherwise (see ``PropertySeed``).
///
///     @Test func unionCommutes() {
///         let states = Gen.controlState(in: [.system, .application])
///         forAll("union commutes", Gen.zip(states, states)) { a, b in a.union(b) == b.union(a) }
///     }
///
/// Several values come from one generator of tuples, ``Gen/zip(_:_:)`` or
/// ``Gen/zip(_:_:_:)``; the property takes the tuple's elements as its parameters.
///
/// The property returns `false` or throws to fail. Do not call `#expect` inside it: it runs once
/// per case and once per shrink candidate. From XCTest, use
/// ``check(_:_:cases:seed:maxShrinks:_:)``.
///
/// - Parameters:
///   - name: The property's name, for the report.
///   - generator: The generator of cases.
///   - cases: The number of cases that must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try.
///   - saveFailures: Whether a failing case is saved to `StateKitFailures.txt` in the test
///     file's directory (the choices that generate it) and replayed first on every later run,
///     before new cases, until its line is deleted; `STATEKIT_SAVED_FAILURES=off` turns it
///     off for a whole run.
///   - filePath: The test file, whose directory holds the saved failures.
///   - sourceLocation: Where to record the issue.
///   - property: Whether a case passes; throwing fails it, with the error in the report.
/// - Returns: The failure, already recorded, or `nil` when every case passed.
@discardableResult
public func forAll<Value>(
  _ name: String, _ generator: Generator<Value>, cases: Int = 2_000, seed: UInt64? = nil,
  maxShrinks: Int = 5_000, saveFailures: Bool = true, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ property: (Value) throws -> Bool
) -> PropertyFailure<Value>? {
  let outcome = withoutActuallyEscaping(property) { property in
    var runner = _Runner(name: name, generator: generator, property: property)
    runner.saved = _SavedFailures.file(testFile: filePath, enabled: saveFailures)
    return runner.runWithStatistics(cases: cases, seed: seed, maxShrinks: maxShrinks)
  }
  if let failure = outcome.failure {
    Issue.record(Comment(rawValue: failure.report.description), sourceLocation: sourceLocation)
  } else if !outcome.statistics.labels.isEmpty || !outcome.statistics.required.isEmpty {
    // Labelled runs print their distribution, as QuickCheck does.
    print("Property \"\(name)\" passed:\n\(outcome.statistics)")
  }
  return outcome.failure
}
