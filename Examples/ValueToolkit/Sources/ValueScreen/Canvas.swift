/// One cell of the screen.
public struct Cell: Hashable, Sendable {
  public var character: Unicode.Scalar
  public var foreground: Color
  public var background: Color
}

/// A grid of cells that controls draw into.
public struct Canvas: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]

  public init(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    cells = Array(
      repeating: Cell(character: " ", foreground: Color(255, 255, 255), background: Color(0, 0, 0)),
      count: width * height)
  }

  /// Writes `text` from column `x` of row `y`, cut at the right edge; returns the next column.
  @discardableResult
  public mutating func put(
    _ text: String, x: Int, y: Int, _ foreground: Color, on background: Color
  )
    -> Int
  {
    var column = x
    for character in text.unicodeScalars where column < width && y < height {
      cells[y * width + column] = Cell(
        character: character, foreground: foreground, background: background)
      column += 1
    }
    return column
  }

  /// The rows as text, for printing and golden files: characters only.
  public var text: String {
    (0..<height).map { row in
      String(String.UnicodeScalarView(cells[row * width..<(row + 1) * width].map(\.character)))
    }.joined(separator: "\n")
  }
}
