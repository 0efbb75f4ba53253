import StateKitCore

extension Gen {
  /// Selectors whose required and excluded states come from `states`, shrinking towards plain
  /// selectors with few, named bits.
  ///
  /// About one selector in three excludes states. Counterexamples print in the selector text
  /// format with `catalog`.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     let selectors = Gen.selector(catalog: catalog)
  ///     // normal, selected | !disabled, highlighted | visited, …
  ///
  /// - Parameters:
  ///   - states: The generator of required states, and of excluded states.
  ///   - catalog: The catalog that describes counterexamples.
  public static func selector(
    states: Generator<ControlState> = controlState(count: 0...3),
    catalog: StateCatalog = StateCatalog()
  ) -> Generator<StateSelector> {
    Generator<StateSelector> { (stream) throws(_GenerationStop) in
      let required = try states._generate(&stream)
      let excludes = try stream.draw(below: 2) { random -> UInt64 in
        random.uniform(below: UInt64(3)) == 0 ? 1 : 0
      }
      let excluded = excludes == 1 ? try states._generate(&stream) : .normal
      return StateSelector(required, unless: excluded)
    }.described { catalog.description(of: $0) }
  }

  /// The entries of a table, with distinct selectors, shrinking towards fewer and simpler
  /// entries.
  ///
  ///     let entries = Gen.entries(values: Gen.int(in: 0...9))
  ///     // [highlighted: 3, normal: 0], …
  ///
  /// Make the table in the property, and a counterexample prints its entries with the catalog;
  /// `map` gives a generator of tables, whose counterexamples print as the table does.
  ///
  ///     let entries = Gen.entries(values: Gen.int(in: 0...9))
  ///     forAll("a table keeps every entry", entries) { entries in
  ///         StateTable(entries.map { ($0.selector, $0.value) }).entries.count == entries.count
  ///     }
  ///     let tables = entries.map { StateTable($0.map { ($0.selector, $0.value) }) }
  ///
  /// - Parameters:
  ///   - values: The generator of values.
  ///   - selectors: The generator of selectors; an entry whose selector came before is dropped.
  ///   - count: How many entries to draw.
  ///   - catalog: The catalog that describes counterexamples.
  public static func entries<Value>(
    values: Generator<Value>, selectors: Generator<StateSelector> = selector(),
    count: ClosedRange<Int> = 0...8, catalog: StateCatalog = StateCatalog()
  ) -> Generator<[StateTable<Value>.Entry]> {
    let pair = zip(selectors, values)
    return pair.array(count: count).map { pairs in
      var seen: Set<StateSelector> = []
      return pairs.compactMap { selector, value in
        seen.insert(selector).inserted ? StateTable.Entry(selector: selector, value: value) : nil
      }
    }.described { entries in
      "["
        + entries.map { catalog.description(of: $0.selector) + ": " + values.describe($0.value) }
        .joined(separator: ", ") + "]"
    }
  }
}
