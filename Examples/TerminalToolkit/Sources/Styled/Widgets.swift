import StateKit
import Terminal

// The widgets of the toolkit with StateKit: each keeps one ControlState.

extension ControlState {
  /// The pointer is over the widget.
  public static let hot = ControlState(rawValue: 1 << 16)
  /// A check box is checked, a list or palette row or a menu item is marked.
  public static let marked = ControlState(rawValue: 1 << 17)
  /// A tab's document or a field's text has unsaved edits.
  public static let edited = ControlState(rawValue: 1 << 18)
  /// The keyboard is navigating a menu or a palette: hot keys are shown.
  public static let navigating = ControlState(rawValue: 1 << 19)
  /// A menu bar title whose menu is open.
  public static let open = ControlState(rawValue: 1 << 20)
}

extension StateNames {
  /// The toolkit's state names, for apps that print or parse states.
  public static let toolkit = StateNames(
    "Toolkit",
    ["hot": .hot, "marked": .marked, "edited": .edited, "navigating": .navigating, "open": .open])
}

/// A widget of any of the nine kinds: what it shows and its state.
public struct Widget: Sendable {
  public var kind: Kind
  public var content: Content
  public var state: ControlState

  public init(_ kind: Kind, _ content: Content, state: ControlState = .normal) {
    (self.kind, self.content, self.state) = (kind, content, state)
  }

  /// The nine kinds, each with the states its style reads.
  public enum Kind: CaseIterable, Sendable {
    case button, checkBox, radioItem, listRow, menuItem, menuBarTitle, tabTitle, textField
    case paletteRow
  }

  /// Draws the widget at a position, with the colours of a view's scheme.
  @discardableResult
  public func draw(in canvas: inout Canvas, x: Int, y: Int, scheme: ColorScheme) -> Int {
    switch kind {
    case .button:
      Styles.button.withValue(for: state) { canvas.draw(content, $0, x: x, y: y, scheme: scheme) }
    case .checkBox:
      Styles.checkBox.withValue(for: state) { canvas.draw(content, $0, x: x, y: y, scheme: scheme) }
    case .radioItem:
      Styles.radioItem.withValue(for: state) {
        canvas.draw(content, $0, x: x, y: y, scheme: scheme)
      }
    case .listRow:
      Styles.listRow.withValue(for: state) { canvas.draw(content, $0, x: x, y: y, scheme: scheme) }
    case .menuItem:
      Styles.menuItem.withValue(for: state) { canvas.draw(content, $0, x: x, y: y, scheme: scheme) }
    case .menuBarTitle:
      Styles.menuBarTitle.withValue(for: state) {
        canvas.draw(content, $0, x: x, y: y, scheme: scheme)
      }
    case .tabTitle:
      Styles.tabTitle.withValue(for: state) { canvas.draw(content, $0, x: x, y: y, scheme: scheme) }
    case .textField:
      Styles.textField.withValue(for: state) {
        canvas.draw(content, $0, x: x, y: y, scheme: scheme)
      }
    case .paletteRow:
      Styles.paletteRow.withValue(for: state) {
        canvas.draw(content, $0, x: x, y: y, scheme: scheme)
      }
    }
  }
}
