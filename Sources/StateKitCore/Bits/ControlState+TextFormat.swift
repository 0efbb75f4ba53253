// Its `description`, `debugDescription` and `init?(_:)` are every layout's: LayoutBitSet.swift.
extension ControlState: LosslessStringConvertible, CustomDebugStringConvertible {
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
