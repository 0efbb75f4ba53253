import Foundation
import StateKit
import Testing

@testable import InspectKit

/// `--layout NAME`: masks and text of other toolkits' layouts (LVGL's `lv_state_t`, GTK 4's
/// `GtkStateFlags`), named by `--state`, decoded and encoded as ControlState's are. The values
/// themselves are checked against the toolkits' headers in StateKitTests' ToolkitLayoutTests.
@Suite("statekit-inspect --layout")
struct LayoutMaskCommandTests {
  @Test func theIssuesLVGLMask() throws {
    let run = try Run(["--layout", "lvgl", "0x1021"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        0x1021: 0x00001021 = 4129
          bit  0  checked       system
          bit  5  pressed       system
          bit 12  (unnamed)     application
          text: checked | pressed | 0x1000

          31    24 23    16 15     8 7      0
          ........ ........ ...1.... ..1....1
          extended extended usr rsv  lvgl

        """)
  }

  /// The same mask under LVGL 9.5's layout, which moved every flag but the user states.
  @Test func lvgl95() throws {
    let run = try Run(["--layout=lvgl-9.5", "--json", "0x1021"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains(#""text": "alt | edited | 0x1000""#))
    #expect(run.stdout.contains(#"{"bit": 12, "name": null, "range": "application"}"#))
  }

  /// LVGL 9.5's header keeps bit 1 (`/*1 reserved*/`), as it keeps bits 10 and 11: the tool
  /// reports all three reserved, and bit 0 (`alt`) and bit 2 (`checked`) as system bits.
  @Test func lvgl95KeepsBitOne() throws {
    let run = try Run(["--layout=lvgl-9.5", "--json", "0xC07"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains(#"{"bit": 0, "name": "alt", "range": "system"}"#))
    #expect(run.stdout.contains(#"{"bit": 1, "name": null, "range": "reserved"}"#))
    #expect(run.stdout.contains(#"{"bit": 2, "name": "checked", "range": "system"}"#))
    #expect(run.stdout.contains(#"{"bit": 10, "name": null, "range": "reserved"}"#))
    #expect(run.stdout.contains(#"{"bit": 11, "name": null, "range": "reserved"}"#))
  }

  @Test func gtkWithAnAppState() throws {
    let run = try Run(["--layout", "gtk", "--state", "hot=24", "0x01000808"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("text: insensitive | checked | hot\n"))
    #expect(run.stdout.contains("  app      reserved  gtk\n"))
  }

  @Test func encodeAndStatesFile() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lvgl-states-\(UUID().uuidString).json")
    try Data(#"{"blinking": 12}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Run([
      "encode", "--layout", "lvgl", "--states", file.path, "--json", "pressed", "blinking",
    ])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains(#""raw": 4128, "hex": "0x00001020", "text": "pressed | blinking""#))
    let empty = try Run(["encode", "--layout", "lvgl", "default"])
    #expect(empty.stdout.hasPrefix("default: 0x00000000 = 0\n"))
    let strict = try Run(["--layout", "lvgl", "--strict", "0x1021"])
    #expect(strict.status == 65)
    #expect(strict.stderr.contains("bits 12 (0x1000) have no name (--strict)"))
  }

  /// `--layout events` is `--events`.
  @Test func layoutEventsIsEvents() throws {
    let named = try Run(["--layout", "events", "0x01000040"])
    let flag = try Run(["--events", "0x01000040"])
    #expect(named.status == 0)
    #expect(named.stdout == flag.stdout)
  }

  @Test(arguments: [
    (
      ["--layout", "qt", "1"], 64,
      #"--layout must be state, events, lvgl, lvgl-9.5 or gtk, not "qt""#
    ),
    (
      ["--layout", "lvgl", "--events", "1"], 64,
      "--events and --layout lvgl choose different layouts"
    ),
    (["--layout", "gtk", "--layout", "lvgl", "1"], 64, "--layout lvgl and --layout gtk choose"),
    (
      ["--layout", "lvgl", "--event", "a=24", "1"], 64,
      "--event names a bit of another layout than --layout lvgl"
    ),
    (
      ["--layout", "events", "--state", "a=24", "1"], 64,
      "with --layout events use --event NAME=BIT"
    ),
    (
      ["--layout", "lvgl", "--state", "a=16", "1"], 65,
      "bit 16 is outside the application range 12...15"
    ),
    (
      ["--layout", "lvgl", "--state", "any=12", "1"], 65, #"it clashes with the system name "any""#
    ),
    (["theme", "--layout", "lvgl", "t.json"], 64, "--layout does not apply to it"),
  ])
  func badArguments(arguments: [String], status: Int32, message: String) throws {
    let run = try Run(arguments)
    #expect(run.status == status, "\(run)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }
}
