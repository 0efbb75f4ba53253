import StateKit

// LinkKit, a widget library: it knows nothing of ListKit, and puts its one custom state on
// application bit 0 (bit 16), as the documentation teaches.

extension ControlState {
  /// A link the user has followed: application bit 0 (bit 16).
  public static let visited = ControlState(rawValue: 1 << 16)
}

extension StateNames {
  /// The names LinkKit gives its states, for apps to merge or to build namespaces from.
  public static let linkKit = StateNames("LinkKit", ["visited": .visited])
}

/// A link: its state holds LinkKit's states only.
public struct Link: Sendable {
  /// The link's state, on LinkKit's bits.
  public var state: ControlState

  /// Creates a link.
  public init(state: ControlState = .normal) {
    self.state = state
  }

  /// LinkKit's own look: blue, purple once visited, gray when disabled.
  public static let standardColor: StateTable<String> = {
    var table = StateTable<String>()
    table[.normal] = "blue"
    table[.visited] = "purple"
    table[.disabled] = "gray"
    return table
  }()

  /// The color of the link by LinkKit's own look.
  public var color: String { Self.standardColor.resolve(state, default: "blue") }
}
