import Foundation
import StateKit
import StateKitTesting
import Testing

@Suite("Style overlays: merge, replace, remove")
struct StyleOverlayTests {
  let visited = StateTableTests.visited
  static let keys: [StyleSet.DecodableKey] = [
    .init(.titleColor), .init(.underlined), .init(.background),
  ]

  func theme() -> StyleSet {
    var style = StyleSet()
    style[.titleColor, for: .normal] = "blue"
    style[.titleColor, for: visited] = "purple"
    style[.titleColor, for: .disabled] = "gray"
    style[.underlined, for: .highlighted] = true
    style[.background, for: .normal] = "white"
    return style
  }

  /// Replacing, removing and merging in code; the operations stay consistent; the description
  /// names every change.
  @Test func replaceRemoveAndMergeInCode() {
    var overlay = StyleOverlay()
    overlay[.titleColor, for: .selected] = "white"
    overlay.remove(.titleColor, selector: StateSelector(visited))
    overlay.replace(.underlined, with: StateTable([(StateSelector(.normal), false)]))
    overlay.replace(.background, with: StateTable())
    let result = theme().overlaid(with: overlay)
    var expected = StyleSet()
    expected[.titleColor, for: .normal] = "blue"
    expected[.titleColor, for: .disabled] = "gray"
    expected[.titleColor, for: .selected] = "white"
    expected[.underlined, for: .normal] = false
    let results: [StyleSet] = [
      result, theme().overlaid(with: StyleOverlay()),
      theme().overlaid(with: StyleOverlay(merging: theme())),
    ]
    let plainTheme: StyleSet = theme()
    let expectedResults: [StyleSet] = [expected, plainTheme, plainTheme]
    #expect(results == expectedResults)

    overlay = StyleOverlay()
    overlay.remove(.titleColor, selector: StateSelector(.normal))
    overlay[.titleColor, for: .normal] = "black"
    #expect(overlay.removedSelectors(for: .titleColor).isEmpty, "merging cancels the removal")
    #expect(theme().overlaid(with: overlay).resolve(.normal)[.titleColor] == "black")
    overlay.remove(.titleColor, selector: StateSelector(.normal))
    #expect(overlay[.titleColor, for: .normal] == nil, "removing drops the merged entry")
    #expect(theme().overlaid(with: overlay)[.titleColor, for: .normal] == nil)
    // Replacing drops merged and removed entries; later changes go to the replacement.
    overlay.replace(.titleColor, with: StateTable([(StateSelector(.selected), "white")]))
    #expect(overlay.removedSelectors(for: .titleColor).isEmpty)
    overlay[.titleColor, for: .disabled] = "silver"
    #expect(overlay.replacement(for: .titleColor)?.entries.count == 2)
    #expect(overlay.merged.attributeNames.isEmpty)
    overlay.remove(.titleColor, selector: StateSelector(.selected))
    overlay.remove(.titleColor, selector: StateSelector(.disabled))
    #expect(
      overlay.replacement(for: .titleColor)?.entries.isEmpty == true, "still replaced, by nothing")
    #expect(theme().overlaid(with: overlay).attributeNames == ["background", "underlined"])
    #expect(overlay.replacement(for: .underlined) == nil)

