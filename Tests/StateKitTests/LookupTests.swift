import StateKitTesting
import Testing

@testable import StateKitCore

extension StateLookup {
  /// The number of slots of the index.
  var slotCount: Int { _storage.header.slotCount }
  /// The number of values the lookup keeps.
  var valueCount: Int { _storage.header.valueCount }
}

@Suite("StateLookup of a table")
struct LookupTests {
  /// The system states and the application range: every table over them gets a lookup.
  static let namedBits: UInt = 0x00FF_000F

  /// Random tables over the pools of the table tests, over all twelve named bits, and over
  /// eight bits spread over the whole word (which no index gathers: some get no lookup), in
  /// three precedences, with states that carry noise in any of the 64 bits.
  static let tableAndStates: Generator<(StateTable<Int>, [ControlState])> = {
    let over = { (bits: UInt) in
      Gen.entries(
        values: Gen.int(in: 0...1_000),
        selectors: Gen.selector(
          states: Gen.controlState(in: ControlState(rawValue: bits), count: 0...6, namedWeight: 1)),
        count: 0...30
      ).map { $0.map { ($0.selector, $0.value) } }
    }
    let entries = Gen.frequency(
      (3, StateTableTests.randomTable), (1, over(namedBits)), (1, over(0x0101_0101_0101_0101)))
    let precedence = Gen.element(of: [
      StatePrecedence.standard, .standard, StatePrecedence(dominant: .disabled),
      StatePrecedence([ControlState(rawValue: 1 << 20), .selected]),
    ])
    return Gen.zip(entries, precedence).flatMap { entries, precedence in
      let table = StateTable(entries, precedence: precedence)
      return StateTableTests.states(of: entries, bits: 0...12, count: 1...40).map { (table, $0) }
    }
  }()

  /// What a table resolves a state to, by a plain walk of its entries, best first (they are in
  /// resolution order), independent of any index.
  static func walk<V>(_ table: StateTable<V>, _ state: ControlState, default: V) -> V {
    table.entries.first { $0.selector.matches(state) }?.value ?? `default`
  }

  @Test func lookupResolvesAsTheTableWithItsDefault() {
    var (made, refused, large, hits, misses) = (0, 0, 0, 0, 0)
    forAll(
      "Lookup(t, default: d).resolve(s) == t.resolve(s, default: d)", Self.tableAndStates,
      // 1,000 cases give some 13,000 states resolved, a few hundred tables without a lookup and
      // a hundred lookups of more than 2^10 slots, which the counts below require.
      cases: 1_000
    ) { table, states in
      let lookup = StateLookup(table, default: -1)
      if lookup.isIndexed {
        made += 1
      } else {
        refused += 1
        // Not indexed only for bits that do not gather, outside the named ranges, which the
        // table then scans, as the lookup does.
        let relevant = table._storage.relevant
        guard
          relevant & ~Self.namedBits != 0 && _StateIndex.gather(relevant) == nil
            && table.indexShape?.scans == true
        else { return false }
      }
      if lookup.slotCount > 1 << 10 { large += 1 }
      return states.allSatisfy { state in
        let expected = Self.walk(table, state, default: -1)
        if table.resolve(state) == nil { misses += 1 } else { hits += 1 }
        return lookup.resolve(state) == expected
          && table.resolve(state, default: -1) == expected
      }
    }
    #expect(made > 500 && refused > 100, "made \(made), refused \(refused)")
    #expect(large > 60, "lookups of more than 2^10 slots: \(large)")
    #expect(hits > 8_000 && misses > 1_000, "hits \(hits), misses \(misses)")
  }

  /// Every table over the named bits, in any precedence, gets a lookup; a table over six bits
  /// anywhere gets one exactly when its bits gather. Every lookup resolves as the walk.
  @Test func tablesOverNamedBitsGetALookup() {
    let precedence = Gen.element(of: [
      StatePrecedence.standard, StatePrecedence(dominant: .disabled),
      StatePrecedence([ControlState(rawValue: 1 << 23), .focused]),
    ])
    let named = ControlState(rawValue: Self.namedBits)
    let sixBits = Gen.int(in: 0...63).array(count: 1...6).map { bits in
      ControlState(rawValue: bits.reduce(UInt(0)) { $0 | 1 << UInt($1) })
    }
    let pool = Gen.frequency((1, Gen.element(of: [named])), (1, sixBits))
    let cases = Gen.zip(pool, precedence).flatMap { pool, precedence in
      let entries = Gen.entries(
        values: Gen.int(in: 0...9),
        selectors: Gen.selector(states: Gen.controlState(in: pool, count: 0...12, namedWeight: 1)),
        count: 0...40)
      let states = Gen.controlState(in: ControlState(rawValue: .max), count: 0...20, namedWeight: 1)
        .array(count: 1...20)
      return Gen.zip(entries, states).map { (pool, precedence, $0, $1) }
    }
    var refused = 0
    // 600 cases: half are tables over the twelve named bits, whose lookups of up to 4,096
    // slots cost most of the time; `allTwelveNamedBits` and `largeTables` check the largest.
    forAll("a lookup exists and resolves as the walk", cases, cases: 600) {
      pool, precedence, entries, states in
      let table = StateTable(entries.map { ($0.selector, $0.value) }, precedence: precedence)
      let relevant = table._storage.relevant
      let lookup = StateLookup(table, default: -1)
      if !lookup.isIndexed {
        refused += 1
        guard pool.rawValue != Self.namedBits && _StateIndex.gather(relevant) == nil else {
          return false
        }
      }
      return (states + [pool]).allSatisfy { state in
        lookup.resolve(state) == Self.walk(table, state, default: -1)
      }
    }
    #expect(refused > 30, "tables over spread bits without a lookup: \(refused)")
  }

