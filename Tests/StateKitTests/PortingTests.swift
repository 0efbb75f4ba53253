import StateKitTesting
import Testing

@testable import StateKitCore

/// The ways to adopt tables without rewriting selection code: first-match tables, tables built
/// from a selection function, small codes from a lookup, and the style holder.
@Suite("Porting selection code")
struct PortingTests {
  static let hot = ControlState(rawValue: 1 << 16)
  static let marked = ControlState(rawValue: 1 << 17)
  /// The bits the chains below read: 2^6 combinations, enumerated in full.
  static let bits: ControlState = [.highlighted, .disabled, .selected, .focused, hot, marked]

  /// Every combination of `bits`, with noise in other bits on odd ones.
  static var everyState: [ControlState] {
    var states: [ControlState] = []
    var subset: UInt = 0
    repeat {
      let noise: UInt = subset & 1 == 1 ? 0x0400_0000_0000_0100 : 0
      states.append(ControlState(rawValue: subset | noise))
      subset = (subset &- bits.rawValue) & bits.rawValue
    } while subset != 0
    return states
  }

  /// A selection function as a toolkit writes it: an `if`/`else` chain.
  static func chain(_ state: ControlState) -> Int {
    if state.contains(.disabled) { return 0 }
    if state.contains(.focused) && state.contains(hot) { return 1 }
    if state.contains(.focused) { return 2 }
    if state.contains(hot) { return 3 }
    if state.contains(marked) && !state.contains(.selected) { return 4 }
    return 5
  }

  /// The same chain, line for line.
  static let chainTable = StateTable(firstMatch: [
    (StateSelector(.disabled), 0),
    (StateSelector([.focused, hot]), 1),
    (StateSelector(.focused), 2),
    (StateSelector(hot), 3),
    (StateSelector(marked, unless: .selected), 4),
    (StateSelector(.normal), 5),
  ])

  /// A first-match table resolves as the chain; explain names the first-match rule; a theme
  /// changes one branch and keeps the order.
  @Test func aFirstMatchTableResolvesAsTheChain() throws {
    #expect(Self.chainTable.isFirstMatch)
    let lookup = StateLookup(Self.chainTable, default: -1)
    for state in Self.everyState {
      let values: [Int?] = [
        Self.chainTable.resolve(state), lookup.resolve(state),
        lookup.code(for: state).map { lookup.values[$0] },
      ]
      let chain = Self.chain(state)
      #expect(values == [chain, chain, chain], "\(state.rawValue)")
    }
    // The most-specific rule would pick [.focused, hot] over .disabled for this state.
    let ranked = StateTable(Self.chainTable.entries.map { ($0.selector, $0.value) })
    let both: [Int?] = [
      ranked.resolve([.disabled, .focused, Self.hot]),
      Self.chainTable.resolve([.disabled, .focused, Self.hot]),
    ]
    #expect(both == [1, 0])

    let why = Self.chainTable.explain([.disabled, .focused, Self.hot])
    let decisions: [ResolutionDecision] = [
      why.decision, Self.chainTable.explain(.selected).decision,
    ]
    #expect(decisions == [.firstMatch, .onlyMatch])
    #expect(why.winner?.value == 0)
    #expect(why.reason.contains("entry 1 of 6"), "\(why.reason)")

    var table = Self.chainTable
    table[StateSelector(.focused)] = 20
    table[StateSelector(.selected)] = 30
    #expect(table.entries.map(\.value) == [30, 0, 1, 20, 3, 4, 5], "a new selector goes first")
    var overrides = StateTable<Int>()
    overrides[StateSelector(.disabled)] = 10
    overrides[StateSelector(.selected)] = 11
    overrides[StateSelector(.highlighted)] = 12
    let merged = Self.chainTable.overlaid(with: overrides)
    #expect(merged.isFirstMatch && merged.entries.map(\.value) == [12, 11, 10, 1, 2, 3, 4, 5])
    // An override comes before the chain.
    let resolved: [Int?] = [
      table.resolve(.focused), table.resolve([.selected, .disabled]),
      merged.resolve([.disabled, .focused]), merged.resolve([.selected, .disabled]),
    ]
    #expect(resolved == [20, 30, 10, 11])
    table.precedence = StatePrecedence(dominant: .focused)
    #expect(table.entries.map(\.value) == [30, 0, 1, 20, 3, 4, 5], "a precedence reorders nothing")
  }

