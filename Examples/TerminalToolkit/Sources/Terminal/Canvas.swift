/// How a cell is painted: foreground and background colours (terminal colour numbers) and flags.
public struct Attribute: Hashable, Sendable {
  public var foreground: UInt8
  public var background: UInt8
  public var bold: Bool
  public var underline: Bool

  public init(
    _ foreground: UInt8, on background: UInt8, bold: Bool = false, underline: Bool = false
  ) {
    (self.foreground, self.background, self.bold, self.underline) = (
      foreground, background, bold, underline
    )
  }

  /// This attribute in bold, or as it is.
  public func bold(_ on: Bool) -> Attribute {
    var copy = self
    copy.bold = copy.bold || on
    return copy
  }

  /// This attribute underlined, or as it is.
  public func underlined(_ on: Bool) -> Attribute {
    var copy = self
    copy.underline = copy.underline || on
    return copy
  }
}

/// The five attributes a view paints its widgets with, chosen per view at draw time (a menu, a
/// dialog and an error box each have their own). A palette of five slots, read by name or by
/// slot number.
public struct ColorScheme: Hashable, Sendable {
  /// The attributes by slot: normal, focus, hot normal, hot focus, disabled.
  public var slots: [Attribute]

  @inlinable public var normal: Attribute { slots[0] }
  @inlinable public var focus: Attribute { slots[1] }
  @inlinable public var hotNormal: Attribute { slots[2] }
  @inlinable public var hotFocus: Attribute { slots[3] }
  @inlinable public var disabled: Attribute { slots[4] }

  public init(
    normal: Attribute, focus: Attribute, hotNormal: Attribute, hotFocus: Attribute,
    disabled: Attribute
  ) {
    slots = [normal, focus, hotNormal, hotFocus, disabled]
  }

  /// The attribute in a slot, 0 to 4.
  @inlinable
  public subscript(slot slot: Int) -> Attribute { slots[slot] }

  public static let base = ColorScheme(
    normal: Attribute(7, on: 4), focus: Attribute(0, on: 6), hotNormal: Attribute(11, on: 4),
    hotFocus: Attribute(11, on: 6), disabled: Attribute(8, on: 4))
  public static let menu = ColorScheme(
    normal: Attribute(0, on: 7), focus: Attribute(15, on: 0), hotNormal: Attribute(1, on: 7),
    hotFocus: Attribute(9, on: 0), disabled: Attribute(8, on: 7))
  public static let dialog = ColorScheme(
    normal: Attribute(0, on: 7), focus: Attribute(0, on: 3), hotNormal: Attribute(4, on: 7),
    hotFocus: Attribute(4, on: 3), disabled: Attribute(8, on: 7))
  public static let all = [base, menu, dialog]
}

/// What a widget part is painted with: an attribute, or something a scheme turns into one.
public protocol Paint: Sendable {
  /// The attribute to paint with in `scheme`.
  func attribute(in scheme: ColorScheme) -> Attribute
}

extension Attribute: Paint {
  @inlinable
  public func attribute(in scheme: ColorScheme) -> Attribute { self }
}

/// One cell of the screen.
public struct Cell: Hashable, Sendable {
  public var character: Character
  public var attribute: Attribute
}

/// A grid of cells that widgets draw into.
public struct Canvas: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    cells = Array(
      repeating: Cell(character: " ", attribute: Attribute(7, on: 0)), count: width * height)
  }

  /// Writes `text` from column `x` of row `y`, cut at the right edge; returns the next column.
  @discardableResult
  public mutating func put(_ text: String, x: Int, y: Int, _ attribute: Attribute) -> Int {
    var column = x
    for character in text where column < width {
      cells[y * width + column] = Cell(character: character, attribute: attribute)
      column += 1
    }
    return column
  }

  /// Writes a title whose character at `hotKey` (an offset) is painted as the hot key.
  @discardableResult
  public mutating func putTitle(
    _ title: String, hotKey: Int?, x: Int, y: Int, _ text: Attribute, _ hot: Attribute
  ) -> Int {
    var column = x
    for (offset, character) in title.enumerated() where column < width {
      cells[y * width + column] = Cell(
        character: character, attribute: offset == hotKey ? hot : text)
      column += 1
    }
    return column
  }

  /// The rows as text, for printing and golden files: characters only.
  public var text: String {
    (0..<height).map { row in
      String(cells[row * width..<(row + 1) * width].map(\.character))
    }.joined(separator: "\n")
  }
}
