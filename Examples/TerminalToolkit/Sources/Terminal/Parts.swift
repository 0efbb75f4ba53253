/// What a widget shows, whatever its state: a title, the offset of its hot key, and a detail
/// (a menu item's shortcut, a text field's text, the length of a palette row's match).
public struct Content: Hashable, Sendable {
  public var title: String
  public var hotKey: Int?
  public var detail: String

  public init(_ title: String, hotKey: Int? = nil, detail: String = "") {
    (self.title, self.hotKey, self.detail) = (title, hotKey, detail)
  }
}

/// The parts of a button: `[ Title ]`, `< Title >` when pressed.
public struct ButtonParts<P: Paint>: Sendable {
  public var text: P
  public var hotKey: P
  public var left: String
  public var right: String
  public var bold: Bool

  public init(text: P, hotKey: P, left: String, right: String, bold: Bool) {
    (self.text, self.hotKey, self.left, self.right, self.bold) = (text, hotKey, left, right, bold)
  }
}

/// The parts of a check box or a radio item: a glyph, then the title.
public struct CheckParts<P: Paint>: Sendable {
  public var glyph: String
  public var glyphPaint: P
  public var text: P
  public var hotKey: P

  public init(glyph: String, glyphPaint: P, text: P, hotKey: P) {
    (self.glyph, self.glyphPaint, self.text, self.hotKey) = (glyph, glyphPaint, text, hotKey)
  }
}

/// The parts of a list row or a palette row: a mark, the title, its matched prefix.
public struct RowParts<P: Paint>: Sendable {
  public var mark: String
  public var text: P
  public var match: P

  public init(mark: String, text: P, match: P) {
    (self.mark, self.text, self.match) = (mark, text, match)
  }
}

/// The parts of a menu item: a check, the title with its hot key, the shortcut.
public struct MenuItemParts<P: Paint>: Sendable {
  public var check: String
  public var text: P
  public var hotKey: P
  public var underline: Bool
  public var shortcut: P

  public init(check: String, text: P, hotKey: P, underline: Bool, shortcut: P) {
    (self.check, self.text, self.hotKey, self.underline, self.shortcut) = (
      check, text, hotKey, underline, shortcut
    )
  }
}

/// The parts of a menu bar title or a tab title: a frame around the title, and a suffix.
public struct TitleParts<P: Paint>: Sendable {
  public var left: String
  public var right: String
  public var text: P
  public var hotKey: P
  public var suffix: String

  public init(left: String, right: String, text: P, hotKey: P, suffix: String) {
    (self.left, self.right, self.text, self.hotKey, self.suffix) = (
      left, right, text, hotKey, suffix
    )
  }
}

/// The parts of a text field: its text, the selected part, a marker for unsaved edits.
public struct FieldParts<P: Paint>: Sendable {
  public var text: P
  public var selection: P
  public var marker: String
  public var bold: Bool

  public init(text: P, selection: P, marker: String, bold: Bool) {
    (self.text, self.selection, self.marker, self.bold) = (text, selection, marker, bold)
  }
}

/// A widget's parts, which draw themselves with the widget's content.
public protocol WidgetParts: PartsChecksum {
  /// Draws the parts with `content` at a position, in the colours of `scheme`; returns the
  /// next column.
  func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme)
    -> Int
}

extension Canvas {
  /// Draws a widget's parts with its content; returns the next column.
  @discardableResult
  public mutating func draw<Parts: WidgetParts>(
    _ content: Content, _ parts: Parts, x: Int, y: Int, scheme: ColorScheme
  ) -> Int {
    parts.draw(content, in: &self, x: x, y: y, scheme: scheme)
  }
}

extension ButtonParts: WidgetParts {
  /// Draws a button; returns the next column.
  @discardableResult
  public func draw(
    _ content: Content, in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme
  ) -> Int {
    let text = text.attribute(in: scheme).bold(bold)
    var column = canvas.put(left, x: x, y: y, text)
    column = canvas.putTitle(
      content.title, hotKey: content.hotKey, x: column, y: y, text,
      hotKey.attribute(in: scheme).bold(bold))
    return canvas.put(right, x: column, y: y, text)
  }
}

extension CheckParts: WidgetParts {
  /// Draws a check box or a radio item; returns the next column.
  @discardableResult
  public func draw(
    _ content: Content, in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme
  ) -> Int {
    let column = canvas.put(glyph + " ", x: x, y: y, glyphPaint.attribute(in: scheme))
    return canvas.putTitle(
      content.title, hotKey: content.hotKey, x: column, y: y, text.attribute(in: scheme),
      hotKey.attribute(in: scheme))
  }
}

