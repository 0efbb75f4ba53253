import StateKitCore

extension Law {
  /// The laws of a catalog's text format, for states, events or any layout: every value
  /// prints as text that parses back to it, and the text names exactly the named bits. For
  /// states, every selector also prints as text that parses back to it.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     forAll(Law.textRoundTrip(catalog: catalog))
  ///     var events = EventCatalog()
  ///     _ = try events.declare("longPress", applicationBit: 0)
  ///     forAll(Law.textRoundTrip(catalog: events, values: Gen.bitSet(catalog: events)))
  ///
  /// - Parameters:
  ///   - catalog: The catalog whose format is checked.
  ///   - values: The generator of values; by default all 64 bits, named ones first, mostly a
  ///     few bits of the layout's spans (for states, of `.system` and `.application`).
  /// - Returns: 2 laws, or 3 for states.
  public static func textRoundTrip<Bits: LayoutBitSet>(
    catalog: BitCatalog<Bits>, values: Generator<Bits>? = nil
  ) -> [Law] {
    // Mostly a few bits: a state's from the system and application spans, another layout's
    // from every span, its reserved ones too.
    let few =
      Bits.self == ControlState.self
      ? ControlState([.system, .application]).rawValue : Bits.layout.coveredMask
    let values =
      values
      ?? Gen.frequency(
        (4, Gen.bitSet(in: Bits(rawValue: few), catalog: catalog, count: 0...6)),
        (1, Gen.bitSet(in: Bits(rawValue: .max), catalog: catalog, count: 0...64)))
    let names = Set(catalog.entries.map(\.name))
    let noun = Bits.layout.noun
    var laws = [
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
    if let catalog = catalog as? StateCatalog, let states = values as? Generator<ControlState> {
      laws.append(
        Law(
          "parseSelector(description(of: selector)) == selector",
          Gen.selector(states: states, catalog: catalog)
        ) { selector in
          try catalog.parseSelector(catalog.description(of: selector)) == selector
        })
    }
    return laws
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
