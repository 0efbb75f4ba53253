import Terminal

/// A widget of the hand-written toolkit: its content, and parts its selection code chooses.
public protocol FlagWidget: Sendable {
  associatedtype Parts: WidgetParts
  /// What the widget shows.
  var content: Content { get }
  /// The parts to draw, chosen from the widget's flags in a view's colour scheme.
  func parts(in scheme: ColorScheme) -> Parts
}

extension FlagWidget {
  /// Draws the parts its selection code chose; returns the next column.
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    canvas.draw(content, parts(in: scheme), x: x, y: y, scheme: scheme)
  }
}

extension Button: FlagWidget {}
extension CheckBox: FlagWidget {}
extension RadioItem: FlagWidget {}
extension ListRow: FlagWidget {}
extension MenuItem: FlagWidget {}
extension MenuBarTitle: FlagWidget {}
extension TabTitle: FlagWidget {}
extension TextField: FlagWidget {}
extension PaletteRow: FlagWidget {}
