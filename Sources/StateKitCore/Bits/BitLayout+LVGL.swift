extension BitLayout {
  /// LVGL's `lv_state_t` from release 8.0 through 9.4: `checked`, `focused`, `focusKey`,
  /// `edited`, `hovered`, `pressed`, `scrolled` and `disabled` at bits 0...7, bits 8...11 kept
  /// by LVGL, and its four user states (`LV_STATE_USER_1` to `LV_STATE_USER_4`) as the
  /// application range 12...15. The empty state is `default` (`LV_STATE_DEFAULT`); `any`
  /// (`LV_STATE_ANY`, 0xFFFF) is no state and no name may take it. Bits above 15 are outside
  /// `lv_state_t`: in an `lv_style_selector_t` they hold the part, a number rather than flags.
  ///
  /// LVGL 9.5 moved the bits; masks from 9.5 on are ``lvgl95``'s.
  public static let lvgl = BitLayout(
    lvgl: BitLayout(
      name: "lvgl", typeName: "lv_state_t (LVGL 8.0-9.4)", noun: "state", emptyName: "default",
      spans: [
        Span("lvgl", .system, 0...7), Span("rsv", .reserved, 8...11),
        Span("usr", .application, 12...15),
      ],
      systemNames: [
        ("checked", 0), ("focused", 1), ("focusKey", 2), ("edited", 3), ("hovered", 4),
        ("pressed", 5), ("scrolled", 6), ("disabled", 7),
      ],
      reservedWords: ["any"]),
    // Part 6 is `LV_PART_TICKS` in 8.x and `LV_PART_CURSOR` in 9.0-9.4, part 7 `LV_PART_CURSOR`
    // in 8.x only: a mask of this layout cannot say which, so they print as hex.
    parts: [])

  /// LVGL's `lv_state_t` from release 9.5: `alt` at bit 0, bit 1 kept by LVGL, `checked`,
  /// `focused`, `focusKey`, `edited`, `hovered`, `pressed`, `scrolled` and `disabled` at bits
  /// 2...9, bits 10...11 kept by LVGL, and the four user states as the application range
  /// 12...15, where they were before. The empty state is `default`; `any` is reserved.
  public static let lvgl95 = BitLayout(
    lvgl: BitLayout(
      name: "lvgl-9.5", typeName: "lv_state_t (LVGL 9.5)", noun: "state", emptyName: "default",
      spans: [
        // The header's `/*1 reserved*/` between `LV_STATE_ALT` and `LV_STATE_CHECKED`.
        Span("lvgl", .system, 0...0), Span("rsv", .reserved, 1...1),
        Span("lvgl", .system, 2...9), Span("rsv", .reserved, 10...11),
        Span("usr", .application, 12...15),
      ],
      systemNames: [
        ("alt", 0), ("checked", 2), ("focused", 3), ("focusKey", 4), ("edited", 5),
        ("hovered", 6), ("pressed", 7), ("scrolled", 8), ("disabled", 9),
      ],
      reservedWords: ["any"]),
    parts: [("cursor", "LV_PART_CURSOR", 6)])

  /// An LVGL layout with what LVGL's headers add to the bits (`lv_obj.h` 8.0-8.3,
  /// `lv_obj_style.h` 9.0-9.5): the `LV_STATE_` constants, the user states `user_1` to
  /// `user_4`, `any` for `LV_STATE_ANY` (0xFFFF), and the part of an `lv_style_selector_t` in
  /// bits 16...23, a number: the parts every release has, and `more`.
  private init(lvgl layout: BitLayout, parts more: [(name: String, constant: String, number: UInt)])
  {
    self = layout
    constantPrefix = "LV_STATE_"
    applicationNames = ["user_1", "user_2", "user_3", "user_4"]
    everyName = "any"
    partBits = 16...23
    parts =
      [
        ("main", "LV_PART_MAIN", 0), ("scrollbar", "LV_PART_SCROLLBAR", 1),
        ("indicator", "LV_PART_INDICATOR", 2), ("knob", "LV_PART_KNOB", 3),
        ("selected", "LV_PART_SELECTED", 4), ("items", "LV_PART_ITEMS", 5),
        ("customFirst", "LV_PART_CUSTOM_FIRST", 8), ("anyPart", "LV_PART_ANY", 0xF),
      ] + more
    parts.sort { $0.number < $1.number }
  }
}
