import Foundation
import StateKit
import StateKitTesting
import Testing

/// Every `Codable` form of a table or a style set reads back equal, answering every state as
/// the original does: first-match tables keep their order, and tables keep their precedence,
/// through a `StateTable`'s own form, a style set's, and a theme file read from its bytes.
@Suite("Codable forms of tables read back equal")
struct TableRoundTripTests {
  static let hot = ControlState(rawValue: 1 << 16)
  static let keys: [StyleSet.DecodableKey] = [.init(.titleColor), .init(.underlined)]

  /// The chain of `StateTable(firstMatch:)`'s documentation.
  static let chain = StateTable(firstMatch: [
    (StateSelector(.disabled), "gray"),
    (StateSelector([.focused, hot]), "yellow"),
    (StateSelector(.focused), "white"),
    (StateSelector(.normal), "silver"),
  ])

  /// Every combination of the bits a table mentions, with `selected` besides.
  static func states<Value>(of table: StateTable<Value>) -> [ControlState] {
    Array(ControlState.combinations(of: table.relevantStates.union(.selected)))
  }

  /// Whether two tables answer every state alike.
  static func sameAnswers<Value: Equatable>(_ a: StateTable<Value>, _ b: StateTable<Value>)
    -> Bool
  {
    states(of: a).allSatisfy { a.resolve($0) == b.resolve($0) }
      && states(of: b).allSatisfy { a.resolve($0) == b.resolve($0) }
  }

  /// The table read back from its own `Codable` form.
  static func throughCodable<Value: Codable>(_ table: StateTable<Value>) throws -> StateTable<
    Value
  > {
    try JSONDecoder().decode(StateTable<Value>.self, from: JSONEncoder().encode(table))
  }

  /// The style set read back from its `Codable` form, through `JSONDecoder`.
  static func throughDecoder(_ style: StyleSet) throws -> StyleSet {
    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = keys
    return try decoder.decode(StyleSet.self, from: JSONEncoder().encode(style))
  }

  /// The style set read back from its `Codable` form as a theme file's bytes.
  static func throughThemeFile(_ style: StyleSet) throws -> StyleSet {
    try StyleSet(themeJSON: JSONEncoder().encode(style), keys: keys)
  }

