import Testing

@testable import StateKit

/// Precedence written out plainly, bit by bit, to check `StatePrecedence`'s numeric keys.
enum PrecedenceReference {
  static let standardNamed = [1, 0, 3, 2] + Array((16...23).reversed())

  /// Every bit, highest precedence first, for an order of states: the named bits each element
  /// brings (in standard order within it), the other named bits, then the rest from high to low.
  static func bits(_ order: [ControlState]) -> [Int] {
    var named: [Int] = []
    for element in order {
      for bit in standardNamed where element.rawValue >> UInt(bit) & 1 == 1 && !named.contains(bit)
      {
        named.append(bit)
      }
    }
    named += standardNamed.filter { !named.contains($0) }
    return named + (0..<UInt.bitWidth).reversed().filter { !standardNamed.contains($0) }
  }

  static func has(_ state: ControlState, _ bit: Int) -> Bool {
    state.rawValue >> UInt(bit) & 1 == 1
  }

  /// The first bit, in `bits` order, that one state has and the other lacks decides.
  static func walk(_ a: ControlState, _ b: ControlState, _ bits: [Int]) -> Bool? {
    for bit in bits where has(a, bit) != has(b, bit) { return has(a, bit) }
    return nil
  }

  static func beats(
    _ a: StateSelector, _ b: StateSelector, order: [ControlState], dominant: ControlState
  ) -> Bool {
    beats(a, b, bits: bits(order), dominant: dominant)
  }

  static func beats(
    _ a: StateSelector, _ b: StateSelector, bits: [Int], dominant: ControlState
  ) -> Bool {
    if let decided = walk(
      a.required.intersection(dominant), b.required.intersection(dominant), bits)
    {
      return decided
    }
    let specificity = { (s: StateSelector) in s.required.memberCount + s.excluded.memberCount }
    if specificity(a) != specificity(b) { return specificity(a) > specificity(b) }
    return walk(a.required, b.required, bits) ?? walk(a.excluded, b.excluded, bits) ?? false
  }

  static func resolve<V>(
    _ entries: [(StateSelector, V)], _ state: ControlState, bits: [Int], dominant: ControlState
  ) -> V? {
    var best: (StateSelector, V)?
    for candidate in entries where candidate.0.matches(state) {
      if let current = best, !beats(candidate.0, current.0, bits: bits, dominant: dominant) {
        continue
      }
      best = candidate
    }
    return best?.1
  }
}

@Suite("State precedence")
struct StatePrecedenceTests {
  static let visited = ControlState(rawValue: 1 << 16)
  static let dragging = ControlState(rawValue: 1 << 17)

  /// A random order of a few states (single bits or groups) and random dominant states.
  static func randomPrecedence(using rng: inout SplitMix64) -> ([ControlState], ControlState) {
    let named = ControlState(rawValue: 0xFF_000F)
    var order: [ControlState] = []
    for _ in 0..<Int(rng.next() % 5) {
      order.append(
        rng.next() % 3 == 0
          ? ControlState.random(in: named, using: &rng)
          : ControlState(
            rawValue: 1 << UInt(PrecedenceReference.standardNamed[Int(rng.next() % 12)])))
    }
    let dominant =
      rng.next() % 2 == 0
      ? .normal : ControlState.random(in: named.union(.init(rawValue: 0x30)), using: &rng)
    return (order, dominant)
  }

  @Test func disabledDominates() {
    var table = StateTable<String>(precedence: StatePrecedence(dominant: .disabled))
    table[.normal] = "blue"
    table[[.selected, .highlighted]] = "white"
    table[.selected] = "black"
    table[.disabled] = "gray"
    #expect(table.resolve([.disabled, .selected, .highlighted]) == "gray")
    #expect(table.resolve([.selected, .highlighted]) == "white", "without disabled, as before")
    #expect(table.resolve(.disabled) == "gray")
    table.precedence = .standard
    #expect(table.resolve([.disabled, .selected, .highlighted]) == "white", "specificity wins")
  }

  @Test func customOrderBreaksTies() {
    var table = StateTable<String>()
    table[.selected] = "selected"
    table[Self.visited] = "visited"
    #expect(table.resolve([.selected, Self.visited]) == "selected", "standard: selected first")
    table.precedence = StatePrecedence([Self.visited])
    #expect(table.resolve([.selected, Self.visited]) == "visited")
    #expect(table.entries.map(\.value) == ["visited", "selected"])
    #expect(table.precedence.order.prefix(3) == [Self.visited, .disabled, .highlighted])
  }

