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

extension StateCatalog {
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
  ///   - state: Any state.
  ///   - unknownBits: What to do with bits that have no name; ``UnknownBitsPolicy/retain`` by
  ///     default.
  /// - Returns: The text.
  /// - Throws: ``StateKitError`` with code ``StateKitError/Code/unnamedBits`` in strict mode
  ///   when a bit has no name. The other policies never throw.
  public func format(_ state: ControlState, unknownBits: UnknownBitsPolicy = .retain) throws
    -> String
  {
    let unnamed = unnamedBits(in: state)
    if unknownBits == .strict, !unnamed.isNormal {
      throw StateKitError.format(unnamed: unnamed, in: state)
    }
    return text(of: state, unnamed: unnamed, keepUnnamed: unknownBits == .retain)
  }

  /// Formats a state as text, keeping unnamed bits as hex; this never fails.
  ///
  ///     StateCatalog().description(of: [.selected, .highlighted])  // "highlighted | selected"
  ///     StateCatalog().description(of: .normal)                    // "normal"
  ///
  /// - Parameter state: Any state.
  /// - Returns: Text that ``parse(_:unknownBits:)`` turns back into `state`.
  public func description(of state: ControlState) -> String {
    text(of: state, unnamed: unnamedBits(in: state), keepUnnamed: true)
  }

  private func text(of state: ControlState, unnamed: ControlState, keepUnnamed: Bool) -> String {
    var utf8: [UInt8] = []
    append(state, unnamed: unnamed, keepUnnamed: keepUnnamed, to: &utf8)
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Appends ``description(of:)-(ControlState)`` as UTF-8: the one writer of the text format,
  /// which statekit-inspect calls for each of millions of masks.
  package func appendDescription(of state: ControlState, to utf8: inout [UInt8]) {
    append(state, unnamed: unnamedBits(in: state), keepUnnamed: true, to: &utf8)
  }

  private func append(
    _ state: ControlState, unnamed: ControlState, keepUnnamed: Bool, to utf8: inout [UInt8]
  ) {
    var first = true
    var named = state.rawValue & ~unnamed.rawValue
    while named != 0 {
      let bit = named.trailingZeroBitCount
      named &= named &- 1
      if !first { utf8.append(contentsOf: Self.separator) }
      // Every bit here is named: `unnamed` holds all the others.
      utf8.append(contentsOf: nameBytes(ofNamedBit: bit))
      first = false
    }
    if keepUnnamed, !unnamed.isNormal {
      if !first { utf8.append(contentsOf: Self.separator) }
      utf8.append(contentsOf: Self.hexPrefix)
      ASCIIDigits.appendHex(unnamed.rawValue, to: &utf8)
      first = false
    }
    if first { utf8.append(contentsOf: Self.normalName) }
  }

  private static let separator = Array(" | ".utf8)
  private static let hexPrefix = Array("0x".utf8)
  private static let normalName = Array("normal".utf8)

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
  /// - Returns: The state.
  /// - Throws: ``StateKitError`` naming the text, the failing token and the reason.
  public func parse(_ text: some StringProtocol, unknownBits: UnknownBitsPolicy = .retain) throws
    -> ControlState
  {
    let text = Substring(text)
    var result = ControlState.normal
    try forEachToken(in: text, unknownBits: unknownBits, allowsExclusion: false) { _, _, state in
      result.formUnion(state)
    }
    return result
  }

  /// Splits state text at `|` and parses each token, calling `body` with the token, whether it
  /// was prefixed with `!` (only when `allowsExclusion`), and its state.
  func forEachToken(
    in text: Substring, unknownBits: UnknownBitsPolicy, allowsExclusion: Bool = true,
    wordsMaySeparate: Bool = false, _ body: (Substring, Bool, ControlState) throws -> Void
  ) throws {
    if text.utf8.allSatisfy({ Self.isSpace($0, wordsMaySeparate: wordsMaySeparate) }) {
      throw StateKitError.parse(
        .emptyText, text: text,
        reason: "there is no state; write `normal` for the state with no bits")
    }
    var segmentNumber = 0
    for segment in text.split(separator: "|", omittingEmptySubsequences: false) {
      segmentNumber += 1
      let tokens =
        wordsMaySeparate
        ? segment.split(whereSeparator: {
          $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n"
        })
        : [segment.trimmingSpaces()]
      guard let first = tokens.first, !first.isEmpty else {
        throw StateKitError.parse(
          .emptySegment, text: text, token: segment.trimmingSpaces(),
          reason: "segment \(segmentNumber) is empty; write one name or hex number between `|`s")
      }
      for token in tokens {
        try parseToken(
          token, in: text, unknownBits: unknownBits, allowsExclusion: allowsExclusion, body)
      }
    }
  }

  /// Parses state text in which white space also separates tokens, as on a command line:
  /// `selected visited` is `selected | visited`.
  package func parse(
    words text: some StringProtocol, unknownBits: UnknownBitsPolicy = .retain
  ) throws -> ControlState {
    var result = ControlState.normal
    try forEachToken(
      in: Substring(text), unknownBits: unknownBits, allowsExclusion: false,
      wordsMaySeparate: true
    ) { _, _, state in
      result.formUnion(state)
    }
    return result
  }

  private static func isSpace(_ byte: UInt8, wordsMaySeparate: Bool) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
      || (wordsMaySeparate && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")))
  }

  private func parseToken(
    _ token: Substring, in text: Substring, unknownBits: UnknownBitsPolicy,
    allowsExclusion: Bool, _ body: (Substring, Bool, ControlState) throws -> Void
  ) throws {
    let negated = allowsExclusion && token.hasPrefix("!")
    let word = negated ? token.dropFirst() : token
    if word.hasPrefix("0x") {
      if unknownBits == .strict {
        throw StateKitError.parse(
          .hexNotAllowed, text: text, token: token,
          reason: "hex token \(quoted(token)) is not allowed in strict mode; use names only")
      }
      let bits = try Self.hexValue(word, token: token, in: text)
      try body(token, negated, unknownBits == .truncate ? bits.intersection(namedBits) : bits)
    } else if let state = state(named: word) {
      try body(token, negated, state)
    } else {
      let known = (["normal"] + entries.map(\.name)).joined(separator: ", ")
      throw StateKitError.parse(
        .unknownName, text: text, token: token,
        reason: "unknown state name \(quoted(word)); known names: \(known)")
    }
  }

  /// The value of a `0x` token; its digits must be hex and fit in `UInt`.
  private static func hexValue(_ word: Substring, token: Substring, in text: Substring) throws
    -> ControlState
  {
    switch ASCIIDigits.unsigned(word.utf8.dropFirst(2), radix: 16) {
    case .success(let value): return ControlState(rawValue: value)
    case .failure(.noDigits):
      throw StateKitError.parse(
        .invalidHex, text: text, token: token, reason: "hex token \(quoted(token)) has no digits")
    case .failure(.invalidDigit):
      throw StateKitError.parse(
        .invalidHex, text: text, token: token,
        reason: "hex token \(quoted(token)) has a character that is not a hex digit")
    case .failure(.overflow):
      throw StateKitError.parse(
        .hexOverflow, text: text, token: token,
        reason: "hex token \(quoted(token)) does not fit in \(UInt.bitWidth) bits")
    }
  }
}

extension Substring {
  /// The substring without leading and trailing spaces and tabs.
  func trimmingSpaces() -> Substring {
    var result = self
    while let first = result.first, first == " " || first == "\t" { result.removeFirst() }
    while let last = result.last, last == " " || last == "\t" { result.removeLast() }
    return result
  }
}
