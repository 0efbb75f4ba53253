import StateKit
import StateKitTesting
import Testing

/// Tables written with LVGL's names and `StatePrecedence(layout: .lvgl)` resolve as LVGL does,
/// checked against a transcription of LVGL's own resolution over the same styles.
@Suite("LVGL tables resolve as LVGL")
struct LVGLResolutionTests {
  /// One style added to an object: `lv_obj_add_style(obj, &style, state)`, with the value it
  /// sets for the one property the test reads, or `nil` when it does not set it.
  struct AddedStyle {
    var state: UInt16
    var value: Int?
  }

  /// A transcription of LVGL's resolution of one property of one part, read in lvgl/lvgl
  /// v9.5.0 (commit 85aa60d18b3d5e5588d7b247abf90198f07c8a63), `src/core/lv_obj_style.c`, and
  /// checked to be the same in v8.0.0, v8.3.11 and v9.0.0:
  ///
  /// - `lv_obj_add_style` inserts a new style before the object's first normal style (after
  ///   transition and local styles), so the list holds the styles last added first;
  /// - `get_prop_core` walks that list, skips a style whose state has a bit the object's state
  ///   lacks (`state_act & state_inv`) or whose state is not greater than the best found so far
  ///   (`state_act <= weight`), takes the value of a style that sets the property, and returns
  ///   at once when the style's state is the object's.
  ///
  /// No transitions or local styles: the tables under test are a theme's styles.
  static func lvglValue(of styles: [AddedStyle], state: UInt16) -> Int? {
    // The object's list, as lv_obj_add_style leaves it: the style added last first.
    let list = styles.reversed()
    let inverse = ~state
    var weight: Int32 = -1
    var found: Int?
    for style in list {
      if style.state & inverse != 0 { continue }
      if Int32(style.state) <= weight { continue }
      guard let value = style.value else { continue }
      found = value
      if style.state == state { return value }
      weight = Int32(style.state)
    }
    return found
  }

  /// The states the styles use, by LVGL 8.0-9.4's names, as a theme writes them.
  static let names = [
    "checked", "focused", "LV_STATE_FOCUS_KEY", "edited", "hovered", "LV_STATE_PRESSED",
    "scrolled", "disabled", "user_1", "LV_STATE_USER_2",
  ]

  /// Random style lists over LVGL's names, with styles of the same state added more than once;
  /// the table gets each style's value in the order they are added, each selector written as
  /// LVGL text, and must give LVGL's value on every combination of the states its selectors
  /// mention.
  @Test func everyCombinationAsLVGL() throws {
    let catalog = StateCatalog(layout: .lvgl)
    var random = SplitMix64(seed: 48)
    var combinations = 0
    for round in 0..<300 {
      var styles: [AddedStyle] = []
      var texts: [String] = []
      for _ in 0..<Int.random(in: 1...7, using: &random) {
        var words: [String] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          words.append(Self.names.randomElement(using: &random) ?? "checked")
        }
        let text = words.isEmpty ? "default" : words.joined(separator: " | ")
        let state = UInt16(try catalog.parse(text).rawValue)
        // A style may leave the property to others.
        let value = Bool.random(using: &random) || styles.isEmpty ? styles.count : nil
        styles.append(AddedStyle(state: state, value: value))
        texts.append(text)
      }
      var table = StateTable<Int>(precedence: StatePrecedence(layout: .lvgl))
      for (style, text) in zip(styles, texts) {
        if let value = style.value { table[try catalog.parseSelector(text)] = value }
      }
      let mentioned = styles.reduce(UInt16(0)) { $0 | $1.state }
      var subset: UInt16 = 0
      repeat {
        let expected = Self.lvglValue(of: styles, state: subset)
        let state = ControlState(rawValue: UInt(subset))
        let values: [Int?] = [table.resolve(state), table.explain(state).winner?.value]
        #expect(
          values == [expected, expected],
          "round \(round), state \(catalog.description(of: state)), styles \(texts)")
        combinations += 1
        subset = (subset &- mentioned) & mentioned
      } while subset != 0
    }
    #expect(combinations > 1000)
  }

  /// The cases the issue names: the greater state wins over the more specific one, and a style
  /// added later for the same state wins; `explain` says so with LVGL's names.
  @Test func greaterStateAndLaterStyle() throws {
    let catalog = StateCatalog(layout: .lvgl)
    let styles = [
      AddedStyle(state: 0, value: 0), AddedStyle(state: 0x03, value: 1),
      AddedStyle(state: 0x20, value: 2), AddedStyle(state: 0x20, value: 3),
    ]
    var table = StateTable<Int>(precedence: StatePrecedence(layout: .lvgl))
    table[try catalog.parseSelector("default")] = 0
    table[try catalog.parseSelector("checked | focused")] = 1
    table[try catalog.parseSelector("LV_STATE_PRESSED")] = 2
    table[try catalog.parseSelector("pressed")] = 3
    let state = ControlState(rawValue: 0x23)
    // The default precedence takes the more specific `checked | focused`: LVGL does not.
    var specific = StateTable<Int>()
    for entry in table.entries { specific[entry.selector] = entry.value }
    let values: [Int?] = [
      Self.lvglValue(of: styles, state: 0x23), table.resolve(state), specific.resolve(state),
    ]
    #expect(values == [3, 3, 1])
    let explanation = table.explain(state)
    #expect(explanation.decision == .greatestValue)
    let descriptions: [String] = [explanation.description, table.description]
    let expected: [String] = [
      "checked | focused | pressed → 3 from pressed: its state 0x20 is greater than checked | focused's 0x3 (LVGL's rule: the greatest state value wins)",
      "[pressed: 3, checked | focused: 1, default: 0]",
    ]
    #expect(descriptions == expected)
  }
}
