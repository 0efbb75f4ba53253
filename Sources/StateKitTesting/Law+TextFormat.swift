import StateKitCore

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
    return textRoundTrip(catalog: catalog, values: states)
      + [
        Law(
          "parseSelector(description(of: selector)) == selector",
          Gen.selector(states: states, catalog: catalog)
        ) {
          selector in
          try catalog.parseSelector(catalog.description(of: selector)) == selector
        }
      ]
  }

  /// The laws of an event catalog's text format: every value prints as text that parses back
  /// to it, and the text names exactly the named bits, as for states.
  ///
  ///     var catalog = EventCatalog()
  ///     _ = try catalog.declare("longPress", applicationBit: 0)
  ///     forAll(Law.textRoundTrip(catalog: catalog))
  ///
  /// - Parameters:
  ///   - catalog: The catalog whose format is checked.
  ///   - events: The generator of events; by default all 64 bits, named ones first.
  /// - Returns: 2 laws.
  public static func textRoundTrip(
    catalog: EventCatalog, events: Generator<ControlEvents>? = nil
  ) -> [Law] {
    textRoundTrip(catalog: catalog, values: events)
  }

  /// The laws of any layout's catalog's text format: every value prints as text that parses
  /// back to it, and the text names exactly the named bits.
  ///
  ///     var catalog = EventCatalog()
  ///     _ = try catalog.declare("longPress", applicationBit: 0)
  ///     forAll(Law.textRoundTrip(catalog: catalog, values: Gen.bitSet(catalog: catalog)))
  ///
  /// - Parameters:
  ///   - catalog: The catalog whose format is checked.
  ///   - values: The generator of values; by default all 64 bits, named ones first.
  /// - Returns: 2 laws.
  public static func textRoundTrip<Bits: LayoutBitSet>(
    catalog: BitCatalog<Bits>, values: Generator<Bits>? = nil
  ) -> [Law] {
    let values =
      values
      ?? Gen.frequency(
        (4, Gen.bitSet(catalog: catalog, count: 0...6)),
        (1, Gen.bitSet(in: Bits(rawValue: .max), catalog: catalog, count: 0...64)))
    let names = Set(catalog.entries.map(\.name))
    let noun = Bits.layout.noun
    return [
      Law("parse(description(of: \(noun))) == \(noun)", values) { value in
        try catalog.parse(catalog.description(of: value)) == value
      },
      Law("the text names the named bits, one name each", values) { value in
        let tokens = catalog.description(of: value).split(separator: "|").map {
          String($0.filter { $0 != " " })
        }
        let named = tokens.filter { names.contains($0) }
        let expected = value.subtracting(catalog.unnamedBits(in: value)).rawValue.nonzeroBitCount
        return named.count == expected && Set(named).count == named.count
      },
    ]
  }

  /// The laws of a `Codable` value through a coder the caller chooses (such as JSON): a value
  /// decodes from its encoding, and from its text where the type reads text.
  ///
  ///     import Foundation
  ///
  ///     let laws = Law.codableRoundTrip(
  ///         Gen.bitSet(in: ControlEvents.allEvents),
  ///         encode: { Array(try JSONEncoder().encode($0)) },
  ///         decode: { try JSONDecoder().decode(ControlEvents.self, from: Data($0)) },
  ///         text: { Array("\"\($0)\"".utf8) })
  ///     forAll(laws)
  ///
  /// - Parameters:
  ///   - values: The generator of values.
  ///   - encode: Encodes a value to bytes.
  ///   - decode: Decodes bytes to a value.
  ///   - text: The encoding of a value as text, when the type decodes text too.
  /// - Returns: 1 law, or 2 with `text`.
  public static func codableRoundTrip<Value: Equatable & Sendable>(
    _ values: Generator<Value>, encode: @escaping @Sendable (Value) throws -> [UInt8],
    decode: @escaping @Sendable ([UInt8]) throws -> Value,
    text: (@Sendable (Value) -> [UInt8])? = nil
  ) -> [Law] {
    var laws = [
      Law("decode(encode(value)) == value", values) { value in
        try decode(encode(value)) == value
      }
    ]
    if let text {
      laws.append(
        Law("decode(text(value)) == value", values) { value in try decode(text(value)) == value })
    }
    return laws
  }
}
