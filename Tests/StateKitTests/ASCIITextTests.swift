import StateKit
import StateKitTesting
import Testing

/// State text is ASCII: names and hex digits match byte for byte, so no Unicode equivalence
/// (U+212A KELVIN SIGN is canonically equivalent to `K`) or look-alike digit reads as ASCII.
@Suite("ASCII text")
struct ASCIITextTests {
  /// The code `body` throws, or `nil` when it does not throw a StateKitError.
  func code(_ body: () throws -> some Any) -> StateKitError.Code? {
    do {
      _ = try body()
      return nil
    } catch {
      return (error as? StateKitError)?.code
    }
  }

  static let kelvin = "\u{212A}"

  static func catalog() throws -> StateCatalog {
    var catalog = StateCatalog()
    try catalog.declare("K", applicationBit: 0)
    try catalog.declare("Kind", applicationBit: 1)
    try catalog.declare("ok_K", applicationBit: 2)
    try catalog.declare("visited", applicationBit: 3)
    return catalog
  }

  /// The Kelvin sign is not `K`, and decomposed and look-alike forms (combining accents,
  /// fullwidth letters and digits, other digits, a no-break space) are rejected.
  @Test func kelvinSignDecomposedAndLookAlikeFormsAreRejected() throws {
    let catalog = try Self.catalog()
    // Swift's String equality says they are the same: the reason for comparing bytes.
    let kelvin: String = Self.kelvin
    #expect(kelvin == "K")
    let kelvinTexts: [String] = [
      Self.kelvin, "\(Self.kelvin)ind", "ok_\(Self.kelvin)", "selected | \(Self.kelvin)",
    ]
    for policy in UnknownBitsPolicy.allCases {
      let codes: [StateKitError.Code?] = kelvinTexts.map { text in
        code { try catalog.parse(text, unknownBits: policy) }
      }
      let unknown: [StateKitError.Code?] = Array(repeating: .unknownName, count: kelvinTexts.count)
      #expect(codes == unknown, "\(policy)")
    }
    let bits: [ControlState?] = [catalog.bits(named: Self.kelvin), catalog.bits(named: "K")]
    let expectedBits: [ControlState?] = [nil, ControlState(rawValue: 1 << 16)]
    #expect(bits == expectedBits)
    let rejected: [(String, StateKitError.Code)] = [
      ("visite\u{0301}d", .unknownName),  // a combining accent inside a name
      ("selected\u{0301}", .unknownName),  // … after a system name
      ("\u{FF53}elected", .unknownName),  // FULLWIDTH LATIN SMALL LETTER S
      ("selected\u{00A0}", .unknownName),  // NO-BREAK SPACE is not a space of the format
      ("0x1\u{FF10}", .invalidHex),  // FULLWIDTH DIGIT ZERO
      ("0x\u{0661}", .invalidHex),  // ARABIC-INDIC DIGIT ONE
      ("0x\u{0301}10000", .invalidHex),  // `0x` and a combining mark: still a hex token
      ("0\u{FF58}10000", .unknownName),  // FULLWIDTH x: not a hex prefix
      // `|` before a combining mark still separates: the token after it is what fails.
      ("selected |\u{0301} K", .unknownName),
    ]
    // The first is the selector `!K` with the Kelvin sign; the others are parsed as states.
    let codes: [StateKitError.Code?] =
      [code { try catalog.parseSelector("!\(Self.kelvin)") }]
      + rejected.map { text, _ in code { try catalog.parse(text) } }
    let expected: [StateKitError.Code?] = [.unknownName] + rejected.map(\.1)
    #expect(codes == expected)
    let selectedK: ControlState = [.selected, ControlState(rawValue: 1 << 16)]
    #expect(try catalog.parse("selected|K") == selectedK)
  }

  /// Every text the catalog writes parses back; the same text with any one ASCII character
  /// replaced by a Unicode look-alike or followed by a combining mark never parses.
  @Test func anyNonASCIIEditIsRejected() throws {
    let catalog = try Self.catalog()
    let states = Gen.controlState(in: [.system, .application], catalog: catalog, count: 0...5)
    let edits: [(Character) -> String?] = [
      { $0 == "K" ? Self.kelvin : nil },
      { $0.isLetter ? "\($0)\u{0301}" : nil },
      {
        $0.isASCII && ($0.isLetter || $0.isNumber)
          ? $0.unicodeScalars.first.flatMap { UnicodeScalar($0.value + 0xFEE0) }.map { String($0) }
          : nil
      },
    ]
    if case .success(let seed) = PropertySeed.current {
      print(
        "ASCII text property: seed \(seed); replay with \(PropertySeed.environmentVariable)=\(seed)"
      )
    }
    let report = forAll(
      "a non-ASCII edit of state text never parses",
      Gen.zip(states, Gen.int(in: 0...63), Gen.int(in: 0...(edits.count - 1))),
      cases: GrowthChecks.cases(5_000)
    ) { state, position, edit in
      let text = catalog.description(of: state)
      guard try catalog.parse(text) == state else { return false }
      let characters = Array(text)
      let index = position % characters.count
      guard let replacement = edits[edit](characters[index]) else { return true }
      let edited =
        String(characters[..<index]) + replacement + String(characters[(index + 1)...])
      return (try? catalog.parse(edited)) == nil
    }
    #expect(report == nil)
  }
}