extension RowParts: WidgetParts {
  /// Draws a list row or a palette row, the first `detail.count` characters as the match.
  @discardableResult
  public func draw(
    _ content: Content, in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme
  ) -> Int {
    let text = text.attribute(in: scheme)
    var column = canvas.put(mark, x: x, y: y, text)
    let matched = content.title.prefix(content.detail.count)
    column = canvas.put(String(matched), x: column, y: y, match.attribute(in: scheme))
    return canvas.put(String(content.title.dropFirst(matched.count)), x: column, y: y, text)
  }
}

extension MenuItemParts: WidgetParts {
  /// Draws a menu item; returns the next column.
  @discardableResult
  public func draw(
    _ content: Content, in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme
  ) -> Int {
    let text = text.attribute(in: scheme)
    var column = canvas.put(check + " ", x: x, y: y, text)
    column = canvas.putTitle(
      content.title, hotKey: content.hotKey, x: column, y: y, text,
      hotKey.attribute(in: scheme).underlined(underline))
    column = canvas.put("  ", x: column, y: y, text)
    return canvas.put(content.detail, x: column, y: y, shortcut.attribute(in: scheme))
  }
}

extension TitleParts: WidgetParts {
  /// Draws a menu bar title or a tab title; returns the next column.
  @discardableResult
  public func draw(
    _ content: Content, in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme
  ) -> Int {
    let text = text.attribute(in: scheme)
    var column = canvas.put(left, x: x, y: y, text)
    column = canvas.putTitle(
      content.title, hotKey: content.hotKey, x: column, y: y, text,
      hotKey.attribute(in: scheme))
    column = canvas.put(suffix, x: column, y: y, text)
    return canvas.put(right, x: column, y: y, text)
  }
}

extension FieldParts: WidgetParts {
  /// Draws a text field, its first `hotKey` characters selected; returns the next column.
  @discardableResult
  public func draw(
    _ content: Content, in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme
  ) -> Int {
    let text = text.attribute(in: scheme).bold(bold)
    let selected = content.detail.prefix(content.hotKey ?? 0)
    var column = canvas.put(marker, x: x, y: y, text)
    column = canvas.put(String(selected), x: column, y: y, selection.attribute(in: scheme))
    return canvas.put(String(content.detail.dropFirst(selected.count)), x: column, y: y, text)
  }
}

/// A number that depends on every paint of a widget's parts as resolved in a scheme and on its
/// strings' lengths: what a benchmark keeps of a selection so that none of it is optimized away.
public protocol PartsChecksum {
  func checksum(in scheme: ColorScheme) -> Int
}

extension Attribute {
  @inlinable
  var checksum: Int {
    Int(foreground) &* 31 &+ Int(background) &* 7 &+ (bold ? 3 : 0) &+ (underline ? 5 : 0)
  }
}

extension ButtonParts: PartsChecksum {
  @inlinable @inline(__always)
  public func checksum(in scheme: ColorScheme) -> Int {
    text.attribute(in: scheme).checksum &+ hotKey.attribute(in: scheme).checksum &* 3
      &+ left.utf8.count &+ right.utf8.count &* 5 &+ (bold ? 11 : 0)
  }
}

extension CheckParts: PartsChecksum {
  @inlinable @inline(__always)
  public func checksum(in scheme: ColorScheme) -> Int {
    glyphPaint.attribute(in: scheme).checksum &+ text.attribute(in: scheme).checksum &* 3
      &+ hotKey.attribute(in: scheme).checksum &* 5 &+ glyph.utf8.count
  }
}

extension RowParts: PartsChecksum {
  @inlinable @inline(__always)
  public func checksum(in scheme: ColorScheme) -> Int {
    text.attribute(in: scheme).checksum &+ match.attribute(in: scheme).checksum &* 3
      &+ mark.utf8.count
  }
}

extension MenuItemParts: PartsChecksum {
  @inlinable @inline(__always)
  public func checksum(in scheme: ColorScheme) -> Int {
    text.attribute(in: scheme).checksum &+ hotKey.attribute(in: scheme).checksum &* 3
      &+ shortcut.attribute(in: scheme).checksum &* 5 &+ check.utf8.count &+ (underline ? 7 : 0)
  }
}

extension TitleParts: PartsChecksum {
  @inlinable @inline(__always)
  public func checksum(in scheme: ColorScheme) -> Int {
    text.attribute(in: scheme).checksum &+ hotKey.attribute(in: scheme).checksum &* 3
      &+ left.utf8.count &+ right.utf8.count &* 5 &+ suffix.utf8.count &* 7
  }
}

extension FieldParts: PartsChecksum {
  @inlinable @inline(__always)
  public func checksum(in scheme: ColorScheme) -> Int {
    text.attribute(in: scheme).checksum &+ selection.attribute(in: scheme).checksum &* 3
      &+ marker.utf8.count &+ (bold ? 11 : 0)
  }
}
