extension ControlState: LosslessStringConvertible, CustomDebugStringConvertible {
  /// The state as text with the system names: names in ascending bit order joined by `" | "`,
  /// then any other bits as one lowercase hex number; `normal` for no bits.
  ///
  /// The text never depends on what the program did before: custom states print as hex here,
  /// and by name through a ``StateCatalog`` (``BitCatalog/description(of:)``).
  ///
  ///     ControlState([.selected, .highlighted]).description  // "highlighted | selected"
  ///     ControlState(rawValue: 0x0001_0004).description     // "selected | 0x10000"
  ///     ControlState.normal.description                     // "normal"
  ///
  /// The text parses back to the same state: `ControlState(state.description) == state` for
  /// every raw value.
  public var description: String {
    StateCatalog.system.description(of: self)
  }

  /// The state as text with its raw value, for debugging.
  ///
  ///     ControlState.selected.debugDescription  // "ControlState(selected, rawValue: 0x4)"
  public var debugDescription: String {
    "ControlState(\(description), rawValue: \(_hex(rawValue)))"
  }

  /// Parses state text with the system names, or returns `nil`. To parse custom names, use
  /// ``BitCatalog/parse(_:unknownBits:)``.
  ///
  ///     ControlState("highlighted | selected")      // [.highlighted, .selected]
  ///     ControlState("selected | 0x10000")?.rawValue  // 0x10004
  ///     ControlState("selected ||")                 // nil
  ///
  /// To learn why text is rejected, use ``init(parsing:unknownBits:)``.
  ///
  /// - Parameter description: Names, `normal` and `0x` hex tokens separated by `|`.
  public init?(_ description: String) {
    guard let state = try? ControlState(parsing: description) else { return nil }
    self = state
  }

  /// Parses state text with the system names, throwing an error that names the failing token
  /// and the reason. To parse custom names, use ``BitCatalog/parse(_:unknownBits:)``.
  ///
  ///     try ControlState(parsing: "selected | 0x10000").rawValue      // 0x10004
  ///     try ControlState(parsing: "selected | Highlighted")           // throws: unknown name
  ///     try ControlState(parsing: "0x10000", unknownBits: .strict)  // throws: hex not allowed
  ///
  /// - Parameters:
  ///   - text: Names, `normal` and `0x` hex tokens separated by `|`, with optional spaces.
  ///   - unknownBits: What to do with bits that have no name; see ``UnknownBitsPolicy``.
  /// - Throws: ``StateKitError``.
  public init(parsing text: some StringProtocol, unknownBits: UnknownBitsPolicy = .retain)
    throws(StateKitError)
  {
    self = try StateCatalog.system.parse(text, unknownBits: unknownBits)
  }
}
