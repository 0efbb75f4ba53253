import StateKit
import StateKitTesting
import Testing

extension StyleKey where Value == String {
  static var titleColor: StyleKey<String> { StyleKey("titleColor") }
  static var background: StyleKey<String> { StyleKey("background") }
}

extension StyleKey where Value == Bool {
  static var underlined: StyleKey<Bool> { StyleKey("underlined") }
}

@Suite("StyleSet")
struct StyleSetTests {
  let visited = StateTableTests.visited

  /// The classic example: a link whose title is blue when normal and purple once visited.
  @Test func linkButton() {
    var style = StyleSet()
    style[.titleColor, for: .normal] = "blue"
    style[.titleColor, for: visited] = "purple"
    style[.titleColor, for: .disabled] = "gray"
    style[.underlined, for: .highlighted] = true
    style[.underlined, for: .normal] = false

    #expect(style.resolve(.normal)[.titleColor] == "blue")
    #expect(style.resolve(visited)[.titleColor] == "purple")
    #expect(style.resolve([visited, .highlighted])[.titleColor] == "purple")
    #expect(style.resolve([visited, .highlighted])[.underlined] == true)
    #expect(style.resolve([visited, .disabled])[.titleColor] == "gray")
    #expect(style.resolve(visited)[.underlined] == false)
    #expect(style.resolve(visited)[.background] == nil)
    #expect(style.resolve(visited).count == 2)
    #expect(style.attributeNames == ["titleColor", "underlined"])
  }

  @Test func keysAreNameAndType() {
    var style = StyleSet()
    style[StyleKey<String>("flag"), for: .normal] = "yes"
    style[StyleKey<Bool>("flag"), for: .normal] = true
    #expect(style.resolve(.normal)[StyleKey<String>("flag")] == "yes")
    #expect(style.resolve(.normal)[StyleKey<Bool>("flag")] == true)
    #expect(StyleKey<Bool>("flag").description == "flag: Bool")
  }

  @Test func valueSemanticsAndOverlay() {
    var a = StyleSet()
    a[.titleColor, for: .normal] = "blue"
    a[.background, for: .selected] = "black"
    var b = StyleSet()
    b[.background, for: .selected] = "black"
    b[.titleColor, for: .normal] = "blue"
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    b[.titleColor, for: .normal] = "red"
    #expect(a != b)
    b[.titleColor, for: .normal] = nil
    #expect(b.attributeNames == ["background"])

    var overrides = StyleSet()
    overrides[.titleColor, for: .normal] = "green"
    let merged = a.overlaid(with: overrides)
    #expect(merged.resolve(.selected)[.titleColor] == "green")
    #expect(merged.resolve(.selected)[.background] == "black")
    #expect(a.resolve(.normal)[.titleColor] == "blue")
  }

  @Test func wholeTableAccess() {
    var style = StyleSet()
    style[.titleColor] = StateTable([(StateSelector(.normal), "blue")])
    #expect(style[.titleColor].entries.count == 1)
    style[.titleColor] = StateTable()
    #expect(style.attributeNames.isEmpty)
    #expect(style.resolve(.normal).isEmpty)
  }
}

@Suite("Widget-author conveniences")
struct WidgetAuthorTests {
  @Test func styleSetsAndResolvedStylesDescribeThemselves() {
    var style = StyleSet()
    style[StyleKey<String>("titleColor"), for: .normal] = "blue"
    style[StyleKey<String>("titleColor"), for: .disabled] = "gray"
    style[StyleKey<Bool>("underline"), for: .highlighted] = true
    #expect(
      style.description
        == "StyleSet(titleColor: [disabled: gray, normal: blue], underline: [highlighted: true])")
    #expect(
      style.resolve([.highlighted, .disabled]).description
        == "ResolvedStyle(titleColor: gray, underline: true)")
    #expect(StyleSet().resolve(.normal).description == "ResolvedStyle()")
  }

  @Test func constantSelectorsNeverThrow() {
    let selector = StateSelector(.selected, unless: .disabled)
    #expect(selector.required == .selected && selector.excluded == .disabled)
    #expect(selector.matches([.selected, .highlighted]))
    #expect(!selector.matches([.selected, .disabled]))
    // A state both required and excluded stays required.
    let overlapping = StateSelector(.selected, unless: [.selected, .disabled])
    #expect(overlapping.excluded == .disabled)
    #expect((try? StateSelector(requiring: .selected, excluding: .disabled)) == selector)
  }

  @Test func catalogsExportTheStatesFormat() throws {
    var catalog = StateCatalog()
    _ = try catalog.declare("dragging", applicationBit: 7)
    _ = try catalog.declare("visited", applicationBit: 0)
    #expect(catalog.statesJSON == "{\"visited\": 16, \"dragging\": 23}\n")
    #expect(StateCatalog().statesJSON == "{}\n")
  }
}

@Suite("StateTable.explain")
struct ExplainTests {
  @Test func explainsTheWinnerAndTheRule() {
    var table = StateTable<String>()
    table[.normal] = "blue"
    table[.disabled] = "gray"
    table[.highlighted] = "dark blue"
    table[[.selected, .highlighted]] = "white"
    let tie = table.explain([.disabled, .highlighted])
    #expect(tie.winner?.value == "gray")
    #expect(tie.matches.map(\.value) == ["gray", "dark blue", "blue"])
    #expect(
      tie.reason.hasPrefix("it and highlighted match with 1 state each; disabled has precedence"))
    let specific = table.explain([.selected, .highlighted, .focused])
    #expect(specific.winner?.value == "white")
    #expect(specific.reason.hasPrefix("the most specific match (2 states), before highlighted"))
    #expect(
      table.explain(.selected).description
        == #"selected → "blue" from normal: the only entry that matches"#)
    #expect(StateTable<Int>().explain(.normal).winner == nil)
  }

  @Test func theWinnerIsWhatResolveGives() {
    let states = Gen.controlState(in: ControlState(rawValue: 0x1000F), count: 0...5)
    forAll("explain's winner is what resolve gives", Gen.zip(states.array(count: 0...5), states)) {
      keys, state in
      var table = StateTable<Int>()
      for (value, key) in keys.enumerated() { table[key] = value }
      return table.explain(state).winner?.value == table.resolve(state)
    }
  }
}
