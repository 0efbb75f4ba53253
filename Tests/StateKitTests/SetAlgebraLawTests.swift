import StateKit
import StateKitTesting
import Testing

/// The SetAlgebra laws, run on ControlState's own members over 10,000 generated triples each,
/// and what ControlState adds: `normal` is the empty state and the operations are bitwise.
@Suite("SetAlgebra laws")
struct SetAlgebraLawTests {
  @Test func controlStateObeysTheSetAlgebraLaws() {
    let laws = Law.setAlgebra(Gen.anyState)
    #expect(laws.count == 23)
    forAll(laws, cases: 10_000)
  }

  @Test func normalIsTheEmptyState() {
    forAll("normal is the empty state", Gen.anyState, cases: 10_000) { a in
      a.union(.normal) == a && a.intersection(.normal) == .normal && a.contains(.normal)
        && a.symmetricDifference(a).isNormal && a.isNormal == a.isEmpty
        && a.isNormal == (a.rawValue == 0) && a.union([]) == a
    }
  }

  @Test func operationsAreBitwise() {
    forAll("operations match the raw values", Gen.anyState, Gen.anyState, cases: 10_000) { a, b in
      a.union(b).rawValue == a.rawValue | b.rawValue
        && a.intersection(b).rawValue == a.rawValue & b.rawValue
        && a.symmetricDifference(b).rawValue == a.rawValue ^ b.rawValue
        && a.subtracting(b) == a.intersection(ControlState(rawValue: ~b.rawValue))
        && a.memberCount == a.rawValue.nonzeroBitCount
    }
  }
}
