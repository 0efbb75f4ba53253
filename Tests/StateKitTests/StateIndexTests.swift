import Testing

@testable import StateKitCore

extension StateTable {
  /// The index's shape: whether it scans and its slot bits.
  var indexShape: (scans: Bool, slotBits: Int)? {
    guard let index = _storage.index else { return (true, 0) }
    return (false, index.slotCount.trailingZeroBitCount)
  }
}

@Suite("State index")
struct StateIndexTests {
  let visited = ControlState(rawValue: 1 << 16)

  @Test func smallTablesNeedAtMostSixteenSlots() throws {
    let shapes: [[ControlState]] = [
      [.normal, .highlighted, .disabled, .selected],
      [.normal, visited, .highlighted, .disabled],
      [.normal, .highlighted, .disabled, .selected, .focused],
    ]
    for shape in shapes {
      var table = StateTable<Int>()
      for (value, state) in shape.enumerated() { table[state] = value }
      let index = try #require(table.indexShape)
      #expect(!index.scans && index.slotBits <= 4, "\(shape): \(index)")
    }
    // Five relevant bits and six different winners: the two-run gather needs all 32 slots.
    var five = StateTable<Int>()
    for (value, state) in [.highlighted, .disabled, .selected, .focused, visited].enumerated() {
      five[state] = value
    }
    let index = try #require(five.indexShape)
    #expect(!index.scans && index.slotBits == 5, "\(index)")
  }

  /// Tables of fewer than four entries scan; from four on they are indexed, and both resolve
  /// every state of their bits as a walk of the entries does.
  @Test func smallTablesScan() throws {
    let states: [ControlState] = [.normal, .highlighted, .disabled, .selected, .focused]
    for count in 0...5 {
      var table = StateTable<Int>()
      for (value, state) in states.prefix(count).enumerated() { table[state] = value }
      #expect(try #require(table.indexShape).scans == (count < 4), "\(count) entries")
      for raw in 0..<32 {
        let state = ControlState(rawValue: UInt(raw))
        let walked = table.entries.first { $0.selector.matches(state) }?.value
        #expect(table.resolve(state) == walked, "\(count) entries, state \(raw)")
      }
    }
  }

  @Test func aTableOfNormalEntriesUsesOneSlot() throws {
    let index = try #require(_StateIndex(relevant: 0) { _ in 7 })
    #expect(index.slotCount == 1)
    #expect(index.code(.max) == 7 && index.code(0) == 7)
  }

  @Test func tablesOverTwelveBitsOrFewerAreIndexed() throws {
    var table = StateTable<Int>()
    for raw in 0..<16 { table[ControlState(rawValue: UInt(raw))] = raw }
    table[ControlState(rawValue: 0xFF_0000)] = 99
    let index = try #require(table.indexShape)
    #expect(!index.scans && index.slotBits == 12, "\(index)")
  }

  /// Gathers are exact: every subset of the relevant bits reaches its own slot.
  @Test func gathersSeparateEverySubset() throws {
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
  }

  @Test func tablesBeyondTheIndexScan() throws {
    var table = StateTable<Int>()
    table[ControlState(rawValue: 1)] = 1
    table[ControlState(rawValue: 1 << 63)] = 2
    table[ControlState(rawValue: 1 << 30)] = 3
    table[ControlState(rawValue: 0x7FF << 40)] = 4
    #expect(try #require(table.indexShape).scans)
    #expect(
      table.resolve(ControlState(rawValue: 1 | 1 << 63)) == 1, "bit 0 (highlighted) outranks bit 63"
    )
    #expect(table.resolve(ControlState(rawValue: 1 << 63 | 1 << 41)) == 2)
    #expect(table.resolve(ControlState(rawValue: 0x7FF << 40)) == 4)
    #expect(table.resolve(ControlState(rawValue: 1 << 5)) == nil)
    // With a default: a hit found by the scan, and a miss after scanning every entry.
    #expect(table.resolve(ControlState(rawValue: 0x7FF << 40), default: -1) == 4)
    #expect(table.resolve(ControlState(rawValue: 1 << 5), default: -1) == -1)
  }

  @Test func manyEntriesAreIndexed() throws {
    var table = StateTable<Int>()
    for raw in 0..<300 { table[ControlState(rawValue: UInt(raw))] = raw }
    #expect(try #require(table.indexShape).scans == false)
    #expect(table.resolve(ControlState(rawValue: 299)) == 299)
    // 300 = bits 8, 5, 3, 2; of the three-bit subsets, 268 (bits 8, 3, 2) has focused and
    // selected, which come first in precedence.
    #expect(table.resolve(ControlState(rawValue: 300)) == 268)
    #expect(table.resolve(ControlState(rawValue: 300), default: -1) == 268)
  }

  @Test func emptyTablesMissWithTheDefault() {
    let table = StateTable<Int>()
    #expect(table.resolve(.normal, default: -1) == -1)
    #expect(table.resolve(ControlState(rawValue: .max), default: -1) == -1)
  }
}
