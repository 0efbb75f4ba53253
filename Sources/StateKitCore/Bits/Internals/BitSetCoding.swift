/// The one Codable form of a bit set (``ControlState``, ``ControlEvents``): its raw integer
/// when encoded; a non-negative integer or text when decoded. Text that does not parse is a
/// `DecodingError.dataCorrupted` whose underlying error is the ``StateKitError``, so a report of
/// the decoding error shows it.
enum _BitSetCoding {
  static func encode(_ rawValue: UInt, to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  /// The raw value decoded from an integer, or from text read by `parse`.
  ///
  /// - Parameters:
  ///   - expected: What the value should be, for the message when it is neither an integer nor
  ///     a string ("a ControlState: … or state text such as …").
  ///   - parse: Reads text with the decoder's catalog.
  static func decode(
    from decoder: any Decoder, expected: String, parse: (String) throws -> UInt
  ) throws -> UInt {
    let container = try decoder.singleValueContainer()
    if let raw = try? container.decode(UInt.self) { return raw }
    let text: String
    do {
      text = try container.decode(String.self)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected \(expected)")
    }
    do {
      return try parse(text)
    } catch let error as StateKitError {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath, debugDescription: error.description,
          underlyingError: error))
    }
  }
}

extension LayoutBitSet {
  /// Encodes the members as their raw integer, which decodes to the same members in any
  /// process: the one encoding of every layout's `Encodable` conformance, such as
  /// ``ControlState``'s and ``ControlEvents``'.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    try _BitSetCoding.encode(rawValue, to: encoder)
  }

  /// Decodes a member from a non-negative integer or from its text, parsed with the catalog a
  /// decoder's `userInfo` holds under `catalogKey`, else the system names: the one decoding of
  /// every layout's `Decodable` conformance.
  init(bitsFrom decoder: any Decoder, catalogKey: CodingUserInfoKey) throws {
    let layout = Self.layout
    let example = layout.systemNames.prefix(2).map(\.name).joined(separator: " | ")
    let raw = try _BitSetCoding.decode(
      from: decoder,
      expected:
        "a \(layout.typeName): a non-negative integer that fits in \(UInt.bitWidth) bits, or \(layout.noun) text such as \"\(example)\""
    ) { text in
      try (decoder.userInfo[catalogKey] as? BitCatalog<Self> ?? .system).parse(text).rawValue
    }
    self.init(rawValue: raw)
  }
}