  @Test func orderListsEveryNamedStateOnce() {
    #expect(
      StatePrecedence.standard.order
        == [.disabled, .highlighted, .focused, .selected]
        + (16...23).reversed().map { ControlState(rawValue: 1 << UInt($0)) })
    let grouped = StatePrecedence([[.selected, .disabled, Self.dragging], .disabled, .focused])
    #expect(grouped.order.prefix(4) == [.disabled, .selected, Self.dragging, .focused])
    #expect(Set(grouped.order.map(\.rawValue)).count == 12)
    // Reserved bits have no named place: listing them changes nothing.
    #expect(StatePrecedence([ControlState(rawValue: 1 << 30)]) == .standard)
  }

  @Test func standardOutranksMatchesSelectorOutranks() {
    Property.check("StateSelector.outranks is the standard precedence", cases: 5_000) { rng in
      let a = StateSelector(.arbitrary(using: &rng), unless: .arbitrary(using: &rng))
      let b = StateSelector(.arbitrary(using: &rng), unless: .arbitrary(using: &rng))
      let expected = PrecedenceReference.beats(a, b, order: [], dominant: .normal)
      guard a.outranks(b) == expected, StatePrecedence.standard.outranks(a, b) == expected else {
        return "\(a) vs \(b): expected \(expected)"
      }
      return nil
    }
  }

  @Test func outranksIsAStrictTotalOrderThatAgreesWithTheReference() {
    Property.check("precedence is a strict total order, as the reference", cases: 3_000) { rng in
      let (order, dominant) = Self.randomPrecedence(using: &rng)
      let precedence = StatePrecedence(order, dominant: dominant)
      let pool = ControlState(rawValue: 0xFF_00FF | 1 << 40)
      let selectors = (0..<3).map { _ in
        StateSelector(
          .random(in: pool, using: &rng),
          unless: rng.next() % 2 == 0 ? .random(in: pool, using: &rng) : .normal)
      }
      let (a, b, c) = (selectors[0], selectors[1], selectors[2])
      if precedence.outranks(a, a) { return "\(a) outranks itself" }
      if a != b, precedence.outranks(a, b) == precedence.outranks(b, a) {
        return "\(a) and \(b) are not ordered under \(precedence)"
      }
      if precedence.outranks(a, b), precedence.outranks(b, c), !precedence.outranks(a, c) {
        return "not transitive: \(a), \(b), \(c)"
      }
      let expected = PrecedenceReference.beats(a, b, order: order, dominant: dominant)
      if precedence.outranks(a, b) != expected {
        return "\(a) vs \(b) under \(precedence): expected \(expected)"
      }
      return nil
    }
  }

  @Test func tablesWithAPrecedenceAgreeWithTheReference() {
    Property.check("resolve with a precedence == reference", cases: 2_000) { rng in
      let entries = StateTableTests.randomTable(using: &rng)
      let (order, dominant) = Self.randomPrecedence(using: &rng)
      let bits = PrecedenceReference.bits(order)
      let precedence = StatePrecedence(order, dominant: dominant)
      var table = StateTable<Int>(precedence: precedence)
      for (selector, value) in entries.shuffled(using: &rng) { table[selector] = value }
      guard table == StateTable(entries, precedence: precedence) else {
        return "filling order changed the table under \(precedence)"
      }
      let pool = entries.reduce(ControlState.normal) {
        $0.union($1.0.required).union($1.0.excluded)
      }
      for _ in 0..<20 {
        let state = ControlState.random(in: pool.union(dominant), using: &rng)
        let expected = PrecedenceReference.resolve(entries, state, bits: bits, dominant: dominant)
        if table.resolve(state) != expected {
          return
            "\(table) under \(precedence), state \(state.debugDescription): got \(String(describing: table.resolve(state))), expected \(String(describing: expected))"
        }
      }
      return nil
    }
  }

  @Test func precedenceIsPartOfEqualityAndSurvivesChanges() {
    let dominant = StatePrecedence(dominant: .disabled)
    var a = StateTable<Int>(precedence: dominant)
    a[.normal] = 0
    a[.disabled] = 1
    var b = StateTable<Int>()
    b[.normal] = 0
    b[.disabled] = 1
    #expect(a != b)
    #expect(a.entries.map(\.value) == b.entries.map(\.value))
    b.precedence = dominant
    #expect(a == b && a.hashValue == b.hashValue)
    a[.selected] = 2
    a[.normal] = nil
    a.overlay(b)
    #expect(a.precedence == dominant, "sets, removals and overlays keep the precedence")
    #expect(StateTable([(StateSelector(.normal), 0)], precedence: dominant).precedence == dominant)
  }

  @Test func explainNamesDominanceAndTheCustomOrder() {
    var table = StateTable<String>(precedence: StatePrecedence([Self.visited], dominant: .disabled))
    table[[.selected, .highlighted]] = "white"
    table[.disabled] = "gray"
    table[.selected] = "black"
    table[Self.visited] = "purple"
    #expect(
      table.explain([.disabled, .selected, .highlighted]).description
        == "highlighted | disabled | selected → \"gray\" from disabled: it requires the dominant disabled, which highlighted | selected does not"
    )
    #expect(
      table.explain([.selected, Self.visited]).reason
        == "it and selected match with 1 state each; 0x10000 has precedence (0x10000, disabled, highlighted, focused, selected, 0x800000, 0x400000, 0x200000, 0x100000, 0x80000, 0x40000, 0x20000, other bits)"
    )
    Property.check("explain's winner is resolve's value under a precedence", cases: 2_000) { rng in
      let state = ControlState.random(
        in: [.selected, .highlighted, .disabled, Self.visited], using: &rng)
      return table.explain(state).winner?.value == table.resolve(state) ? nil : "\(state)"
    }
  }

  @Test func descriptionNamesTheOrderAndDominance() {
    #expect(
      StatePrecedence(dominant: .disabled).description.hasPrefix(
        "disabled > highlighted > focused > selected > 0x800000"))
    #expect(StatePrecedence(dominant: .disabled).description.hasSuffix("(dominant: disabled)"))
    #expect(!StatePrecedence.standard.description.contains("dominant"))
  }
}

