import Terminal

// Selection code: which colour-scheme slot, glyph and flag each part of each widget gets.

extension Button {
  @inlinable
  public func parts(in scheme: ColorScheme) -> ButtonParts<Attribute> {
    var text = isHot ? scheme.hotNormal : scheme.normal
    if !isEnabled {
      text = scheme.disabled
    } else if hasFocus {
      text = isHot ? scheme.hotFocus : scheme.focus
    }
    let hotKey = !isEnabled ? scheme.disabled : hasFocus ? scheme.hotFocus : scheme.hotNormal
    let pressed = isPressed && isEnabled
    let (left, right) = pressed ? ("< ", " >") : isDefault ? ("[◦", "◦]") : ("[ ", " ]")
    return ButtonParts(text: text, hotKey: hotKey, left: left, right: right, bold: pressed)
  }
}

extension CheckBox {
  @inlinable
  public func parts(in scheme: ColorScheme) -> CheckParts<Attribute> {
    var text = isHot ? scheme.hotNormal : scheme.normal
    if !isEnabled {
      text = scheme.disabled
    } else if hasFocus {
      text = isHot ? scheme.hotFocus : scheme.focus
    }
    let hotKey = !isEnabled ? scheme.disabled : hasFocus ? scheme.hotFocus : scheme.hotNormal
    let glyph = isMixed ? "[-]" : isChecked ? "[x]" : "[ ]"
    let glyphPaint = !isEnabled ? scheme.disabled : hasFocus ? scheme.focus : scheme.normal
    return CheckParts(glyph: glyph, glyphPaint: glyphPaint, text: text, hotKey: hotKey)
  }
}

extension RadioItem {
  @inlinable
  public func parts(in scheme: ColorScheme) -> CheckParts<Attribute> {
    var text = isHot ? scheme.hotNormal : scheme.normal
    if !isEnabled {
      text = scheme.disabled
    } else if hasFocus {
      text = isHot ? scheme.hotFocus : scheme.focus
    }
    let hotKey = !isEnabled ? scheme.disabled : hasFocus ? scheme.hotFocus : scheme.hotNormal
    let glyphPaint = !isEnabled ? scheme.disabled : hasFocus ? scheme.focus : scheme.normal
    return CheckParts(
      glyph: isChosen ? "(•)" : "( )", glyphPaint: glyphPaint, text: text, hotKey: hotKey)
  }
}

extension ListRow {
  @inlinable
  public func parts(in scheme: ColorScheme) -> RowParts<Attribute> {
    var text = isHot ? scheme.hotNormal : scheme.normal
    if !isEnabled {
      text = scheme.disabled
    } else if isSelected {
      text = listHasFocus ? scheme.focus : scheme.hotNormal
    }
    let match = !isEnabled ? scheme.disabled : isSelected ? scheme.hotFocus : scheme.hotNormal
    return RowParts(mark: isMarked ? "✓ " : "  ", text: text, match: match)
  }
}

extension MenuItem {
  @inlinable
  public func parts(in scheme: ColorScheme) -> MenuItemParts<Attribute> {
    var text = scheme.normal
    var hotKey = scheme.hotNormal
    if !isEnabled {
      (text, hotKey) = (scheme.disabled, scheme.disabled)
    } else if isCurrent {
      (text, hotKey) = (scheme.focus, scheme.hotFocus)
    } else if isHot {
      text = scheme.hotNormal
    }
    let shortcut = isEnabled && isCurrent ? scheme.focus : scheme.disabled
    return MenuItemParts(
      check: isChecked ? "√" : " ", text: text, hotKey: hotKey,
      underline: isNavigating && isEnabled, shortcut: shortcut)
  }
}

extension MenuBarTitle {
  @inlinable
  public func parts(in scheme: ColorScheme) -> TitleParts<Attribute> {
    var text = isHot ? scheme.hotNormal : scheme.normal
    var hotKey = scheme.hotNormal
    if !isEnabled {
      (text, hotKey) = (scheme.disabled, scheme.disabled)
    } else if isOpen || isCurrent {
      (text, hotKey) = (scheme.focus, scheme.hotFocus)
    }
    let open = isOpen && isEnabled
    if isNavigating && isEnabled && !open { hotKey = scheme.hotFocus }
    return TitleParts(
      left: open ? "▸" : " ", right: " ", text: text, hotKey: hotKey, suffix: "")
  }
}

extension TabTitle {
  @inlinable
  public func parts(in scheme: ColorScheme) -> TitleParts<Attribute> {
    var text = isHot ? scheme.hotNormal : scheme.normal
    if !isEnabled {
      text = scheme.disabled
    } else if isSelected {
      text = hasFocus ? scheme.hotFocus : scheme.focus
    }
    let (left, right) = isSelected ? ("┤", "├") : (" ", " ")
    return TitleParts(
      left: left, right: right, text: text, hotKey: text, suffix: isEdited ? "*" : "")
  }
}

extension TextField {
  @inlinable
  public func parts(in scheme: ColorScheme) -> FieldParts<Attribute> {
    var text = isHot ? scheme.hotNormal : scheme.normal
    if !isEnabled {
      text = scheme.disabled
    } else if hasFocus {
      text = scheme.focus
    }
    var selection = text
    if isEnabled && hasSelection { selection = hasFocus ? scheme.hotFocus : scheme.hotNormal }
    return FieldParts(
      text: text, selection: selection, marker: isEdited ? "*" : " ", bold: isEdited && isEnabled)
  }
}

extension PaletteRow {
  @inlinable
  public func parts(in scheme: ColorScheme) -> RowParts<Attribute> {
    var text = isHot ? scheme.hotNormal : scheme.normal
    if !isEnabled {
      text = scheme.disabled
    } else if isSelected {
      text = scheme.focus
    }
    var match = isSelected ? scheme.hotFocus : scheme.hotNormal
    if !isEnabled || (isNavigating && !isSelected) { match = text }
    return RowParts(mark: isMarked ? "● " : "  ", text: text, match: match)
  }
}
