import Testing

/// A named property with its generator, ready to check: the unit of the reusable laws.
///
/// StateKitTesting ships laws that a widget author checks in one line: the SetAlgebra laws of an
/// option set (``setAlgebra(_:)``), the text round trip of a catalog
/// (``textRoundTrip(catalog:values:)``), and two laws of tables
/// (``resolveIsOrderIndependent(values:catalog:)``, ``resolveAgrees(with:values:catalog:)``).
///
///     @Test func controlStateIsASetAlgebra() {
///         forAll(Law.setAlgebra(Gen.controlState()))
///     }
///
/// Make your own with ``init(_:_:_:)``.
public struct Law: Sendable, CustomStringConvertible {
  /// The law's name, as reports show it.
  let name: String

  private let _check:
    @Sendable (_ cases: Int, _ seed: UInt64?, _ maxShrinks: Int) -> PropertyReport?

  /// Creates a law: a property that must hold for every generated value.
  ///
  ///     let law = Law("insert then contains", Gen.controlState()) { state in
  ///         var copy = ControlState.normal
  ///         copy.insert(state)
  ///         return copy.contains(state)
  ///     }
  ///
  /// - Parameters:
  ///   - name: The law's name.
  ///   - generator: The generator of cases.
  ///   - holds: Whether the law holds for a case; throwing fails it.
  public init<Value>(
    _ name: String, _ generator: Generator<Value>,
    _ holds: @escaping @Sendable (Value) throws -> Bool
  ) {
    self.name = name
    _check = { cases, seed, maxShrinks in
      StateKitTesting.check(
        name, generator, cases: cases, seed: seed, maxShrinks: maxShrinks, holds)?.report
    }
  }

  /// Checks the law and returns its report if it fails, recording nothing.
  ///
  ///     import XCTest
  ///
  ///     for law in Law.setAlgebra(Gen.controlState()) {
  ///         if let report = law.check() { XCTFail(report.description) }
  ///     }
  ///
  /// - Parameters:
  ///   - cases: The number of cases that must pass.
  ///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
  ///   - maxShrinks: The most shrink candidates to try.
  /// - Returns: The report of the shrunk counterexample, or `nil` when every case passed.
  public func check(cases: Int = 2_000, seed: UInt64? = nil, maxShrinks: Int = 5_000)
    -> PropertyReport?
  {
    _check(cases, seed, maxShrinks)
  }

  /// The law's name, as reports show it.
  ///
  ///     Law("x", Gen.bool) { _ in true }.description           // "x"
  ///     Law.setAlgebra(Gen.controlState()).first?.description  // "union commutes"
  public var description: String { name }
}

/// Checks laws in a Swift Testing test, recording one issue for each law that fails.
///
///     @Test func tablesResolveLikeTheRule() {
///         forAll(Law.setAlgebra(Gen.controlState()), cases: 10_000)
///     }
///
/// - Parameters:
///   - laws: The laws.
///   - cases: The number of cases each law must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try per law.
///   - sourceLocation: Where to record issues.
/// - Returns: The reports of the laws that failed, already recorded.
@discardableResult
public func forAll(
  _ laws: [Law], cases: Int = 2_000, seed: UInt64? = nil, maxShrinks: Int = 5_000,
  sourceLocation: SourceLocation = #_sourceLocation
) -> [PropertyReport] {
  var reports: [PropertyReport] = []
  for law in laws {
    if let report = law.check(cases: cases, seed: seed, maxShrinks: maxShrinks) {
      Issue.record(Comment(rawValue: report.description), sourceLocation: sourceLocation)
      reports.append(report)
    }
  }
  return reports
}
