import StateKit
import StateKitTesting
import Testing

@Suite("StyleSet.explain")
struct StyleExplainTests {
  /// Each attribute says what decided it. For random styles and states, each attribute's
  /// explanation names the value and entry that resolve gives, and its decision agrees with the
  /// matches.
  @Test func eachAttributeSaysWhatDecided() throws {
    var style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
    style[.titleColor, for: .normal] = "blue"
    style[.titleColor, for: .selected] = "white"
    style[.titleColor, for: [.selected, .highlighted]] = "black"
    style[.titleColor, for: .disabled] = "gray"
    style[.underlined, for: .highlighted] = true
    style[.underlined, for: .focused] = false
    style[.background, for: .selected] = "yellow"
    let cases: [(ControlState, String, ResolutionDecision, String?)] = [
      (.selected, "titleColor", .exactMatch, "\"white\""),
      ([.selected, .focused], "titleColor", .mostSpecific, "\"white\""),
      ([.selected, .highlighted, .disabled], "titleColor", .dominant, "\"gray\""),
      ([.highlighted, .focused], "underlined", .precedence, "true"),
      (.highlighted, "underlined", .exactMatch, "true"),
      ([.highlighted, .selected], "underlined", .onlyMatch, "true"),
      (.normal, "background", .noMatch, nil),
    ]
    for (state, name, decision, value) in cases {
      let attribute = try #require(style.explain(state)[name])
      let why = attribute.resolution
      // The decision, by its name, and the value.
      let explained: [String?] = [
        why.decision.rawValue, why.winner.map { String(reflecting: $0.value) },
      ]
      #expect(explained == [decision.rawValue, value], "\(state) \(name): \(attribute)")
    }
    let catalog = try StateCatalog(merging: [.linkKit])
    let why = style.explain([.disabled, StateTableTests.visited], catalog: catalog)
    #expect(why.attributes.map(\.name) == ["background", "titleColor", "underlined"])
    #expect(
      why.description == """
        disabled | visited:
          background → nil: no entry matches (a table with a normal entry always has one)
          titleColor → "gray" from disabled: it requires the dominant disabled, which normal does not
          underlined → nil: no entry matches (a table with a normal entry always has one)
        """)
    #expect(why["absent"] == nil)

    // 250 cases, each explaining up to 40 states for both attributes, in three precedences.
    forAll("explain agrees with resolve", CompiledStyleTests.styles, cases: 250) {
      tables, precedence, states in
      var style = StyleSet(precedence: precedence)
      for (selector, value) in tables[0] { style[.titleColor, for: selector] = "c\(value)" }
      for (selector, value) in tables[1] { style[.background, for: selector] = "b\(value)" }
      return states.allSatisfy { state in
        let why = style.explain(state)
        return why.attributes.allSatisfy { attribute in
          let value: String? =
            attribute.name == "titleColor"
            ? style.resolve(state)[.titleColor] : style.resolve(state)[.background]
          let resolution = attribute.resolution
          let consistent: Bool
          switch resolution.decision {
          case .noMatch: consistent = resolution.matches.isEmpty
          case .onlyMatch: consistent = resolution.matches.count == 1
          case .exactMatch: consistent = resolution.winner?.selector == StateSelector(state)
          case .dominant, .mostSpecific, .precedence, .firstMatch, .greatestValue:
            consistent = resolution.matches.count > 1
          }
          // The matches are the table's, values and all.
          let table = attribute.name == "titleColor" ? style[.titleColor] : style[.background]
          let matches = table.explain(state).matches
          return consistent && resolution.winner?.value as? String == value
            && resolution.matches.map(\.selector) == matches.map(\.selector)
            && resolution.matches.map { $0.value as? String } == matches.map(\.value)
            && attribute.description == resolution.description
        }
      }
    }
  }
}

extension StyleSet.Explanation {
  /// The explanation of the attribute with this name, found as a client finds it.
  subscript(name: String) -> Attribute? { attributes.first { $0.name == name } }
}
