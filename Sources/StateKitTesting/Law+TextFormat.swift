import StateKit

extension Law {
  /// The laws of a catalog's text format: every state and every selector prints as text that
  /// parses back to it, and the text names exactly the named bits.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     forAll(Law.textRoundTrip(catalog: catalog))
  ///
  /// - Parameters:
  ///   - catalog: The catalog whose format is checked.
  ///   - states: The generator of states; by default all 64 bits, named ones first.
  /// - Returns: 3 laws.
  public static func textRoundTrip(
    catalog: StateCatalog, states: Generator<ControlState>? = nil
  ) -> [Law] {
    let states =
      states
      ?? Gen.frequency(
        (4, Gen.controlState(in: [.system, .application], catalog: catalog, count: 0...6)),
        (1, Gen.controlState(in: ControlState(rawValue: .max), catalog: catalog, count: 0...64)))
    let names = Set(catalog.entries.map(\.name))
    return [
      Law("parse(description(of: state)) == state", states) { state in
        try catalog.parse(catalog.description(of: state)) == state
      },
      Law(
        "parseSelector(description(of: selector)) == selector",
        Gen.selector(states: states, catalog: catalog)
      ) {
        selector in
        try catalog.parseSelector(catalog.description(of: selector)) == selector
      },
      Law("the text names the named bits, one name each", states) { state in
        let tokens = catalog.description(of: state).split(separator: "|").map {
          String($0.filter { $0 != " " })
        }
        let named = tokens.filter { names.contains($0) }
        let expected = state.subtracting(catalog.unnamedBits(in: state)).memberCount
        return named.count == expected && Set(named).count == named.count
      },
    ]
  }
}
