extension ControlState: LosslessStringConvertible, CustomDebugStringConvertible {
  /// The state as text, with the process-wide catalog: names in ascending bit order joined by
  /// `" | "`, then any unnamed bits as one lowercase hex number; `normal` for no bits.
  ///
  ///     ControlState([.selected, .highlighted]).description  // "highlighted | selected"
  ///     ControlState(rawValue: 0x0001_0004).description     // "selected | 0x10000"
  ///     ControlState.normal.description                     // "normal"
  ///
  /// The text parses back to the same state: `ControlState(state.description) == state` for
  /// every raw value.
  public var description: String {
    ControlState.catalog.description(of: self)
  }

  /// The state as text with its raw value, for debugging.
  ///
  ///     ControlState.selected.debugDescription  // "ControlState(selected, rawValue: 0x4)"
  public var debugDescription: String {
    "ControlState(\(description), rawValue: \(_hex(rawValue)))"
  }

  /// Parses state text with the process-wide catalog, or returns `nil`.
  ///
  ///     ControlState("highlighted | selected")  // [.highlighted, .selected]
  ///     ControlState("selected | 0x10000")      // ControlState(rawValue: 0x10004)
  ///     ControlState("selected ||")             // nil
  ///
  /// To learn why text is rejected, use ``init(parsing:unknownBits:)``.
  ///
  /// - Parameter description: Names, `normal` and `0x` hex tokens separated by `|`.
  public init?(_ description: String) {
    guard let state = try? ControlState(parsing: description) else { return nil }
    self = state
  }

  /// Parses state text with the process-wide catalog, throwing an error that names the failing
  /// token and the reason.
  ///
  ///     try ControlState(parsing: "selected | 0x10000")       // ControlState(rawValue: 0x10004)
  ///     try ControlState(parsing: "selected | Highlighted")   // throws: unknown state name "Highlighted"
  ///     try ControlState(parsing: "0x10000", unknownBits: .strict)  // throws: hex not allowed
  ///
  /// - Parameters:
  ///   - text: Names, `normal` and `0x` hex tokens separated by `|`, with optional spaces.
  ///   - unknownBits: What to do with bits that have no name; see ``UnknownBitsPolicy``.
  /// - Throws: ``StateKitError``.
  public init(parsing text: some StringProtocol, unknownBits: UnknownBitsPolicy = .retain) throws {
    self = try ControlState.catalog.parse(text, unknownBits: unknownBits)
  }
}
