// The controls, as values a view body builds every frame: what they show, their state as
// Booleans, and the caller's per-instance overrides.

/// What a control shows, whatever its state.
public struct Content: Hashable, Sendable {
  public var title: String
  public var detail: String
  /// A slider's value or a progress, in `0...1`.
  public var fraction: Double

  public init(_ title: String, detail: String = "", fraction: Double = 0) {
    (self.title, self.detail, self.fraction) = (title, detail, fraction)
  }
}

public struct Button: Sendable {
  public var content: Content
  public var isDisabled = false, isFocused = false, isPressed = false, isDefault = false
  public var style: Style?, focusedStyle: Style?
  public init(_ content: Content, style: Style? = nil, focusedStyle: Style? = nil) {
    (self.content, self.style, self.focusedStyle) = (content, style, focusedStyle)
  }
}

public struct Toggle: Sendable {
  public var content: Content
  public var isDisabled = false, isFocused = false, isOn = false
  public var style: Style?
  public init(_ content: Content, style: Style? = nil) {
    (self.content, self.style) = (content, style)
  }
}

public struct CheckBox: Sendable {
  public var content: Content
  public var isDisabled = false, isFocused = false, isChecked = false
  public var style: Style?
  public init(_ content: Content, style: Style? = nil) {
    (self.content, self.style) = (content, style)
  }
}

/// One option of a radio group.
public struct RadioItem: Sendable {
  public var content: Content
  public var isDisabled = false, isFocused = false, isSelected = false
  public var style: Style?
  public init(_ content: Content, style: Style? = nil) {
    (self.content, self.style) = (content, style)
  }
}

public struct TextField: Sendable {
  public var content: Content
  public var isDisabled = false, isFocused = false, isInvalid = false
  public var style: Style?, focusedStyle: Style?
  public init(_ content: Content, style: Style? = nil, focusedStyle: Style? = nil) {
    (self.content, self.style, self.focusedStyle) = (content, style, focusedStyle)
  }
}

/// A row of a list; `isFocused` is the list's focus.
public struct ListRow: Sendable {
  public var content: Content
  public var isDisabled = false, isFocused = false, isSelected = false, isMarked = false
  public var style: Style?
  public init(_ content: Content, style: Style? = nil) {
    (self.content, self.style) = (content, style)
  }
}

/// An item of a menu; the menu's `itemColor` and `selectedColor` reach every item.
public struct MenuItem: Sendable {
  public var content: Content
  public var isDisabled = false, isSelected = false, isChecked = false
  public var itemColor: Color?, selectedColor: Color?
  public init(_ content: Content, itemColor: Color? = nil, selectedColor: Color? = nil) {
    (self.content, self.itemColor, self.selectedColor) = (content, itemColor, selectedColor)
  }
}

/// A tab of a tab bar; `isFocused` is the bar's focus.
public struct Tab: Sendable {
  public var content: Content
  public var isDisabled = false, isFocused = false, isSelected = false
  public var style: Style?
  public init(_ content: Content, style: Style? = nil) {
    (self.content, self.style) = (content, style)
  }
}

public struct Slider: Sendable {
  public var content: Content
  public var isDisabled = false, isFocused = false, isDragging = false
  public var style: Style?
  public init(_ content: Content, style: Style? = nil) {
    (self.content, self.style) = (content, style)
  }
}
