// How each control draws: its look, the paints and glyphs of its parts, which the toolkit
// version selects from the control's state, and the drawing both versions share.

/// A control's parts, which draw themselves with the control's content.
public protocol Look: Sendable {
  /// Draws the parts with `content` at a position; returns the next column.
  func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int
  /// A number that depends on every part as drawn: what a benchmark keeps of a selection.
  func checksum(_ ink: Ink) -> Int
}

/// A button: `[ Title ]`.
public struct ButtonLook<P: Paint>: Look {
  public var text: P, fill: P
  public var left: String, right: String
  public init(text: P, fill: P, left: String = "[ ", right: String = " ]") {
    (self.text, self.fill, self.left, self.right) = (text, fill, left, right)
  }
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int {
    let (text, fill) = (ink.text(text), ink.fill(fill))
    return canvas.put(left + content.title + right, x: x, y: y, text, on: fill)
  }
  @inlinable public func checksum(_ ink: Ink) -> Int {
    ink.text(text).checksum &+ ink.fill(fill).checksum &* 3 &+ left.utf8.count &* 5
      &+ right.utf8.count
  }
}

/// A toggle: a switch glyph on its track, then the label.
public struct ToggleLook<P: Paint>: Look {
  public var track: P, knob: P, label: P
  public var glyph: String
  public init(track: P, knob: P, label: P, glyph: String = "") {
    (self.track, self.knob, self.label, self.glyph) = (track, knob, label, glyph)
  }
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int {
    let column = canvas.put(glyph, x: x, y: y, ink(knob), on: ink.fill(track))
    return canvas.put(
      " " + content.title, x: column, y: y, ink.text(label), on: ink.palette.background)
  }
  @inlinable public func checksum(_ ink: Ink) -> Int {
    ink.fill(track).checksum &+ ink(knob).checksum &* 3 &+ ink.text(label).checksum &* 5
      &+ glyph.utf8.count
  }
}

/// A check box or a radio item: a glyph, then the label.
public struct CheckLook<P: Paint>: Look {
  public var box: P, label: P
  public var glyph: String
  public init(box: P, label: P, glyph: String = "") {
    (self.box, self.label, self.glyph) = (box, label, glyph)
  }
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int {
    let background = ink.palette.background
    let column = canvas.put(glyph + " ", x: x, y: y, ink(box), on: background)
    return canvas.put(content.title, x: column, y: y, ink.text(label), on: background)
  }
  @inlinable public func checksum(_ ink: Ink) -> Int {
    ink(box).checksum &+ ink.text(label).checksum &* 3 &+ glyph.utf8.count
  }
}

/// A text field: its text between borders, and a cursor when it is being edited.
public struct FieldLook<P: Paint>: Look {
  public var text: P, fill: P, border: P
  public var cursor: String
  public init(text: P, fill: P, border: P, cursor: String = "") {
    (self.text, self.fill, self.border, self.cursor) = (text, fill, border, cursor)
  }
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int {
    let (fill, border) = (ink.fill(fill), ink(border))
    var column = canvas.put("▕", x: x, y: y, border, on: fill)
    column = canvas.put(content.detail + cursor, x: column, y: y, ink.text(text), on: fill)
    return canvas.put("▏", x: column, y: y, border, on: fill)
  }
  @inlinable public func checksum(_ ink: Ink) -> Int {
    ink.text(text).checksum &+ ink.fill(fill).checksum &* 3 &+ ink(border).checksum &* 5
      &+ cursor.utf8.count
  }
}

/// A list row: a mark, the title and a detail, on the row's fill.
public struct RowLook<P: Paint>: Look {
  public var text: P, detail: P, fill: P, marker: P
  public var mark: String
  public init(text: P, detail: P, fill: P, marker: P, mark: String = "") {
    (self.text, self.detail, self.fill, self.marker, self.mark) = (text, detail, fill, marker, mark)
  }
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int {
    let fill = ink.fill(fill)
    var column = canvas.put(mark, x: x, y: y, ink(marker), on: fill)
    column = canvas.put(content.title + " ", x: column, y: y, ink.text(text), on: fill)
    return canvas.put(content.detail, x: column, y: y, ink(detail), on: fill)
  }
  @inlinable public func checksum(_ ink: Ink) -> Int {
    ink.text(text).checksum &+ ink(detail).checksum &* 3 &+ ink.fill(fill).checksum &* 5
      &+ ink(marker).checksum &* 7 &+ mark.utf8.count
  }
}