  /// First-match tables of fewer than four entries scan and those of more are indexed; both
  /// agree with a walk in the given order, for random chains over random states.
  @Test func firstMatchAgreesWithAnOrderedWalk() {
    let entries = Gen.entries(
      values: Gen.int(in: 0...99),
      selectors: Gen.selector(
        states: Gen.controlState(in: Self.bits, count: 0...3, namedWeight: 1)),
      count: 0...12)
    forAll("first match == ordered walk", entries, cases: GrowthChecks.cases(1_000)) { entries in
      let pairs = entries.map { ($0.selector, $0.value) }
      let table = StateTable(firstMatch: pairs)
      var firstOfSelector: [StateSelector: Int] = [:]
      var order: [StateSelector] = []
      for (selector, value) in pairs {
        if firstOfSelector[selector] == nil { order.append(selector) }
        firstOfSelector[selector] = value
      }
      return Self.everyState.allSatisfy { state in
        let walked = order.first { $0.matches(state) }.flatMap { firstOfSelector[$0] }
        return table.resolve(state) == walked
      }
    }
  }

  /// Every function of the bits, ported by evaluating it, resolves as the function did.
  @Test func aTableBuiltByEvaluatingResolvesAsTheFunction() throws {
    let table = StateTable(evaluating: Self.bits, Self.chain)
    #expect(table.count == 64)
    let lookup = StateLookup(table, default: -1)
    let chained: [Int?] = Self.everyState.map(Self.chain)
    let byTable: [Int?] = Self.everyState.map { table.resolve($0) }
    let byLookup: [Int?] = Self.everyState.map { lookup.resolve($0) }
    let resolved: [[Int?]] = [byTable, byLookup]
    #expect(resolved == [chained, chained])
    #expect(Set(lookup.values) == [0, 1, 2, 3, 4, 5], "each value kept once")
    // Random functions over random small sets of bits.
    let functions = Gen.zip(
      Gen.controlState(in: ControlState(rawValue: 0x00FF_000F), count: 0...6, namedWeight: 1),
      Gen.int(in: 0...Int.max))
    forAll("evaluating(f) resolves as f", functions, cases: 300) { bits, salt in
      let f = { (state: ControlState) in
        Int(truncatingIfNeeded: (state.rawValue &* 31) ^ UInt(salt)) % 7
      }
      let table = StateTable(evaluating: bits, f)
      var subset: UInt = 0
      repeat {
        let state = ControlState(rawValue: subset | 0x100)
        if table.resolve(state) != f(ControlState(rawValue: subset)) { return false }
        subset = (subset &- bits.rawValue) & bits.rawValue
      } while subset != 0
      return table.count == 1 << bits.rawValue.nonzeroBitCount
    }
  }

  /// The holder resolves and swaps tables; a long history of them is freed without deep
  /// recursion.
  @Test func theHolderResolvesAndSwaps() {
    let holder = StyleHolder(Self.chainTable, default: -1)
    #expect(Self.everyState.map { holder[$0] } == Self.everyState.map(Self.chain))
    holder.update { $0[StateSelector(.focused)] = 9 }
    let updated: [Int] = [holder[.focused], holder[[.focused, Self.hot]]]
    holder.table = StateTable([(StateSelector(.selected), 7)])
    // Bits that do not gather: resolved through the table.
    let spread = StyleHolder(
      StateTable(
        [1, 9, 20, 31, 40, 52, 63].map { (StateSelector(ControlState(rawValue: 1 << $0)), $0) }),
      default: 0)
    let values: [Int] =
      updated + [
        holder[.selected], holder[.focused], holder.defaultValue,
        spread[ControlState(rawValue: 1 << 40)], spread[.normal],
      ]
    #expect(values == [9, 1, 7, -1, -1, 40, 0])

    weak var weakValue: Box?
    do {
      let holder = StyleHolder(StateTable<Box>(), default: Box())
      weakValue = holder.defaultValue
      for _ in 0..<100_000 { holder.update { $0[StateSelector(.selected)] = Box() } }
    }
    #expect(weakValue == nil)
  }

  /// Readers on several threads see the old table or the new one, never anything else, while
  /// another thread swaps tables; the history is freed without deep recursion.
  struct Look: Sendable, Equatable {
    var title = "OK"
    var size = 1
  }

