import Testing

@testable import StateKitCore

extension StateTable {
  /// The index's shape: whether it scans and its slot bits.
  var indexShape: (scans: Bool, slotBits: Int)? {
    _storage.withUnsafeMutablePointerToHeader { header in
      (header.pointee.scans, UInt.bitWidth - Int(header.pointee.shift))
    }
  }
}

@Suite("Resolution index")
struct ResolutionIndexTests {
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

  @Test func singleWinnerTablesUseOneSlot() throws {
    var table = StateTable<Int>()
    table[.normal] = 1
    #expect(try #require(table.indexShape).slotBits == 0)
    #expect(table.resolve(ControlState(rawValue: .max)) == 1)
  }

  @Test func tablesOverTenBitsOrFewerAreIndexed() throws {
    var table = StateTable<Int>()
    for raw in 0..<16 { table[ControlState(rawValue: UInt(raw))] = raw }
    table[ControlState(rawValue: 0x0F_0000)] = 99
    let index = try #require(table.indexShape)
    #expect(!index.scans && index.slotBits <= 10, "\(index)")
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

  @Test func manyEntriesScan() throws {
    var table = StateTable<Int>()
    for raw in 0..<300 { table[ControlState(rawValue: UInt(raw))] = raw }
    #expect(try #require(table.indexShape).scans)
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