  /// Tables of 254 entries or more: the lookup indexes them, with positions beyond a byte. Over
  /// the named bits and over six bits in two runs (0...2 and 61...63). And all twelve named
  /// bits: 4,096 slots, checked state by state against the table.
  @Test func largeTablesAndAllTwelveNamedBits() throws {
    let spread: UInt = 0b111 | 0b111 << 61
    for pool in [Self.namedBits, spread] {
      var entries: [(StateSelector, Int)] = []
      if pool == spread {
        // Every selector over the six bits: 3^6.
        var required: UInt = 0
        repeat {
          let rest = pool & ~required
          var excluded: UInt = 0
          repeat {
            let selector = try StateSelector(
              requiring: ControlState(rawValue: required),
              excluding: ControlState(rawValue: excluded))
            entries.append((selector, entries.count))
            excluded = (excluded &- rest) & rest
          } while excluded != 0
          required = (required &- pool) & pool
        } while required != 0
      } else {
        // One or two bits required and a third excluded.
        let bits = (0..<UInt.bitWidth).filter { pool >> UInt($0) & 1 == 1 }.map {
          ControlState(rawValue: 1 << UInt($0))
        }
        for a in bits {
          for b in bits {
            for c in bits where c != a && c != b {
              let selector = try StateSelector(requiring: a.union(b), excluding: c)
              entries.append((selector, entries.count))
            }
          }
        }
      }
      let table = StateTable(entries)
      #expect(table.count >= 254 && table.indexShape?.scans == false, "\(table.count) entries")
      let lookup = StateLookup(table, default: -1)
      var subset: UInt = 0
      repeat {
        let state = ControlState(rawValue: subset)
        #expect(lookup.resolve(state) == Self.walk(table, state, default: -1))
        subset = (subset &- pool) & pool
      } while subset != 0
      #expect(lookup.valueCount > 16, "\(lookup.valueCount) distinct winners")
    }

    var table = StateTable<Int>(precedence: StatePrecedence(dominant: .disabled))
    table[.normal] = 0
    for bit in [0, 1, 2, 3] + Array(16...23) {
      table[ControlState(rawValue: 1 << UInt(bit))] = bit + 1
    }
    table[[.selected, ControlState(rawValue: 1 << 23)]] = 100
    table[try StateSelector(requiring: .highlighted, excluding: ControlState(rawValue: 1 << 16))] =
      200
    let twelve = StateLookup(table, default: -1)
    #expect(twelve.slotCount == 4_096)
    #expect(twelve.valueCount <= table.count, "values are kept once each; no state misses")
    var subset: UInt = 0
    repeat {
      let state = ControlState(rawValue: subset | 0xF000_0000_0000_FF00)
      #expect(twelve.resolve(state) == table.resolve(state, default: -1), "\(state.rawValue)")
      subset = (subset &- Self.namedBits) & Self.namedBits
    } while subset != 0
  }

  /// Misses resolve to the default; a table no index separates gets no index and is scanned;
  /// a lookup is a snapshot of its table.
  @Test func missesResolveToTheDefaultAndALookupIsASnapshot() throws {
    var table = StateTable<String>()
    table[.selected] = "white"
    let lookup = StateLookup(table, default: "blue")
    let empty = StateLookup(StateTable<String>(), default: "blue")
    let strings: [String] = [
      lookup.resolve(.normal), lookup.resolve([.selected, .disabled]),
      empty.resolve(ControlState(rawValue: .max)),
    ]
    #expect(strings == ["blue", "white", "blue"])
    #expect(empty.slotCount == 1 && empty.valueCount == 1)

    // Eight bits far apart, outside the named ranges: no gather.
    var far = StateTable<Int>()
    for bit in stride(from: 4, to: 64, by: 8) {
      far[ControlState(rawValue: 1 << UInt(bit))] = bit
    }
    let scanned = StateLookup(far, default: 0)
    #expect(!scanned.isIndexed && scanned.values.isEmpty && scanned.code(for: .normal) == nil)

    var snapshotTable = StateTable<Int>()
    snapshotTable[.normal] = 1
    let snapshot = StateLookup(snapshotTable, default: 0)
    snapshotTable[.normal] = 2
    snapshotTable[.selected] = 3
    let values: [Int] = [
      far.resolve(ControlState(rawValue: 1 << 60), default: 0),
      scanned.resolve(ControlState(rawValue: 1 << 60)), scanned.resolve(.selected),
      snapshot.resolve(.selected),
    ]
    #expect(values == [60, 60, 0, 1])
  }

  /// The lookup keeps its values alive while it lives and releases them with it.
  @Test func releasesItsValues() throws {
    final class Box {}
    weak var weakBox: Box?
    weak var weakDefault: Box?
    do {
      var lookup: StateLookup<Box>?
      do {
        let (box, fallback) = (Box(), Box())
        (weakBox, weakDefault) = (box, fallback)
        var table = StateTable<Box>()
        table[.selected] = box
        lookup = StateLookup(table, default: fallback)
      }
      #expect(weakBox != nil && weakDefault != nil)
      let kept = try #require(lookup)
      #expect(kept.resolve(.selected) === weakBox && kept.resolve(.normal) === weakDefault)
    }
    #expect(weakBox == nil && weakDefault == nil)
  }

  @Test func sharedAcrossTasks() async throws {
    var filled = StateTable<Int>()
    for bit in 0..<4 { filled[ControlState(rawValue: 1 << UInt(bit))] = bit }
    let table = filled
    let lookup = StateLookup(table, default: -1)
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
