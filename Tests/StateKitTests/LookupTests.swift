import StateKitTesting
import Testing

@testable import StateKit

extension StateTable.Lookup {
  /// The number of slots of the index.
  var slotCount: Int { _storage.slotCount }
  /// The number of values the lookup keeps.
  var valueCount: Int { _storage.valueCount }
}

@Suite("StateTable.Lookup")
struct LookupTests {
  /// The system states and the application range: every table over them gets a lookup.
  static let namedBits: UInt = 0x00FF_000F

  /// Random tables over the pools of the table tests, over all twelve named bits, and with a
  /// dominant state, with states that carry noise in any of the 64 bits.
  static let tableAndStates: Generator<(StateTable<Int>, [ControlState])> = {
    let named = ControlState(rawValue: namedBits)
    let wide = Gen.entries(
      values: Gen.int(in: 0...1_000),
      selectors: Gen.selector(states: Gen.controlState(in: named, count: 0...6, namedWeight: 1)),
      count: 0...30
    ).map { $0.map { ($0.selector, $0.value) } }
    let entries = Gen.frequency((3, StateTableTests.randomTable), (1, wide))
    let precedence = Gen.element(of: [
      StatePrecedence.standard, .standard, StatePrecedence(dominant: .disabled),
      StatePrecedence([ControlState(rawValue: 1 << 20), .selected]),
    ])
    return Gen.zip(entries, precedence).flatMap { entries, precedence in
      let table = StateTable(entries, precedence: precedence)
      let pool = entries.reduce(ControlState.normal) {
        $0.union($1.0.required).union($1.0.excluded)
      }
      let noise = Gen.controlState(in: ControlState(rawValue: .max), count: 0...16, namedWeight: 1)
      let state = Gen.zip(Gen.controlState(in: pool, count: 0...12, namedWeight: 1), noise)
        .map { $0.union($1) }
      return state.array(count: 1...40).map { (table, $0) }
    }
  }()

  /// The bits the selectors of a table mention.
  static func relevant(_ table: StateTable<Int>) -> UInt {
    table.entries.reduce(0) { $0 | $1.selector.required.rawValue | $1.selector.excluded.rawValue }
  }

  @Test func lookupResolvesAsTheTableWithItsDefault() {
    var (made, refused, searched, large, hits, misses) = (0, 0, 0, 0, 0, 0)
    forAll(
      "Lookup(t, default: d).resolve(s) == t.resolve(s, default: d)", Self.tableAndStates,
      cases: 4_000
    ) { table, states in
      guard let lookup = StateTable.Lookup(table, default: -1) else {
        refused += 1
        // Refused only for bits outside the named ranges, which the table then scans.
        return Self.relevant(table) & ~Self.namedBits != 0 && table.indexShape?.scans == true
      }
      made += 1
      if lookup.slotCount > 1 << 10 { large += 1 }
      let relevant = Self.relevant(table)
      if relevant != 0, _ResolutionIndex.gather(relevant, maximumBits: 12) == nil { searched += 1 }
      return states.allSatisfy { state in
        let expected = table.resolve(state, default: -1)
        if table.resolve(state) == nil { misses += 1 } else { hits += 1 }
        return lookup.resolve(state) == expected
      }
    }
    #expect(made > 2_000 && refused > 50, "made \(made), refused \(refused)")
    #expect(large > 20, "lookups beyond the table's own 2^10 slots: \(large)")
    #expect(searched > 20, "lookups with a searched multiplier: \(searched)")
    #expect(hits > 10_000 && misses > 1_000, "hits \(hits), misses \(misses)")
  }

