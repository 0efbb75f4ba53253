import HandWritten
import StateKit
import Styled
import Terminal

/// A widget in both forms: the hand-written one with its flags set from a state, and the styled
/// one with the state itself.
public struct WidgetPair: Sendable {
  public let styled: Widget
  public let handWritten: HandWrittenWidget

  public init(_ kind: Widget.Kind, _ content: Content, state: ControlState) {
    styled = Widget(kind, content, state: state)
    handWritten = HandWrittenWidget(kind, content, state: state)
  }
}

/// A hand-written widget of any kind, its flags read from a ControlState.
public enum HandWrittenWidget: Sendable {
  case button(Button)
  case checkBox(CheckBox)
  case radioItem(RadioItem)
  case listRow(ListRow)
  case menuItem(MenuItem)
  case menuBarTitle(MenuBarTitle)
  case tabTitle(TabTitle)
  case textField(TextField)
  case paletteRow(PaletteRow)

  public init(_ kind: Widget.Kind, _ content: Content, state s: ControlState) {
    let enabled = !s.contains(.disabled)
    switch kind {
    case .button:
      var w = Button(content)
      (w.isEnabled, w.hasFocus, w.isHot) = (enabled, s.contains(.focused), s.contains(.hot))
      (w.isPressed, w.isDefault) = (s.contains(.highlighted), s.contains(.selected))
      self = .button(w)
    case .checkBox:
      var w = CheckBox(content)
      (w.isEnabled, w.hasFocus, w.isHot) = (enabled, s.contains(.focused), s.contains(.hot))
      (w.isChecked, w.isMixed) = (s.contains(.marked), s.contains(.selected))
      self = .checkBox(w)
    case .radioItem:
      var w = RadioItem(content)
      (w.isEnabled, w.hasFocus, w.isHot) = (enabled, s.contains(.focused), s.contains(.hot))
      w.isChosen = s.contains(.selected)
      self = .radioItem(w)
    case .listRow:
      var w = ListRow(content)
      (w.isEnabled, w.listHasFocus, w.isHot) = (enabled, s.contains(.focused), s.contains(.hot))
      (w.isSelected, w.isMarked) = (s.contains(.selected), s.contains(.marked))
      self = .listRow(w)
    case .menuItem:
      var w = MenuItem(content)
      (w.isEnabled, w.isCurrent, w.isHot) = (enabled, s.contains(.highlighted), s.contains(.hot))
      (w.isChecked, w.isNavigating) = (s.contains(.marked), s.contains(.navigating))
      self = .menuItem(w)
    case .menuBarTitle:
      var w = MenuBarTitle(content)
      (w.isEnabled, w.isOpen, w.isCurrent) = (enabled, s.contains(.open), s.contains(.highlighted))
      (w.isHot, w.isNavigating) = (s.contains(.hot), s.contains(.navigating))
      self = .menuBarTitle(w)
    case .tabTitle:
      var w = TabTitle(content)
      (w.isEnabled, w.isSelected, w.hasFocus) = (
        enabled, s.contains(.selected), s.contains(.focused)
      )
      (w.isHot, w.isEdited) = (s.contains(.hot), s.contains(.edited))
      self = .tabTitle(w)
    case .textField:
      var w = TextField(content)
      (w.isEnabled, w.hasFocus, w.isHot) = (enabled, s.contains(.focused), s.contains(.hot))
      (w.hasSelection, w.isEdited) = (s.contains(.selected), s.contains(.edited))
      self = .textField(w)
    case .paletteRow:
      var w = PaletteRow(content)
      (w.isEnabled, w.isSelected, w.isHot) = (enabled, s.contains(.selected), s.contains(.hot))
      (w.isMarked, w.isNavigating) = (s.contains(.marked), s.contains(.navigating))
      self = .paletteRow(w)
    }
  }

  /// The widget, whatever its kind.
  public var widget: any FlagWidget {
    switch self {
    case .button(let w): w
    case .checkBox(let w): w
    case .radioItem(let w): w
    case .listRow(let w): w
    case .menuItem(let w): w
    case .menuBarTitle(let w): w
    case .tabTitle(let w): w
    case .textField(let w): w
    case .paletteRow(let w): w
    }
  }

  /// Draws the widget; returns the next column.
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    switch self {
    case .button(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    case .checkBox(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    case .radioItem(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    case .listRow(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    case .menuItem(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    case .menuBarTitle(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    case .tabTitle(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    case .textField(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    case .paletteRow(let w): w.draw(in: &canvas, x: x, y: y, scheme: scheme)
    }
  }
}

extension Widget.Kind {
  /// The states this kind's style reads (the bits of its table).
  public var states: ControlState {
    switch self {
    case .button: [.disabled, .focused, .hot, .highlighted, .selected]
    case .checkBox: [.disabled, .focused, .hot, .marked, .selected]
    case .radioItem: [.disabled, .focused, .hot, .selected]
    case .listRow: [.disabled, .focused, .hot, .selected, .marked]
    case .menuItem: [.disabled, .highlighted, .hot, .marked, .navigating]
    case .menuBarTitle: [.disabled, .open, .highlighted, .hot, .navigating]
    case .tabTitle: [.disabled, .selected, .focused, .hot, .edited]
    case .textField: [.disabled, .focused, .hot, .selected, .edited]
    case .paletteRow: [.disabled, .selected, .hot, .marked, .navigating]
    }
  }

  /// Sample content for the kind.
  public var samples: [Content] {
    switch self {
    case .button: [Content("OK", hotKey: 0), Content("Cancel", hotKey: 0), Content("Apply")]
    case .checkBox: [Content("Word wrap", hotKey: 0), Content("Show hidden files", hotKey: 5)]
    case .radioItem: [Content("Left", hotKey: 0), Content("Centered", hotKey: 1)]
    case .listRow: [Content("README.md", detail: "RE"), Content("Package.swift", detail: "")]
    case .menuItem:
      [Content("Open…", hotKey: 0, detail: "Ctrl+O"), Content("Save as", hotKey: 5, detail: "")]
    case .menuBarTitle: [Content("File", hotKey: 0), Content("Edit", hotKey: 0)]
    case .tabTitle: [Content("main.swift", hotKey: 0), Content("Notes")]
    case .textField: [Content("", hotKey: 3, detail: "hello world"), Content("", detail: "")]
    case .paletteRow:
      [Content("Open Recent", detail: "Op"), Content("Toggle Sidebar", detail: "Tog")]
    }
  }
}

/// Every subset of `bits`.
public func combinations(of bits: ControlState) -> [ControlState] {
  var states: [ControlState] = []
  var subset: UInt = 0
  repeat {
    states.append(ControlState(rawValue: subset))
    subset = (subset &- bits.rawValue) & bits.rawValue
  } while subset != 0
  return states
}
