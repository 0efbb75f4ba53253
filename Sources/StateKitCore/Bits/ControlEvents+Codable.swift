extension ControlEvents: Codable {
  /// Decodes events from a non-negative integer or from event text, parsed with the catalog
  /// under `CodingUserInfoKey.eventCatalog` in the decoder's `userInfo`, else the system names.
  ///
  ///     try JSONDecoder().decode(ControlEvents.self, from: Data(#""touchDown | 0x1000000""#.utf8)).rawValue  // 0x0100_0001
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the reason.
  public init(from decoder: any Decoder) throws {
    try self.init(bitsFrom: decoder, catalogKey: .eventCatalog)
  }
}

extension CodingUserInfoKey {
  /// The key under which a coder's `userInfo` holds the ``EventCatalog`` that event text uses.
  public static let eventCatalog: CodingUserInfoKey = {
    // `init(rawValue:)` is failable only to satisfy RawRepresentable: it accepts every string.
    guard let key = CodingUserInfoKey(rawValue: "dev.statekit.EventCatalog") else {
      preconditionFailure("CodingUserInfoKey rejected a constant key")
    }
    return key
  }()
}
