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
          bit 12  user_1        application
          text: checked | pressed | user_1

          31    24 23    16 15     8 7      0
          ........ ........ ...1.... ..1....1
          extended part     usr rsv  lvgl

        """)
  }

  /// The same mask under LVGL 9.5's layout, which moved every flag but the user states.
  @Test func lvgl95() throws {
    let run = try Run(["--layout=lvgl-9.5", "--json", "0x1021"])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains(#""text": "alt | edited | user_1""#))
    #expect(run.stdout.contains(#"{"bit": 12, "name": "user_1", "range": "application"}"#))
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
    // LV_STATE_USER_1 has a name, `user_1`; bit 8 is LVGL's and has none.
    #expect(try Run(["--layout", "lvgl", "--strict", "0x1021"]).status == 0)
    let strict = try Run(["--layout", "lvgl", "--strict", "0x1121"])
    #expect(strict.status == 65)
    #expect(strict.stderr.contains("bits 8 (0x100) have no name (--strict)"))
  }

  /// The names developers type: LVGL's and GTK's C constants, `any`, and a style selector's
  /// part named apart from its state.
  @Test func constantNamesAnyAndParts() throws {
    let pressed = try Run(["--layout", "lvgl", "encode", "LV_STATE_PRESSED"])
    #expect(pressed.status == 0, "\(pressed)")
    #expect(pressed.stdout.hasPrefix("LV_STATE_PRESSED: 0x00000020 = 32\n"))
    let active = try Run(["--layout", "gtk", "encode", "GTK_STATE_FLAG_ACTIVE"])
    #expect(active.stdout.hasPrefix("GTK_STATE_FLAG_ACTIVE: 0x00000001 = 1\n"), "\(active)")
    let any = try Run(["--layout", "lvgl", "--json", "encode", "any"])
    #expect(any.stdout.contains(#""raw": 65535, "hex": "0x0000FFFF", "text": "any""#), "\(any)")
    let mask = try Run(["--layout", "lvgl", "0xFFFF"])
    #expect(mask.stdout.contains("  text: any\n"))
    let selector = try Run(["--layout", "lvgl", "encode", "LV_PART_KNOB | LV_STATE_PRESSED"])
    #expect(
      selector.stdout == """
        LV_PART_KNOB | LV_STATE_PRESSED: 0x00030020 = 196640
          part 3  knob          part, bits 16...23
          bit  5  pressed       system
          text: knob | pressed

          31    24 23    16 15     8 7      0
          ........ ......11 ........ ..1.....
          extended part     usr rsv  lvgl

        """, "\(selector)")
    let constants = try Run(["--layout", "lvgl", "--c-names", "--json", "0x21"])
    #expect(
      constants.stdout.contains(#""text": "LV_STATE_CHECKED | LV_STATE_PRESSED""#), "\(constants)")
    #expect(
      constants.stdout.contains(#"{"bit": 5, "name": "LV_STATE_PRESSED", "range": "system"}"#))
  }

  /// LVGL 9.5's kept bit 1 is labelled in the picture, as the reserved bit it is.
  @Test func lvgl95PictureLabelsBitOne() throws {
    let run = try Run(["--layout", "lvgl-9.5", "0x3"])
    #expect(run.stdout.contains("  bit  1  (unnamed)     reserved\n"), "\(run)")
    #expect(run.stdout.hasSuffix("  extended part     usr r lvgl     rl\n"), "\(run.stdout)")
  }

  /// `theme --layout lvgl FILE`: selectors with LVGL's names, resolved by LVGL's rule.
  @Test func themeWithLVGLLayout() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lvgl-theme-\(UUID().uuidString).json")
    try Data(
      #"{"background": {"default": "gray", "checked | focused": "green", "LV_STATE_PRESSED": "navy"}}"#
        .utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Run(["theme", "--layout", "lvgl", "--json", file.path])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.contains("lvgl: the greatest state value wins"), "\(run.stdout)")
    #expect(run.stdout.contains("checked | focused | pressed"), "\(run.stdout)")
    #expect(!run.stdout.contains("highlighted"))
    // Without --layout, the file's `$layout` chooses the names.
    try Data(
      #"{"$layout": "lvgl", "background": {"default": "gray", "LV_STATE_PRESSED": "navy"}}"#.utf8
    ).write(to: file)
    let named = try Run(["theme", file.path])
    #expect(named.status == 0, "\(named)")
    #expect(named.stdout.contains("pressed"), "\(named.stdout)")
    #expect(!named.stdout.contains("highlighted"), "\(named.stdout)")
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
    (["theme", "--layout", "events", "t.json"], 64, "--events does not apply to it"),
    (["--layout", "lvgl", "encode", "lv_state_pressed"], 65, "unknown state name"),
  ])
  func badArguments(arguments: [String], status: Int32, message: String) throws {
    let run = try Run(arguments)
    #expect(run.status == status, "\(run)")
    #expect(run.stderr.contains(message), "\(run.stderr)")
    #expect(run.stderr.split(separator: "\n").count == 1)
  }
}
