import Foundation
import StateKitTesting
import Testing

@testable import StateKitCore

/// `$transitions` in theme files: written by `StyleTransitions`' encoding beside a style set's
/// values, read back by the theme readers, and every mistake a one-line error at its place.
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
  static let styles: Generator<ThemeFile> = {
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
      var transitions = StyleTransitions(precedence: precedence)
      transitions.all = TransitionTable(all)
      transitions[attribute: fill.name] = TransitionTable(own)
      return ThemeFile(style: style, transitions: transitions)
    }
  }()

  static func encoded(_ style: some Encodable) throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return Array(try encoder.encode(style))
  }

  /// A key's sides split byte by byte as they do character by character: for every key of up
  /// to five of `-`, `>`, `a`, CR and LF (so arrows that overlap, touch and stand between a CR
  /// and an LF), the two splits are the same texts; a key that is not ASCII is split by its
  /// characters alone.
  @Test func asciiKeysSplitAsTheirCharactersDo() {
    let pieces = ["-", ">", "a", "\r", "\n"]
    var keys = [""]
    var shorter = [""]
    for _ in 1...5 {
      shorter = shorter.flatMap { key in pieces.map { key + $0 } }
      keys += shorter
    }
    for key in keys {
      let bytes = _ThemeDocument.asciiSides(of: key).map { $0.map(String.init) }
      let characters = _ThemeDocument.characterSides(of: key).map(String.init)
      #expect(bytes == characters, "\(key.debugDescription)")
    }
    for key in ["a -> é", "-\u{301}> b", "a ->\u{301} b", "\u{600}-> b"] {
      #expect(_ThemeDocument.asciiSides(of: key) == nil, "\(key.debugDescription)")
    }
  }

  @Test func themesKeepTheirTransitions() {
    forAll(
      "decode(encode(theme)) == theme, through the theme readers and JSONDecoder", Self.styles,
      cases: GrowthChecks.cases(500)
    ) {
      theme in
      let bytes = try Self.encoded(theme)
      let decoder = JSONDecoder()
      decoder.userInfo[.styleKeys] = Self.keys
      return try ThemeFile(bytes, keys: Self.keys) == theme
        && decoder.decode(StyleSet.self, from: Data(bytes)) == theme.style
    }
  }

  /// The form is short where it can be; a theme file reads its transitions; an overlay's theme
  /// file carries transitions as a style set's does: they may move attributes whose values are
  /// in the theme below it.
  @Test func theFormIsShortWhereItCanBe() throws {
    var style = StyleSet()
    style[Self.label, for: .normal] = "idle"
    var transitions = StyleTransitions()
    transitions.all[to: .highlighted] = Transition(milliseconds: 80)
    transitions.all[to: .disabled] = .snap
    transitions[attribute: Self.label.name][
      from: StateSelector(.highlighted), to: StateSelector(.selected, unless: .disabled)] =
      Transition(milliseconds: 120, delay: 30, curve: .steps(3, at: .start))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded: [String] = [
      String(decoding: try encoder.encode(transitions), as: UTF8.self),
      String(decoding: try encoder.encode(StyleTransitions()), as: UTF8.self),
      String(
        decoding: try encoder.encode(ThemeFile(style: style, transitions: transitions)),
        as: UTF8.self),
    ]
    let expected: [String] = [
      #"{"$transitions":{"*":{"normal -> disabled":0,"normal -> highlighted":80},"label":{"highlighted -> selected | !disabled":{"curve":"steps(3, jump-start)","delay":30,"duration":120}}}}"#,
      "{}",
      #"{"$transitions":{"*":{"normal -> disabled":0,"normal -> highlighted":80},"label":{"highlighted -> selected | !disabled":{"curve":"steps(3, jump-start)","delay":30,"duration":120}}},"label":{"normal":"idle"}}"#,
    ]
    #expect(encoded == expected)

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
    let read = try StyleTransitions(themeJSON: Array(text.utf8), keys: Self.keys)
    let press = StateChange(old: .normal, new: .highlighted)
    #expect(read.precedence == StatePrecedence(dominant: .disabled))
    let played: [Transition] = [
      read.transition(for: "label", press), read.transition(for: "fill", press),
      read.transition(for: "fill", StateChange(old: .highlighted, new: .disabled)),
    ]
    let expectedPlayed: [Transition] = [
      Transition(milliseconds: 80, curve: .easeOut),
      Transition(milliseconds: 120, delay: 10, curve: .cubicBezier(0.3, 1.6, 0.6, 1)), .snap,
    ]
    #expect(played == expectedPlayed)
    #expect(read.all.count == 3)
    // The style set's reader leaves them to this one.
    #expect(try StyleSet(themeJSON: Array(text.utf8), keys: Self.keys).attributeNames == ["fill"])

    var theme = StyleTransitions()
    theme.all[to: .highlighted] = Transition(milliseconds: 80)
    let overlayText =
      #"{"$remove": {"fill": ["disabled"]}, "$transitions": {"*": {"normal -> highlighted": 0}, "fill": {"normal -> disabled": 80}}}"#
    let overlay = try StyleOverlay(themeJSON: Array(overlayText.utf8), keys: Self.keys)
    let overlayTransitions = try StyleTransitions(
      themeJSON: Array(overlayText.utf8), keys: Self.keys)
    #expect(!overlay.isEmpty && overlayTransitions.attributeNames == ["fill"])
    #expect(theme.overlaid(with: overlayTransitions).all[to: .highlighted] == .snap)
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
      _ = try StyleTransitions(themeJSON: Array(text.utf8), keys: Self.keys)
      Issue.record("no error for \(text)")
    } catch {
      let message = "\(error)"
      #expect(
        message.contains(words) && !message.contains("\n")
          && (error.code == .invalidTheme || error.code == .repeatedKey),
        "\(error.code): \(message)")
      #expect(error.path.first == "$transitions")
    }
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
        try GrowthChecks.bestSeconds {
          _ = try StyleTransitions(themeJSON: bytes, keys: Self.keys)
        })
    }
    #expect(times[2] / max(times[0], 1e-6) < 24, "\(times)")
  }

  // MARK: - What the encoding writes, the readers read back

  /// Transitions of any duration, delay and step count, for an attribute with values (`fill`)
  /// or without (`label`): beyond what a theme holds as often as within it.
  static let anyTransitions: Generator<ThemeFile> = {
    let selector = Gen.selector(
      states: Gen.controlState(in: [.highlighted, .disabled, .selected], count: 0...2))
    let milliseconds = Gen.frequency(
      (3, Gen.int(in: 0...400)), (2, Gen.int(in: 3_599_990...3_600_010)),
      (1, Gen.int(in: (Int.max - 10)...Int.max)))
    let curve = Gen.frequency(
      (2, Gen.element(of: curves)),
      (1, Gen.int(in: 9_990...10_010).map { TransitionCurve.steps($0, at: .end) }),
      (1, Gen.int(in: (Int.max - 10)...Int.max).map { TransitionCurve.steps($0, at: .start) }))
    let delay = Gen.frequency((2, Gen.constant(0)), (1, milliseconds))
    let transition = Gen.zip(milliseconds, delay, curve).map {
      Transition(milliseconds: $0.0, delay: $0.1, curve: $0.2)
    }
    let entry = Gen.zip(selector, selector, transition).map {
      TransitionTable.Entry(from: $0.0, to: $0.1, transition: $0.2)
    }
    return Gen.zip(entry.array(count: 0...3), entry.array(count: 0...2), Gen.bool).map {
      all, own, toLabel in
      var style = StyleSet()
      style[fill, for: .normal] = 0
      style[fill, for: .highlighted] = 1
      var transitions = StyleTransitions()
      transitions.all = TransitionTable(all)
      transitions[attribute: toLabel ? label.name : fill.name] = TransitionTable(own)
      return ThemeFile(style: style, transitions: transitions)
    }
  }()

  /// The message of an encoding error; `nil` for any other error.
  static func encodingMessage(_ error: any Error) -> String? {
    guard case EncodingError.invalidValue(_, let context) = error else { return nil }
    return context.debugDescription
  }

  /// Every theme either encodes to one that each reader reads back equal (the theme readers,
  /// any decoder, and the reader of statekit-inspect, which knows only the theme's own
  /// attributes and refuses transitions of any other), or its encoding throws an
  /// `EncodingError` that says why.
  @Test func whatTheEncodingWritesReadsBack() {
    forAll(
      "encode(theme) throws an EncodingError, or every reader reads it back equal",
      Self.anyTransitions, cases: GrowthChecks.cases(1_000)
    ) { theme in
      let bytes: [UInt8]
      do {
        bytes = try Self.encoded(theme)
      } catch {
        return Self.encodingMessage(error)?.isEmpty == false
      }
      let decoder = JSONDecoder()
      decoder.userInfo[.styleKeys] = Self.keys
      guard
        try ThemeFile(bytes, keys: Self.keys) == theme
          && decoder.decode(StyleSet.self, from: Data(bytes)) == theme.style
      else { return false }
      // statekit-inspect knows the attributes the theme has values for, and no others.
      let valued = Set(theme.style.attributeNames)
      let reading = Result {
        try _ThemeDocument(bytes: bytes).tables(catalog: .system) { json, _ in json }
      }
      guard theme.transitions.attributeNames.allSatisfy(valued.contains) else {
        return "\(reading)".contains("unknown style attribute")
      }
      return try reading.get().transitions == theme.transitions
    }
  }

  /// What a theme cannot hold is refused when encoding, with a message that names the
  /// transition and the limit; a step count of any size is written and read back.
  @Test func theEncodingRefusesWhatNoThemeHolds() throws {
    var style = ThemeFile(style: StyleSet(), transitions: StyleTransitions())
    style.style[Self.fill, for: .normal] = 0
    func message(_ change: (inout ThemeFile) -> Void) -> String? {
      var changed = style
      change(&changed)
      do {
        _ = try Self.encoded(changed)
        return nil
      } catch {
        return Self.encodingMessage(error)
      }
    }
    let long = message { $0.transitions.all[to: .disabled] = Transition(milliseconds: 3_600_001) }
    #expect(
      long?.contains("3600001") == true && long?.contains("3600000") == true
        && long?.contains("normal -> disabled") == true, "\(long ?? "")")
    let late = message {
      $0.transitions[attribute: Self.fill.name][from: .highlighted] = Transition(
        milliseconds: 86_400_000, delay: 7_200_000)
    }
    #expect(late?.contains("fill") == true && late?.contains("3600000") == true, "\(late ?? "")")
    // Transitions may move an attribute this theme has no values for (an overlay's do).
    let moving = message { $0.transitions[attribute: Self.label.name][to: .selected] = .snap }
    let star = StyleKey<Double>("*")
    let all = message {
      $0.style[star, for: .normal] = 1
      $0.transitions[attribute: star.name][to: .selected] = .snap
    }
    #expect(all?.contains(#""*""#) == true, "\(all ?? "")")
    let longest = message {
      $0.transitions.all[to: .disabled] = Transition(milliseconds: 3_600_000)
    }
    let accepted: [String?] = [moving, longest]
    #expect(accepted == [nil, nil])

    for count in [10_000, 20_000, Int.max] {
      var steps = style
      steps.transitions.all[to: .selected] = Transition(
        milliseconds: 50, curve: .steps(count, at: .end))
      let bytes = try Self.encoded(steps)
      #expect(try ThemeFile(bytes, keys: Self.keys) == steps, "steps(\(count))")
    }
  }

  /// A theme of `count` attributes, each with values and one transition of its own, and
  /// `count` transitions for every attribute.
  static func manyAttributes(_ count: Int) -> (bytes: [UInt8], keys: [StyleSet.DecodableKey]) {
    let text = { (entry: TransitionTable.Entry) in
      "\"\(StateCatalog.system.description(of: entry.from)) -> \(StateCatalog.system.description(of: entry.to))\": \(entry.transition.duration)"
    }
    let all = StyleTransitionsTests.entries(count).map(text).joined(separator: ", ")
    let own = StyleTransitionsTests.entries(count, from: count).enumerated().map {
      "\"a\($0.offset)\": {\(text($0.element))}"
    }
    let values = (0..<count).map { #""a\#($0)": {"normal": 0, "highlighted": \#($0)}"# }
    let members = [#""$transitions": {"*": {\#(all)}, \#(own.joined(separator: ", "))}"#] + values
    let keys = (0..<count).map { StyleSet.DecodableKey(StyleKey<Double>("a\($0)")) }
    return (Array(("{" + members.joined(separator: ", ") + "}").utf8), keys)
  }

  /// Reading a theme of n attributes with transitions of their own over n for every attribute
  /// keeps 2n entries and takes time linear in n: no attribute's table is merged into a copy.
  @Test(.enabled(if: GrowthChecks.requested)) func readingManyAttributesTablesIsLinear() throws {
    for size in [125, 500, 2_000] {
      let theme = Self.manyAttributes(size)
      let transitions = try StyleTransitions(themeJSON: theme.bytes, keys: theme.keys)
      #expect(transitions.attributeNames.count == size)
      let stored = StyleTransitionsTests.storedEntries(transitions)
      // Before timing: a quadratic copy of 8,000 attributes' tables is 64 million entries.
      guard stored == 2 * size else {
        Issue.record("\(size) attributes: \(stored) entries kept")
        return
      }
    }
    let sizes = [500, 2_000, 8_000]
    let themes = sizes.map(Self.manyAttributes)
    var (best, series) = (Double.infinity, [Double]())
    for _ in 0..<3 {
      let times = try themes.map { theme in
        try GrowthChecks.bestSeconds {
          _ = try StyleTransitions(themeJSON: theme.bytes, keys: theme.keys)
        }
      }
      let ratio = times[2] / max(times[0], 1e-6)
      if ratio < best { (best, series) = (ratio, times) }
      if best < 24 { break }
    }
    #expect(best < 24, "\(series) s for \(sizes) attributes, ratio \(best)")
  }
}

/// A theme file's two parts, written into one object and read by the two readers, as an app
/// keeps them.
struct ThemeFile: Encodable, Equatable, Sendable {
  var style: StyleSet
  var transitions: StyleTransitions

  init(style: StyleSet, transitions: StyleTransitions) {
    (self.style, self.transitions) = (style, transitions)
  }

  init(_ bytes: [UInt8], keys: [StyleSet.DecodableKey]) throws {
    style = try StyleSet(themeJSON: bytes, keys: keys)
    transitions = try StyleTransitions(themeJSON: bytes, keys: keys)
  }

  func encode(to encoder: any Encoder) throws {
    try style.encode(to: encoder)
    try transitions.encode(to: encoder)
  }
}
