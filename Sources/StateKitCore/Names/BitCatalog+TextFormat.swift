import ErrorKitCore

/// What formatting and parsing do with bits that have no name.
///
/// These are the three policies of Rust's bitflags, which users of bit sets already know.
///
///     let catalog = StateCatalog()
///     let state = ControlState(rawValue: 0x0001_0004)
///     try catalog.format(state, unknownBits: .retain)    // "selected | 0x10000"
///     try catalog.format(state, unknownBits: .truncate)  // "selected"
///     try catalog.format(state, unknownBits: .strict)    // throws: bits 0x10000 have no name
public enum UnknownBitsPolicy: Hashable, Sendable, CaseIterable {
  /// Keep them: formatting writes them as one hex token and parsing accepts hex tokens. Lossless;
  /// the default.
  case retain
  /// Drop them: formatting leaves them out and parsing clears them.
  case truncate
  /// Reject them: formatting throws on an unnamed bit and parsing throws on a hex token. Use it
  /// across API boundaries, where an unknown bit means the two sides disagree.
  case strict
}

extension BitCatalog {
  /// Formats a state as text: names in ascending bit order joined by `" | "`, then, if the
  /// policy keeps them, the unnamed bits as one lowercase hex number. The empty state is
  /// `normal`.
  ///
  ///     var catalog = StateCatalog()
  ///     let state = ControlState(rawValue: 0x0001_0004)
  ///     try catalog.format(state)                          // "selected | 0x10000"
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     try catalog.format(state)                          // "selected | visited"
  ///
  /// - Parameters:
  ///   - bits: Any members.
  ///   - unknownBits: What to do with bits that have no name; ``UnknownBitsPolicy/retain`` by
  ///     default.
  /// - Returns: The text.
  /// - Throws: ``StateKitError`` with code ``StateKitError/Code/unnamedBits`` in strict mode
  ///   when a bit has no name. The other policies never throw.
  public func format(_ bits: Bits, unknownBits: UnknownBitsPolicy = .retain)
    throws(StateKitError)
    -> String
  {
    try table.format(bits.rawValue, unknownBits: unknownBits)
  }

  /// Formats a state as text, keeping unnamed bits as hex; this never fails.
  ///
  ///     StateCatalog().description(of: [.selected, .highlighted])  // "highlighted | selected"
  ///     StateCatalog().description(of: .normal)                    // "normal"
  ///
  /// - Parameter bits: Any members.
  /// - Returns: Text that ``parse(_:unknownBits:)`` turns back into `bits`.
  public func description(of bits: Bits) -> String {
    table.text(of: bits.rawValue)
  }

  /// Appends ``description(of:)`` as UTF-8, through the one writer of the text
  /// format, which statekit-inspect calls for each of millions of masks.
  func appendDescription(of bits: Bits, to utf8: inout [UInt8]) {
    table.append(bits.rawValue, to: &utf8)
  }

  /// Parses state text: names, `normal` and `0x` hex tokens separated by `|`, with optional
  /// spaces or tabs around each token.
  ///
  ///     var catalog = StateCatalog()
  ///     let visited = try catalog.declare("visited", applicationBit: 0)
  ///     try catalog.parse("selected | visited") == [.selected, visited]  // true
  ///     try catalog.parse("selected|0x10000") == [.selected, visited]    // true
  ///     try catalog.parse("normal") == .normal                           // true
  ///
  /// Names are case-sensitive. Rejected: empty text, empty segments (`a||b`, `a |`), unknown
  /// names, hex tokens without digits, with other characters, or too large for `UInt`.
  ///
  /// - Parameters:
  ///   - text: The text to parse.
  ///   - unknownBits: ``UnknownBitsPolicy/retain`` keeps every bit of a hex token (the default),
  ///     ``UnknownBitsPolicy/truncate`` clears bits without a name, and
  ///     ``UnknownBitsPolicy/strict`` rejects hex tokens.
  /// - Returns: The members.
  /// - Throws: ``StateKitError`` naming the text, the failing token and the reason.
  public func parse(_ text: some StringProtocol, unknownBits: UnknownBitsPolicy = .retain)
    throws(StateKitError)
    -> Bits
  {
    Bits(rawValue: try table.parse(text, unknownBits: unknownBits))
  }

  /// Splits state text at `|` and parses each token, calling `body` with the token, whether it
  /// was prefixed with `!` (only when `allowsExclusion`), and its state.
  func forEachToken(
    in text: Substring, unknownBits: UnknownBitsPolicy, allowsExclusion: Bool = true,
    _ body: (Substring, Bool, Bits) throws(StateKitError) -> Void
  ) throws(StateKitError) {
    try table.forEachToken(in: text, unknownBits: unknownBits, allowsExclusion: allowsExclusion) {
      (token, negated, raw) throws(StateKitError) in
      try body(token, negated, Bits(rawValue: raw))
    }
  }

  /// Parses state text in which white space also separates tokens, as on a command line:
  /// `selected visited` is `selected | visited`.
  package func parse(
    words text: some StringProtocol, unknownBits: UnknownBitsPolicy = .retain
  ) throws(StateKitError) -> Bits {
    Bits(rawValue: try table.parse(words: text, unknownBits: unknownBits))
  }
}
