import ValueScreen

// Selection code: which palette colour, at which opacity or blended by the focus pulse, and
// which glyph each part of each control gets, and which of the caller's overrides applies.

extension Environment {
  /// The focus pulse's phase: up in half a second and back down, linearly.
  @inlinable public var pulse: Double {
    let (elapsed, overflow) = now.subtractingReportingOverflow(focusSince)
    guard !overflow, elapsed > 0 else { return 0 }
    let fraction = Double(elapsed % 1000) / 1000
    return fraction < 0.5 ? 2 * fraction : 2 - 2 * fraction
  }
}

extension Button {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<ButtonLook<Color>> {
    let p = env.palette
    var look = ButtonLook(text: p.foreground, fill: p.surface)
    if isDisabled {
      (look.text, look.fill) = (p.foreground.opacity(.disabled), p.surface.opacity(.secondary))
    } else if isPressed {
      (look.text, look.fill) = (p.background, p.accent)
    } else if isFocused {
      (look.text, look.fill) = (p.accent, p.surface.mixed(with: p.muted, by: env.pulse))
    } else if isDefault {
      look.text = p.accent
    }
    (look.left, look.right) =
      isPressed && !isDisabled ? ("< ", " >") : isDefault ? ("[[", "]]") : ("[ ", " ]")
    return Selected(
      look, Ink(p, override: isFocused && !isDisabled ? focusedStyle ?? style : style))
  }
}

extension Toggle {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<ToggleLook<Color>> {
    let p = env.palette
    var look = ToggleLook(
      track: p.muted.opacity(.faint), knob: p.muted, label: p.foreground, glyph: isOn ? "━●" : "●━")
    if isDisabled {
      (look.knob, look.label) = (p.muted.opacity(.disabled), p.foreground.opacity(.disabled))
    } else if isOn && isFocused {
      (look.track, look.knob) = (p.accent.mixed(with: p.foreground, by: env.pulse), p.background)
    } else if isOn {
      (look.track, look.knob) = (p.accent.opacity(.secondary), p.background)
    } else if isFocused {
      look.track = p.muted.opacity(.faint).mixed(with: p.muted, by: env.pulse)
    }
    return Selected(look, Ink(p, override: style))
  }
}

extension CheckBox {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<CheckLook<Color>> {
    let p = env.palette
    var look = CheckLook(box: p.muted, label: p.foreground, glyph: isChecked ? "[x]" : "[ ]")
    if isDisabled {
      (look.box, look.label) = (p.muted.opacity(.disabled), p.foreground.opacity(.disabled))
    } else if isFocused {
      look.box = p.accent.mixed(with: p.foreground, by: env.pulse)
    } else if isChecked {
      look.box = p.accent
    }
    return Selected(look, Ink(p, override: style))
  }
}

extension RadioItem {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<CheckLook<Color>> {
    let p = env.palette
    var look = CheckLook(box: p.muted, label: p.foreground, glyph: isSelected ? "(•)" : "( )")
    if isDisabled {
      (look.box, look.label) = (p.muted.opacity(.disabled), p.foreground.opacity(.disabled))
    } else if isSelected && isFocused {
      (look.box, look.label) = (p.accent.mixed(with: p.foreground, by: env.pulse), p.accent)
    } else if isSelected {
      (look.box, look.label) = (p.accent, p.accent)
    } else if isFocused {
      look.box = p.muted.mixed(with: p.foreground, by: env.pulse)
    }
    return Selected(look, Ink(p, override: style))
  }
}

extension TextField {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<FieldLook<Color>> {
    let p = env.palette
    var look = FieldLook(text: p.foreground, fill: p.surface, border: p.muted, cursor: "")
    if isDisabled {
      (look.text, look.fill) = (p.foreground.opacity(.disabled), p.surface.opacity(.secondary))
      look.border = p.muted.opacity(.disabled)
    } else if isInvalid && isFocused {
      (look.border, look.cursor) = (p.danger.mixed(with: p.foreground, by: env.pulse), "▌")
    } else if isInvalid {
      (look.text, look.border) = (p.danger, p.danger)
    } else if isFocused {
      (look.border, look.cursor) = (p.accent.mixed(with: p.foreground, by: env.pulse), "▌")
    }
    return Selected(
      look, Ink(p, override: isFocused && !isDisabled ? focusedStyle ?? style : style))
  }
}

extension ListRow {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<RowLook<Color>> {
    let p = env.palette
    var look = RowLook(
      text: p.foreground, detail: p.muted, fill: p.background, marker: p.accent,
      mark: isMarked ? "● " : "  ")
    if isDisabled {
      (look.text, look.detail) = (p.foreground.opacity(.disabled), p.muted.opacity(.disabled))
      look.marker = p.muted.opacity(.disabled)
      if isSelected { look.fill = p.surface.opacity(.secondary) }
    } else if isSelected && isFocused {
      (look.text, look.detail) = (p.background, p.background.opacity(.secondary))
      (look.fill, look.marker) = (p.accent, p.background)
    } else if isSelected {
      look.fill = p.surface
    }
    return Selected(look, Ink(p, override: style))
  }
}

extension MenuItem {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<MenuLook<Color>> {
    let p = env.palette
    var look = MenuLook(
      text: p.foreground, shortcut: p.muted, fill: p.surface, check: isChecked ? "✓" : " ")
    if isDisabled {
      (look.text, look.shortcut) = (p.foreground.opacity(.disabled), p.muted.opacity(.disabled))
    } else if isSelected {
      (look.text, look.shortcut) = (p.background, p.background.opacity(.secondary))
      look.fill = p.accent
    }
    let chosen = isSelected && !isDisabled
    return Selected(
      look,
      Ink(p, override: chosen ? Style(background: selectedColor) : Style(foreground: itemColor)))
  }
}

extension Tab {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<TabLook<Color>> {
    let p = env.palette
    var look = TabLook(text: p.muted, fill: p.background, edge: p.background, edgeGlyph: " ")
    if isDisabled {
      look.text = p.muted.opacity(.disabled)
      if isSelected { (look.edge, look.edgeGlyph) = (p.muted.opacity(.disabled), "▎") }
    } else if isSelected && isFocused {
      (look.text, look.fill) = (p.foreground, p.surface)
      (look.edge, look.edgeGlyph) = (p.accent.mixed(with: p.foreground, by: env.pulse), "▎")
    } else if isSelected {
      (look.text, look.fill, look.edge, look.edgeGlyph) = (p.foreground, p.surface, p.accent, "▎")
    }
    return Selected(look, Ink(p, override: style))
  }
}

extension Slider {
  @inlinable public func selected(in env: Environment<Plain>) -> Selected<SliderLook<Color>> {
    let p = env.palette
    var look = SliderLook(track: p.muted, filled: p.accent, thumb: p.accent, thumbGlyph: "●")
    if isDisabled {
      (look.track, look.filled) = (p.muted.opacity(.disabled), p.muted.opacity(.disabled))
      look.thumb = p.muted.opacity(.disabled)
    } else if isDragging {
      (look.track, look.thumb, look.thumbGlyph) = (p.foreground, p.foreground, "◉")
    } else if isFocused {
      (look.track, look.thumb) = (p.foreground, p.accent.mixed(with: p.foreground, by: env.pulse))
    }
    return Selected(look, Ink(p, override: style))
  }
}
