import Foundation
import StateKitTesting
import Testing

@testable import StateKitCore

/// `$transitions` in theme files: written by `StyleSet`'s encoding, read back by the theme
/// reader and by any decoder, and every mistake a one-line error at its place.
@Suite("Theme transitions")
struct ThemeTransitionsTests {
  static let fill = StyleKey<Double>("fill")
  static let label = StyleKey<String>("label")
  static let keys: [StyleSet.DecodableKey] = [.init(fill), .init(label)]
  static let curves: [TransitionCurve] = [
    .ease, .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier(0.3, 1.6, 0.6, 1),
    .cubicBezier(0, 0, 1, -0.25), .steps(4, at: .start), .steps(1, at: .end),
  ]

  /// Random transitions over four bits with every curve, for every attribute and for `fill`.
  static let styles: Generator<StyleSet> = {
    let selector = Gen.selector(
      states: Gen.controlState(in: [.highlighted, .disabled, .selected, .focused], count: 0...2))
    let transition = Gen.zip(Gen.int(in: 0...400), Gen.int(in: 0...60), Gen.element(of: curves))
      .map { Transition(milliseconds: $0.0, delay: $0.1 < 40 ? 0 : $0.1, curve: $0.2) }
    let entry = Gen.zip(selector, selector, transition).map {
      TransitionTable.Entry(from: $0.0, to: $0.1, transition: $0.2)
    }
    let precedence = Gen.element(of: [
      StatePrecedence.standard, StatePrecedence(dominant: .disabled),
      StatePrecedence([.selected], dominant: .disabled),
    ])
    return Gen.zip(entry.array(count: 0...8), entry.array(count: 0...4), precedence).map {
      all, own, precedence in
      var style = StyleSet(precedence: precedence)
      style[fill, for: .normal] = 0
      style[fill, for: .highlighted] = 1
      style.transitions.all = TransitionTable(all)
      style.transitions[fill] = TransitionTable(own)
      return style
    }
  }()

