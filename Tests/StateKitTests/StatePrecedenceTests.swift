import StateKitTesting
import Testing

@testable import StateKitCore

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
    let specificity = { (s: StateSelector) in
      s.required.rawValue.nonzeroBitCount + s.excluded.rawValue.nonzeroBitCount
    }
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

  /// An order of a few states (single named bits or groups) and dominant states, named and not.
  static let precedences: Generator<([ControlState], ControlState)> = {
    let named = ControlState(rawValue: 0xFF_000F)
    let element = Gen.frequency(
      (2, Gen.controlState(in: named, count: 1...1, namedWeight: 1)),
      (1, Gen.controlState(in: named, count: 1...3, namedWeight: 1)))
    let wider = named.union(ControlState(rawValue: 0x30))
    let dominant = Gen.frequency(
      (1, Gen.constant(ControlState.normal)),
      (1, Gen.controlState(in: wider, count: 1...3, namedWeight: 1)))
    return Gen.zip(element.array(count: 0...4), dominant)
  }()

  /// Selectors over the named bits, two other bits and a high one.
  static let selectors = Gen.selector(
    states: Gen.controlState(in: ControlState(rawValue: 0xFF_00FF | 1 << 40), count: 0...4))

  /// Disabled dominates; a custom order breaks ties; the order lists every named state once
  /// (reserved bits have no named place: listing them changes nothing); the description names
  /// the order and dominance.
  @Test func disabledDominatesAndACustomOrderBreaksTies() {
    var table = StateTable<String>(precedence: StatePrecedence(dominant: .disabled))
    table[.normal] = "blue"
    table[[.selected, .highlighted]] = "white"
    table[.selected] = "black"
    table[.disabled] = "gray"
    // Without disabled, as before; then, in the standard precedence, specificity wins.
    var dominated: [String?] = [
      table.resolve([.disabled, .selected, .highlighted]),
      table.resolve([.selected, .highlighted]),
      table.resolve(.disabled),
    ]
    table.precedence = .standard
    dominated.append(table.resolve([.disabled, .selected, .highlighted]))
    #expect(dominated == ["gray", "white", "gray", "white"])

    var ties = StateTable<String>()
    ties[.selected] = "selected"
    ties[Self.visited] = "visited"
    // Standard: selected first.
    var winners: [String?] = [ties.resolve([.selected, Self.visited])]
    ties.precedence = StatePrecedence([Self.visited])
    winners.append(ties.resolve([.selected, Self.visited]))
    #expect(winners == ["selected", "visited"])
    #expect(ties.entries.map(\.value) == ["visited", "selected"])
    #expect(ties.precedence.order.prefix(3) == [Self.visited, .disabled, .highlighted])

    let system: [ControlState] = [.disabled, .highlighted, .focused, .selected]
    let application: [ControlState] = (16...23).reversed().map {
      ControlState(rawValue: 1 << UInt($0))
    }
    #expect(StatePrecedence.standard.order == system + application)
    let grouped = StatePrecedence([[.selected, .disabled, Self.dragging], .disabled, .focused])
    #expect(grouped.order.prefix(4) == [.disabled, .selected, Self.dragging, .focused])
    let distinctBits: Set<UInt> = Set(grouped.order.map(\.rawValue))
    #expect(distinctBits.count == 12)
    #expect(StatePrecedence([ControlState(rawValue: 1 << 30)]) == .standard)

    let description = StatePrecedence(dominant: .disabled).description
    #expect(
      description.hasPrefix("disabled > highlighted > focused > selected > 0x800000")
        && description.hasSuffix("(dominant: disabled)"), "\(description)")
    #expect(!StatePrecedence.standard.description.contains("dominant"))
  }

  @Test func standardOutranksMatchesTheReference() {
    let selector = Gen.selector(states: Gen.anyState)
    forAll(
      "the standard precedence ranks as the reference does", Gen.zip(selector, selector),
      cases: GrowthChecks.cases(5_000)
    ) {
      a, b in
      let expected = PrecedenceReference.beats(a, b, order: [], dominant: .normal)
      return StatePrecedence.standard.outranks(a, b) == expected
    }
  }

  @Test func outranksIsAStrictTotalOrderThatAgreesWithTheReference() {
    forAll(
      "precedence is a strict total order, as the reference",
      Gen.zip(Self.precedences, Self.selectors.array(count: 3...3)),
      cases: GrowthChecks.cases(3_000)
    ) { precedenceParts, selectors in
      let (order, dominant) = precedenceParts
      let precedence = StatePrecedence(order, dominant: dominant)
      let (a, b, c) = (selectors[0], selectors[1], selectors[2])
      let irreflexive = !precedence.outranks(a, a)
      let total = a == b || precedence.outranks(a, b) != precedence.outranks(b, a)
      let transitive =
        !(precedence.outranks(a, b) && precedence.outranks(b, c)) || precedence.outranks(a, c)
      let asReference =
        precedence.outranks(a, b)
        == PrecedenceReference.beats(a, b, order: order, dominant: dominant)
      return irreflexive && total && transitive && asReference
    }
  }

  /// Precedences with and without dominant states and an order, and the toolkits that rank by
  /// value or as UIKit does: those the rank tests compare ranks by.
  static let rankedPrecedences = [
    StatePrecedence.standard, StatePrecedence(dominant: .disabled),
    StatePrecedence([ControlState(rawValue: 1 << 16), .focused], dominant: [.disabled, .focused]),
    StatePrecedence(layout: .lvgl), StatePrecedence(layout: .gtk),
  ]

  /// A selector's rank, worked out once for sorting, outranks another's exactly when the
  /// selector outranks the other: for every pair of selectors over four bits (a dominant one,
  /// two system states and an application bit), by precedences with and without dominant states
  /// and an order, and by the toolkits that rank by value or as UIKit does.
  @Test func ranksOrderSelectorsAsOutranksDoes() {
    let bits: [ControlState] = [.highlighted, .disabled, .focused, ControlState(rawValue: 1 << 16)]
    let selectors = (0..<81).map { StyleTransitionsTests.selector($0, bits: bits) }
    for precedence in Self.rankedPrecedences {
      let ranks = selectors.map(precedence._rank)
      for (a, rank) in zip(selectors, ranks) {
        for (b, other) in zip(selectors, ranks)
        where rank.outranks(other) != precedence.outranks(a, b) {
          Issue.record("\(precedence): \(a) against \(b)")
          return
        }
      }
    }
  }

  /// A pair of selectors' rank outranks another's exactly when the pair outranks the other:
  /// for every two pairs of selectors over two bits, a dominant one and an application bit or
  /// two system states one precedence orders, by the precedences of
  /// `ranksOrderSelectorsAsOutranksDoes`.
  @Test func ranksOrderPairsAsOutranksDoes() {
    var pairs: [(from: StateSelector, to: StateSelector)] = []
    for bits: [ControlState] in [
      [.disabled, ControlState(rawValue: 1 << 16)], [.focused, .selected],
    ] {
      let selectors = (0..<9).map { StyleTransitionsTests.selector($0, bits: bits) }
      pairs += selectors.flatMap { from in selectors.map { (from: from, to: $0) } }
    }
    for precedence in Self.rankedPrecedences {
      let ranks = pairs.map(precedence._rank)
      for (a, rank) in zip(pairs, ranks) {
        for (b, other) in zip(pairs, ranks)
        where rank.outranks(other) != precedence.outranks(a, b) {
          Issue.record("\(precedence): \(a) against \(b)")
          return
        }
      }
    }
  }

  @Test func tablesWithAPrecedenceAgreeWithTheReference() {
    let tables = StateTableTests.tableAndStates.flatMap { entries, states in
      Gen.shuffled(entries).map { (entries, $0, states) }
    }
    forAll(
      "resolve with a precedence == reference", Gen.zip(tables, Self.precedences),
      cases: GrowthChecks.cases(2_000)
    ) {
      table, precedenceParts in
      let (entries, shuffled, states) = table
      let (order, dominant) = precedenceParts
      let precedence = StatePrecedence(order, dominant: dominant)
      var filled = StateTable<Int>(precedence: precedence)
      for (selector, value) in shuffled { filled[selector] = value }
      let bits = PrecedenceReference.bits(order)
      return filled == StateTable(entries, precedence: precedence)
        && states.allSatisfy { state in
          let state = state.union(dominant)
          return filled.resolve(state)
            == PrecedenceReference.resolve(entries, state, bits: bits, dominant: dominant)
            && filled.resolve(state.subtracting(dominant))
              == PrecedenceReference.resolve(
                entries, state.subtracting(dominant), bits: bits, dominant: dominant)
        }
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
    // Sets, removals and overlays keep the precedence.
    let precedences: [StatePrecedence] = [
      a.precedence, StateTable([(StateSelector(.normal), 0)], precedence: dominant).precedence,
    ]
    #expect(precedences == [dominant, dominant])
  }

  @Test func explainNamesDominanceAndTheCustomOrder() {
    var table = StateTable<String>(precedence: StatePrecedence([Self.visited], dominant: .disabled))
    table[[.selected, .highlighted]] = "white"
    table[.disabled] = "gray"
    table[.selected] = "black"
    table[Self.visited] = "purple"
    let texts: [String] = [
      table.explain([.disabled, .selected, .highlighted]).description,
      table.explain([.selected, Self.visited]).reason,
    ]
    let expected: [String] = [
      "highlighted | disabled | selected → \"gray\" from disabled: it requires the dominant disabled, which highlighted | selected does not",
      "it and selected match with 1 state each; 0x10000 has precedence (0x10000, disabled, highlighted, focused, selected, 0x800000, 0x400000, 0x200000, 0x100000, 0x80000, 0x40000, 0x20000, other bits)",
    ]
    #expect(texts == expected)
    forAll(
      "explain's winner is resolve's value under a precedence",
      Gen.controlState(in: [.selected, .highlighted, .disabled, Self.visited, .focused]),
      cases: GrowthChecks.cases(2_000)
    ) { state in
      table.explain(state).winner?.value == table.resolve(state)
    }
  }
}

