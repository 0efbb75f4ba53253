import StateKit

extension ControlState {
  /// A link the user has already followed: application bit 0 (bit 16), as in UIKit's classic
  /// example. A constant: nothing to declare at start-up, nothing that can fail.
  public static let visited = ControlState(rawValue: 1 << 16)
}

extension StateNames {
  /// The names this library gives its states. Apps merge them into their catalog to print and
  /// parse `visited` by name; the library's own tests check them (see the README).
  public static let terminalWidgets = StateNames("TerminalWidgets", ["visited": .visited])
}

/// A color of the terminal's 16-color palette.
public enum TerminalColor: Int, Hashable, Sendable {
  case black = 30
  case red, green, yellow, blue, purple, cyan, white
}

extension StyleKey where Value == TerminalColor {
  /// The title's color.
  public static var titleColor: StyleKey<TerminalColor> { StyleKey("titleColor") }
}

extension StyleKey where Value == Bool {
  /// Whether the title is underlined.
  public static var underlined: StyleKey<Bool> { StyleKey("underlined") }
  /// Whether the title is drawn dim.
  public static var dimmed: StyleKey<Bool> { StyleKey("dimmed") }
}

/// A link drawn in a terminal: its look comes from a ``StyleSet`` resolved for its state.
public struct LinkButton: Sendable {
  /// The text of the link.
  public var title: String
  /// The link's state: any mix of highlighted, disabled, selected, focused and visited.
  public var state: ControlState

  /// Creates a link in a state.
  public init(_ title: String, state: ControlState = .normal) {
    self.title = title
    self.state = state
  }

  /// Whether the link has been followed.
  public var isVisited: Bool {
    get { state.contains(.visited) }
    set { if newValue { state.insert(.visited) } else { state.remove(.visited) } }
  }

  /// The standard look: blue, purple once visited, underlined when highlighted, dim when
  /// disabled. Every combination resolves by StateTable's best-match rule.
  public static let standardStyle: StyleSet = {
    var style = StyleSet()
    style[.titleColor, for: .normal] = .blue
    style[.titleColor, for: .visited] = .purple
    style[.underlined, for: .normal] = false
    style[.underlined, for: .highlighted] = true
    style[.dimmed, for: .normal] = false
    style[.dimmed, for: .disabled] = true
    return style
  }()

  /// The link as ANSI-styled text.
  public func render(with style: StyleSet = LinkButton.standardStyle) -> String {
    let look = style.resolve(state)
    var codes: [Int] = []
    if let color = look[.titleColor] { codes.append(color.rawValue) }
    if look[.underlined] == true { codes.append(4) }
    if look[.dimmed] == true { codes.append(2) }
    let start = codes.isEmpty ? "" : "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
    return start + title + (codes.isEmpty ? "" : "\u{1B}[0m")
  }
}
