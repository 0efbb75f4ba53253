import Foundation
import Testing

@testable import InspectKit

/// `--events`: masks and text of control events, UIControl.Event's layout, with every form the
/// help and Docs/CLI.md document.
@Suite("statekit-inspect --events")
struct EventMaskCommandTests {
  @Test func theIssuesMask() throws {
    let run = try Run(["--events", "0x01000040"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        0x01000040: 0x01000040 = 16777280
          bit  6  touchUpInside           system
          bit 24  (unnamed)               application
          text: touchUpInside | 0x1000000

          31    24 23    16 15     8 7      0
          .......1 ........ ........ .1......
          rsv app  sys edit val touch

        """)
  }

  @Test func json() throws {
    let run = try Run(["--events", "--json", "0x01000040"])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == #"{"input": "0x01000040", "raw": 16777280, "hex": "0x01000040", "text": "touchUpInside | 0x1000000", "bits": [{"bit": 6, "name": "touchUpInside", "range": "system"}, {"bit": 24, "name": null, "range": "application"}]}"#
        + "\n")
    let all = try Run(["--json", "--events", "0xFFFFFFFF"])
    #expect(all.stdout.contains(#"{"bit": 27, "name": null, "range": "application"}"#))
    #expect(all.stdout.contains(#"{"bit": 28, "name": null, "range": "reserved"}"#))
    #expect(all.stdout.contains(#"{"bit": 14, "name": "menuActionTriggered", "range": "system"}"#))
  }

  @Test func namedEventsDecimalBinaryAndStdin() throws {
    let run = try Run(
      ["--event", "longPress=24", "--json", "16777217", "0b1000000000000", "-"],
      stdin: Data("0x2\n".utf8))
    #expect(run.status == 0, "\(run)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains(#""text": "touchDown | longPress""#))
    #expect(lines[1].contains(#""text": "valueChanged""#))
    #expect(lines[2].contains(#""text": "touchDownRepeat""#))
  }

  @Test func encode() throws {
    let run = try Run(["encode", "--events", "--event", "longPress=24", "touchDown", "longPress"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix("touchDown longPress: 0x01000001 = 16777217\n"))
    let json = try Run(["encode", "--events", "--json", "touchUpInside | 0x1000000"])
    #expect(json.stdout.contains(#""raw": 16777280, "hex": "0x01000040""#))
    let none = try Run(["encode", "--events", "none"])
    #expect(none.stdout.hasPrefix("none: 0x00000000 = 0\n"))
    let bad = try Run(["encode", "--events", "selected"])
    #expect(bad.status == 65)
    #expect(bad.stderr.contains(#"unknown event name "selected""#))
  }

  @Test func strictRejectsUnnamedEventBits() throws {
    let run = try Run(["--events", "--strict", "0x10000040"])
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "statekit-inspect: error: mask \"0x10000040\": bits 28 (0x10000000) have no name (--strict)\n"
    )
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
    #expect(run.status == status, "\(run)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
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
      #expect(error.status == .usage, "\(arguments): \(error.message)")
      #expect(error.message == "--state names a state; with --events use --event NAME=BIT")
    }
  }

  @Test func helpDocumentsEvents() throws {
    let run = try Run(["--help"])
    #expect(run.stdout.contains("--events            Masks and text are control events"))
    #expect(run.stdout.contains("--event NAME=BIT    Name an event application bit (24...27)"))
  }
}