  /// A table with a toolkit's precedence writes the layout's name and its names, and reads back
  /// with that precedence; `$layout` beside `$precedence`, or naming no layout, is refused.
  @Test func aToolkitTableWritesItsLayout() throws {
    var pressed = StateTable<String>(precedence: StatePrecedence(layout: .lvgl))
    pressed[StateSelector(ControlState(rawValue: 0x20))] = "navy"
    pressed[StateSelector(ControlState(rawValue: 0x01))] = "teal"
    let json = String(decoding: try JSONEncoder().encode(pressed), as: UTF8.self)
    #expect(json.contains(#""$layout":"lvgl""#) && json.contains(#""pressed":"navy""#))
    #expect(!json.contains("$precedence"))
    let back = try Self.throughCodable(pressed)
    #expect(back == pressed && back.precedence.layout == .lvgl)
    // LVGL's rule: the greater state value wins, 0x20 (pressed) over 0x01 (checked).
    #expect(back.resolve(ControlState(rawValue: 0x21)) == "navy")
    let decoder = JSONDecoder()
    for bad in [
      #"{"$layout": "lvgl", "$precedence": {}, "pressed": "navy"}"#,
      #"{"$layout": "motif", "pressed": "navy"}"#, #"{"$layout": 3}"#,
    ] {
      #expect(throws: DecodingError.self, "\(bad)") {
        try decoder.decode(StateTable<String>.self, from: Data(bad.utf8))
      }
    }
    let chain = StateTable(firstMatch: [(StateSelector(ControlState(rawValue: 0x20)), 1)])
    var gtkChain = chain
    gtkChain.precedence = StatePrecedence(layout: .gtk)
    #expect(try Self.throughCodable(gtkChain) == gtkChain)
  }

  /// The documented chain round-trips, and so do evaluated tables.
  @Test func theDocumentedChainRoundTrips() throws {
    let table = Self.chain
    let back = try Self.throughCodable(table)
    #expect(back == table)
    #expect(back.isFirstMatch && Self.sameAnswers(back, table))
    #expect(back.resolve([.focused, Self.hot, .disabled]) == "gray")
    var style = StyleSet()
    style[.titleColor] = table
    for read in [try Self.throughDecoder(style), try Self.throughThemeFile(style)] {
      #expect(read == style)
      #expect(read[.titleColor].isFirstMatch && Self.sameAnswers(read[.titleColor], table))
    }

    let evaluated = StateTable(evaluating: [.disabled, .focused, Self.hot]) { state -> String in
      if state.contains(.disabled) { return "gray" }
      return state.contains(.focused) ? (state.contains(Self.hot) ? "yellow" : "white") : "silver"
    }
    #expect(try Self.throughCodable(evaluated) == evaluated)
    var evaluatedStyle = StyleSet()
    evaluatedStyle[.titleColor] = evaluated
    let read: [StyleSet] = [
      try Self.throughDecoder(evaluatedStyle), try Self.throughThemeFile(evaluatedStyle),
    ]
    #expect(read == [evaluatedStyle, evaluatedStyle])
  }

  /// A first-match table's form is an array of one-entry objects, in the order tried; a table
  /// whose precedence is not the standard one carries it.
  @Test func theForms() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let text = { (data: Data) in String(decoding: data, as: UTF8.self) }
    let chain = StateTable(firstMatch: [
      (StateSelector(.focused), "white"), (StateSelector([.focused, .selected]), "yellow"),
    ])
    #expect(
      text(try encoder.encode(chain)) == #"[{"focused":"white"},{"selected | focused":"yellow"}]"#)
    var strict = StateTable<String>(precedence: StatePrecedence(dominant: .disabled))
    strict[.selected] = "white"
    strict[.disabled] = "gray"
    #expect(
      text(try encoder.encode(strict))
        == #"{"$precedence":{"dominant":"disabled"},"disabled":"gray","selected":"white"}"#)
    #expect(try Self.throughCodable(strict) == strict)
    var ranked = chain
    ranked.precedence = StatePrecedence([.selected])
    #expect(
      text(try encoder.encode(ranked))
        == #"{"$firstMatch":[{"focused":"white"},{"selected | focused":"yellow"}],"$precedence":{"order":["selected"]}}"#
    )
    #expect(try Self.throughCodable(ranked) == ranked)
    // A style set's tables carry no precedence of their own: the style set's is at the top.
    var style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
    style[.titleColor] = chain
    style[.underlined, for: .highlighted] = true
    #expect(
      text(try encoder.encode(style))
        == #"{"$precedence":{"dominant":"disabled"},"titleColor":[{"focused":"white"},{"selected | focused":"yellow"}],"underlined":{"highlighted":true}}"#
    )
    #expect(try Self.throughDecoder(style) == style)
    #expect(try Self.throughThemeFile(style) == style)
  }

  /// A theme file writes a first-match attribute as an array, tried in order: here the first
  /// entry wins where the most specific would not.
  ///
  /// What a first-match attribute may not be: an element that is not an object of one selector
  /// key, or a selector listed twice; each error names the element and where it is.
  @Test func aThemeFileReadsAFirstMatchAttribute() throws {
    let theme = #"""
      {"titleColor": [{"focused": "white"}, {"focused | selected": "yellow"}, {"normal": "blue"}],
       "underlined": {"highlighted": true}}
      """#
    let style = try StyleSet(themeJSON: Array(theme.utf8), keys: Self.keys)
    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = Self.keys
    #expect(try decoder.decode(StyleSet.self, from: Data(theme.utf8)) == style)
    let firstMatch: [Bool] = [style[.titleColor].isFirstMatch, style[.underlined].isFirstMatch]
    #expect(firstMatch == [true, false])
    let titles: [String?] = [
      style.resolve([.focused, .selected])[.titleColor], style.resolve(.selected)[.titleColor],
    ]
    #expect(titles == ["white", "blue"])
    let table = try decoder.decode(
      StateTable<String>.self, from: Data(#"[{"focused": "white"}, {"normal": "blue"}]"#.utf8))
    #expect(
      table == StateTable(firstMatch: [(.init(.focused), "white"), (.init(.normal), "blue")]))

    let cases: [(String, String, [String])] = [
      (
        #"{"titleColor": [{"focused": "white"}, "blue"]}"#, "expected an object",
        ["titleColor", "1"]
      ),
      (
        #"{"titleColor": [{"focused": "white", "normal": "blue"}]}"#,
        #"one selector key; "normal" is a second"#, ["titleColor", "0", "normal"]
      ),
      (#"{"titleColor": [{}]}"#, "one selector key, found none", ["titleColor", "0"]),
      (
        "{\"titleColor\": [{\"focused\": \"white\"},\n {\"focused\": \"blue\"}]}",
        #"denotes the same selector as "focused""#, ["titleColor", "1", "focused"]
      ),
      (
        #"{"titleColor": [{"bogus": "white"}]}"#, "unknown state name",
        ["titleColor", "0", "bogus"]
      ),
      (#"{"titleColor": [{"normal": 1}]}"#, "expected a string", ["titleColor", "0", "normal"]),
    ]
    for (bad, reason, path) in cases {
      do {
        _ = try StyleSet(themeJSON: Array(bad.utf8), keys: Self.keys)
        Issue.record("accepted \(bad)")
      } catch {
        #expect(
          error.code == .invalidTheme && error.reason.contains(reason) && error.location != nil,
          "\(bad): \(error.code), \(error.reason), \(String(describing: error.location))")
        #expect(error.path == path, "\(bad)")
      }
      #expect(throws: DecodingError.self) {
        try decoder.decode(StyleSet.self, from: Data(bad.utf8))
      }
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StateTable<String>.self, from: Data(#"[{"a": 1, "b": 2}]"#.utf8))
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        StateTable<String>.self,
        from: Data(#"{"$firstMatch": [{"normal": "a"}], "selected": "b"}"#.utf8))
    }
  }

  /// An overlay's forms: a first-match replacement keeps its order, and the precedence of a
  /// style set it merges, which is not the result's, does not become the result's.
  @Test func overlaysReadBackAlike() throws {
    var widget = StyleSet(precedence: StatePrecedence(dominant: .disabled))
    widget[.titleColor, for: .selected] = "white"
    var overlay = StyleOverlay(merging: widget)
    overlay.replace(
      .underlined,
      with: StateTable(firstMatch: [
        (.init(.focused), true), (.init([.focused, .selected]), false),
      ]))
    var base = StyleSet()
    base[.titleColor, for: .disabled] = "gray"
    base[.underlined, for: .normal] = false
    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = Self.keys
    let data = try JSONEncoder().encode(overlay)
    for read in [
      try decoder.decode(StyleOverlay.self, from: data),
      try StyleOverlay(themeJSON: data, keys: Self.keys),
    ] {
      #expect(read.precedence == overlay.precedence)
      #expect(read.replacement(for: .underlined) == overlay.replacement(for: .underlined))
      let (result, expected) = (base.overlaid(with: read), base.overlaid(with: overlay))
      #expect(result == expected)
      let states = Array(ControlState.combinations(of: [.disabled, .selected, .focused]))
      #expect(states.map { result.resolve($0) } == states.map { expected.resolve($0) })
    }
  }

  // MARK: Laws

  /// Random precedences: an order of a few states, and a dominant state or none.
  static let precedence: Generator<StatePrecedence> = Gen.zip(
    Gen.controlState(in: [.highlighted, .disabled, .selected, .focused, hot], count: 0...3),
    Gen.element(of: [ControlState.normal, .disabled, .selected])
  ).map { order, dominant in StatePrecedence(Array(order.members), dominant: dominant) }

  /// A random precedence, or a toolkit's (LVGL's, LVGL 9.5's, GTK's).
  static let tablePrecedence: Generator<StatePrecedence> = Gen.zip(
    Gen.int(in: 0...5), precedence
  ).map { pick, precedence in
    [
      StatePrecedence(layout: .lvgl), StatePrecedence(layout: .lvgl95),
      StatePrecedence(layout: .gtk),
    ]
    .dropFirst(pick).first ?? precedence
  }

  /// Random tables: entries over a few system and application bits, first-match or not, with
  /// the standard precedence or a random one (a toolkit's among them).
  static let table: Generator<StateTable<Int>> = Gen.zip(
    Gen.entries(
      values: Gen.int(in: 0...99),
      selectors: Gen.selector(
        states: Gen.controlState(
          in: [.highlighted, .disabled, .selected, .focused, hot, ControlState(rawValue: 1 << 17)],
          count: 0...3)), count: 0...10),
    Gen.bool, Gen.zip(Gen.bool, tablePrecedence)
  ).map { entries, firstMatch, ranked in
    let pairs = entries.map { ($0.selector, $0.value) }
    var table = firstMatch ? StateTable(firstMatch: pairs) : StateTable(pairs)
    if ranked.0 { table.precedence = ranked.1 }
    return table
  }.described { "\($0.isFirstMatch ? "first match " : "")\($0) \($0.precedence)" }

  /// `decode(encode(table)) == table`, and it answers every state alike, for random
  /// first-match and most-specific tables.
  @Test func tablesRoundTripThroughTheirCodableForm() {
    forAll(
      "a table's Codable form reads back equal", Self.table, cases: GrowthChecks.cases(2_000),
      seed: 49
    ) { table in
      let back = try Self.throughCodable(table)
      return back == table && Self.sameAnswers(back, table)
    }
  }

  /// A style set of two random tables, one of each value type (a most-specific table takes the
  /// style set's precedence), reads back equal through `JSONDecoder` and as a theme file.
  @Test func styleSetsRoundTripThroughCodableAndThemeFiles() {
    forAll(
      "a style set's Codable form and theme file read back equal",
      Gen.zip(Self.table, Self.table, Self.precedence), cases: GrowthChecks.cases(1_000), seed: 49
    ) { titles, underlines, precedence in
      var style = StyleSet(precedence: precedence)
      style[.titleColor] = StateTable(
        titles.entries.map { ($0.selector, "c\($0.value)") }, precedence: precedence)
      if titles.isFirstMatch {
        style[.titleColor] = StateTable(
          firstMatch: titles.entries.map { ($0.selector, "c\($0.value)") })
      }
      style[.underlined] =
        underlines.isFirstMatch
        ? StateTable(firstMatch: underlines.entries.map { ($0.selector, $0.value % 2 == 0) })
        : StateTable(underlines.entries.map { ($0.selector, $0.value % 2 == 0) })
      for read in [try Self.throughDecoder(style), try Self.throughThemeFile(style)] {
        guard read == style,
          Self.sameAnswers(read[.titleColor], style[.titleColor]),
          Self.sameAnswers(read[.underlined], style[.underlined])
        else { return false }
      }
      return true
    }
  }
}