  @Test func everyTableOverTheNamedBitsGetsALookup() {
    let named = ControlState(rawValue: Self.namedBits)
    let entries = Gen.entries(
      values: Gen.int(in: 0...9),
      selectors: Gen.selector(states: Gen.controlState(in: named, count: 0...12, namedWeight: 1)),
      count: 0...40)
    forAll("a lookup exists", entries, cases: 2_000) { entries in
      let table = StateTable(entries.map { ($0.selector, $0.value) })
      guard let lookup = StateTable.Lookup(table, default: -1) else { return false }
      return lookup.slotCount <= 1 << 12
    }
  }

  /// All twelve named bits: 4,096 slots, checked state by state against the table.
  @Test func allTwelveNamedBits() throws {
    var table = StateTable<Int>(precedence: StatePrecedence(dominant: .disabled))
    table[.normal] = 0
    for bit in [0, 1, 2, 3] + Array(16...23) {
      table[ControlState(rawValue: 1 << UInt(bit))] = bit + 1
    }
    table[[.selected, ControlState(rawValue: 1 << 23)]] = 100
    table[try StateSelector(requiring: .highlighted, excluding: ControlState(rawValue: 1 << 16))] =
      200
    let lookup = try #require(StateTable.Lookup(table, default: -1))
    #expect(lookup.slotCount == 4_096)
    #expect(lookup.valueCount <= table.count, "values are kept once each; no state misses")
    var subset: UInt = 0
    repeat {
      let state = ControlState(rawValue: subset | 0xF000_0000_0000_FF00)
      #expect(lookup.resolve(state) == table.resolve(state, default: -1), "\(state.rawValue)")
      subset = (subset &- Self.namedBits) & Self.namedBits
    } while subset != 0
  }

  @Test func missesResolveToTheDefault() throws {
    var table = StateTable<String>()
    table[.selected] = "white"
    let lookup = try #require(StateTable.Lookup(table, default: "blue"))
    #expect(lookup.resolve(.normal) == "blue")
    #expect(lookup.resolve([.selected, .disabled]) == "white")
    let empty = try #require(StateTable.Lookup(StateTable<String>(), default: "blue"))
    #expect(empty.resolve(ControlState(rawValue: .max)) == "blue")
    #expect(empty.slotCount == 1 && empty.valueCount == 1)
  }

  @Test func refusesTablesNoIndexSeparates() {
    // Eight bits far apart, outside the named ranges: no gather, too many bits to search.
    var table = StateTable<Int>()
    for bit in stride(from: 4, to: 64, by: 8) {
      table[ControlState(rawValue: 1 << UInt(bit))] = bit
    }
    #expect(StateTable.Lookup(table, default: 0) == nil)
    #expect(table.resolve(ControlState(rawValue: 1 << 60), default: 0) == 60)
  }

  @Test func aLookupIsASnapshot() throws {
    var table = StateTable<Int>()
    table[.normal] = 1
    let lookup = try #require(StateTable.Lookup(table, default: 0))
    table[.normal] = 2
    table[.selected] = 3
    #expect(lookup.resolve(.selected) == 1)
  }

  /// The lookup keeps its values alive while it lives and releases them with it.
  @Test func releasesItsValues() throws {
    final class Box {}
    weak var weakBox: Box?
    do {
      var lookup: StateTable<Box>.Lookup?
      do {
        let box = Box()
        weakBox = box
        var table = StateTable<Box>()
        table[.selected] = box
        lookup = StateTable.Lookup(table, default: Box())
      }
      #expect(weakBox != nil)
      #expect(try #require(lookup).resolve(.selected) === weakBox)
    }
    #expect(weakBox == nil)
  }

  @Test func sharedAcrossTasks() async throws {
    var filled = StateTable<Int>()
    for bit in 0..<4 { filled[ControlState(rawValue: 1 << UInt(bit))] = bit }
    let table = filled
    let lookup = try #require(StateTable.Lookup(table, default: -1))
    let results = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          (0..<4_096).allSatisfy { raw in
            let state = ControlState(rawValue: UInt(raw &* 31 &+ task))
            return lookup.resolve(state) == table.resolve(state, default: -1)
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 8))
  }
}
