import StateKit
import Terminal

// Selection code: which colour-scheme slot, glyph and flag each part of each widget gets, as
// per-state tables. Parts name a slot of the view's scheme (a Role), which the toolkit reads at
// draw time; every table is read through a StyleHolder, so a theme can change any entry.

/// A slot of a view's colour scheme.
public enum Role: UInt8, Paint {
  case normal, focus, hotNormal, hotFocus, disabled

  @inlinable
  public func attribute(in scheme: ColorScheme) -> Attribute { scheme[slot: Int(rawValue)] }
}

/// The slots most parts share, as the `if`/`else` chains they replace, line for line.
enum Roles {
  static let text = StateTable(firstMatch: [
    (StateSelector(.disabled), Role.disabled), (StateSelector([.focused, .hot]), .hotFocus),
    (StateSelector(.focused), .focus), (StateSelector(.hot), .hotNormal),
    (StateSelector(.normal), .normal),
  ])
  static let hotKey = StateTable(firstMatch: [
    (StateSelector(.disabled), Role.disabled), (StateSelector(.focused), .hotFocus),
    (StateSelector(.normal), .hotNormal),
  ])
  static let glyph = StateTable(firstMatch: [
    (StateSelector(.disabled), Role.disabled), (StateSelector(.focused), .focus),
    (StateSelector(.normal), .normal),
  ])
  /// A row or tab that is selected, a menu item that is current.
  static let current = StateTable(firstMatch: [
    (StateSelector(.disabled), Role.disabled), (StateSelector(.normal), .focus),
  ])
}

extension ControlState {
  /// Whether the state has `bits` and is not disabled.
  func enabled(_ bits: ControlState) -> Bool { contains(bits) && !contains(.disabled) }
  /// The value of a part for this state, from a shared chain.
  subscript(_ table: StateTable<Role>) -> Role { table.resolve(self) ?? .normal }
}

/// Each widget kind's parts, read as `Styles.button[state]`.
public enum Styles {
  public static let button = StyleHolder(evaluating: [
    .disabled, .focused, .hot, .highlighted, .selected,
  ]) { s in
    let pressed = s.enabled(.highlighted)
    let (left, right) = pressed ? ("< ", " >") : s.contains(.selected) ? ("[◦", "◦]") : ("[ ", " ]")
    return ButtonParts(
      text: s[Roles.text], hotKey: s[Roles.hotKey], left: left, right: right, bold: pressed)
  }
  public static let checkBox = StyleHolder(evaluating: [
    .disabled, .focused, .hot, .marked, .selected,
  ]) { s in
    CheckParts(
      glyph: s.contains(.selected) ? "[-]" : s.contains(.marked) ? "[x]" : "[ ]",
      glyphPaint: s[Roles.glyph], text: s[Roles.text], hotKey: s[Roles.hotKey])
  }
  public static let radioItem = StyleHolder(evaluating: [.disabled, .focused, .hot, .selected]) {
    s in
    CheckParts(
      glyph: s.contains(.selected) ? "(•)" : "( )", glyphPaint: s[Roles.glyph],
      text: s[Roles.text], hotKey: s[Roles.hotKey])
  }
  public static let listRow = StyleHolder(evaluating: [
    .disabled, .focused, .hot, .selected, .marked,
  ]) { s in
    let text: Role =
      s.enabled(.selected)
      ? (s.contains(.focused) ? .focus : .hotNormal) : s.subtracting(.focused)[Roles.text]
    return RowParts(
      mark: s.contains(.marked) ? "✓ " : "  ", text: text,
      match: s.contains(.disabled) ? .disabled : s.contains(.selected) ? .hotFocus : .hotNormal)
  }
  public static let menuItem = StyleHolder(evaluating: [
    .disabled, .highlighted, .hot, .marked, .navigating,
  ]) { s in
    let current = s.contains(.highlighted)
    return MenuItemParts(
      check: s.contains(.marked) ? "√" : " ", text: current ? s[Roles.current] : s[Roles.text],
      hotKey: s.union(current ? .focused : [])[Roles.hotKey],
      underline: s.enabled(.navigating), shortcut: s.enabled(.highlighted) ? .focus : .disabled)
  }
  public static let menuBarTitle = StyleHolder(evaluating: [
    .disabled, .open, .highlighted, .hot, .navigating,
  ]) { s in
    let current = s.contains(.open) || s.contains(.highlighted)
    let focus = s.union(current ? .focused : [])
    return TitleParts(
      left: s.enabled(.open) ? "▸" : " ", right: " ",
      text: current ? s[Roles.current] : s[Roles.text],
      hotKey: s.enabled(.navigating) && !s.contains(.open) ? .hotFocus : focus[Roles.hotKey],
      suffix: "")
  }
  public static let tabTitle = StyleHolder(evaluating: [
    .disabled, .selected, .focused, .hot, .edited,
  ]) { s in
    let text: Role =
      s.enabled(.selected)
      ? (s.contains(.focused) ? .hotFocus : .focus) : s.subtracting(.focused)[Roles.text]
    return TitleParts(
      left: s.contains(.selected) ? "┤" : " ", right: s.contains(.selected) ? "├" : " ", text: text,
      hotKey: text, suffix: s.contains(.edited) ? "*" : "")
  }
  public static let textField = StyleHolder(evaluating: [
    .disabled, .focused, .hot, .selected, .edited,
  ]) { s in
    let text = s.contains(.focused) ? s[Roles.current] : s[Roles.text]
    return FieldParts(
      text: text, selection: s.enabled(.selected) ? s[Roles.hotKey] : text,
      marker: s.contains(.edited) ? "*" : " ", bold: s.enabled(.edited))
  }
  public static let paletteRow = StyleHolder(evaluating: [
    .disabled, .selected, .hot, .marked, .navigating,
  ]) { s in
    let text = s.contains(.selected) ? s[Roles.current] : s[Roles.text]
    let plain = s.contains(.disabled) || (s.contains(.navigating) && !s.contains(.selected))
    return RowParts(
      mark: s.contains(.marked) ? "● " : "  ", text: text,
      match: plain ? text : s.contains(.selected) ? .hotFocus : .hotNormal)
  }
}
