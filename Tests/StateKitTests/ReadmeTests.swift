import StateKit
import Testing

/// The README's examples, kept honest.
@Suite("README examples")
struct ReadmeTests {
  @Test func stateExample() throws {
    let visited = ControlState(rawValue: 1 << 16)
    let names = StateNames("MyWidgets", ["visited": visited])
    var state: ControlState = [.selected, .highlighted]
    #expect(state.description == "highlighted | selected")
    state.insert(visited)
    #expect(state.description == "highlighted | selected | 0x10000")
    let catalog = try StateCatalog(merging: [names])
    #expect(catalog.description(of: state) == "highlighted | selected | visited")
    #expect(ControlState(rawValue: 0x0100_0004).description == "selected | 0x1000000")
    let parsed = try catalog.parse("visited | selected")
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