@Suite("Building tables")
struct TableBuildingTests {
  /// Changes to a table: a selector and what to do (0-1 remove, 2-6 set, 7 set and keep a
  /// copy), with states to resolve afterwards, all over one pool of bits.
  static let changes: Generator<([(StateSelector, Int)], [ControlState])> = Gen.element(
    of: StateTableTests.pools
  ).flatMap { pool in
    let states = Gen.controlState(
      in: pool, count: 0...pool.rawValue.nonzeroBitCount, namedWeight: 1)
    let change = Gen.zip(Gen.selector(states: states), Gen.int(in: 0...7))
    return Gen.zip(change.array(count: 0...24), states.array(count: 1...20))
  }

  @Test func setsAndRemovalsAgreeWithAListBuiltTable() {
    forAll(
      "any sequence of sets and removals == the table built from the result", Self.changes,
      cases: GrowthChecks.cases(2_000)
    ) { changes, states in
      var table = StateTable<Int>()
      var model: [StateSelector: Int] = [:]
      var copies: [(StateTable<Int>, [StateSelector: Int])] = []
      for (step, (selector, kind)) in changes.enumerated() {
        if kind < 2 {
          table[selector] = nil
          model[selector] = nil
        } else {
          table[selector] = step
          model[selector] = step
        }
        if kind == 7 { copies.append((table, model)) }
      }
      let entries = model.map { ($0.key, $0.value) }
      // Copies taken along the way still hold what they held: storage is never shared mutably.
      return table == StateTable(entries)
        && copies.allSatisfy { $0.0 == StateTable($0.1.map { ($0.key, $0.value) }) }
        && states.allSatisfy { table.resolve($0) == Reference.resolve(entries, $0) }
    }
  }

  /// A new value in place leaves copies alone; removing the last entry of a bit shrinks the
  /// index.
  @Test func newValueInPlaceLeavesCopiesAlone() throws {
    var table = StateTable<String>()
    table[.normal] = "blue"
    table[.selected] = "white"
    let copy = table
    table[.selected] = "black"
    var values: [String?] = [copy.resolve(.selected), table.resolve(.selected)]
    table[.selected] = "red"
    values.append(table.resolve(.selected))
    #expect(values == ["white", "black", "red"])
    #expect(table.count == 2)

    var shrinking = StateTable<Int>()
    shrinking[.normal] = 0
    shrinking[ControlState(rawValue: 1 << 40)] = 1
    shrinking[.selected] = 2
    shrinking[.focused] = 3
    shrinking[[.selected, .focused]] = 4
    shrinking[ControlState(rawValue: 1 << 40)] = nil
    let shape = try #require(shrinking.indexShape)
    #expect(!shape.scans && shape.slotBits == 2, "only bits 2 and 3 are left: \(shape)")
    #expect(shrinking.resolve(ControlState(rawValue: 1 << 40)) == 0)
  }
}
