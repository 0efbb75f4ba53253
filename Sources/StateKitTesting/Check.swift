/// Runs a property over generated values and returns the shrunk failure, recording nothing.
///
/// Use it from XCTest, or to make assertions about a failure. It runs `cases` cases, stops at
/// the first failure, shrinks it, and returns the counterexample with its report; `nil` means
/// every case passed. The seed is `seed`, else `STATEKIT_SEED`, else 0x5EED
/// (``PropertySeed``).
///
///     import XCTest
///
///     final class UnionTests: XCTestCase {
///         func testUnionCommutes() {
///             let states = Gen.controlState()
///             if let failure = check("union commutes", Gen.zip(states, states), { a, b in
///                 a.union(b) == b.union(a)
///             }) {
///                 XCTFail(failure.description)
///             }
///         }
///     }
///
/// The property returns `false` or throws to fail. Do not call `#expect` or `XCTAssert` inside
/// it: it runs once per case and once per shrink candidate.
///
/// - Parameters:
///   - name: The property's name, for the report.
///   - generator: The generator of cases.
///   - cases: The number of cases that must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try.
///   - property: Whether a case passes; throwing fails it, with the error in the report.
/// - Returns: The failure, or `nil` when every case passed.
public func check<Value>(
  _ name: String, _ generator: Generator<Value>, cases: Int = 2_000, seed: UInt64? = nil,
  maxShrinks: Int = 5_000, _ property: (Value) throws -> Bool
) -> PropertyFailure<Value>? {
  withoutActuallyEscaping(property) { property in
    _Runner(name: name, generator: generator, property: property)
      .run(cases: cases, seed: seed, maxShrinks: maxShrinks)
  }
}