  static func encoded(_ style: StyleSet) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return Array(try encoder.encode(style))
  }

  @Test func themesKeepTheirTransitions() {
    forAll(
      "decode(encode(style)) == style, through the theme reader and JSONDecoder", Self.styles,
      cases: GrowthChecks.cases(500)
    ) {
      style in
      let bytes = try Self.encoded(style)
      let decoder = JSONDecoder()
      decoder.userInfo[.styleKeys] = Self.keys
      return try StyleSet(themeJSON: bytes, keys: Self.keys) == style
        && decoder.decode(StyleSet.self, from: Data(bytes)) == style
    }
  }

  @Test func theFormIsShortWhereItCanBe() throws {
    var style = StyleSet()
    style.transitions.all[to: .highlighted] = Transition(milliseconds: 80)
    style.transitions.all[to: .disabled] = .snap
    style.transitions[Self.label][
      from: StateSelector(.highlighted), to: StateSelector(.selected, unless: .disabled)] =
      Transition(milliseconds: 120, delay: 30, curve: .steps(3, at: .start))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(style), as: UTF8.self)
        == #"{"$transitions":{"*":{"normal -> disabled":0,"normal -> highlighted":80},"label":{"highlighted -> selected | !disabled":{"curve":"steps(3, jump-start)","delay":30,"duration":120}}}}"#
    )
  }

  @Test func aThemeFileReadsItsTransitions() throws {
    let text = """
      {
        "$precedence": {"dominant": "disabled"},
        "fill": {"normal": 0, "highlighted": 1},
        "$transitions": {
          "*": {"normal -> highlighted": {"duration": 80, "curve": "ease-out"},
                "highlighted -> normal": 250,
                "normal -> disabled": 0},
          "fill": {"normal->highlighted": {"duration": 120, "delay": 10, "curve": "cubic-bezier(0.3, 1.6, 0.6, 1)"}}
        }
      }
      """
    let style = try StyleSet(themeJSON: Array(text.utf8), keys: Self.keys)
    let press = StateChange(old: .normal, new: .highlighted)
    #expect(style.transitions.precedence == StatePrecedence(dominant: .disabled))
    #expect(
      style.transitions.transition(for: "label", press)
        == Transition(milliseconds: 80, curve: .easeOut))
    #expect(
      style.transitions.transition(for: "fill", press)
        == Transition(milliseconds: 120, delay: 10, curve: .cubicBezier(0.3, 1.6, 0.6, 1)))
    #expect(
      style.transitions.transition(for: "fill", StateChange(old: .highlighted, new: .disabled))
        == .snap)
    #expect(style.transitions.all.count == 3)
  }

  /// Each mistake and the one-line error it gets: the code, the place, and words that say what
  /// is wrong.
  @Test(arguments: [
    (#"{"$transitions": []}"#, "/$transitions: expected an object, found an array"),
    (#"{"$transitions": {"size": {}}}"#, #"unknown style attribute "size""#),
    (#"{"$transitions": {"*": {"highlighted": 80}}}"#, "is not a change of state"),
    (#"{"$transitions": {"*": {"a -> b -> c": 80}}}"#, "is not a change of state"),
    (#"{"$transitions": {"*": {"hover -> normal": 80}}}"#, #"invalid selector "hover""#),
    (#"{"$transitions": {"*": {"normal -> disabled": -1}}}"#, "from 0 to 3600000"),
    (#"{"$transitions": {"*": {"normal -> disabled": 2.5}}}"#, "whole number of milliseconds"),
    (#"{"$transitions": {"*": {"normal -> disabled": 3600001}}}"#, "from 0 to 3600000"),
    (#"{"$transitions": {"*": {"normal -> disabled": "fast"}}}"#, "found a string"),
    (#"{"$transitions": {"*": {"normal -> disabled": {"delay": 5}}}}"#, #"needs a "duration""#),
    (
      #"{"$transitions": {"*": {"normal -> disabled": {"duration": 5, "speed": 2}}}}"#,
      #"unknown member "speed""#
    ),
    (
      #"{"$transitions": {"*": {"normal -> disabled": {"duration": 5, "curve": "bouncy"}}}}"#,
      #"unknown curve "bouncy""#
    ),
    (
      #"{"$transitions": {"*": {"normal -> disabled": {"duration": 5, "curve": "cubic-bezier(2, 0, 0, 1)"}}}}"#,
      "unknown curve"
    ),
    (
      #"{"$transitions": {"*": {"normal -> disabled": {"duration": 5, "curve": "steps(0, end)"}}}}"#,
      "unknown curve"
    ),
    (
      #"{"$transitions": {"*": {"normal -> disabled": 5, "normal->disabled": 6}}}"#,
      "denotes the same states"
    ),
    (
      #"{"$transitions": {"*": {"normal -> disabled": 5, "normal -> disabled": 6}}}"#, "is repeated"
    ),
  ])
  func mistakesAreOneLineErrors(text: String, words: String) {
    do {
      _ = try StyleSet(themeJSON: Array(text.utf8), keys: Self.keys)
      Issue.record("no error for \(text)")
    } catch {
      let message = "\(error)"
      #expect(message.contains(words), "\(message)")
      #expect(!message.contains("\n"))
      #expect(error.code == .invalidTheme || error.code == .repeatedKey)
      #expect(error.path.first == "$transitions")
    }
  }

  @Test func overlaysLayTransitionsOver() throws {
    var theme = StyleSet()
    theme.transitions.all[to: .highlighted] = Transition(milliseconds: 80)
    let overlay = try StyleOverlay(
      themeJSON: Array(#"{"$transitions": {"*": {"normal -> highlighted": 0}}}"#.utf8),
      keys: Self.keys)
    #expect(!overlay.isEmpty)
    #expect(theme.overlaid(with: overlay).transitions.all[to: .highlighted] == .snap)
  }

  /// Reading `$transitions` is linear in its entries: a table of thousands of pairs is sorted
  /// once, not entry by entry.
  @Test(.enabled(if: GrowthChecks.requested)) func readingTransitionsIsLinear() throws {
    func theme(_ count: Int) -> [UInt8] {
      // Distinct pairs over the application bits: a from and a to selector per entry.
      let entries = (0..<count).map { index in
        "\"0x\(String((index % 255 + 1) << 16, radix: 16)) -> 0x\(String((index / 255 + 1) << 16, radix: 16)) | !disabled\": \(index % 500)"
      }
      return Array(#"{"$transitions": {"*": {\#(entries.joined(separator: ", "))}}}"#.utf8)
    }
    var times: [Double] = []
    for count in [2_000, 4_000, 16_000] {
      let bytes = theme(count)
      times.append(
        try GrowthChecks.bestSeconds { _ = try StyleSet(themeJSON: bytes, keys: Self.keys) })
    }
    #expect(times[2] / max(times[0], 1e-6) < 24, "\(times)")
  }
}
