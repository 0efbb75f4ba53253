import ErrorKitCore

// The one parser and one writer of the text format, for every layout: names in ascending bit
// order joined by ` | `, unnamed bits as one `0x` hex token, the layout's empty name for no bits.
extension NameTable {
  /// The text of `raw`, or a strict-mode error naming its unnamed bits.
  package func format(_ raw: UInt, unknownBits: UnknownBitsPolicy) throws(StateKitError) -> String {
    let unnamed = unnamedBits(in: raw)
    if unknownBits == .strict, unnamed != 0 {
      throw StateKitError.format(noun: layout.noun, unnamed: unnamed, in: raw)
    }
    return text(of: raw, keepUnnamed: unknownBits == .retain)
  }

  package func text(of raw: UInt, keepUnnamed: Bool = true) -> String {
    var utf8: [UInt8] = []
    append(raw, keepUnnamed: keepUnnamed, to: &utf8)
    return String(decoding: utf8, as: UTF8.self)
  }

  /// Appends the text of `raw` as UTF-8: the one writer of the text format, which
  /// statekit-inspect calls for each of millions of masks.
  package func append(_ raw: UInt, keepUnnamed: Bool = true, to utf8: inout [UInt8]) {
    var first = true
    var rest = raw
    // A toolkit's selector: its part first, by name (`knob | pressed`), then its state.
    if let low = layout.partBits?.lowerBound, raw & layout.partMask != 0,
      let part = partName(number: (raw & layout.partMask) >> UInt(low))
    {
      utf8.append(contentsOf: part)
      rest &= ~layout.partMask
      first = false
    }
    // The value of every bit of the type (LVGL's `any`) is one name, not each bit's.
    if !everyBytes.isEmpty, rest & layout.coveredMask == layout.coveredMask {
      if !first { utf8.append(contentsOf: Self.separator) }
      utf8.append(contentsOf: everyBytes)
      rest &= ~layout.coveredMask
      first = false
    }
    let unnamed = rest & ~namedRawValue
    var named = rest & namedRawValue
    while named != 0 {
      let bit = named.trailingZeroBitCount
      named &= named &- 1
      if !first { utf8.append(contentsOf: Self.separator) }
      utf8.append(contentsOf: nameBytes(ofNamedBit: bit))
      first = false
    }
    if keepUnnamed, unnamed != 0 {
      if !first { utf8.append(contentsOf: Self.separator) }
      utf8.append(contentsOf: Self.hexPrefix)
      ASCIIDigits.appendHex(unnamed, to: &utf8)
      first = false
    }
    if first { utf8.append(contentsOf: emptyBytesForWriting) }
  }

  private static let separator = Array(" | ".utf8)
  private static let hexPrefix = Array("0x".utf8)

  /// Parses text into bits.
  package func parse(_ text: some StringProtocol, unknownBits: UnknownBitsPolicy)
    throws(StateKitError) -> UInt
  {
    var result: UInt = 0
    try forEachToken(in: Substring(text), unknownBits: unknownBits, allowsExclusion: false) {
      _, _, raw in
      result |= raw
    }
    return result
  }

  /// Parses text in which white space also separates tokens, as on a command line.
  package func parse(words text: some StringProtocol, unknownBits: UnknownBitsPolicy)
    throws(StateKitError)
    -> UInt
  {
    var result: UInt = 0
    try forEachToken(
      in: Substring(text), unknownBits: unknownBits, allowsExclusion: false,
      wordsMaySeparate: true
    ) { _, _, raw in
      result |= raw
    }
    return result
  }