@Suite("Building tables")
struct TableBuildingTests {
  @Test func setsAndRemovalsAgreeWithAListBuiltTable() {
    Property.check(
      "any sequence of sets and removals == the table built from the result", cases: 2_000
    ) { rng in
      let pool = StateTableTests.pools[Int(rng.next() % UInt64(StateTableTests.pools.count))]
      var table = StateTable<Int>()
      var model: [StateSelector: Int] = [:]
      var copies: [(StateTable<Int>, [StateSelector: Int])] = []
      for step in 0..<Int(rng.next() % 24) {
        let selector = StateSelector(
          .random(in: pool, using: &rng),
          unless: rng.next() % 4 == 0 ? .random(in: pool, using: &rng) : .normal)
        if rng.next() % 4 == 0 {
          table[selector] = nil
          model[selector] = nil
        } else {
          table[selector] = step
          model[selector] = step
        }
        if rng.next() % 8 == 0 { copies.append((table, model)) }
      }
      let expected = StateTable(model.map { ($0.key, $0.value) })
      guard table == expected else { return "\(table) != \(expected)" }
      // Copies taken along the way still hold what they held: storage is never shared mutably.
      for (copy, held) in copies where copy != StateTable(held.map { ($0.key, $0.value) }) {
        return "a copy changed: \(copy)"
      }
      let entries = model.map { ($0.key, $0.value) }
      for _ in 0..<20 {
        let state = ControlState.random(in: pool, using: &rng)
        if table.resolve(state) != Reference.resolve(entries, state) {
          return "\(table) resolves \(state.debugDescription) wrongly"
        }
      }
      return nil
    }
  }

  @Test func newValueInPlaceLeavesCopiesAlone() {
    var table = StateTable<String>()
    table[.normal] = "blue"
    table[.selected] = "white"
    let copy = table
    table[.selected] = "black"
    #expect(copy.resolve(.selected) == "white")
    #expect(table.resolve(.selected) == "black")
    table[.selected] = "red"
    #expect(table.resolve(.selected) == "red" && table.count == 2)
  }

  @Test func removingTheLastEntryOfABitShrinksTheIndex() throws {
    var table = StateTable<Int>()
    table[.normal] = 0
    table[ControlState(rawValue: 1 << 40)] = 1
    table[.selected] = 2
    table[ControlState(rawValue: 1 << 40)] = nil
    let shape = try #require(table.indexShape)
    #expect(!shape.scans && shape.slotBits == 1, "only bit 2 is left: \(shape)")
    #expect(table.resolve(ControlState(rawValue: 1 << 40)) == 0)
  }
}
