extension Law {
  /// The laws every option set must obey, checked on triples of generated values: union,
  /// intersection and symmetric difference commute and associate, they distribute and absorb,
  /// the empty set is their identity, the relations agree with the operations, and `insert`,
  /// `remove`, `update` and the `form…` methods agree with the operations and return what
  /// `OptionSet` documents.
  ///
  ///     forAll(Law.setAlgebra(Gen.controlState(in: ControlState(rawValue: .max), count: 0...64)))
  ///
  /// - Parameter generator: The generator of values; include the empty set and wide values.
  /// - Returns: 23 laws.
  public static func setAlgebra<S: OptionSet & Sendable>(_ generator: Generator<S>) -> [Law]
  where S.Element == S {
    let triples = Gen.zip(generator, generator, generator)
    func law(_ name: String, _ holds: @escaping @Sendable (S, S, S) -> Bool) -> Law {
      Law(name, triples) { holds($0.0, $0.1, $0.2) }
    }
    let empty = S()
    return [
      law("union commutes") { a, b, _ in a.union(b) == b.union(a) },
      law("intersection commutes") { a, b, _ in a.intersection(b) == b.intersection(a) },
      law("symmetric difference commutes") { a, b, _ in
        a.symmetricDifference(b) == b.symmetricDifference(a)
      },
      law("union associates") { a, b, c in a.union(b).union(c) == a.union(b.union(c)) },
      law("intersection associates") { a, b, c in
        a.intersection(b).intersection(c) == a.intersection(b.intersection(c))
      },
      law("symmetric difference associates") { a, b, c in
        a.symmetricDifference(b).symmetricDifference(c)
          == a.symmetricDifference(b.symmetricDifference(c))
      },
      law("intersection distributes over union") { a, b, c in
        a.intersection(b.union(c)) == a.intersection(b).union(a.intersection(c))
      },
      law("union distributes over intersection") { a, b, c in
        a.union(b.intersection(c)) == a.union(b).intersection(a.union(c))
      },
      law("the empty set is the identity of union") { a, _, _ in a.union(empty) == a },
      law("the empty set annihilates intersection") { a, _, _ in a.intersection(empty) == empty },
      law("union and intersection are idempotent") { a, _, _ in
        a.union(a) == a && a.intersection(a) == a
      },
      law("symmetric difference with itself is empty") { a, _, _ in
        a.symmetricDifference(a) == empty && a.symmetricDifference(a).isEmpty
      },
      law("every set contains the empty set; isEmpty means equal to it") { a, _, _ in
        a.contains(empty) && a.isEmpty == (a == empty)
      },
      law("union absorbs intersection, intersection absorbs union") { a, b, _ in
        a.union(a.intersection(b)) == a && a.intersection(a.union(b)) == a
      },
      law("subset iff union is the superset") { a, b, _ in
        a.isSubset(of: b) == (a.union(b) == b) && b.isSuperset(of: a) == a.isSubset(of: b)
      },
      law("strict subset iff subset and different") { a, b, _ in
        a.isStrictSubset(of: b) == (a.isSubset(of: b) && a != b)
      },
      law("disjoint iff intersection is empty") { a, b, _ in
        a.isDisjoint(with: b) == a.intersection(b).isEmpty
      },
      law("subtracting keeps exactly the bits the other lacks") { a, b, _ in
        let difference = a.subtracting(b)
        return difference.isDisjoint(with: b) && difference.union(a.intersection(b)) == a
      },
      law("insert returns whether it changed the set, and the member") { a, b, _ in
        var set = a
        let (inserted, member) = set.insert(b)
        return set == a.union(b) && inserted == !a.contains(b)
          && member == (a.contains(b) ? a.intersection(b) : b)
      },
      law("remove returns the common part, or nil") { a, b, _ in
        var set = a
        let removed = set.remove(b)
        let common = a.intersection(b)
        return set == a.subtracting(b) && removed == (common.isEmpty ? nil : common)
      },
      law("update returns the common part, or nil") { a, b, _ in
        var set = a
        let old = set.update(with: b)
        let common = a.intersection(b)
        return set == a.union(b) && old == (common.isEmpty ? nil : common)
      },
      law("formUnion, formIntersection, formSymmetricDifference and subtract match") { a, b, _ in
        var union = a
        union.formUnion(b)
        var intersection = a
        intersection.formIntersection(b)
        var difference = a
        difference.formSymmetricDifference(b)
        var subtracted = a
        subtracted.subtract(b)
        return union == a.union(b) && intersection == a.intersection(b)
          && difference == a.symmetricDifference(b) && subtracted == a.subtracting(b)
      },
      law("a set made of elements is their union") { a, b, c in
        S([a, b, c]) == a.union(b).union(c) && S([]) == empty
      },
    ]
  }
}
