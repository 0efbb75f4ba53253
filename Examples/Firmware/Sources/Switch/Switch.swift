import StateKitCore

// An LVGL-style switch for a microcontroller's display: its look in every state, chosen three
// ways that must agree, so the firmware can keep the one it prefers.
//
// - `StateKitSwitch`: StateKit's tables, one per property, over LVGL's own state bits (the
//   states are looked up by name in `BitLayout.lvgl`), frozen into lookups;
// - `handWrittenLook`: the `if` chain a firmware author writes for these styles;
// - `scannedLook`: what LVGL itself does (`get_prop_core` in `lv_obj_style.c`): walk the style
//   list, per property, for the matching style whose state has the greatest value; the list
//   holds the style added last first (`lv_obj_add_style` inserts before the others), so of
//   styles of one state the one added last wins.
//
// LVGL resolves each property on its own: a style that sets only the border leaves the
// background to other styles. So every selection resolves the three properties separately.

/// What the switch draws: an RGB565 background, a border width and a shadow width.
struct Look: Equatable, Sendable {
  var background: UInt16
  var border: UInt8
  var shadow: UInt8

  init(background: UInt16, border: UInt8, shadow: UInt8) {
    self.background = background
    self.border = border
    self.shadow = shadow
  }

  /// The look in one word, for a C caller: background, border and shadow from the high bits.
  var packed: UInt32 {
    UInt32(background) << 16 | UInt32(border) << 8 | UInt32(shadow)
  }
}

/// LVGL 8.0-9.4's state bits of the states the switch's styles mention, by their names in
/// StateKit's layout of `lv_state_t`.
struct SwitchStates: Equatable, Sendable {
  let checked: UInt16
  let focusKey: UInt16
  let pressed: UInt16
  let disabled: UInt16

  /// The bits `lv_obj.h` defines (LVGL 8.0-9.4: `LV_STATE_CHECKED` 0x01, `LV_STATE_FOCUS_KEY`
  /// 0x04, `LV_STATE_PRESSED` 0x20, `LV_STATE_DISABLED` 0x80), as hand-written code uses them.
  static let header = SwitchStates(checked: 0x01, focusKey: 0x04, pressed: 0x20, disabled: 0x80)

  init(checked: UInt16, focusKey: UInt16, pressed: UInt16, disabled: UInt16) {
    self.checked = checked
    self.focusKey = focusKey
    self.pressed = pressed
    self.disabled = disabled
  }

  /// The bits of the states, by name from a layout of StateKit's.
  init(layout: BitLayout = .lvgl) {
    func bit(_ name: String) -> UInt16 {
      // Names compare byte for byte: no Unicode tables are linked for it.
      guard let entry = layout.systemNames.first(where: { $0.name.utf8.elementsEqual(name.utf8) })
      else {
        // A programmer error: the names are the layout's, written here.
        preconditionFailure("no state \(name) in the layout")
      }
      return 1 << UInt16(entry.bit)
    }
    checked = bit("checked")
    focusKey = bit("focusKey")
    pressed = bit("pressed")
    disabled = bit("disabled")
  }
}

/// One style of the switch's list, as `lv_obj_add_style(obj, &style, state)` adds it: the state
/// it applies to and the properties it sets.
struct Style: Sendable {
  var state: UInt16
  var background: UInt16?
  var border: UInt8?
  var shadow: UInt8?
}

/// The switch's styles, in the order a theme adds them.
func switchStyles(_ states: SwitchStates) -> [Style] {
  [
    Style(state: 0, background: 0x8410, border: 0, shadow: 0),
    Style(state: states.focusKey, border: 2),
    Style(state: states.checked, background: 0x047F),
    Style(state: states.pressed, background: 0x630C, shadow: 4),
    Style(state: states.checked | states.pressed, background: 0x0232),
    Style(state: states.disabled, background: 0xC618, shadow: 0),
  ]
}

/// The look of every state through StateKit: a table per property whose entries are the styles
/// that set it, greatest state first, so the first match is LVGL's choice; frozen into lookups.
struct StateKitSwitch {
  let background: StateLookup<UInt16>
  let border: StateLookup<UInt8>
  let shadow: StateLookup<UInt8>

  init(styles: [Style]) {
    // The greatest state value wins; of styles of one state, LVGL takes the one added last.
    let ordered = styles.enumerated().sorted { a, b in
      a.element.state != b.element.state
        ? a.element.state > b.element.state : a.offset > b.offset
    }.map { $0.element }
    func lookup<Value>(_ property: (Style) -> Value?, _ fallback: Value) -> StateLookup<Value> {
      var entries: [(StateSelector, Value)] = []
      for style in ordered {
        guard let value = property(style) else { continue }
        let selector = StateSelector(ControlState(rawValue: UInt(style.state)))
        if !entries.contains(where: { $0.0 == selector }) { entries.append((selector, value)) }
      }
      // The switch's states are bits 0...7, which a lookup always indexes.
      return StateLookup(StateTable(firstMatch: entries), default: fallback)
    }
    background = lookup({ $0.background }, 0)
    border = lookup({ $0.border }, 0)
    shadow = lookup({ $0.shadow }, 0)
  }

  @inline(__always)
  func look(_ state: UInt16) -> Look {
    let state = ControlState(rawValue: UInt(state))
    return Look(
      background: background.resolve(state), border: border.resolve(state),
      shadow: shadow.resolve(state))
  }
}

/// The same looks written by hand, as a firmware author writes them for these styles.
@inline(never)
func handWrittenLook(_ state: UInt16, _ states: SwitchStates) -> Look {
  let checked = state & states.checked != 0
  let pressed = state & states.pressed != 0
  let background: UInt16
  if state & states.disabled != 0 {
    background = 0xC618
  } else if pressed {
    background = checked ? 0x0232 : 0x630C
  } else {
    background = checked ? 0x047F : 0x8410
  }
  let shadow: UInt8 = state & states.disabled != 0 ? 0 : pressed ? 4 : 0
  let border: UInt8 = state & states.focusKey != 0 ? 2 : 0
  return Look(background: background, border: border, shadow: shadow)
}

/// LVGL's own way: per property, the matching style (its state bits all set) whose state has
/// the greatest value, the one added last of equal ones: LVGL's list holds the styles in the
/// reverse of the order they were added, and its scan keeps the first of equal states.
@inline(never)
func scannedLook(_ state: UInt16, _ styles: [Style]) -> Look {
  var look = Look(background: 0, border: 0, shadow: 0)
  var weights = (background: -1, border: -1, shadow: -1)
  for style in styles.reversed() where style.state & ~state == 0 {
    let weight = Int(style.state)
    if let value = style.background, weight > weights.background {
      (look.background, weights.background) = (value, weight)
    }
    if let value = style.border, weight > weights.border {
      (look.border, weights.border) = (value, weight)
    }
    if let value = style.shadow, weight > weights.shadow {
      (look.shadow, weights.shadow) = (value, weight)
    }
  }
  return look
}
