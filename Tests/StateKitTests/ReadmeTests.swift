import StateKit
import Testing

/// The README's examples, kept honest.
@Suite("README examples")
struct ReadmeTests {
  @Test func stateExample() throws {
    let visited = ControlState(rawValue: 1 << 16)
    try ControlState.declare("visited", as: visited)
    var state: ControlState = [.selected, .highlighted]
    #expect(state.description == "highlighted | selected")
    state.insert(visited)
    #expect(state.description == "highlighted | selected | visited")
    #expect(ControlState(rawValue: 0x0100_0004).description == "selected | 0x1000000")
    let parsed = try ControlState(parsing: "visited | selected")
    #expect(!parsed.isNormal && parsed.contains(visited))
  }

  @Test func tableExample() {
    let visited = StateTableTests.visited
    var titleColor = StateTable<String>()
    titleColor[.normal] = "blue"
    titleColor[visited] = "purple"
    titleColor[.disabled] = "gray"
    #expect(titleColor.resolve([visited, .highlighted]) == "purple")
    #expect(titleColor.resolve([visited, .disabled]) == "gray")
    #expect(titleColor.resolve([visited, .highlighted], rule: .uikit) == "blue")
  }
}
