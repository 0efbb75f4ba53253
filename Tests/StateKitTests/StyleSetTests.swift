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

  /// The classic example: a link whose title is blue when normal and purple once visited. Keys
  /// are a name and a type.
  @Test func linkButton() {
    var style = StyleSet()
    style[.titleColor, for: .normal] = "blue"
    style[.titleColor, for: visited] = "purple"
    style[.titleColor, for: .disabled] = "gray"
    style[.underlined, for: .highlighted] = true
    style[.underlined, for: .normal] = false

    let titles: [String?] = [
      style.resolve(.normal)[.titleColor], style.resolve(visited)[.titleColor],
      style.resolve([visited, .highlighted])[.titleColor],
      style.resolve([visited, .disabled])[.titleColor], style.resolve(visited)[.background],
    ]
    #expect(titles == ["blue", "purple", "purple", "gray", nil])
    let underlined: [Bool?] = [
      style.resolve([visited, .highlighted])[.underlined], style.resolve(visited)[.underlined],
    ]
    #expect(underlined == [true, false])
    #expect(style.resolve(visited).count == 2)
    #expect(style.attributeNames == ["titleColor", "underlined"])

    var flags = StyleSet()
    flags[StyleKey<String>("flag"), for: .normal] = "yes"
    flags[StyleKey<Bool>("flag"), for: .normal] = true
    #expect(flags.resolve(.normal)[StyleKey<String>("flag")] == "yes")
    #expect(flags.resolve(.normal)[StyleKey<Bool>("flag")] == true)
    #expect(StyleKey<Bool>("flag").description == "flag: Bool")
  }

  /// Style sets are values, overlay one another, and give access to whole tables.
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
    let values: [String?] = [
      merged.resolve(.selected)[.titleColor], merged.resolve(.selected)[.background],
      a.resolve(.normal)[.titleColor],
    ]
    #expect(values == ["green", "black", "blue"])

    var style = StyleSet()
    style[.titleColor] = StateTable([(StateSelector(.normal), "blue")])
    #expect(style[.titleColor].entries.count == 1)
    style[.titleColor] = StateTable()
    #expect(style.attributeNames.isEmpty && style.resolve(.normal).count == 0)
  }
}

@Suite("Widget-author conveniences")
struct WidgetAuthorTests {
  /// Style sets and resolved styles describe themselves; constant selectors never throw;
  /// catalogs export the states format.
  @Test func styleSetsAndResolvedStylesDescribeThemselves() throws {
    var style = StyleSet()
    style[StyleKey<String>("titleColor"), for: .normal] = "blue"
    style[StyleKey<String>("titleColor"), for: .disabled] = "gray"
    style[StyleKey<Bool>("underline"), for: .highlighted] = true
    var catalog = StateCatalog()
    _ = try catalog.declare("dragging", applicationBit: 7)
    _ = try catalog.declare("visited", applicationBit: 0)
    let descriptions: [String] = [
      style.description, style.resolve([.highlighted, .disabled]).description,
      StyleSet().resolve(.normal).description, catalog.statesJSON, StateCatalog().statesJSON,
    ]
    let expected: [String] = [
      "StyleSet(titleColor: [disabled: gray, normal: blue], underline: [highlighted: true])",
      "ResolvedStyle(titleColor: gray, underline: true)", "ResolvedStyle()",
      "{\"visited\": 16, \"dragging\": 23}\n", "{}\n",
    ]
    #expect(descriptions == expected)

    let selector = StateSelector(.selected, unless: .disabled)
    // A state both required and excluded stays required.
    let overlapping = StateSelector(.selected, unless: [.selected, .disabled])
    let parts: [ControlState] = [selector.required, selector.excluded, overlapping.excluded]
    #expect(parts == [.selected, .disabled, .disabled])
    let matches: [Bool] = [
      selector.matches([.selected, .highlighted]), selector.matches([.selected, .disabled]),
    ]
    #expect(matches == [true, false])
    #expect((try? StateSelector(requiring: .selected, excluding: .disabled)) == selector)
  }
}

@Suite("StateTable.explain")
struct ExplainTests {
  /// Explain names the winner and the rule; the winner is what resolve gives.
  @Test func explainsTheWinnerAndTheRule() {
    var table = StateTable<String>()
    table[.normal] = "blue"
    table[.disabled] = "gray"
    table[.highlighted] = "dark blue"
    table[[.selected, .highlighted]] = "white"
    let tie = table.explain([.disabled, .highlighted])
    let specific = table.explain([.selected, .highlighted, .focused])
    let winners: [String?] = [tie.winner?.value, specific.winner?.value]
    #expect(winners == ["gray", "white"])
    #expect(tie.matches.map(\.value) == ["gray", "dark blue", "blue"])
    #expect(
      tie.reason.hasPrefix("it and highlighted match with 1 state each; disabled has precedence")
        && specific.reason.hasPrefix("the most specific match (2 states), before highlighted"),
      "\(tie.reason); \(specific.reason)")
    #expect(
      table.explain(.selected).description
        == #"selected → "blue" from normal: the only entry that matches"#)
    #expect(StateTable<Int>().explain(.normal).winner == nil)

    let states = Gen.controlState(in: ControlState(rawValue: 0x1000F), count: 0...5)
    forAll("explain's winner is what resolve gives", Gen.zip(states.array(count: 0...5), states)) {
      keys, state in
      var table = StateTable<Int>()
      for (value, key) in keys.enumerated() { table[key] = value }
      return table.explain(state).winner?.value == table.resolve(state)
    }
  }
}
