import ValueScreen

/// The hand-written version keeps nothing in the environment but the palette and the clock.
public struct Plain: Sendable {
  public init() {}
}

/// A control of the hand-written version: its content, and the look its selection code chooses.
public protocol HandWrittenView: Sendable {
  associatedtype HandLook: Look
  /// What the control shows.
  var content: Content { get }
  /// The look and ink, chosen from the control's Booleans in a subtree's environment.
  func selected(in env: Environment<Plain>) -> Selected<HandLook>
}

extension HandWrittenView {
  /// Draws the look its selection code chose; returns the next column.
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, env: Environment<Plain>) -> Int {
    selected(in: env).draw(content, in: &canvas, x: x, y: y)
  }
}

extension Button: HandWrittenView {}
extension Toggle: HandWrittenView {}
extension CheckBox: HandWrittenView {}
extension RadioItem: HandWrittenView {}
extension TextField: HandWrittenView {}
extension ListRow: HandWrittenView {}
extension MenuItem: HandWrittenView {}
extension Tab: HandWrittenView {}
extension Slider: HandWrittenView {}