    var described = StyleOverlay()
    described[.titleColor, for: .normal] = "black"
    described.remove(.titleColor, selector: StateSelector(.disabled))
    described.replace(.background, with: StateTable())
    #expect(
      described.description
        == "StyleOverlay(merged: StyleSet(titleColor: [normal: black]), replaced: [background: []], removed: [titleColor: disabled])"
    )
    #expect(StyleOverlay().isEmpty && !described.isEmpty)
  }

  /// An overlay sets the precedence of the result.
  ///
  /// An attribute only the override has joins the result in the base style's precedence, not
  /// the override's: a disabled-dominant base resolves a disabled state for that attribute by
  /// its own dominant rule, as for the attributes it had.
  @Test func anOverlaySetsPrecedence() {
    var overlay = StyleOverlay()
    overlay.precedence = StatePrecedence(dominant: .disabled)
    var style = theme()
    style[.titleColor, for: [.selected, .highlighted]] = "white"
    let result = style.overlaid(with: overlay)
    let precedences: [StatePrecedence] = [result.precedence, result[.titleColor].precedence]
    #expect(precedences == [overlay.precedence, overlay.precedence])
    #expect(result.resolve([.disabled, .selected, .highlighted])[.titleColor] == "gray")

    var base = StyleSet(precedence: StatePrecedence(dominant: .disabled))
    base[.titleColor, for: .normal] = "blue"
    base[.titleColor, for: .disabled] = "gray"
    base[.titleColor, for: [.selected, .highlighted]] = "white"
    // The standard precedence: the more specific entry wins.
    var overrides = StyleSet()
    overrides[.underlined, for: .normal] = false
    overrides[.underlined, for: .disabled] = false
    overrides[.underlined, for: [.selected, .highlighted]] = true
    let state: ControlState = [.disabled, .selected, .highlighted]
    let merged = base.overlaid(with: overrides)
    let basePrecedences: [StatePrecedence] = [merged.precedence, merged[.underlined].precedence]
    #expect(basePrecedences == [base.precedence, base.precedence])
    // The override's own rule; then disabled dominates in the base.
    let underlined: [Bool?] = [
      overrides.resolve(state)[.underlined], merged.resolve(state)[.underlined],
      merged.resolve([.selected, .highlighted])[.underlined],
    ]
    #expect(underlined == [true, false, true])
    // The base's rule.
    let titles: [String?] = [base.resolve(state)[.titleColor], merged.resolve(state)[.titleColor]]
    #expect(titles == ["gray", "gray"])
    var expected = base
    expected[.underlined] = StateTable([
      (StateSelector(.normal), false), (StateSelector(.disabled), false),
      (StateSelector([.selected, .highlighted]), true),
    ])
    #expect(merged == expected)
  }

  /// Against a reference built table by table: replace, then remove, then merge.
  @Test func overlayAgreesWithTables() {
    let gen = Gen.zip(
      StateTableTests.randomTable, StateTableTests.randomTable, StateTableTests.randomTable)
    // 250 cases of three random tables each, of up to 20 entries over any of the pools.
    forAll("overlay == per-table reference", gen, cases: 250) { base, merge, other in
      var style = StyleSet()
      for (selector, value) in base { style[.background, for: selector] = "b\(value)" }
      for (selector, value) in other { style[.titleColor, for: selector] = "t\(value)" }
      var overlay = StyleOverlay()
      var expected = StateTable<String>()
      for (selector, value) in base { expected[selector] = "b\(value)" }
      // Remove every other base entry, merge the others.
      for (index, (selector, _)) in base.enumerated() where index % 2 == 0 {
        overlay.remove(.background, selector: selector)
        expected[selector] = nil
      }
      for (selector, value) in merge {
        overlay[.background, for: selector] = "m\(value)"
        expected[selector] = "m\(value)"
      }
      overlay.replace(.titleColor, with: StateTable(merge.map { ($0, "r\($1)") }))
      let result = style.overlaid(with: overlay)
      return result[.background] == expected
        && result[.titleColor] == StateTable(merge.map { ($0, "r\($1)") })
    }
  }

  /// Overlay files round-trip; conflicting overlay files are rejected.
  @Test func overlayFilesRoundTrip() throws {
    var overlay = StyleOverlay()
    overlay[.titleColor, for: .selected] = "white"
    overlay.remove(.titleColor, selector: StateSelector(visited))
    overlay.replace(.underlined, with: StateTable([(StateSelector(.normal), false)]))
    overlay.replace(.background, with: StateTable())
    let catalog = try StateCatalog(merging: [.linkKit])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.userInfo[.stateCatalog] = catalog
    let data = try encoder.encode(overlay)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"$remove":{"titleColor":["visited"]},"$replace":{"background":{},"underlined":{"normal":false}},"titleColor":{"selected":"white"}}"#
    )
    let decoder = JSONDecoder()
    decoder.userInfo[.stateCatalog] = catalog
    decoder.userInfo[.styleKeys] = Self.keys
    #expect(try decoder.decode(StyleOverlay.self, from: data) == overlay)
    overlay.precedence = .standard
    #expect(try decoder.decode(StyleOverlay.self, from: encoder.encode(overlay)) == overlay)
    // A plain theme file is an overlay that merges.
    let plain = try encoder.encode(theme())
    #expect(try decoder.decode(StyleOverlay.self, from: plain) == StyleOverlay(merging: theme()))

    let strict = JSONDecoder()
    strict.userInfo[.styleKeys] = Self.keys
    for (json, fragment) in [
      (
        #"{"titleColor": {"normal": "a"}, "$replace": {"titleColor": {}}}"#,
        "both replaced and merged"
      ),
      (
        #"{"$replace": {"titleColor": {}}, "$remove": {"titleColor": ["normal"]}}"#,
        "both replaced and has entries removed"
      ),
      (
        #"{"titleColor": {"normal": "a"}, "$remove": {"titleColor": ["normal"]}}"#,
        "both removed and merged"
      ),
      (#"{"$remove": {"titleColor": ["bogus"]}}"#, #"invalid selector "bogus""#),
      (#"{"$remove": {"titleColr": ["normal"]}}"#, #"unknown style attribute "titleColr""#),
      (#"{"$replace": {"titleColr": {}}}"#, #"unknown style attribute "titleColr""#),
    ] {
      do {
        _ = try strict.decode(StyleOverlay.self, from: Data(json.utf8))
        Issue.record("\(json) decoded")
      } catch let DecodingError.dataCorrupted(context) {
        #expect(context.debugDescription.contains(fragment), "\(json): \(context.debugDescription)")
      }
    }
  }
}
