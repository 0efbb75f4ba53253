@testable import StateKit
import Testing

@Suite("Resolution index")
struct ResolutionIndexTests {
  @Test func smallTablesUseTheInlineIndex() throws {
    let visited = ControlState(rawValue: 1 << 16)
    let shapes: [[ControlState]] = [
      [.normal], [.normal, .highlighted, .disabled, .selected],
      [.normal, visited, .highlighted, .disabled],
    ]
    for shape in shapes {
      var table = StateTable<Int>()
      for (value, state) in shape.enumerated() { table[state] = value }
      #expect(table._index.kind == .inline, "\(shape)")
    }
  }

  @Test func widerTablesUseTheWideIndexNotAScan() {
    let visited = ControlState(rawValue: 1 << 16)
    var table = StateTable<Int>()
    let shape: [ControlState] = [.normal, .highlighted, .disabled, .selected, .focused, visited, [.selected, .highlighted]]
    for (value, state) in shape.enumerated() { table[state] = value }
    #expect(table._index.kind != .scan)
    for value in 0..<16 { table[ControlState(rawValue: UInt(value))] = value }
    #expect(table._index.kind == .wide, "16 entries do not fit 4-bit codes")
  }

  @Test func tablesBeyondTheWideIndexScan() {
    var table = StateTable<Int>()
    table[ControlState(rawValue: 1)] = 1
    table[ControlState(rawValue: 1 << 63)] = 2
    table[ControlState(rawValue: 1 << 30)] = 3
    table[ControlState(rawValue: 0x7FF << 40)] = 4
    #expect(table._index.kind == .scan)
    #expect(table.resolve(ControlState(rawValue: 1 | 1 << 63)) == 1, "bit 0 (highlighted) outranks bit 63")
    #expect(table.resolve(ControlState(rawValue: 1 << 63 | 1 << 41)) == 2)
    #expect(table.resolve(ControlState(rawValue: 0x7FF << 40)) == 4)
  }
}
