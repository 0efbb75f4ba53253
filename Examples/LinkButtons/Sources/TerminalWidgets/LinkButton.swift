import StateKit
import Synchronization

extension ControlState {
  /// A link the user has already followed: application bit 0 (bit 16), as in UIKit's classic
  /// example. A constant: nothing to declare at start-up, nothing that can fail.
  public static let visited = ControlState(rawValue: 1 << 16)
}

extension StateNames {
  /// The names this library gives its states. Apps merge them into their catalog to print and
  /// parse `visited` by name, in text and in theme files.
  public static let terminalWidgets = StateNames("TerminalWidgets", ["visited": .visited])
}

/// A color of the terminal's 8-color palette, written by name in theme files.
public enum TerminalColor: String, Hashable, Sendable, Codable, CaseIterable {
  case black, red, green, yellow, blue, purple, cyan, white

  /// The color's ANSI foreground code, 30 to 37.
  public var ansiCode: Int {
    switch self {
    case .black: 30
    case .red: 31
    case .green: 32
    case .yellow: 33
    case .blue: 34
    case .purple: 35
    case .cyan: 36
    case .white: 37
    }
  }
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

extension StyleSet {
  /// The attributes a link button reads, as a theme file names them.
  public static let linkButtonKeys: [StyleSet.DecodableKey] = [
    .init(.titleColor), .init(.underlined), .init(.dimmed),
  ]
}

/// A link drawn in a terminal. Its state lives in a ``StateController`` that anything may
/// change (an event loop, a task, a test); the link redraws only when a change touches a bit
/// its style mentions (`style.relevantStates`), so focusing a link whose theme says nothing
/// about focus costs nothing.
public final class LinkButton: Sendable {
  /// The text of the link.
  public let title: String
  /// The link's state: any mix of highlighted, disabled, selected, focused and visited.
  public let state: StateController
  /// The style the link is drawn with, usually read from a theme file.
  public let style: StyleSet
  /// The drawn text and the number of times it was drawn.
  private let drawing: Drawing
  /// Keeps the link listening to its state; released with the link.
  private let observation: StateObservation

  /// Creates a link in a state, drawn with a style.
  public init(_ title: String, state: ControlState = .normal, style: StyleSet) {
    (self.title, self.style) = (title, style)
    self.state = StateController(state)
    let drawing = Drawing(title: title, style: style)
    drawing.draw(state)
    self.drawing = drawing
    observation = self.state.onChange(relevantTo: style.relevantStates) { change in
      drawing.draw(change.new)
    }
  }

  /// Whether the link has been followed.
  public var isVisited: Bool {
    get { state.state.contains(.visited) }
    set { state.set(.visited, newValue) }
  }

  /// The link as ANSI-styled text, as last drawn.
  public var rendered: String { drawing.text }

  /// How many times the link has been drawn: once when created, then once per change its
  /// style can see.
  public var drawCount: Int { drawing.count }
}

/// The text of a link, drawn again on each change its style can see.
private final class Drawing: Sendable {
  let title: String
  let style: StyleSet
  private let drawn = Mutex((text: "", count: 0))

  init(title: String, style: StyleSet) {
    (self.title, self.style) = (title, style)
  }

  var text: String { drawn.withLock { $0.text } }
  var count: Int { drawn.withLock { $0.count } }

  func draw(_ state: ControlState) {
    let look = style.resolve(state)
    var codes: [Int] = []
    if let color = look[.titleColor] { codes.append(color.ansiCode) }
    if look[.underlined] == true { codes.append(4) }
    if look[.dimmed] == true { codes.append(2) }
    let start = codes.isEmpty ? "" : "\u{1B}[" + codes.map(String.init).joined(separator: ";") + "m"
    let text = start + title + (codes.isEmpty ? "" : "\u{1B}[0m")
    drawn.withLock { $0 = (text, $0.count + 1) }
  }
}
