import StateKitCore

extension Gen {
  /// Control states made of bits from a mask, biased towards named states, shrinking towards
  /// fewer bits, named before unnamed, lower before higher.
  ///
  /// Each state is the union of up to `count.upperBound` bits. Each bit is named (a system name
  /// or a state declared in `catalog`) with weight `namedWeight`, or unnamed with weight 1, when
  /// the mask has both kinds. Mix ranges through the mask (`.system`, `.application`,
  /// `.reserved`, or `ControlState(rawValue: .max)` for all 64 bits), or with
  /// ``frequency(_:_:)``. Counterexamples print with `catalog`.
  ///
  ///     var catalog = StateCatalog()
  ///     let visited = try catalog.declare("visited", applicationBit: 0)
  ///     let states = Gen.controlState(in: [.system, .application], catalog: catalog)
  ///     // normal, highlighted | visited, selected | 0x20000, …
  ///     // A failure with [.selected, .focused, 0x400000] shrinks towards highlighted.
  ///
  /// - Parameters:
  ///   - mask: The bits a state may contain.
  ///   - catalog: The names of declared application bits; the system names are always named.
  ///   - count: How many bits to draw; a bit drawn twice counts once.
  ///   - namedWeight: How much likelier a named bit is than an unnamed one.
  public static func controlState(
    in mask: ControlState = [.system, .application], catalog: StateCatalog = StateCatalog(),
    count: ClosedRange<Int> = 0...4, namedWeight: Int = 3
  ) -> Generator<ControlState> {
    bitSet(in: mask, catalog: catalog, count: count, namedWeight: namedWeight)
  }

  /// Members of any layout's bit set made of bits from a mask, as
  /// ``controlState(in:catalog:count:namedWeight:)`` makes states: biased towards named bits,
  /// shrinking towards fewer, named, lower bits. Control events are one such set:
  ///
  ///     var catalog = EventCatalog()
  ///     _ = try catalog.declare("longPress", applicationBit: 0)
  ///     let events = Gen.bitSet(catalog: catalog)
  ///     // none, touchDown | longPress, valueChanged | 0x2000000, …
  ///     let anyEvents = Gen.bitSet(in: ControlEvents.allEvents)
  ///
  /// - Parameters:
  ///   - mask: The bits a value may contain; by default every bit of the layout's spans.
  ///   - catalog: The names of declared application bits; the system names are always named.
  ///   - count: How many bits to draw; a bit drawn twice counts once.
  ///   - namedWeight: How much likelier a named bit is than an unnamed one.
  public static func bitSet<Bits: LayoutBitSet>(
    in mask: Bits = Bits(rawValue: Bits.layout.coveredMask),
    catalog: BitCatalog<Bits> = BitCatalog(), count: ClosedRange<Int> = 0...4,
    namedWeight: Int = 3
  ) -> Generator<Bits> {
    bits(
      in: mask.rawValue, named: catalog.namedBits.rawValue, count: count,
      namedWeight: namedWeight, make: Bits.init(rawValue:)
    ).described { catalog.description(of: $0) }
  }

  /// The one generator of bit sets behind ``bitSet(in:catalog:count:namedWeight:)``, on raw
  /// bits.
  private static func bits<Bits: Sendable>(
    in mask: UInt, named namedMask: UInt, count: ClosedRange<Int>, namedWeight: Int,
    make: @escaping @Sendable (UInt) -> Bits
  ) -> Generator<Bits> {
    func members(_ raw: UInt) -> [UInt] {
      var result: [UInt] = []
      var rest = raw
      while rest != 0 {
        result.append(rest & (0 &- rest))
        rest &= rest &- 1
      }
      return result
    }
    let named = members(mask & namedMask)
    let unnamed = members(mask & ~namedMask)
    let weight = UInt64(max(namedWeight, 0))
    // Each bit is one choice: its rank among all 64 bits, named bits first, then the others in
    // bit order. Lowering a rank reaches every simpler bit, and the same bit has the same rank
    // in every generator with the same catalog, so the shrinker can lower a bit that a state and
    // a selector share in one step. A rank outside the mask stands for the next bit inside it.
    let order = members(namedMask) + members(~namedMask)
    // Each bit's rank by its position in the word: an array, not a dictionary, since a
    // generator is made again for every case of a property that draws one per case.
    var rank = [UInt64](repeating: 0, count: UInt.bitWidth)
    var position = 0
    while position < order.count {
      rank[order[position].trailingZeroBitCount] = UInt64(position)
      position += 1
    }
    let ranks = rank
    let bit = Generator<UInt> { (stream) throws(_GenerationStop) in
      guard mask != 0 else { return 0 }
      let choice = try stream.draw(below: UInt64(order.count)) { random in
        let pickNamed =
          unnamed.isEmpty || (!named.isEmpty && random.uniform(below: weight + 1) < weight)
        let bit =
          pickNamed
          ? named[Int(random.uniform(below: UInt64(named.count)))]
          : unnamed[Int(random.uniform(below: UInt64(unnamed.count)))]
        return ranks[bit.trailingZeroBitCount]
      }
      var position = Int(choice)
      while mask & order[position] == 0 { position = (position + 1) % order.count }
      stream.canonicalizeLast(UInt64(position))
      return order[position]
    }
    let limit = mask == 0 ? 0...0 : count
    return bit.array(count: limit).map { bits in make(bits.reduce(0) { $0 | $1 }) }
  }
}
