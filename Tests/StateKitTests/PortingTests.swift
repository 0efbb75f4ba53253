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

  @Test func aFirstMatchTableResolvesAsTheChain() throws {
    #expect(Self.chainTable.isFirstMatch)
    let lookup = try #require(StateTable.Lookup(Self.chainTable, default: -1))
    for state in Self.everyState {
      #expect(Self.chainTable.resolve(state) == Self.chain(state), "\(state.rawValue)")
      #expect(lookup[state] == Self.chain(state), "\(state.rawValue)")
      #expect(lookup.values[lookup.code(for: state)] == Self.chain(state))
    }
    // The most-specific rule would pick [.focused, hot] over .disabled for this state.
    let ranked = StateTable(Self.chainTable.entries.map { ($0.selector, $0.value) })
    #expect(ranked.resolve([.disabled, .focused, Self.hot]) == 1)
    #expect(Self.chainTable.resolve([.disabled, .focused, Self.hot]) == 0)
  }

  /// First-match tables of fewer than four entries scan and those of more are indexed; both
  /// agree with a walk in the given order, for random chains over random states.
  @Test func firstMatchAgreesWithAnOrderedWalk() {
    let entries = Gen.entries(
      values: Gen.int(in: 0...99),
      selectors: Gen.selector(
        states: Gen.controlState(in: Self.bits, count: 0...3, namedWeight: 1)),
      count: 0...12)
    forAll("first match == ordered walk", entries, cases: 1_000) { entries in
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

  @Test func aThemeChangesOneBranchAndKeepsTheOrder() {
    var table = Self.chainTable
    table[StateSelector(.focused)] = 20
    table[StateSelector(.selected)] = 30
    #expect(table.entries.map(\.value) == [0, 1, 20, 3, 4, 5, 30], "a new selector goes last")
    #expect(table.resolve(.focused) == 20 && table.resolve(.selected) == 5)
    var overrides = StateTable<Int>()
    overrides[StateSelector(.disabled)] = 10
    let merged = Self.chainTable.overlaid(with: overrides)
    #expect(merged.isFirstMatch && merged.entries.first?.value == 10)
    #expect(merged.resolve([.disabled, .focused]) == 10)
    table.precedence = StatePrecedence(dominant: .focused)
    #expect(table.entries.map(\.value) == [0, 1, 20, 3, 4, 5, 30], "a precedence reorders nothing")
  }

  @Test func explainNamesTheFirstMatchRule() {
    let why = Self.chainTable.explain([.disabled, .focused, Self.hot])
    #expect(why.decision == .firstMatch)
    #expect(why.winner?.value == 0)
    #expect(why.reason.contains("entry 1 of 6"), "\(why.reason)")
    #expect(Self.chainTable.explain(.selected).decision == .onlyMatch)
  }

  /// Every function of the bits, ported by evaluating it, resolves as the function did.
  @Test func aTableBuiltByEvaluatingResolvesAsTheFunction() throws {
    let table = StateTable(evaluating: Self.bits, Self.chain)
    #expect(table.count == 64)
    let lookup = try #require(StateTable.Lookup(table, default: -1))
    for state in Self.everyState {
      #expect(table.resolve(state) == Self.chain(state))
      #expect(lookup[state] == Self.chain(state))
    }
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

  @Test func theHolderResolvesAndSwaps() {
    let holder = StyleHolder(Self.chainTable, default: -1)
    for state in Self.everyState { #expect(holder[state] == Self.chain(state)) }
    holder.update { $0[StateSelector(.focused)] = 9 }
    #expect(holder[.focused] == 9 && holder.resolve([.focused, Self.hot]) == 1)
    holder.table = StateTable([(StateSelector(.selected), 7)])
    #expect(holder[.selected] == 7 && holder[.focused] == -1 && holder.defaultValue == -1)
    // Bits that do not gather: resolved through the table.
    let spread = StyleHolder(
      StateTable(
        [1, 9, 20, 31, 40, 52, 63].map { (StateSelector(ControlState(rawValue: 1 << $0)), $0) }),
      default: 0)
    #expect(spread[ControlState(rawValue: 1 << 40)] == 40 && spread[.normal] == 0)
  }

  /// Readers on several threads see the old table or the new one, never anything else, while
  /// another thread swaps tables; the history is freed without deep recursion.
  @Test func theHolderSwapsUnderReaders() async {
    let holder = StyleHolder(StateTable(evaluating: Self.bits) { _ in 0 }, default: -1)
    let results = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for round in 1...2_000 {
          holder.table = StateTable(evaluating: Self.bits) { _ in round }
        }
        return true
      }
      for _ in 0..<3 {
        group.addTask {
          var last = 0
          for _ in 0..<20_000 {
            let value = holder[[.focused, Self.hot]]
            // Values only grow: a reader never sees an older table after a newer one.
            if value < last || value > 2_000 { return false }
            last = value
          }
          return true
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    #expect(results)
    #expect(holder[.normal] == 2_000)
  }

  @Test func aLongHistoryIsFreed() {
    weak var weakValue: Box?
    do {
      let holder = StyleHolder(StateTable<Box>(), default: Box())
      weakValue = holder.defaultValue
      for _ in 0..<100_000 { holder.update { $0[StateSelector(.selected)] = Box() } }
    }
    #expect(weakValue == nil)
  }

  final class Box: Sendable {}
}
