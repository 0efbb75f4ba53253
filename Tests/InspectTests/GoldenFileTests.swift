import ErrorKitCore
import Foundation
import StateKit
import Testing

/// The formats that leave the process, pinned by files a change must update on purpose: the
/// state text, ErrorPayload JSON, theme JSON and the CLI's `--json` output. The README's
/// versioning policy says which changes to them are breaking.
///
/// A difference fails the test with the first line that differs. To accept a change, run
/// `STATEKIT_UPDATE_GOLDEN=1 swift test --filter GoldenFileTests`, which rewrites the files
/// (and still fails, so a run that updates is never taken for a passing one), then review the
/// diff and record it in CHANGELOG.md.
@Suite("Golden files of the formats that leave the process")
struct GoldenFileTests {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Compares `text` with the golden file `name`, or rewrites the file when asked to.
  func check(
    _ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let url = Self.directory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["STATEKIT_UPDATE_GOLDEN"] == "1" {
      try Data(text.utf8).write(to: url)
      Issue.record(
        "rewrote Golden/\(name); review the diff, then run again without STATEKIT_UPDATE_GOLDEN",
        sourceLocation: sourceLocation)
      return
    }
    let golden = try String(contentsOf: url, encoding: .utf8)
    guard golden != text else { return }
    let (old, new) = (
      golden.split(separator: "\n", omittingEmptySubsequences: false),
      text.split(separator: "\n", omittingEmptySubsequences: false)
    )
    let line = Array(zip(old, new)).firstIndex { $0 != $1 } ?? min(old.count, new.count)
    Issue.record(
      "Golden/\(name) differs at line \(line + 1): expected \(line < old.count ? String(old[line]) : "<end>"), got \(line < new.count ? String(new[line]) : "<end>"). A change to this format may break users (README, Versions): if it is intended, update the file with STATEKIT_UPDATE_GOLDEN=1 and record it in CHANGELOG.md",
      sourceLocation: sourceLocation)
  }

  /// States as text, and back: every named state, the ranges, and unnamed bits.
  @Test func stateText() throws {
    let catalog = try StateCatalog(
      merging: [StateNames("Golden", ["visited": ControlState(rawValue: 1 << 16)])])
    let masks: [UInt] = [
      0, 1, 2, 4, 8, 0x5, 0xF, 0x1_0000, 0x1_0004, 0x80_0000, 0xFF_0000, 0x100_0000, 0xFF00_0000,
      0x1_0000_0000, 0x8000_0000_0000_0000, 0x10, 0xF0,
    ]
    var lines = [
      "# mask<TAB>ControlState.description<TAB>catalog text; each parses back to the mask"
    ]
    for mask in masks {
      let state = ControlState(rawValue: mask)
      let text = catalog.description(of: state)
      #expect(try catalog.parse(text) == state, "\(text)")
      lines.append("0x\(String(mask, radix: 16))\t\(state)\t\(text)")
    }
    try check(lines.joined(separator: "\n") + "\n", against: "state-text.tsv")
  }

  /// ErrorPayload JSON of a chain with details, and of a payload with every field.
  @Test func errorPayloadJSON() throws {
    let cause = ErrorPayload(
      domain: "NSPOSIXErrorDomain", code: 2, name: "ENOENT", message: "No such file or directory")
    var payload = ErrorPayload(
      domain: "NSCocoaErrorDomain", code: 260, name: "fileReadNoSuchFile",
      message: "The file “theme.json” couldn’t be opened because there is no such file.")
    payload.details["NSFilePath"] = "/tmp/theme.json"
    payload.underlying = cause
    let full = ErrorPayload(
      domain: "dev.statekit.StateKit", code: 4, name: "unknownName",
      message: "cannot parse state text \"bogus\": unknown state name \"bogus\"",
      failureReason: "The name is not in the catalog.",
      recoverySuggestion: "Merge the library's StateNames into the catalog.",
      details: ["token": "bogus", "path": "titleColor/bogus"])
    let text = [payload.jsonText, full.jsonText].joined(separator: "\n") + "\n"
    for line in text.split(separator: "\n") {
      #expect(try ErrorPayload(json: String(line)).jsonText == String(line), "round trip")
    }
    try check(text, against: "error-payload.jsonl")
  }

  /// A theme file as `StyleSet` and `StyleTransitions` encode it: precedence, transitions,
  /// selectors, values.
  @Test func themeJSON() throws {
    let visited = ControlState(rawValue: 1 << 16)
    let catalog = try StateCatalog(merging: [StateNames("Golden", ["visited": visited])])
    let titleColor = StyleKey<String>("titleColor")
    let underlined = StyleKey<Bool>("underlined")
    var style = StyleSet(precedence: StatePrecedence([visited], dominant: .disabled))
    style[titleColor, for: .normal] = "blue"
    style[titleColor, for: visited] = "purple"
    style[titleColor, for: .disabled] = "gray"
    style[underlined, for: try StateSelector(requiring: .highlighted, excluding: .disabled)] = true
    var transitions = StyleTransitions(precedence: style.precedence)
    transitions.all[to: .highlighted] = Transition(milliseconds: 80, curve: .easeOut)
    transitions.all[from: .highlighted] = Transition(milliseconds: 250)
    transitions.all[to: .disabled] = .snap
    transitions[attribute: titleColor.name][from: .normal, to: visited] = Transition(
      milliseconds: 300, delay: 100, curve: .cubicBezier(0.2, 0, 0, 1))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.userInfo[.stateCatalog] = catalog
    let theme = ThemeFile(style: style, transitions: transitions)
    let text = String(decoding: try encoder.encode(theme), as: UTF8.self) + "\n"
    let keys: [StyleSet.DecodableKey] = [.init(titleColor), .init(underlined)]
    let decoded = try StyleSet(themeJSON: Array(text.utf8), keys: keys, catalog: catalog)
    #expect(decoded == style, "round trip")
    let decodedTransitions = try StyleTransitions(
      themeJSON: Array(text.utf8), keys: keys, catalog: catalog)
    #expect(decodedTransitions == transitions, "round trip")
    try check(text, against: "theme.json")
  }

  /// `statekit-inspect --json`: masks, events, encode, error look-ups and pasted text.
  @Test func cliJSON() throws {
    let commands: [[String]] = [
      ["--json", "0x00010004"],
      ["--json", "--state", "visited=16", "0x00010004"],
      ["--events", "--json", "0x40"],
      ["encode", "--json", "selected | highlighted"],
      ["error", "--json", "NSURLErrorDomain", "-1009"],
      ["error", "--json", "ENOENT"],
      ["error", "--json", "dev.statekit.StateKit", "4"],
      [
        "error", "--json",
        #"Error Domain=NSCocoaErrorDomain Code=4 "gone" UserInfo={NSUnderlyingError=0x1 {Error Domain=NSPOSIXErrorDomain Code=2 "No such file or directory"}}"#,
      ],
    ]
    var lines: [String] = []
    for arguments in commands {
      let run = try Run(arguments)
      #expect(run.status == 0, "\(arguments): \(run)")
      lines.append("$ statekit-inspect " + arguments.joined(separator: " "))
      lines.append(contentsOf: run.stdout.split(separator: "\n").map(String.init))
    }
    try check(lines.joined(separator: "\n") + "\n", against: "cli-json.txt")
  }
}

/// A theme file's two parts, written into one object as an app would write them.
struct ThemeFile: Encodable {
  var style: StyleSet
  var transitions: StyleTransitions

  func encode(to encoder: any Encoder) throws {
    try style.encode(to: encoder)
    try transitions.encode(to: encoder)
  }
}
