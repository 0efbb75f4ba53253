import Foundation
import Testing

@testable import InspectKit

/// `--events`: masks and text of control events, UIControl.Event's layout, with every form the
/// help and Docs/CLI.md document.
@Suite("statekit-inspect --events")
struct EventMaskCommandTests {
  /// The issue's mask, as text and as JSON; named events in decimal, binary and from standard
  /// input.
  @Test func theIssuesMaskAndEveryFormOfEvents() throws {
    let run = try Run(["--events", "0x01000040"])
    let json = try Run(["--events", "--json", "0x01000040"])
    #expect(
      (run.status, run.stderr, run.stdout, json.status, json.stdout)
        == (
          0, "",
          """
          0x01000040: 0x01000040 = 16777280
            bit  6  touchUpInside           system
            bit 24  (unnamed)               application
            text: touchUpInside | 0x1000000

            31    24 23    16 15     8 7      0
            .......1 ........ ........ .1......
            rsv app  sys edit val touch

          """, 0,
          #"{"input": "0x01000040", "raw": 16777280, "hex": "0x01000040", "text": "touchUpInside | 0x1000000", "bits": [{"bit": 6, "name": "touchUpInside", "range": "system"}, {"bit": 24, "name": null, "range": "application"}]}"#
            + "\n"
        ))
    let all = try Run(["--json", "--events", "0xFFFFFFFF"])
    #expect(
      all.stdout.lacking([
        #"{"bit": 27, "name": null, "range": "application"}"#,
        #"{"bit": 28, "name": null, "range": "reserved"}"#,
        #"{"bit": 14, "name": "menuActionTriggered", "range": "system"}"#,
      ]) == [])
    let named = try Run(
      ["--event", "longPress=24", "--json", "16777217", "0b1000000000000", "-"],
      stdin: Data("0x2\n".utf8))
    let lines = named.stdout.lines
    #expect((named.status, lines.count) == (0, 3), "\(named)")
    #expect(
      zip(
        lines,
        [
          #""text": "touchDown | longPress""#, #""text": "valueChanged""#,
          #""text": "touchDownRepeat""#,
        ]
      ).filter { !$0.contains($1) }.map(\.0) == [])
  }

  /// Encoding events; `--strict` rejects unnamed event bits; the help documents events.
  @Test func encodeAndStrictRejectsUnnamedEventBits() throws {
    let run = try Run(["encode", "--events", "--event", "longPress=24", "touchDown", "longPress"])
    let none = try Run(["encode", "--events", "none"])
    #expect(
      (run.status, run.stdout.firstLine, none.stdout.firstLine)
        == (0, "touchDown longPress: 0x01000001 = 16777217", "none: 0x00000000 = 0"), "\(run)")
    let json = try Run(["encode", "--events", "--json", "touchUpInside | 0x1000000"])
    #expect(json.stdout.contains(#""raw": 16777280, "hex": "0x01000040""#))
    let bad = try Run(["encode", "--events", "selected"])
    #expect(
      bad.status == 65 && bad.stderr.contains(#"unknown event name "selected""#), "\(bad)")
    let strict = try Run(["--events", "--strict", "0x10000040"])
    #expect(
      (strict.status, strict.stderr)
        == (
          65,
          "statekit-inspect: error: mask \"0x10000040\": bits 28 (0x10000000) have no name (--strict)\n"
        ))
    let help = try Run(["--help"])
    #expect(
      help.stdout.lacking([
        "--events            Masks and text are control events",
        "--event NAME=BIT    Name an event application bit (24...27)",
      ]) == [])
  }

  @Test(arguments: [
    (
      ["--events", "--event", "tap=16", "1"], 65,
      #""--event tap=16": bit 16 is outside the application range 24...27"#
    ),
    (["--events", "--event", "tap", "1"], 64, #"--event needs NAME=BIT, not "tap""#),
    (
      ["--events", "--event", "tap=x", "1"], 64,
      #"--event needs NAME=BIT with BIT a number from 24 to 27, not "tap=x""#
    ),
    (
      ["--events", "--state", "x=16", "1"], 64,
      "--state names a state; with --events use --event NAME=BIT"
    ),
    (["--events=yes", "1"], 64, "--events takes no value"),
    (
      ["--events", "--states", "x.json", "1"], 64,
      "--states reads state names; it does not apply to --events"
    ),
    (
      ["--events", "--event", "touchDown=24", "1"], 65,
      #"it clashes with the system name "touchDown""#
    ),
    (
      ["--events", "--event", "a=24", "--event", "b=24", "1"], 65,
      #"claims bit 24 (0x1000000) as "b", but an earlier declaration claims it as "a""#
    ),
  ])
  func badArguments(arguments: [String], status: Int32, message: String) throws {
    let run = try Run(arguments)
    #expect(
      (run.status, run.stderr.contains(message), run.stderr.lines.count) == (status, true, 1),
      "\(run)")
  }

  /// `--state` names a state, so with another layout it is a usage error, also when `--event`
  /// names bits too: it is never read as an event's name.
  @Test(arguments: [
    ["--event", "tap=24", "--state", "x=25", "1"],
    ["--state", "x=25", "--event", "tap=24", "1"],
    ["--event", "tap=24", "--state", "x=16", "1"],
    ["--events", "--event", "tap=24", "--state", "x=25", "1"],
    ["encode", "--event", "tap=24", "--state", "x=25", "tap"],
  ])
  func aStateFlagWithEventsIsAUsageError(arguments: [String]) {
    var inspector = Inspector()
    do throws(Failure) {
      _ = try inspector.parse(arguments)
      Issue.record("\(arguments) was accepted")
    } catch {
      #expect(
        (error.status, error.message)
          == (.usage, "--state names a state; with --events use --event NAME=BIT"), "\(arguments)")
    }
  }

}
