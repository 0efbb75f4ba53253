import ErrorKitCore
import Foundation
import StateKit
import StateKitCore
import StateKitTesting
import Testing

@testable import ErrorKitCore
@testable import InspectKit
@testable import StateKitCore

/// `statekit-inspect theme`: in-process against `ThemeReport`, and once through the binary.
@Suite("statekit-inspect theme")
struct ThemeCommandTests {
  static func catalog() throws -> StateCatalog {
    var catalog = StateCatalog()
    _ = try catalog.declare("visited", applicationBit: 0)
    return catalog
  }

  static let link = """
    {
      "$precedence": {"dominant": "disabled"},
      "titleColor": {"normal": "blue", "visited": "purple", "disabled": "gray"},
      "underlined": {"highlighted": true}
    }
    """

  func report(_ text: String, catalog: StateCatalog? = nil) throws -> ThemeReport {
    do {
      return try ThemeReport(
        bytes: Array(text.utf8), path: "t.json", catalog: catalog ?? Self.catalog())
    } catch let failure as Failure {
      throw ReportFailure(failure.status, failure.message)
    }
  }

  struct ReportFailure: Error {
    let status: InspectKit.ExitStatus
    let message: String
    init(_ status: InspectKit.ExitStatus, _ message: String) {
      (self.status, self.message) = (status, message)
    }
  }

  func failure(_ text: String, catalog: StateCatalog? = nil) -> ReportFailure? {
    do {
      _ = try report(text, catalog: catalog)
      return nil
    } catch {
      return error as? ReportFailure
    }
  }

