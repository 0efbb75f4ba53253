@testable import StateKit
import Testing

@Suite("Resolution index")
struct ResolutionIndexTests {
  @Test func smallTablesUseTheInlineIndex() throws {
    let visited = ControlState(rawValue: 1 << 16)
    let shapes: [[ControlState]] = [
      [.normal], [.normal, .highlighted, .disabled, .selected],
      [.normal, visited, .highlighted, .disabled],
      [.normal, .highlighted, .disabled, .selected, .focused, visited, [.selected, .highlighted]],
    ]
    for shape in shapes {
      var table = StateTable<Int>()
      for (value, state) in shape.enumerated() { table[state] = value }
      #expect(table._index.kind == .inline, "\(shape)")
    }
  }
}
