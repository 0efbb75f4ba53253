import StateKit
import ValueScreen

// Selection code: each control's look as a first-match table, one line per branch of the
// `if`/`else` chain it replaces, kept in the environment; the call sites turn a view's Booleans
// into a ControlState, read the table, and pick the caller's override.

extension ControlState {
  /// A text field's text does not parse.
  public static let invalid = ControlState(rawValue: 1 << 16)
}

/// The focus pulse: up in half a second and back down.
public let focusPulse = Pulse(while: .focused, milliseconds: 1000, curve: .linear)

/// The looks a subtree draws with: copies share them; a subtree sets its own for a theme.
public struct Styles: Sendable {
  public var button = StyleHolder<ButtonLook<Shade>>(
    firstMatch: [
      .disabled: ButtonLook(text: .foreground.at(.disabled), fill: .surface.at(.secondary)),
      .highlighted: ButtonLook(text: .background, fill: .accent),
      .focused: ButtonLook(text: .accent, fill: .surface.pulsing(.muted)),
      .selected: ButtonLook(text: .accent, fill: .surface),
    ], default: ButtonLook(text: .foreground, fill: .surface))
  public var toggle = StyleHolder<ToggleLook<Shade>>(
    firstMatch: [
      .disabled: ToggleLook(
        track: .muted.at(.faint), knob: .muted.at(.disabled), label: .foreground.at(.disabled)),
      [.selected, .focused]: ToggleLook(
        track: .accent.pulsing(.foreground), knob: .background, label: .foreground),
      .selected: ToggleLook(track: .accent.at(.secondary), knob: .background, label: .foreground),
      .focused: ToggleLook(
        track: .muted.at(.faint).pulsing(.muted), knob: .muted, label: .foreground),
    ], default: ToggleLook(track: .muted.at(.faint), knob: .muted, label: .foreground))
  public var checkBox = StyleHolder<CheckLook<Shade>>(
    firstMatch: [
      .disabled: CheckLook(box: .muted.at(.disabled), label: .foreground.at(.disabled)),
      .focused: CheckLook(box: .accent.pulsing(.foreground), label: .foreground),
      .selected: CheckLook(box: .accent, label: .foreground),
    ], default: CheckLook(box: .muted, label: .foreground))
  public var radioItem = StyleHolder<CheckLook<Shade>>(
    firstMatch: [
      .disabled: CheckLook(box: .muted.at(.disabled), label: .foreground.at(.disabled)),
      [.selected, .focused]: CheckLook(box: .accent.pulsing(.foreground), label: .accent),
      .selected: CheckLook(box: .accent, label: .accent),
      .focused: CheckLook(box: .muted.pulsing(.foreground), label: .foreground),
    ], default: CheckLook(box: .muted, label: .foreground))
  public var textField = StyleHolder<FieldLook<Shade>>(
    firstMatch: [
      .disabled: FieldLook(
        text: .foreground.at(.disabled), fill: .surface.at(.secondary), border: .muted.at(.disabled)
      ),
      [.invalid, .focused]: FieldLook(
        text: .foreground, fill: .surface, border: .danger.pulsing(.foreground), cursor: "▌"),
      .invalid: FieldLook(text: .danger, fill: .surface, border: .danger),
      .focused: FieldLook(
        text: .foreground, fill: .surface, border: .accent.pulsing(.foreground), cursor: "▌"),
    ], default: FieldLook(text: .foreground, fill: .surface, border: .muted))
  // A list row reads four parts, each its own table, so that a theme can set one alone.
  public var rowText = StyleHolder<Shade>(
    firstMatch: [.disabled: .foreground.at(.disabled), [.selected, .focused]: .background],
    default: .foreground)
  public var rowDetail = StyleHolder<Shade>(
    firstMatch: [
      .disabled: .muted.at(.disabled), [.selected, .focused]: .background.at(.secondary),
    ],
    default: .muted)
  public var rowFill = StyleHolder<Shade>(
    firstMatch: [
      [.disabled, .selected]: .surface.at(.secondary), .disabled: .background,
      [.selected, .focused]: .accent, .selected: .surface,
    ], default: .background)
  public var rowMarker = StyleHolder<Shade>(
    firstMatch: [.disabled: .muted.at(.disabled), [.selected, .focused]: .background],
    default: .accent)
  public var menuItem = StyleHolder<MenuLook<Shade>>(
    firstMatch: [
      .disabled: MenuLook(
        text: .foreground.at(.disabled), shortcut: .muted.at(.disabled), fill: .surface),
      .selected: MenuLook(text: .background, shortcut: .background.at(.secondary), fill: .accent),
    ], default: MenuLook(text: .foreground, shortcut: .muted, fill: .surface))
  public var tab = StyleHolder<TabLook<Shade>>(
    firstMatch: [
      [.disabled, .selected]: TabLook(
        text: .muted.at(.disabled), fill: .background, edge: .muted.at(.disabled), edgeGlyph: "▎"),
      .disabled: TabLook(text: .muted.at(.disabled), fill: .background, edge: .background),
      [.selected, .focused]: TabLook(
        text: .foreground, fill: .surface, edge: .accent.pulsing(.foreground), edgeGlyph: "▎"),
      .selected: TabLook(text: .foreground, fill: .surface, edge: .accent, edgeGlyph: "▎"),
    ], default: TabLook(text: .muted, fill: .background, edge: .background))
  public var slider = StyleHolder<SliderLook<Shade>>(
    firstMatch: [
      .disabled: SliderLook(
        track: .muted.at(.disabled), filled: .muted.at(.disabled), thumb: .muted.at(.disabled)),
      .highlighted: SliderLook(
        track: .foreground, filled: .accent, thumb: .foreground, thumbGlyph: "◉"),
      .focused: SliderLook(
        track: .foreground, filled: .accent, thumb: .accent.pulsing(.foreground)),
    ], default: SliderLook(track: .muted, filled: .accent, thumb: .accent))