  /// The grid has every combination of the mentioned bits; the lint finds entries that never
  /// win and ties. A tie is one finding per pair of entries, however many combinations of
  /// unrelated bits it decides, and none when the theme's own order decides it.
  @Test func theGridHasEveryCombinationAndTheLintFindsLosersAndTies() throws {
    let report = try report(Self.link)
    #expect(
      (report.names, report.states.count) == (["titleColor", "underlined"], 8),
      "highlighted, disabled, visited")
    let text = report.human(path: "t.json", color: false)
    #expect(
      text == """
        t.json: 2 attributes over 3 state bits (highlighted, disabled, visited); precedence: standard order; dominant: disabled

        state                             titleColor  underlined
        normal                            "blue"      -
        highlighted                       "blue"      true
        disabled                          "gray"      -
        highlighted | disabled            "gray"      true
        visited                           "purple"    -
        highlighted | visited             "purple"    true
        disabled | visited                "gray"      -
        highlighted | disabled | visited  "gray"      true

        lint: 1 finding
          missingValue: underlined: no value for 4 of 8 states (normal, disabled, visited, disabled | visited); add a normal entry for a fallback

        """)
    // The dominant state decides, not precedence alone: no tie finding.
    #expect(
      !report.findings.contains { $0.kind == .precedenceTie }
        && report.human(path: "t.json", color: true).contains("\u{1B}[1mstate"))

    let losing = try self.report(
      #"{"c": {"normal": "n", "selected": "a", "selected | !disabled": "b", "selected | disabled": "c", "highlighted": "h"}}"#
    )
    #expect(losing.findings.map(\.kind).contains(.neverWins), "\(losing.findings)")
    #expect(
      losing.findings.first { $0.kind == .neverWins }?.message
        == #"c: entry "selected" never wins: another entry wins every state it matches"#)
    // highlighted | selected | disabled: "highlighted" (1) loses to "selected | disabled" (2);
    // highlighted | selected: "selected | !disabled" (2) is more specific; no tie there.
    let tie = try self.report(#"{"c": {"disabled": "g", "highlighted": "h"}}"#)
    let clean = try self.report(#"{"c": {"normal": 1}}"#)
    #expect(
      tie.findings.map(\.message) + clean.findings.map(\.message) == [
        #"c: "disabled" and "highlighted" are equally specific; only the precedence order picks "disabled" (for 1 state: highlighted | disabled)"#,
        "c: no value for 1 of 4 states (normal); add a normal entry for a fallback",
      ])

    // Four unrelated bits (focused, selected and two custom states) multiply the states where
    // "disabled" and "highlighted" tie: 16 states, one finding.
    let theme = #"""
      {"c": {"normal": "n", "disabled": "g", "highlighted": "h", "focused": "f", "selected": "s"},
       "d": {"normal": "n", "a": "x", "b": "y"}}
      """#
    var catalog = StateCatalog()
    _ = try catalog.declare("a", applicationBit: 0)
    _ = try catalog.declare("b", applicationBit: 1)
    let ties = try self.report(theme, catalog: catalog).findings.filter {
      $0.kind == .precedenceTie
    }
    let tieCounts: [Int] = ["c", "d"].map { name in ties.filter { $0.attribute == name }.count }
    #expect(tieCounts == [6, 1], "\(ties.map(\.message))")
    #expect(
      ties.first { $0.message.contains(#""disabled" and "highlighted""#) }?.message
        .contains("(for 16 states:") == true)
    // The same theme with an order that ranks the tied states: no tie is left to the standard
    // order, so --strict passes a correct theme.
    let ordered = #"""
      {"$precedence": {"order": ["b", "a", "disabled", "highlighted", "focused", "selected"]},
       "c": {"normal": "n", "disabled": "g", "highlighted": "h", "focused": "f", "selected": "s"},
       "d": {"normal": "n", "a": "x", "b": "y"}}
      """#
    let decided = try self.report(ordered, catalog: catalog)
    // An order that lists only some states leaves the others' ties as findings.
    let partial = #"""
      {"$precedence": {"order": ["b"]}, "d": {"normal": "n", "a": "x", "b": "y"},
       "c": {"normal": "n", "disabled": "g", "highlighted": "h"}}
      """#
    let some = try self.report(partial, catalog: catalog)
    let attributes: [[String]] = [decided, some].map { report in
      report.findings.filter { $0.kind == .precedenceTie }.map(\.attribute)
    }
    #expect(attributes == [[], ["c"]], "\(decided.findings)")
  }

  /// Values are compact JSON with control characters escaped; bad themes are one-line errors.
  @Test func valuesAreEscapedCompactJSONAndBadThemesOneLineErrors() throws {
    let report = try report(
      #"{"c": {"normal": {"a": [1, 2.50, null], "b": "x\u001b]0;pwn\u0007\n"}, "selected": "\u202eevil"}}"#
    )
    let text = report.human(path: "t\u{1B}[2J.json", color: false)
    // Cells stop at 40.
    #expect(
      text.lacking([#"{"a": [1, 2.50, null], "b": "x\u001b]0;…"#, #""\u202eevil""#]) == []
        && text.hasPrefix(#"t\u{1b}[2J.json: "#)
        && !text.unicodeScalars.contains { isTerminalControl($0) && $0 != "\n" }, "\(text)")
    var writer = JSONWriter()
    report.json(path: "t.json", into: &writer)
    let json = try JSONReader.parse(writer.bytes)
    let rows: [JSONValue] =
      json["states"].map { if case .array(let rows) = $0 { rows } else { [] } } ?? []
    #expect(
      (rows.count, rows.dropFirst().first?["values"]?["c"]?["value"]) == (
        2, .string("\u{202E}evil")
      ))

    let cases: [(String, String)] = [
      ("{", #""t.json":1:2: not JSON: expected a key in an object"#),
      (#"{"c": {"visited": 1}}"#, #"unknown state name "visited""#),
      (
        #"{"c": {"normal": 1, "normal": 2}}"#,
        #""t.json":1:21: selector key "normal" of attribute "c" is repeated; first at line 1, column 8"#
      ),
      (#"{"c": {"bogus | selected": 1}}"#, "(declare custom states with --states FILE"),
      ("[]", "expected an object, found an array"),
    ]
    for (text, fragment) in cases {
      let failure = try #require(self.failure(text, catalog: StateCatalog()), "\(text)")
      #expect(
        failure.status == .dataError && failure.message.contains(fragment)
          && !failure.message.contains("\n"), "\(text): \(failure.status) \(failure.message)")
    }
    let wide = (0..<13).map { #""0x\#(String(1 << ($0 + 24), radix: 16))": 1"# }
    let tooWide = try #require(self.failure("{\"c\": {\(wide.joined(separator: ", "))}}"))
    #expect(tooWide.message.contains("more than the limit of 12 bits"))
  }

  /// The report reads a theme as `StyleSet` does, from the same mapping: its explanation of
  /// every state is the style set's, value for value, and its directives are `ThemeDirective`'s.
  /// A first-match attribute (an array of one-entry objects, tried in order) reads as the
  /// style set reads it: the grid shows the first matching entry, decided by its place; the
  /// lint finds the entries the chain hides, and no tie.
  @Test func theReportExplainsEveryStateAsTheStyleSetDoesInEitherForm() throws {
    let text = #"""
      {"$precedence": {"order": ["visited"], "dominant": "disabled"},
       "titleColor": {"normal": "blue", "visited": "purple", "disabled": "gray",
                      "highlighted | !visited": "navy", "selected": "teal"},
       "underlined": {"highlighted": true, "normal": false},
       "weight": {"selected | visited": 700, "focused": 500}}
      """#
    let catalog = try Self.catalog()
    let report = try report(text, catalog: catalog)
    let style = try StyleSet(
      themeJSON: Array(text.utf8),
      keys: [
        .init(StyleKey<String>("titleColor")), .init(StyleKey<Bool>("underlined")),
        .init(StyleKey<Int>("weight")),
      ], catalog: catalog)
    #expect(
      (report.precedence, report.relevantStates, report.rankedStates, report.states.count)
        == (style.precedence, style.relevantStates, ControlState(rawValue: 1 << 16), 32), "visited")
    let explained: [String] = report.states.map(report.explanation(of:))
    #expect(
      explained == report.states.map { style.explain($0, catalog: catalog).description + "\n" })
    #expect(
      report.explanation(of: [.selected, .disabled]).hasPrefix(
        "disabled | selected:\n  titleColor → \"gray\" from disabled: it requires the dominant"))
    // The directives are those the article on styling a screen documents.
    #expect(
      Set(_ThemeDocument.directives)
        == ["$precedence", "$replace", "$remove", "$layout", "$transitions"])
    #expect(try self.report("{}").explanation(of: .normal) == "normal: no attributes\n")

    let chain = #"""
      {"text": [{"disabled": "gray"}, {"focused | visited": "yellow"}, {"focused": "white"},
                {"normal": "silver"}, {"visited": "purple"}],
       "underlined": {"focused": true, "normal": false}}
      """#
    let firstMatch = try self.report(chain, catalog: catalog)
    let row = try #require(firstMatch.states.firstIndex(of: [.disabled, .focused]))
    #expect(
      (
        firstMatch.names, firstMatch.tables[0].isFirstMatch,
        firstMatch.columns[0].values[Int(firstMatch.cell(row, 0).winner)],
        firstMatch.cell(row, 0).decision, firstMatch.findings.map(\.message)
      )
        == (
          ["text", "underlined"], true, #""gray""#, .firstMatch,
          [#"text: entry "visited" never wins: another entry wins every state it matches"#]
        ))
    let chainStyle = try StyleSet(
      themeJSON: Array(chain.utf8),
      keys: [.init(StyleKey<String>("text")), .init(StyleKey<Bool>("underlined"))],
      catalog: catalog)
    #expect(
      firstMatch.states.map(firstMatch.explanation(of:))
        == firstMatch.states.map { chainStyle.explain($0, catalog: catalog).description + "\n" })
    let bad = failure(#"{"text": [{"normal": "a", "focused": "b"}]}"#)
    #expect(
      (bad?.status, bad?.message)
        == (
          .dataError,
          #""t.json":1:27: /text/0/focused: a first-match entry is an object of one selector key; "focused" is a second"#
        ))
  }

  /// `--strict` fails a theme with findings, and only then; the binary prints the grid and
  /// exits as documented.
  @Test func theBinaryPrintsTheGridAndStrictFailsOnlyForFindings() throws {
    #expect(try report(#"{"c": {"normal": 1}}"#).strictFailure(path: "t.json") == nil)
    let failure = try #require(try report(Self.link).strictFailure(path: "t.json"))
    #expect(
      (failure.status, failure.message) == (.dataError, #""t.json": 1 lint finding (--strict)"#))

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "theme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let theme = directory.appendingPathComponent("link.json")
    let states = directory.appendingPathComponent("states.json")
    try Data(Self.link.utf8).write(to: theme)
    try Data(#"{"visited": 16}"#.utf8).write(to: states)
    let run = try Run(["theme", theme.path, "--states", states.path])
    // No colour when stdout is not a terminal.
    #expect(
      run.status == 0
        && run.stdout.contains("highlighted | disabled | visited  \"gray\"      true\n")
        && !run.stdout.contains("\u{1B}["), "\(run)")
    let json = try Run(["--json", "theme", theme.path, "--states", states.path])
    #expect(
      (json.status, try JSONReader.parse(Array(json.stdout.utf8))["attributes"])
        == (0, .array([.string("titleColor"), .string("underlined")])))
    let strict = try Run(["theme", "--strict", theme.path, "--states", states.path])
    let unknown = try Run(["theme", theme.path])
    #expect(
      strict.stderr.contains("1 lint finding (--strict)")
        && unknown.stderr.hasPrefix("statekit-inspect: error: ")
        && unknown.stderr.contains(#"unknown state name "visited""#), "\(strict)\n\(unknown)")
    let statuses: [Int32] = [
      strict.status, unknown.status,
      try Run(["theme", directory.appendingPathComponent("none.json").path]).status,
      try Run(["theme"]).status, try Run(["theme", theme.path, theme.path]).status,
    ]
    #expect(statuses == [65, 65, 66, 64, 64])
    #expect(try Run(["--help"]).stdout.contains("statekit-inspect theme [options] FILE"))
  }

  /// A number too large for the attribute's floating-point type is refused, as `JSONDecoder`
  /// refuses it, with the key that holds it; the largest it holds is read.
  @Test func aNumberTooLargeForAFloatIsRefused() throws {
    let width = StyleKey<Float>("width")
    do {
      _ = try StyleSet(
        themeJSON: Array(#"{"width": {"normal": 1, "selected": 1e39}}"#.utf8),
        keys: [.init(width)])
      Issue.record("1e39 was read as a Float")
    } catch {
      #expect(
        (error.code, error.path, error.reason)
          == (
            .invalidTheme, ["width", "selected"],
            "/width/selected: the number 1e39 does not fit in Float"
          ),
        "\(error)")
    }
    let largest = try StyleSet(
      themeJSON: Array(#"{"width": {"normal": 3.4028234e38}}"#.utf8), keys: [.init(width)])
    // A Double holds 1e39.
    let height = StyleKey<Double>("height")
    let wide = try StyleSet(
      themeJSON: Array(#"{"height": {"normal": 1e39}}"#.utf8), keys: [.init(height)])
    #expect(
      (largest.resolve(.normal)[width], wide.resolve(.normal)[height])
        == (Float.greatestFiniteMagnitude, 1e39))
  }

  /// Theme files nest as deep as any JSON document of the package: 512 levels (the document's
  /// object counts as one), and one more is refused with the reader's message.
  @Test(arguments: [511, 512, 513])
  func themesNestAsDeepAsTheJSONLimit(depth: Int) throws {
    // The document and the attribute are two levels; the value's arrays are the rest.
    let arrays = depth - 2
    let text =
      #"{"c": {"normal": "# + String(repeating: "[", count: arrays)
      + String(repeating: "]", count: arrays) + "}}"
    if depth <= 512 {
      let report = try report(text)
      var writer = JSONWriter()
      report.json(path: "t.json", into: &writer)
      #expect(
        (report.names, String(decoding: writer.bytes, as: UTF8.self).contains("[[[[]]]]"))
          == (["c"], true))
    } else {
      let failure = try #require(self.failure(text))
      #expect(
        (failure.status, failure.message)
          == (
            .dataError, #""t.json":1:\#(17 + 511): not JSON: nested deeper than the limit of 512"#
          ))
    }
  }

  // MARK: Growth

  /// A theme of `attributes` attributes over the first `bits` bits of `bitNames`, each
  /// attribute with a normal entry and one for a bit, so every bit is mentioned.
  static func grid(attributes: Int, bits: Int) -> String {
    let bitNames =
      ["highlighted", "disabled", "selected", "focused"]
      + (16...23).map { "0x" + String(1 << $0, radix: 16) }
    let members = (0..<attributes).map { index in
      #""a\#(index)": {"normal": \#(index), "\#(bitNames[index % bits])": "v\#(index)"}"#
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  /// Seconds for the report of a theme already read, with its grid printed both ways.
  static func reportSeconds(_ text: String) throws -> Double {
    let theme = try _ThemeDocument(bytes: Array(text.utf8)).tables(catalog: StateCatalog()) {
      json, _ in ThemeValue(json: json)
    }
    var failure: Failure?
    let seconds = ErrorStreamTests.seconds {
      do throws(Failure) {
        let report = try ThemeReport(theme: theme, path: "t.json", catalog: StateCatalog())
        var writer = JSONWriter()
        report.json(path: "t.json", into: &writer)
        _ = report.human(path: "t.json", color: false)
      } catch {
        failure = error
      }
    }
    if let failure { throw ReportFailure(failure.status, failure.message) }
    return seconds
  }

  /// Fails when the largest of three sizes (1, 2 and 8 times the first) takes more than 8 × 3
  /// times the first (linear growth gives about 8, quadratic 64); a series over the bound is
  /// measured again, up to three times in all, as `ErrorStreamTests.expectLinear` does.
  static func expectLinear(
    _ name: String, sizes: [Int], _ measure: (Int) throws -> Double,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    var best = Double.infinity
    var series: [Double] = []
    for _ in 0..<3 {
      let times = try sizes.map(measure)
      let ratio = times[2] / max(times[0], 1e-6)
      if ratio < best { (best, series) = (ratio, times) }
      if best < 24 || times[2] < 0.05 { break }
    }
    #expect(
      best < 24 || series[2] < 0.05,
      "\(name): \(series.map { String(format: "%.4f", $0) }) s for \(sizes), ratio \(best)",
      sourceLocation: sourceLocation)
  }

  /// The grid's work is linear in its attributes and in its rows: an attribute's explanation
  /// is not looked up by name among all the others for every row; and its memory is a few
  /// bytes a cell (`aTwelveBitGridKeepsAFewBytesACell`).
  @Test(.enabled(if: GrowthChecks.requested)) func theGridIsLinearInAttributesAndRows() throws {
    try Self.expectLinear("attributes over 2 bits", sizes: [500, 1_000, 4_000]) {
      try Self.reportSeconds(Self.grid(attributes: $0, bits: 2))
    }
    try Self.expectLinear("rows of 12 attributes", sizes: [9, 10, 12]) {
      try Self.reportSeconds(Self.grid(attributes: 12, bits: $0))
    }
    try aTwelveBitGridKeepsAFewBytesACell()
  }

  /// Whether this process, and so the binary built with it, runs under AddressSanitizer or
  /// ThreadSanitizer.
  static var isSanitized: Bool {
    let process = dlopen(nil, RTLD_NOW)
    defer { if let process { dlclose(process) } }
    let runtimes: [String] = ["__asan_init", "__tsan_init"]
    return runtimes.contains { dlsym(process, $0) != nil }
  }

  /// The grid keeps a few bytes a cell, not an explanation: the tool's peak memory grows by
  /// less than 100 bytes for each cell a 12-bit grid adds, and linearly.
  func aTwelveBitGridKeepsAFewBytesACell() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "theme-grid-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    // Twelve attributes mention all twelve bits: 4,096 rows. Then 1, 2 and 8 times as many
    // cells are added.
    let base = 12
    let sizes = [24, 36, 108]
    var peaks: [Int] = []
    for attributes in [base] + sizes {
      let file = directory.appendingPathComponent("grid\(attributes).json")
      try Data(Self.grid(attributes: attributes, bits: 12).utf8).write(to: file)
      let run = try Run.spawning(
        rawArguments: [Array("theme".utf8), Array(file.path.utf8)], measuringPeakMemory: true)
      #expect(run.status == 0 && run.stdout.contains("over 12 state bits"), "\(run)")
      peaks.append(try #require(run.maximumResidentBytes))
    }
    // A sanitized build (CI runs the suite under AddressSanitizer and ThreadSanitizer) has
    // shadow memory and a quarantine of freed blocks: its peak says nothing about the code.
    guard !Self.isSanitized else { return }
    let grown = peaks.dropFirst().map { Double(max($0 - peaks[0], 0)) }
    let cells = sizes.map { Double(($0 - base) * 4_096) }
    let report = "\(peaks) bytes at the peak for \([base] + sizes) attributes"
    #expect(
      grown[2] / cells[2] < 100 && grown[2] < 24 * max(grown[0], Double(1 << 20)), "\(report)")
  }
}
