import StateKit
import ValueScreen

// Selection code: each control's look as a first-match table of changes to its default look,
// one line per branch of the `if`/`else` chain it replaces, kept in the environment; the call
// sites turn a view's Booleans into a ControlState, read the table, and pick the override.

/// A text field's text does not parse.
extension ControlState { public static let invalid = ControlState(rawValue: 1 << 16) }

/// The focus pulse: up in half a second and back down.
public let focusPulse = Pulse(while: .focused, milliseconds: 1000, curve: .linear)

/// The palette's colours, as the tables name them.
public enum Slot: Sendable { case foreground, background, surface, accent, muted, danger }

/// A part's paint: a palette colour, at a named opacity, blended toward another by the pulse.
public typealias Shade = PaletteColor<Slot, Opacity>

extension Shade: Paint {
  @inlinable public func color(in p: any Palette, phase: Double) -> Color {
    color(phase: phase, adjusting: Color.opacity, blending: Color.mixed) {
      switch $0 {
      case .foreground: p.foreground
      case .background: p.background
      case .surface: p.surface
      case .accent: p.accent
      case .muted: p.muted
      case .danger: p.danger
      }
    }
  }
  public static var foreground: Self { Self(.foreground) }
  public static var background: Self { Self(.background) }
  public static var surface: Self { Self(.surface) }
  public static var accent: Self { Self(.accent) }
  public static var muted: Self { Self(.muted) }
  public static var danger: Self { Self(.danger) }
  public func at(_ opacity: Opacity) -> Self { adjusted(by: opacity) }
  public var dim: Self { adjusted(by: .disabled) }
}

/// The looks a subtree draws with: copies share them; a subtree sets its own for a theme.
public struct Styles: Sendable {
  public var button = StyleHolder(firstMatch: [
    .disabled: { ($0.text, $0.fill) = (.foreground.dim, .surface.at(.secondary)) },
    .highlighted: { ($0.text, $0.fill) = (.background, .accent) },
    .focused: { ($0.text, $0.fill) = (.accent, .surface.blended(toward: .muted)) },
    .selected: { $0.text = .accent },
  ]) { ButtonLook<Shade>(text: .foreground, fill: .surface) }
  public var toggle = StyleHolder(firstMatch: [
    .disabled: { ($0.knob, $0.label) = (.muted.dim, .foreground.dim) },
    [.selected, .focused]: { $0.track = .accent.blended(toward: .foreground) },
    [.selected, .focused]: { $0.knob = .background },
    .selected: { ($0.track, $0.knob) = (.accent.at(.secondary), .background) },
    .focused: { $0.track = .muted.at(.faint).blended(toward: .muted) },
  ]) { ToggleLook<Shade>(track: .muted.at(.faint), knob: .muted, label: .foreground) }
  public var checkBox = StyleHolder(firstMatch: [
    .disabled: { ($0.box, $0.label) = (.muted.dim, .foreground.dim) },
    .focused: { $0.box = .accent.blended(toward: .foreground) },
    .selected: { $0.box = .accent },
  ]) { CheckLook<Shade>(box: .muted, label: .foreground) }
  public var radioItem = StyleHolder(firstMatch: [
    .disabled: { ($0.box, $0.label) = (.muted.dim, .foreground.dim) },
    [.selected, .focused]: { ($0.box, $0.label) = (.accent.blended(toward: .foreground), .accent) },
    .selected: { ($0.box, $0.label) = (.accent, .accent) },
    .focused: { $0.box = .muted.blended(toward: .foreground) },
  ]) { CheckLook<Shade>(box: .muted, label: .foreground) }
  public var textField = StyleHolder(firstMatch: [
    .disabled: { ($0.text, $0.border) = (.foreground.dim, .muted.dim) },
    .disabled: { $0.fill = .surface.at(.secondary) },
    [.invalid, .focused]: { ($0.border, $0.cursor) = (.danger.blended(toward: .foreground), "▌") },
    .invalid: { ($0.text, $0.border) = (.danger, .danger) },
    .focused: { ($0.border, $0.cursor) = (.accent.blended(toward: .foreground), "▌") },
  ]) { FieldLook<Shade>(text: .foreground, fill: .surface, border: .muted) }
  public var listRow = StyleHolder(firstMatch: [
    [.disabled, .selected]: { ($0.text, $0.detail) = (.foreground.dim, .muted.dim) },
    [.disabled, .selected]: { ($0.marker, $0.fill) = (.muted.dim, .surface.at(.secondary)) },
    .disabled: { ($0.text, $0.detail, $0.marker) = (.foreground.dim, .muted.dim, .muted.dim) },
    [.selected, .focused]: { ($0.text, $0.detail) = (.background, .background.at(.secondary)) },
    [.selected, .focused]: { ($0.fill, $0.marker) = (.accent, .background) },
    .selected: { $0.fill = .surface },
  ]) { RowLook<Shade>(text: .foreground, detail: .muted, fill: .background, marker: .accent) }
  public var menuItem = StyleHolder(firstMatch: [
    .disabled: { ($0.text, $0.shortcut) = (.foreground.dim, .muted.dim) },
    .selected: { ($0.text, $0.shortcut) = (.background, .background.at(.secondary)) },
    .selected: { $0.fill = .accent },
  ]) { MenuLook<Shade>(text: .foreground, shortcut: .muted, fill: .surface) }
  public var tab = StyleHolder(firstMatch: [
    [.disabled, .selected]: { ($0.text, $0.edge, $0.edgeGlyph) = (.muted.dim, .muted.dim, "▎") },
    .disabled: { $0.text = .muted.dim },
    [.selected, .focused]: { ($0.text, $0.fill, $0.edgeGlyph) = (.foreground, .surface, "▎") },
    [.selected, .focused]: { $0.edge = .accent.blended(toward: .foreground) },
    .selected: { ($0.text, $0.fill, $0.edgeGlyph) = (.foreground, .surface, "▎") },
    .selected: { $0.edge = .accent },
  ]) { TabLook<Shade>(text: .muted, fill: .background, edge: .background) }
  public var slider = StyleHolder(firstMatch: [
    .disabled: { ($0.track, $0.filled, $0.thumb) = (.muted.dim, .muted.dim, .muted.dim) },
    .highlighted: { ($0.track, $0.thumb, $0.thumbGlyph) = (.foreground, .foreground, "◉") },
    .focused: { ($0.track, $0.thumb) = (.foreground, .accent.blended(toward: .foreground)) },
  ]) { SliderLook<Shade>(track: .muted, filled: .accent, thumb: .accent) }