  public init() {}
  /// The toolkit's looks, shared by every environment that does not set its own.
  public static let standard = Styles()
}

extension Environment<Styles> {
  /// The ink of a control in `state`: the palette, the pulse's phase, the caller's override.
  @inlinable func ink(_ state: ControlState, _ override: Style?) -> Ink {
    // Pulse.phase is a call; most controls are not focused.
    let phase = state.contains(.focused) ? focusPulse.phase(state, at: now, since: focusSince) : 0
    return Ink(palette, phase: phase, override: override)
  }
}

extension Button {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<ButtonLook<Shade>> {
    let state = ControlState(
      highlighted: isPressed, disabled: isDisabled, selected: isDefault, focused: isFocused)
    let (left, right) =
      isPressed && !isDisabled ? ("< ", " >") : isDefault ? ("[[", "]]") : ("[ ", " ]")
    let look = env.styles.button.withValue(for: state) {
      ButtonLook(text: $0.text, fill: $0.fill, left: left, right: right)
    }
    return Selected(look, env.ink(state, isFocused && !isDisabled ? focusedStyle ?? style : style))
  }
}

extension Toggle {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<ToggleLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isOn, focused: isFocused)
    let look = env.styles.toggle.withValue(for: state) {
      ToggleLook(track: $0.track, knob: $0.knob, label: $0.label, glyph: isOn ? "━●" : "●━")
    }
    return Selected(look, env.ink(state, style))
  }
}

extension CheckBox {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<CheckLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isChecked, focused: isFocused)
    let look = env.styles.checkBox.withValue(for: state) {
      CheckLook(box: $0.box, label: $0.label, glyph: isChecked ? "[x]" : "[ ]")
    }
    return Selected(look, env.ink(state, style))
  }
}

extension RadioItem {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<CheckLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isSelected, focused: isFocused)
    let look = env.styles.radioItem.withValue(for: state) {
      CheckLook(box: $0.box, label: $0.label, glyph: isSelected ? "(•)" : "( )")
    }
    return Selected(look, env.ink(state, style))
  }
}

extension TextField {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<FieldLook<Shade>> {
    let state = ControlState(
      disabled: isDisabled, focused: isFocused, others: isInvalid ? .invalid : .normal)
    return Selected(
      env.styles.textField[state],
      env.ink(state, isFocused && !isDisabled ? focusedStyle ?? style : style))
  }
}

extension ListRow {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<RowLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isSelected, focused: isFocused)
    let look = RowLook(
      text: env.styles.rowText[state], detail: env.styles.rowDetail[state],
      fill: env.styles.rowFill[state], marker: env.styles.rowMarker[state],
      mark: isMarked ? "● " : "  ")
    return Selected(look, env.ink(state, style))
  }
}

extension MenuItem {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<MenuLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isSelected)
    let look = env.styles.menuItem.withValue(for: state) {
      MenuLook(text: $0.text, shortcut: $0.shortcut, fill: $0.fill, check: isChecked ? "✓" : " ")
    }
    let chosen = isSelected && !isDisabled
    return Selected(
      look,
      env.ink(state, chosen ? Style(background: selectedColor) : Style(foreground: itemColor)))
  }
}

extension Tab {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<TabLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isSelected, focused: isFocused)
    return Selected(env.styles.tab[state], env.ink(state, style))
  }
}

extension Slider {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<SliderLook<Shade>> {
    let state = ControlState(highlighted: isDragging, disabled: isDisabled, focused: isFocused)
    return Selected(env.styles.slider[state], env.ink(state, style))
  }
}
