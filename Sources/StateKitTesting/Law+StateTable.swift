import StateKitCore

extension Law {
  /// Tables filled in any order are equal and resolve every state alike.
  ///
  /// Each case builds one table from generated entries and another by assigning the same
  /// entries in a shuffled order, then compares the tables and their resolution of a state
  /// drawn from the entries' bits.
  ///
  ///     forAll([Law.resolveIsOrderIndependent(values: Gen.int(in: 0...9))])
  ///
  /// - Parameters:
  ///   - values: The generator of values.
  ///   - catalog: The names of declared states, used by the generators and the report.
  /// - Returns: The law.
  public static func resolveIsOrderIndependent<Value: Equatable & Sendable>(
    values: Generator<Value>, catalog: StateCatalog = StateCatalog()
  ) -> Law {
    let cases = Gen.tableCase(values: values, catalog: catalog).flatMap { entries, state in
      Gen.shuffled(entries).map { (entries, $0, state) }
    }.described { entries, shuffled, state in
      let describe = Gen.entries(values: values, catalog: catalog)
      return "entries \(describe.describe(entries)), assigned as \(describe.describe(shuffled)), "
        + "state \(catalog.description(of: state))"
    }
    return Law("resolve does not depend on the order of the entries", cases) {
      entries, shuffled, state in
      let built = StateTable(entries.map { ($0.selector, $0.value) })
      var assigned = StateTable<Value>()
      for entry in shuffled { assigned[entry.selector] = entry.value }
      return built == assigned && built.resolve(state) == assigned.resolve(state)
    }
  }

  /// A table resolves every state as a reference resolver does.
  ///
  /// The reference receives the generated entries, in generation order, and a state drawn from
  /// their bits. Write it as plainly as the rule reads; a disagreement shrinks to a few entries
  /// and a state of a few named bits.
  ///
  ///     let law = Law.resolveAgrees(with: { entries, state in
  ///         entries.filter { $0.selector.matches(state) }
  ///             .max { StatePrecedence.standard.outranks($1.selector, $0.selector) }?.value
  ///     }, values: Gen.int(in: 0...9))
  ///     forAll([law])
  ///
  /// - Parameters:
  ///   - reference: The expected winner's value for entries and a state, or `nil`.
  ///   - values: The generator of values.
  ///   - catalog: The names of declared states, used by the generators and the report.
  /// - Returns: The law.
  public static func resolveAgrees<Value: Equatable & Sendable>(
    with reference: @escaping @Sendable ([StateTable<Value>.Entry], ControlState) -> Value?,
    values: Generator<Value>, catalog: StateCatalog = StateCatalog()
  ) -> Law {
    Law("resolve agrees with the reference", Gen.tableCase(values: values, catalog: catalog)) {
      entries, state in
      StateTable(entries.map { ($0.selector, $0.value) }).resolve(state)
        == reference(entries, state)
    }
  }
}

extension Gen {
  /// Table entries and a state made of their bits and the catalog's names.
  ///
  ///     let cases = Gen.tableCase(values: Gen.int(in: 0...9))
  ///     // ([highlighted: 0, visited: 1], highlighted | visited), …
  ///
  /// - Parameters:
  ///   - values: The generator of values.
  ///   - catalog: The names of declared states, used by the generators and the report.
  public static func tableCase<Value: Sendable>(
    values: Generator<Value>, catalog: StateCatalog = StateCatalog()
  ) -> Generator<([StateTable<Value>.Entry], ControlState)> {
    let selectors = selector(states: controlState(catalog: catalog, count: 0...3), catalog: catalog)
    let entries = entries(values: values, selectors: selectors, catalog: catalog)
    return entries.flatMap { entries in
      let relevant = entries.reduce(catalog.namedBits) {
        $0.union($1.selector.required).union($1.selector.excluded)
      }
      return controlState(in: relevant, catalog: catalog, count: 0...6).map { (entries, $0) }
    }.described { entries.describe($0.0) + ", " + catalog.description(of: $0.1) }
  }
}
