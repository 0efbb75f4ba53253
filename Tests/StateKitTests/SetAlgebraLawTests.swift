import StateKit
import Testing

/// The SetAlgebra laws, each over 10,000 seeded random triples of states.
@Suite("SetAlgebra laws")
struct SetAlgebraLawTests {
  /// Runs a law over random triples and reports the first triple that breaks it.
  func law(
    _ name: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ holds: (ControlState, ControlState, ControlState) -> Bool
  ) {
    Property.check(name, sourceLocation: sourceLocation) { rng in
      let a = ControlState.arbitrary(using: &rng)
      let b = ControlState.arbitrary(using: &rng)
      let c = ControlState.arbitrary(using: &rng)
      return holds(a, b, c)
        ? nil : "a=\(a.debugDescription) b=\(b.debugDescription) c=\(c.debugDescription)"
    }
  }

  @Test func commutativity() {
    law("union commutes") { a, b, _ in a.union(b) == b.union(a) }
    law("intersection commutes") { a, b, _ in a.intersection(b) == b.intersection(a) }
    law("symmetric difference commutes") { a, b, _ in
      a.symmetricDifference(b) == b.symmetricDifference(a)
    }
  }

  @Test func associativity() {
    law("union associates") { a, b, c in a.union(b).union(c) == a.union(b.union(c)) }
    law("intersection associates") { a, b, c in
      a.intersection(b).intersection(c) == a.intersection(b.intersection(c))
    }
    law("symmetric difference associates") { a, b, c in
      a.symmetricDifference(b).symmetricDifference(c)
        == a.symmetricDifference(b.symmetricDifference(c))
    }
  }

  @Test func distributivity() {
    law("intersection distributes over union") { a, b, c in
      a.intersection(b.union(c)) == a.intersection(b).union(a.intersection(c))
    }
    law("union distributes over intersection") { a, b, c in
      a.union(b.intersection(c)) == a.union(b).intersection(a.union(c))
    }
  }

  @Test func identityAndIdempotence() {
    law("normal is the identity of union") { a, _, _ in a.union(.normal) == a && a.union([]) == a }
    law("normal annihilates intersection") { a, _, _ in a.intersection(.normal) == .normal }
    law("union is idempotent") { a, _, _ in a.union(a) == a }
    law("intersection is idempotent") { a, _, _ in a.intersection(a) == a }
    law("symmetric difference with itself is normal") { a, _, _ in a.symmetricDifference(a).isNormal
    }
    law("every state contains normal") { a, _, _ in a.contains(.normal) }
    law("isNormal is isEmpty") { a, _, _ in
      a.isNormal == a.isEmpty && a.isNormal == (a.rawValue == 0)
    }
  }

  @Test func absorption() {
    law("union absorbs intersection") { a, b, _ in a.union(a.intersection(b)) == a }
    law("intersection absorbs union") { a, b, _ in a.intersection(a.union(b)) == a }
  }

  @Test func relations() {
    law("subset iff union is the superset") { a, b, _ in a.isSubset(of: b) == (a.union(b) == b) }
    law("disjoint iff intersection is normal") { a, b, _ in
      a.isDisjoint(with: b) == a.intersection(b).isNormal
    }
    law("subtracting removes exactly the other's bits") { a, b, _ in
      a.subtracting(b) == a.intersection(ControlState(rawValue: ~b.rawValue))
    }
    law("bit operations match raw values") { a, b, _ in
      a.union(b).rawValue == a.rawValue | b.rawValue
        && a.intersection(b).rawValue == a.rawValue & b.rawValue
        && a.symmetricDifference(b).rawValue == a.rawValue ^ b.rawValue
    }
  }

  @Test func insertRemoveUpdateResults() {
    law("insert") { a, b, _ in
      var s = a
      let (inserted, member) = s.insert(b)
      let expected = a.contains(b) ? (false, a.intersection(b)) : (true, b)
      return s == a.union(b) && inserted == expected.0 && member == expected.1
    }
    law("remove") { a, b, _ in
      var s = a
      let removed = s.remove(b)
      let common = a.intersection(b)
      return s == a.subtracting(b) && removed == (common.isNormal ? nil : common)
    }
    law("update") { a, b, _ in
      var s = a
      let old = s.update(with: b)
      let common = a.intersection(b)
      return s == a.union(b) && old == (common.isNormal ? nil : common)
    }
    law("formUnion, formIntersection and formSymmetricDifference match their results") { a, b, _ in
      var u = a
      u.formUnion(b)
      var i = a
      i.formIntersection(b)
      var x = a
      x.formSymmetricDifference(b)
      var d = a
      d.subtract(b)
      return u == a.union(b) && i == a.intersection(b) && x == a.symmetricDifference(b)
        && d == a.subtracting(b)
    }
  }
}