  /// Splits text at `|` and parses each token, calling `body` with the token, whether it was
  /// prefixed with `!` (only when `allowsExclusion`), and its bits.
  func forEachToken(
    in text: Substring, unknownBits: UnknownBitsPolicy, allowsExclusion: Bool = true,
    wordsMaySeparate: Bool = false, _ body: (Substring, Bool, UInt) throws(StateKitError) -> Void
  ) throws(StateKitError) {
    let noun = layout.noun
    if text.utf8.allSatisfy({ Self.isSpace($0, wordsMaySeparate: wordsMaySeparate) }) {
      throw StateKitError.parse(
        .emptyText, noun: noun, text: text,
        reason: "there is no \(noun); write `\(layout.emptyName)` for the \(noun) with no bits")
    }
    var segmentNumber = 0
    // Bytes, not characters: `|` followed by a combining mark still separates, and no
    // character is folded into another.
    for bytes in text.utf8.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false) {
      let segment = Substring(bytes)
      segmentNumber += 1
      let tokens =
        wordsMaySeparate
        ? segment.utf8.split(whereSeparator: { Self.isSpace($0, wordsMaySeparate: true) }).map {
          Substring($0)
        }
        : [segment.trimmingSpaces()]
      guard let first = tokens.first, !first.isEmpty else {
        throw StateKitError.parse(
          .emptySegment, noun: noun, text: text, token: segment.trimmingSpaces(),
          reason: "segment \(segmentNumber) is empty; write one name or hex number between `|`s")
      }
      for token in tokens {
        try parseToken(
          token, in: text, unknownBits: unknownBits, allowsExclusion: allowsExclusion, body)
      }
    }
  }

  private static func isSpace(_ byte: UInt8, wordsMaySeparate: Bool) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
      || (wordsMaySeparate && (byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")))
  }

  private func parseToken(
    _ token: Substring, in text: Substring, unknownBits: UnknownBitsPolicy,
    allowsExclusion: Bool, _ body: (Substring, Bool, UInt) throws(StateKitError) -> Void
  ) throws(StateKitError) {
    let noun = layout.noun
    let negated = allowsExclusion && token.utf8.first == UInt8(ascii: "!")
    let word = negated ? Substring(token.utf8.dropFirst()) : token
    if word.utf8.starts(with: Self.hexPrefix) {
      if unknownBits == .strict {
        throw StateKitError.parse(
          .hexNotAllowed, noun: noun, text: text, token: token,
          reason: "hex token \(quoted(token)) is not allowed in strict mode; use names only")
      }
      let bits = try hexValue(word, token: token, in: text)
      try body(token, negated, unknownBits == .truncate ? bits & namedRawValue : bits)
    } else if let raw = raw(named: word) {
      try body(token, negated, raw)
    } else {
      var names = [layout.emptyName] + entries.map { $0.name }
      for (index, name) in layout.applicationNames.enumerated()
      where index < customNames.count && customNames[index] == nil {
        names.append(name)
      }
      if let every = layout.everyName { names.append(every) }
      names += layout.parts.map { $0.name }
      let known = names.joined(separator: ", ")
      throw StateKitError.parse(
        .unknownName, noun: noun, text: text, token: token,
        reason: "unknown \(noun) name \(quoted(word)); known names: \(known)")
    }
  }

  /// The value of a `0x` token; its digits must be hex and fit in `UInt`.
  private func hexValue(_ word: Substring, token: Substring, in text: Substring)
    throws(StateKitError) -> UInt
  {
    let noun = layout.noun
    switch ASCIIDigits.unsigned(word.utf8.dropFirst(2), radix: 16) {
    case .success(let value): return value
    case .failure(.noDigits):
      throw StateKitError.parse(
        .invalidHex, noun: noun, text: text, token: token,
        reason: "hex token \(quoted(token)) has no digits")
    case .failure(.invalidDigit):
      throw StateKitError.parse(
        .invalidHex, noun: noun, text: text, token: token,
        reason: "hex token \(quoted(token)) has a character that is not a hex digit")
    case .failure(.overflow):
      throw StateKitError.parse(
        .hexOverflow, noun: noun, text: text, token: token,
        reason: "hex token \(quoted(token)) does not fit in \(UInt.bitWidth) bits")
    }
  }
}

extension Substring {
  /// The substring without leading and trailing spaces and tabs (ASCII bytes only).
  func trimmingSpaces() -> Substring {
    var bytes = utf8[...]
    let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
    while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
    while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
    return Substring(bytes)
  }
}
