extension ControlState: Codable {
  /// Decodes a state from a non-negative integer or from state text.
  ///
  ///     try JSONDecoder().decode(ControlState.self, from: Data("5".utf8))                    // [.highlighted, .selected]
  ///     let text = Data(#""selected | 0x10000""#.utf8)
  ///     try JSONDecoder().decode(ControlState.self, from: text).rawValue  // 0x10004
  ///
  /// Text is parsed with the catalog under `CodingUserInfoKey.stateCatalog` in the
  /// decoder's `userInfo`, else with the system names, keeping unnamed hex bits.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the value and the reason when it is neither
  ///   an integer that fits in `UInt` nor valid state text.
  public init(from decoder: any Decoder) throws {
    try self.init(bitsFrom: decoder, catalogKey: .stateCatalog)
  }
}
