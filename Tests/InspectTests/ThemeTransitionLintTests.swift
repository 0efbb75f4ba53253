import ErrorKitCore
import StateKit
import StateKitCore
import Testing

@testable import InspectKit

/// `statekit-inspect theme` on themes with `$transitions`: entries that never apply, and changes
/// that snap beside changes that animate.
@Suite("statekit-inspect theme: transitions")
struct ThemeTransitionLintTests {
  func findings(_ text: String) throws -> [ThemeFinding] {
    try ThemeCommandTests().report(text, catalog: StateCatalog()).findings.filter {
      [.transitionNeverApplies, .snapBesideAnimation, .transitionsUnchecked].contains($0.kind)
    }
  }

  /// The example's button theme, whose keys name the changes themselves, lints clean.
  @Test func aThemeWhoseKeysNameTheChangesIsClean() throws {
    let text = """
      {
        "$precedence": {"dominant": "disabled", "order": ["highlighted"]},
        "$transitions": {
          "*": {"!highlighted -> highlighted": 80, "highlighted -> !highlighted": 250,
                "!focused -> focused": 150, "focused -> !focused": 150,
                "!disabled -> disabled": 0, "disabled -> !disabled": 200},
          "width": {"!highlighted -> highlighted": 120}
        },
        "fill": {"normal": 1, "highlighted": 2, "selected": 3, "disabled": 4},
        "width": {"normal": 10, "highlighted": 12},
        "underlined": {"normal": false, "focused": true}
      }
      """
    #expect(try findings(text).isEmpty)
    let theme = try _ThemeDocument(bytes: Array(text.utf8)).tables(catalog: StateCatalog()) {
      json, _ in ThemeValue(json: json)
    }
    #expect(theme.transitions.all.count == 6 && theme.transitions.attributeNames == ["width"])
  }

  /// An entry that matches only changes of focus with the button not pressed moves no value of
  /// a fill that only pressing changes; one of `*`'s that the fill's own entry replaces wins no
  /// change at all.
  @Test func anEntryThatMovesNoValueNeverApplies() throws {
    let text = """
      {
        "$transitions": {"*": {"!focused | !highlighted -> focused | !highlighted": 150,
                               "highlighted -> normal": 90},
                         "fill": {"highlighted -> normal": 40}},
        "fill": {"normal": 1, "highlighted": 2}
      }
      """
    let found = try findings(text)
    #expect(found.map(\.kind) == [.transitionNeverApplies, .transitionNeverApplies])
    #expect(
      found.map(\.message) == [
        #"*: transition "!highlighted | !focused -> focused | !highlighted" never applies: every change it wins leaves the values as they are"#,
        #"*: transition "highlighted -> normal" never applies: another entry wins every change it matches"#,
      ])
  }

  @Test func aChangeThatSnapsBesideOneThatAnimatesIsReported() throws {
    let text = """
      {
        "$transitions": {"*": {"normal -> focused": 150}},
        "fill": {"normal": 1, "selected": 3},
        "underlined": {"normal": false, "focused": true}
      }
      """
    let found = try findings(text)
    #expect(found.map(\.kind) == [.snapBesideAnimation])
    #expect(
      found.first?.message
        == "fill: 2 changes of its value snap while the same change beside one more state animates, such as normal -> selected (snaps) beside focused -> selected | focused (150 ms ease)"
    )
  }

  @Test func transitionsOverManyBitsAreNotPlayed() throws {
    let bits =
      ["highlighted", "disabled", "selected", "focused"]
      + (16...20).map { "0x" + String(1 << $0, radix: 16) }
    let values = bits.map { "\"\($0)\": 1" }.joined(separator: ", ")
    let text = #"{"$transitions": {"*": {"normal -> disabled": 0}}, "fill": {\#(values)}}"#
    let found = try findings(text)
    #expect(found.map(\.kind) == [.transitionsUnchecked])
    #expect(found.first?.message.contains("9 state bits, more than the 8") == true)
  }

  @Test func theJSONReportListsTransitionFindings() throws {
    let report = try ThemeCommandTests().report(
      #"{"$transitions": {"*": {"!focused -> focused": 150}}, "fill": {"normal": 1}}"#,
      catalog: StateCatalog())
    var writer = JSONWriter()
    report.json(path: "t.json", into: &writer)
    let text = String(decoding: writer.bytes, as: UTF8.self)
    #expect(text.contains(#""kind": "transitionNeverApplies", "attribute": "*""#))
  }
}