/// A menu item: a check, the title and its shortcut.
public struct MenuLook<P: Paint>: Look {
  public var text: P, shortcut: P, fill: P
  public var check: String
  public init(text: P, shortcut: P, fill: P, check: String = " ") {
    (self.text, self.shortcut, self.fill, self.check) = (text, shortcut, fill, check)
  }
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int {
    let (text, fill) = (ink.text(text), ink.fill(fill))
    let column = canvas.put(check + " " + content.title + "  ", x: x, y: y, text, on: fill)
    return canvas.put(content.detail, x: column, y: y, ink(shortcut), on: fill)
  }
  @inlinable public func checksum(_ ink: Ink) -> Int {
    ink.text(text).checksum &+ ink(shortcut).checksum &* 3 &+ ink.fill(fill).checksum &* 5
      &+ check.utf8.count
  }
}

/// A tab: the title on its fill, then an edge that marks the selected tab.
public struct TabLook<P: Paint>: Look {
  public var text: P, fill: P, edge: P
  public var edgeGlyph: String
  public init(text: P, fill: P, edge: P, edgeGlyph: String = " ") {
    (self.text, self.fill, self.edge, self.edgeGlyph) = (text, fill, edge, edgeGlyph)
  }
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int {
    let fill = ink.fill(fill)
    let column = canvas.put(" " + content.title + " ", x: x, y: y, ink.text(text), on: fill)
    return canvas.put(edgeGlyph, x: column, y: y, ink(edge), on: fill)
  }
  @inlinable public func checksum(_ ink: Ink) -> Int {
    ink.text(text).checksum &+ ink.fill(fill).checksum &* 3 &+ ink(edge).checksum &* 5
      &+ edgeGlyph.utf8.count
  }
}

/// A slider: ten cells of track, filled up to the value, with the thumb at the value.
public struct SliderLook<P: Paint>: Look {
  public var track: P, filled: P, thumb: P
  public var thumbGlyph: String
  public init(track: P, filled: P, thumb: P, thumbGlyph: String = "●") {
    (self.track, self.filled, self.thumb, self.thumbGlyph) = (track, filled, thumb, thumbGlyph)
  }
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int, ink: Ink) -> Int {
    let background = ink.fill(ink.palette.background)
    let done = Int((min(max(content.fraction, 0), 1) * 9).rounded())
    // Each part's colour once, not once per cell.
    let (filled, track) = (ink(filled), ink.text(track))
    var column = x
    for _ in 0..<done { column = canvas.put("━", x: column, y: y, filled, on: background) }
    column = canvas.put(thumbGlyph, x: column, y: y, ink(thumb), on: background)
    for _ in done..<9 { column = canvas.put("─", x: column, y: y, track, on: background) }
    return canvas.put(" " + content.title, x: column, y: y, track, on: background)
  }
  @inlinable public func checksum(_ ink: Ink) -> Int {
    ink.text(track).checksum &+ ink(filled).checksum &* 3 &+ ink(thumb).checksum &* 5
      &+ thumbGlyph.utf8.count
  }
}

/// A control's look and the ink it draws with, as a version's selection code chose them.
public struct Selected<L: Look>: Sendable {
  public var look: L
  public var ink: Ink
  public init(_ look: L, _ ink: Ink) { (self.look, self.ink) = (look, ink) }

  /// Draws the look with `content`; returns the next column.
  @discardableResult
  public func draw(_ content: Content, in canvas: inout Canvas, x: Int, y: Int) -> Int {
    look.draw(content, in: &canvas, x: x, y: y, ink: ink)
  }
  @inlinable public var checksum: Int { look.checksum(ink) }
}
