import StateKitTesting
import Testing

@testable import StateKitCore

extension StateTable {
  /// How the table finds a winner: whether it scans, whether its winners are packed in one
  /// word, and its slot bits.
  var indexShape: (scans: Bool, slotBits: Int, packed: Bool)? {
    switch _storage.winners {
    case .packed(_, let shift, _): (false, UInt.bitWidth - Int(shift), true)
    case .indexed(let index): (false, index.slotCount.trailingZeroBitCount, false)
    case .scan: (true, 0, false)
    }
  }
}

@Suite("State index")
struct StateIndexTests {
  let visited = ControlState(rawValue: 1 << 16)

  /// Small tables need at most sixteen slots. Tables of up to 15 entries over bits that gather
  /// into 4 slot bits pack their winners in one word, whatever their size (any two bits gather,
  /// as two runs); tables over bits that gather into neither 4 nor 12 slot bits scan. All
  /// resolve every state of their bits as a walk of the entries does.
  @Test func smallTablesPackOrScan() throws {
    let shapes: [[ControlState]] = [
      [.normal, .highlighted, .disabled, .selected],
      [.normal, visited, .highlighted, .disabled],
      [.normal, .highlighted, .disabled, .selected, .focused],
    ]
    for shape in shapes {
      var table = StateTable<Int>()
      for (value, state) in shape.enumerated() { table[state] = value }
      // Packed in the table itself: the entries' array is the table's one allocation.
      let index = try #require(table.indexShape)
      #expect(index.packed && index.slotBits <= 4, "\(shape): \(index)")
    }
    // Five relevant bits and six different winners: the two-run gather needs all 32 slots.
    var five = StateTable<Int>()
    for (value, state) in [.highlighted, .disabled, .selected, .focused, visited].enumerated() {
      five[state] = value
    }
    let index = try #require(five.indexShape)
    #expect(!index.scans && index.slotBits == 5, "\(index)")

    let near: [ControlState] = [.normal, .highlighted, .disabled, .selected, .focused]
    let far: [ControlState] = [
      .highlighted, ControlState(rawValue: 1 << 40), ControlState(rawValue: 1 << 20), .selected,
      .focused,
    ]
    for (states, bitsGather) in [(near, true), (far, false)] {
      for count in 0...5 {
        var table = StateTable<Int>()
        for (value, state) in states.prefix(count).enumerated() { table[state] = value }
        let shape = try #require(table.indexShape)
        if bitsGather || count < 3 {
          #expect(shape.packed, "\(count) entries over \(states)")
        } else {
          #expect(!shape.packed && shape.scans, "\(count) entries over \(states)")
        }
        let all = Array(ControlState.combinations(of: states.reduce(.normal) { $0.union($1) }))
        let walked: [Int?] = all.map { state in
          table.entries.first { $0.selector.matches(state) }?.value
        }
        #expect(all.map { table.resolve($0) } == walked, "\(count) entries")
      }
    }
  }

  /// A table packs up to 15 entries (positions 0 to 14, and 15 for no match); a sixteenth
  /// entry needs an index of its own. Tables over twelve bits or fewer, and tables of many
  /// entries, are indexed.
  @Test func sixteenEntriesNeedAnIndex() throws {
    var table = StateTable<Int>()
    for raw in 0..<15 { table[ControlState(rawValue: UInt(raw))] = raw }
    let walk = { (table: StateTable<Int>, state: ControlState) in
      table.entries.first { $0.selector.matches(state) }?.value
    }
    let states = Array(ControlState.combinations(of: ControlState(rawValue: 0xF | 1 << 30)))
    #expect(try #require(table.indexShape).packed)
    #expect(states.allSatisfy { table.resolve($0) == walk(table, $0) })
    table[ControlState(rawValue: 15)] = 15
    let shape = try #require(table.indexShape)
    #expect(!shape.packed && !shape.scans && shape.slotBits == 4, "\(shape)")
    #expect(table.resolve(ControlState(rawValue: 15)) == 15)
    #expect(states.allSatisfy { table.resolve($0) == walk(table, $0) })
    table[ControlState(rawValue: 15)] = nil
    #expect(try #require(table.indexShape).packed)
    #expect(states.allSatisfy { table.resolve($0) == walk(table, $0) })

    var twelve = StateTable<Int>()
    for raw in 0..<16 { twelve[ControlState(rawValue: UInt(raw))] = raw }
    twelve[ControlState(rawValue: 0xFF_0000)] = 99
    let index = try #require(twelve.indexShape)
    #expect(!index.scans && index.slotBits == 12, "\(index)")

    var many = StateTable<Int>()
    for raw in 0..<300 { many[ControlState(rawValue: UInt(raw))] = raw }
    #expect(many.indexShape?.scans == false)
    // 300 = bits 8, 5, 3, 2; of the three-bit subsets, 268 (bits 8, 3, 2) has focused and
    // selected, which come first in precedence.
    let values: [Int?] = [
      many.resolve(ControlState(rawValue: 299)), many.resolve(ControlState(rawValue: 300)),
      many.resolve(ControlState(rawValue: 300), default: -1),
    ]
    #expect(values == [299, 268, 268])
  }

  /// A table of normal entries uses one slot. Gathers are exact: every subset of the relevant
  /// bits reaches its own slot.
  ///
  /// Tables beyond the index scan; empty tables miss with the default.
  @Test func gathersSeparateEverySubsetAndTablesBeyondTheIndexScan() throws {
    let one = try #require(_StateIndex(relevant: 0) { _ in 7 })
    let codes: [Int] = [one.slotCount, Int(one.code(.max)), Int(one.code(0))]
    #expect(codes == [1, 7, 7])
    let shapes: [UInt] = [0b1, 0b1011, 0x00FF_000F, 0x0003_0003, 0x0FFF, 0x8000_0000_0000_0001]
    for relevant in shapes {
      var seen: [UInt16: UInt] = [:]
      var next: UInt16 = 0
      let index = try #require(
        _StateIndex(relevant: relevant) { state in
          defer { next += 1 }
          seen[next] = state
          return next
        })
      var subset: UInt = 0
      repeat {
        let code = UInt16(index.code(subset | ~relevant))
        #expect(seen[code] == subset, "relevant \(relevant), subset \(subset)")
        subset = (subset &- relevant) & relevant
      } while subset != 0
    }
    #expect(_StateIndex(relevant: 0x0101_0101_0101) { _ in 0 } == nil)

    var table = StateTable<Int>()
    table[ControlState(rawValue: 1)] = 1
    table[ControlState(rawValue: 1 << 63)] = 2
    table[ControlState(rawValue: 1 << 30)] = 3
    table[ControlState(rawValue: 0x7FF << 40)] = 4
    #expect(try #require(table.indexShape).scans)
    // Bit 0 (highlighted) outranks bit 63. With a default: a hit found by the scan, and a miss
    // after scanning every entry; an empty table misses with the default.
    let empty = StateTable<Int>()
    let values: [Int?] = [
      table.resolve(ControlState(rawValue: 1 | 1 << 63)),
      table.resolve(ControlState(rawValue: 1 << 63 | 1 << 41)),
      table.resolve(ControlState(rawValue: 0x7FF << 40)),
      table.resolve(ControlState(rawValue: 1 << 5)),
      table.resolve(ControlState(rawValue: 0x7FF << 40), default: -1),
      table.resolve(ControlState(rawValue: 1 << 5), default: -1),
      empty.resolve(.normal, default: -1),
      empty.resolve(ControlState(rawValue: .max), default: -1),
    ]
    #expect(values == [1, 2, 4, nil, 4, -1, -1, -1])
  }
}