  /// A holder of a style set fills looks as a style set's lookup does, reads them in place, and
  /// publishes a changed style; a table holder ignores style changes and the other way round.
  @Test func aHolderOfAStyleSet() throws {
    let size = StyleKey<Int>("size")
    let title = StyleKey<String>("title")
    var style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
    style[size, for: .focused] = 2
    style[title, for: .disabled] = "--"
    let fields: [StyleSet.Field<Look>] = [.field(\.size, from: size), .field(\.title, from: title)]
    let holder = StyleHolder(style, default: Look(), fields)
    let lookup = StateLookup(style, default: Look(), fields)
    let expected: [Look] = Self.everyState.map { lookup.resolve($0) }
    #expect(Self.everyState.map { holder[$0] } == expected)
    let titleCounts: [Int] = Self.everyState.map { state in
      holder.withValue(for: state) { (look: Look) -> Int in look.title.count }
    }
    let expectedTitleCounts: [Int] = expected.map(\.title.count)
    #expect(titleCounts == expectedTitleCounts)
    #expect(holder.table == nil && holder.style == style)
    holder.update { $0[StateSelector(.normal)] = Look(title: "ignored", size: 0) }
    var looks: [Look] = [holder[.normal]]
    holder.updateStyle { $0[size, for: .normal] = 5 }
    looks += [holder[.selected], holder[[.focused, .disabled]]]
    holder.style = StyleSet()
    looks.append(holder[.focused])
    let expectedLooks: [Look] = [
      Look(), Look(title: "OK", size: 5), Look(title: "--", size: 2), Look(),
    ]
    #expect(looks == expectedLooks)
    let table = StyleHolder(StateTable([(StateSelector(.focused), Look(size: 3))]), default: Look())
    table.updateStyle { $0[size, for: .normal] = 9 }
    #expect(table.style == nil && table[.normal] == Look() && table[.focused].size == 3)
    // Bits that do not gather: looks field by field, with the same answers.
    var far = StyleSet()
    far[size, for: ControlState(rawValue: 1 << 40)] = 4
    far[size, for: ControlState(rawValue: 1 << 2)] = 6
    far[size, for: ControlState(rawValue: 1 << 63)] = 8
    let spread = StyleHolder(far, default: Look(), fields)
    let sizes: [Int] = [
      spread[ControlState(rawValue: 1 << 40)].size, spread[.normal].size,
      spread.withValue(for: ControlState(rawValue: 1 << 63)) { $0.size },
    ]
    #expect(sizes == [4, 1, 8])
  }

  /// A holder kept where a toolkit keeps one, shared by tasks.
  final class Shared: Sendable {
    let holder = StyleHolder(StateTable(evaluating: PortingTests.bits) { _ in 0 }, default: -1)
  }

  @Test func theHolderSwapsUnderReaders() async {
    let shared = Shared()
    let results = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for round in 1...2_000 {
          shared.holder.table = StateTable(evaluating: Self.bits) { _ in round }
        }
        return true
      }
      for _ in 0..<3 {
        group.addTask {
          var last = 0
          for _ in 0..<20_000 {
            let value = shared.holder[[.focused, Self.hot]]
            // Values only grow: a reader never sees an older table after a newer one.
            if value < last || value > 2_000 { return false }
            last = value
          }
          return true
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(results && shared.holder[.normal] == 2_000)
  }

  final class Box: Sendable {}
}

@Suite("Terse tables")
struct TerseTableTests {
  static let hot = ControlState(rawValue: 1 << 16)

  /// A literal first-match table resolves every state as the `if`/`else` chain it replaces; a
  /// literal most-specific table is the table of its pairs, whatever their order; every
  /// combination of the four Booleans of a value-type view is the state of its flags.
  @Test func literalsAndFlagsMakeTheTablesAndStatesTheySpell() {
    let table = StateTable(firstMatch: [
      .disabled: 0,
      [.focused, Self.hot]: 1,
      .focused: 2,
      .normal: 3,
    ])
    let holder = StyleHolder(
      firstMatch: [.disabled: 0, [.focused, Self.hot]: 1, .focused: 2], default: 3)
    func chain(_ state: ControlState) -> Int {
      if state.contains(.disabled) { return 0 }
      if state.contains([.focused, Self.hot]) { return 1 }
      if state.contains(.focused) { return 2 }
      return 3
    }
    for state in ControlState.combinations(of: [.disabled, .focused, .selected, Self.hot]) {
      let values: [Int?] = [table.resolve(state), holder[state]]
      #expect(values == [chain(state), chain(state)], "\(state.rawValue)")
    }
    #expect(table.isFirstMatch)

    let literal = StateTable([.selected: 2, .normal: 1, [.selected, .focused]: 3])
    let pairs = StateTable([
      (StateSelector(.normal), 1), (StateSelector([.selected, .focused]), 3),
      (StateSelector(.selected), 2),
    ])
    #expect(literal == pairs && !literal.isFirstMatch)

    let states: [UInt] = (0..<16).map { raw in
      let flags = (0..<4).map { raw & (1 << $0) != 0 }
      return ControlState(
        highlighted: flags[0], disabled: flags[1], selected: flags[2], focused: flags[3],
        others: flags[0] ? Self.hot : .normal
      ).rawValue
    }
    let expected: [UInt] = (0..<UInt(16)).map { (raw: UInt) -> UInt in
      raw | (raw & 1 != 0 ? Self.hot.rawValue : 0)
    }
    #expect(states == expected)
    #expect(ControlState() == .normal)
  }
}