  /// The toolkit's looks, shared by every environment that does not set its own.
  public static let standard = Styles()
}

extension Environment<Styles> {
  /// A control's look in `state` from `looks`, with `change` applied, and its ink: the palette,
  /// the pulse's phase, the caller's override (`focused` when focused and enabled, if given).
  @inlinable func select<L: Look>(
    _ looks: StyleHolder<L>, _ state: ControlState, _ style: Style?, focused: Style? = nil,
    _ change: (inout L) -> Void = { _ in }
  ) -> Selected<L> {
    // Pulse.phase is a call; most controls are not focused.
    let phase = state.contains(.focused) ? focusPulse.phase(state, at: now, since: focusSince) : 0
    let override = state.contains(.focused) && !state.contains(.disabled) ? focused ?? style : style
    return Selected(looks.resolve(state, change), Ink(palette, phase: phase, override: override))
  }
}

extension Button {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<ButtonLook<Shade>> {
    let state = ControlState(
      highlighted: isPressed, disabled: isDisabled, selected: isDefault, focused: isFocused)
    return env.select(env.styles.button, state, style, focused: focusedStyle) {
      ($0.left, $0.right) =
        isPressed && !isDisabled ? ("< ", " >") : isDefault ? ("[[", "]]") : ("[ ", " ]")
    }
  }
}

extension Toggle {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<ToggleLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isOn, focused: isFocused)
    return env.select(env.styles.toggle, state, style) { $0.glyph = isOn ? "━●" : "●━" }
  }
}

extension CheckBox {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<CheckLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isChecked, focused: isFocused)
    return env.select(env.styles.checkBox, state, style) { $0.glyph = isChecked ? "[x]" : "[ ]" }
  }
}

extension RadioItem {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<CheckLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isSelected, focused: isFocused)
    return env.select(env.styles.radioItem, state, style) { $0.glyph = isSelected ? "(•)" : "( )" }
  }
}

extension TextField {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<FieldLook<Shade>> {
    let state = ControlState(
      disabled: isDisabled, focused: isFocused, others: isInvalid ? .invalid : .normal)
    return env.select(env.styles.textField, state, style, focused: focusedStyle)
  }
}

extension ListRow {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<RowLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isSelected, focused: isFocused)
    return env.select(env.styles.listRow, state, style) { $0.mark = isMarked ? "● " : "  " }
  }
}

extension MenuItem {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<MenuLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isSelected)
    let chosen = isSelected && !isDisabled
    let override = chosen ? Style(background: selectedColor) : Style(foreground: itemColor)
    return env.select(env.styles.menuItem, state, override) { $0.check = isChecked ? "✓" : " " }
  }
}

extension Tab {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<TabLook<Shade>> {
    let state = ControlState(disabled: isDisabled, selected: isSelected, focused: isFocused)
    return env.select(env.styles.tab, state, style)
  }
}

extension Slider {
  @inlinable public func selected(in env: Environment<Styles>) -> Selected<SliderLook<Shade>> {
    let state = ControlState(highlighted: isDragging, disabled: isDisabled, focused: isFocused)
    return env.select(env.styles.slider, state, style)
  }
}
