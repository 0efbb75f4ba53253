import StateKit
import ValueHandWritten
import ValueScreen
import ValueStyled

/// The control kinds of the toolkit.
public enum Kind: String, CaseIterable, Sendable {
  case button, toggle, checkBox, radioItem, textField, listRow, menuItem, tab, slider

  /// The names of the Booleans the kind reads, in the order of the bits of `flags`.
  public var flags: [String] {
    switch self {
    case .button: ["isDisabled", "isFocused", "isPressed", "isDefault"]
    case .toggle: ["isDisabled", "isFocused", "isOn"]
    case .checkBox: ["isDisabled", "isFocused", "isChecked"]
    case .radioItem: ["isDisabled", "isFocused", "isSelected"]
    case .textField: ["isDisabled", "isFocused", "isInvalid"]
    case .listRow: ["isDisabled", "isFocused", "isSelected", "isMarked"]
    case .menuItem: ["isDisabled", "isSelected", "isChecked"]
    case .tab: ["isDisabled", "isFocused", "isSelected"]
    case .slider: ["isDisabled", "isFocused", "isDragging"]
    }
  }

  /// Sample content for the kind.
  public var samples: [Content] {
    switch self {
    case .button: [Content("OK"), Content("Cancel")]
    case .toggle: [Content("Wi-Fi"), Content("Dark mode")]
    case .checkBox: [Content("Word wrap"), Content("Show hidden files")]
    case .radioItem: [Content("Left"), Content("Centered")]
    case .textField: [Content("Name", detail: "Ada"), Content("Port", detail: "80a")]
    case .listRow: [Content("README.md", detail: "2 KB"), Content("Package.swift", detail: "")]
    case .menuItem: [Content("Open…", detail: "⌘O"), Content("Save as", detail: "")]
    case .tab: [Content("main.swift"), Content("Notes")]
    case .slider: [Content("Volume", fraction: 0.3), Content("Zoom", fraction: 1)]
    }
  }
}

/// A control of any kind, as a view body builds it: the same value drawn by both versions.
public enum Control: Sendable {
  case button(Button)
  case toggle(Toggle)
  case checkBox(CheckBox)
  case radioItem(RadioItem)
  case textField(TextField)
  case listRow(ListRow)
  case menuItem(MenuItem)
  case tab(Tab)
  case slider(Slider)

  /// The overrides a caller passes to a control when `overrides` is set.
  public static let style = Style(foreground: Color(255, 0, 128))
  public static let focusedStyle = Style(foreground: Color(0, 0, 0), background: Color(255, 200, 0))

  /// A control of `kind` whose Booleans are the bits of `flags` (see ``Kind/flags``), with the
  /// caller's overrides or none.
  public init(_ kind: Kind, _ content: Content, flags: Int, overrides: Bool = false) {
    let f = { (bit: Int) in flags & (1 << bit) != 0 }
    let (style, focused) = overrides ? (Self.style, Self.focusedStyle) : (nil, nil)
    switch kind {
    case .button:
      var v = Button(content, style: style, focusedStyle: focused)
      (v.isDisabled, v.isFocused, v.isPressed, v.isDefault) = (f(0), f(1), f(2), f(3))
      self = .button(v)
    case .toggle:
      var v = Toggle(content, style: style)
      (v.isDisabled, v.isFocused, v.isOn) = (f(0), f(1), f(2))
      self = .toggle(v)
    case .checkBox:
      var v = CheckBox(content, style: style)
      (v.isDisabled, v.isFocused, v.isChecked) = (f(0), f(1), f(2))
      self = .checkBox(v)
    case .radioItem:
      var v = RadioItem(content, style: style)
      (v.isDisabled, v.isFocused, v.isSelected) = (f(0), f(1), f(2))
      self = .radioItem(v)
    case .textField:
      var v = TextField(content, style: style, focusedStyle: focused)
      (v.isDisabled, v.isFocused, v.isInvalid) = (f(0), f(1), f(2))
      self = .textField(v)
    case .listRow:
      var v = ListRow(content, style: style)
      (v.isDisabled, v.isFocused, v.isSelected, v.isMarked) = (f(0), f(1), f(2), f(3))
      self = .listRow(v)
    case .menuItem:
      var v = MenuItem(
        content, itemColor: style?.foreground, selectedColor: focused?.background)
      (v.isDisabled, v.isSelected, v.isChecked) = (f(0), f(1), f(2))
      self = .menuItem(v)
    case .tab:
      var v = Tab(content, style: style)
      (v.isDisabled, v.isFocused, v.isSelected) = (f(0), f(1), f(2))
      self = .tab(v)
    case .slider:
      var v = Slider(content, style: style)
      (v.isDisabled, v.isFocused, v.isDragging) = (f(0), f(1), f(2))
      self = .slider(v)
    }
  }

  /// Draws the control as the hand-written version selects its look; returns the next column.
  @discardableResult
  public func drawHandWritten(in canvas: inout Canvas, x: Int, y: Int, env: Environment<Plain>)
    -> Int
  {
    switch self {
    case .button(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .toggle(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .checkBox(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .radioItem(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .textField(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .listRow(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .menuItem(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .tab(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .slider(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    }
  }

  /// Draws the control as the StateKit version selects its look; returns the next column.
  @discardableResult
  public func drawStyled(in canvas: inout Canvas, x: Int, y: Int, env: Environment<Styles>)
    -> Int
  {
    switch self {
    case .button(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .toggle(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .checkBox(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .radioItem(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .textField(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .listRow(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .menuItem(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .tab(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    case .slider(let v): v.draw(in: &canvas, x: x, y: y, env: env)
    }
  }
}

/// The palettes the tests and the demo draw with.
public let palettes: [any Palette] = [Midnight(), Paper()]

/// Times on the app's clock, with the focus taken at 0: the pulse's phases 0, 0.25, 0.5 and 1,
/// then frames at 60 fps and a time long after.
public let pulseTimes = [0, 125, 250, 500, 750, 1_000, 16, 33, 1_337, 86_400_017]

/// The environment of each version for a palette at a time.
public func environments(_ palette: any Palette, now: Int) -> (
  handWritten: Environment<Plain>, styled: Environment<Styles>
) {
  (
    Environment(palette: palette, now: now, focusSince: 0, styles: Plain()),
    Environment(palette: palette, now: now, focusSince: 0, styles: .standard)
  )
}
