import StateKit

// ListKit, another widget library compiled on its own: it too starts at application bit 0, so
// `dragging` is bit 16, the bit LinkKit's `visited` has.

extension ControlState {
  /// A row being dragged: application bit 0 (bit 16).
  public static let dragging = ControlState(rawValue: 1 << 16)
  /// A row whose list is being reordered: application bit 1 (bit 17).
  public static let reordering = ControlState(rawValue: 1 << 17)
}

extension StateNames {
  /// The names ListKit gives its states.
  public static let listKit = StateNames(
    "ListKit", ["dragging": .dragging, "reordering": .reordering])
}

/// A row of a list: its state holds ListKit's states only.
public struct Row: Sendable {
  /// The row's state, on ListKit's bits.
  public var state: ControlState

  /// Creates a row.
  public init(state: ControlState = .normal) {
    self.state = state
  }

  /// ListKit's own look: black, orange while dragged, teal while its list is reordered.
  public static let standardColor: StateTable<String> = {
    var table = StateTable<String>()
    table[.normal] = "black"
    table[.dragging] = "orange"
    table[.reordering] = "teal"
    return table
  }()

  /// The color of the row by ListKit's own look.
  public var color: String { Self.standardColor.resolve(state, default: "black") }
}
