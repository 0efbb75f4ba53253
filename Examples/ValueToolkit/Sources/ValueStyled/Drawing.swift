import StateKit
import ValueScreen

/// A control of the StateKit version: its content, and the look its tables give.
public protocol StyledView: Sendable {
  associatedtype TableLook: Look
  /// What the control shows.
  var content: Content { get }
  /// The look and ink, read from the subtree's environment for the control's Booleans.
  func selected(in env: Environment<Styles>) -> Selected<TableLook>
}

extension StyledView {
  /// Draws the look its table gave; returns the next column.
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, env: Environment<Styles>) -> Int {
    selected(in: env).draw(content, in: &canvas, x: x, y: y)
  }
}

extension Button: StyledView {}
extension Toggle: StyledView {}
extension CheckBox: StyledView {}
extension RadioItem: StyledView {}
extension TextField: StyledView {}
extension ListRow: StyledView {}
extension MenuItem: StyledView {}
extension Tab: StyledView {}
extension Slider: StyledView {}
