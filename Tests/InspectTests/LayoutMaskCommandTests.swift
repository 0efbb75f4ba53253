import Foundation
import StateKit
import Testing

@testable import InspectKit

/// `--layout NAME`: masks and text of other toolkits' layouts (LVGL's `lv_state_t`, GTK 4's
/// `GtkStateFlags`), named by `--state`, decoded and encoded as ControlState's are. The values
/// themselves are checked against the toolkits' headers in StateKitTests' ToolkitLayoutTests.
@Suite("statekit-inspect --layout")
struct LayoutMaskCommandTests {
  /// The issue's LVGL mask; the same mask under LVGL 9.5's layout, which moved every flag but
  /// the user states; and GTK's with an app state. LVGL 9.5's header keeps bit 1
  /// (`/*1 reserved*/`), as it keeps bits 10 and 11: the tool reports all three reserved, and
  /// bit 0 (`alt`) and bit 2 (`checked`) as system bits; its picture labels bit 1 as the
  /// reserved bit it is.
  @Test func masksOfLVGLAndGTK() throws {
    let run = try Run(["--layout", "lvgl", "0x1021"])
    #expect(
      (run.status, run.stderr, run.stdout)
        == (
          0, "",
          """
          0x1021: 0x00001021 = 4129
            bit  0  checked       system
            bit  5  pressed       system
            bit 12  user_1        application
            text: checked | pressed | user_1

            31    24 23    16 15     8 7      0
            ........ ........ ...1.... ..1....1
            extended part     usr rsv  lvgl

          """
        ))
    let lvgl95 = try Run(["--layout=lvgl-9.5", "--json", "0x1021"])
    #expect(
      lvgl95.status == 0
        && lvgl95.stdout.lacking([
          #""text": "alt | edited | user_1""#,
          #"{"bit": 12, "name": "user_1", "range": "application"}"#,
        ]) == [], "\(lvgl95)")
    let bitOne = try Run(["--layout=lvgl-9.5", "--json", "0xC07"])
    #expect(
      bitOne.status == 0
        && bitOne.stdout.lacking([
          #"{"bit": 0, "name": "alt", "range": "system"}"#,
          #"{"bit": 1, "name": null, "range": "reserved"}"#,
          #"{"bit": 2, "name": "checked", "range": "system"}"#,
          #"{"bit": 10, "name": null, "range": "reserved"}"#,
          #"{"bit": 11, "name": null, "range": "reserved"}"#,
        ]) == [], "\(bitOne)")
    let picture = try Run(["--layout", "lvgl-9.5", "0x3"])
    #expect(
      picture.stdout.contains("  bit  1  (unnamed)     reserved\n")
        && picture.stdout.hasSuffix("  extended part     usr r lvgl     rl\n"), "\(picture)")
    let gtk = try Run(["--layout", "gtk", "--state", "hot=24", "0x01000808"])
    #expect(
      gtk.status == 0
        && gtk.stdout.lacking(["text: insensitive | checked | hot\n", "  app      reserved  gtk\n"])
          == [],
      "\(gtk)")
  }

  /// Encoding with a states file; the names developers type: LVGL's and GTK's C constants,
  /// `any`, and a style selector's part named apart from its state.
  @Test func encodeStatesFilesConstantNamesAnyAndParts() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lvgl-states-\(UUID().uuidString).json")
    try Data(#"{"blinking": 12}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Run([
      "encode", "--layout", "lvgl", "--states", file.path, "--json", "pressed", "blinking",
    ])
    #expect(
      run.status == 0
        && run.stdout.contains(#""raw": 4128, "hex": "0x00001020", "text": "pressed | blinking""#),
      "\(run)")
    // LV_STATE_USER_1 has a name, `user_1`; bit 8 is LVGL's and has none.
    let strict = try Run(["--layout", "lvgl", "--strict", "0x1121"])
    #expect(
      (try Run(["--layout", "lvgl", "--strict", "0x1021"]).status, strict.status) == (0, 65)
        && strict.stderr.contains("bits 8 (0x100) have no name (--strict)"), "\(strict)")

    let pressed = try Run(["--layout", "lvgl", "encode", "LV_STATE_PRESSED"])
    let headings = try [
      ["encode", "--layout", "lvgl", "default"],
      ["--layout", "gtk", "encode", "GTK_STATE_FLAG_ACTIVE"],
    ].map { try Run($0).stdout.firstLine }
    #expect(
      (pressed.status, pressed.stdout.firstLine, headings)
        == (
          0, "LV_STATE_PRESSED: 0x00000020 = 32",
          ["default: 0x00000000 = 0", "GTK_STATE_FLAG_ACTIVE: 0x00000001 = 1"]
        ), "\(pressed)")
    let any = try Run(["--layout", "lvgl", "--json", "encode", "any"])
    let mask = try Run(["--layout", "lvgl", "0xFFFF"])
    #expect(
      any.stdout.contains(#""raw": 65535, "hex": "0x0000FFFF", "text": "any""#)
        && mask.stdout.contains("  text: any\n"), "\(any)\n\(mask)")
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
      constants.stdout.lacking([
        #""text": "LV_STATE_CHECKED | LV_STATE_PRESSED""#,
        #"{"bit": 5, "name": "LV_STATE_PRESSED", "range": "system"}"#,
      ]) == [], "\(constants)")
  }

  /// `theme --layout lvgl FILE`: selectors with LVGL's names, resolved by LVGL's rule; and
  /// `--layout events` is `--events`.
  @Test func themeWithLVGLLayoutAndLayoutEventsIsEvents() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "lvgl-theme-\(UUID().uuidString).json")
    try Data(
      #"{"background": {"default": "gray", "checked | focused": "green", "LV_STATE_PRESSED": "navy"}}"#
        .utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Run(["theme", "--layout", "lvgl", "--json", file.path])
    #expect(
      run.status == 0
        && run.stdout.lacking([
          "lvgl: the greatest state value wins", "checked | focused | pressed",
        ]) == [] && !run.stdout.contains("highlighted"), "\(run)")
    // Without --layout, the file's `$layout` chooses the names.
    try Data(
      #"{"$layout": "lvgl", "background": {"default": "gray", "LV_STATE_PRESSED": "navy"}}"#.utf8
    ).write(to: file)
    let named = try Run(["theme", file.path])
    #expect(
      named.status == 0 && named.stdout.contains("pressed")
        && !named.stdout.contains("highlighted"), "\(named)")

    let events = try Run(["--layout", "events", "0x01000040"])
    let flag = try Run(["--events", "0x01000040"])
    #expect((events.status, events.stdout) == (0, flag.stdout))
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
    #expect(
      (run.status, run.stderr.contains(message), run.stderr.lines.count) == (status, true, 1),
      "\(run)")
  }
}
