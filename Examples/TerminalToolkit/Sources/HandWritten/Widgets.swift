import Terminal

// The widgets of the toolkit as it was before StateKit: each keeps the flags it reads.

public struct Button: Sendable {
  public var content: Content
  public var isEnabled = true, hasFocus = false, isHot = false, isPressed = false
  public var isDefault = false
  public init(_ content: Content) { self.content = content }
}

public struct CheckBox: Sendable {
  public var content: Content
  public var isEnabled = true, hasFocus = false, isHot = false, isChecked = false
  public var isMixed = false
  public init(_ content: Content) { self.content = content }
}

public struct RadioItem: Sendable {
  public var content: Content
  public var isEnabled = true, hasFocus = false, isHot = false, isChosen = false
  public init(_ content: Content) { self.content = content }
}

public struct ListRow: Sendable {
  public var content: Content
  public var isEnabled = true, listHasFocus = false, isHot = false, isSelected = false
  public var isMarked = false
  public init(_ content: Content) { self.content = content }
}

public struct MenuItem: Sendable {
  public var content: Content
  public var isEnabled = true, isCurrent = false, isHot = false, isChecked = false
  public var isNavigating = false
  public init(_ content: Content) { self.content = content }
}

public struct MenuBarTitle: Sendable {
  public var content: Content
  public var isEnabled = true, isOpen = false, isCurrent = false, isHot = false
  public var isNavigating = false
  public init(_ content: Content) { self.content = content }
}

public struct TabTitle: Sendable {
  public var content: Content
  public var isEnabled = true, isSelected = false, hasFocus = false, isHot = false
  public var isEdited = false
  public init(_ content: Content) { self.content = content }
}

public struct TextField: Sendable {
  public var content: Content
  public var isEnabled = true, hasFocus = false, isHot = false, hasSelection = false
  public var isEdited = false
  public init(_ content: Content) { self.content = content }
}

public struct PaletteRow: Sendable {
  public var content: Content
  public var isEnabled = true, isSelected = false, isHot = false, isMarked = false
  public var isNavigating = false
  public init(_ content: Content) { self.content = content }
}
