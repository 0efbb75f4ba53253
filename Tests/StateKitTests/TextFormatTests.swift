import StateKit
import StateKitTesting
import Testing

@Suite("Text format")
struct TextFormatTests {
  let catalog = StateCatalog()

  /// Examples of the format; a state's description uses the system names only.
  @Test func formatExamples() throws {
    var named = StateCatalog()
    try named.declare("visited", applicationBit: 0)
    let visited = ControlState(rawValue: 1 << 16)
    let linked = try StateCatalog(merging: [StateNames("LinkKit", ["visited": visited])])
    let texts: [String] = [
      catalog.description(of: [.selected, .highlighted]),
      catalog.description(of: ControlState(rawValue: 0x0001_0004)),
      catalog.description(of: .normal),
      catalog.description(of: ControlState(rawValue: 0xF0)),
      catalog.description(of: ControlState(rawValue: 0x8000_0000_0100_0002)),
      named.description(of: ControlState(rawValue: 0x0001_0004)),
      ControlState([.selected, visited]).description, ControlState.selected.debugDescription,
      linked.description(of: [.selected, visited]),
    ]
    let expected: [String] = [
      "highlighted | selected", "selected | 0x10000", "normal", "0xf0",
      "disabled | 0x8000000001000000", "selected | visited", "selected | 0x10000",
      "ControlState(selected, rawValue: 0x4)", "selected | visited",
    ]
    #expect(texts == expected)
    let parsed: [ControlState?] = [
      ControlState("selected | 0x10000"), ControlState("visited | highlighted"),
      try linked.parse("visited | highlighted"),
    ]
    #expect(parsed == [[visited, .selected], nil, [visited, .highlighted]])
  }

  @Test(
    arguments: [
      ("normal", 0), ("selected", 4), ("highlighted|selected", 5),
      ("  selected  |\thighlighted ", 5),
      ("selected | 0x10000", 0x10004), ("0x0", 0), ("0xFF", 0xFF), ("0x00000000000000ff", 0xFF),
      ("normal | selected", 4), ("selected | selected", 4), ("0xffffffffffffffff", -1),
    ] as [(String, Int)])
  func parsesValidText(text: String, raw: Int) throws {
    let expected = ControlState(rawValue: UInt(bitPattern: raw))
    let parsed: [ControlState?] = [try catalog.parse(text), ControlState(text)]
    #expect(parsed == [expected, expected])
  }

  /// Every class of malformed text, with the code and the token the error must name.
  @Test(
    arguments: [
      ("", StateKitError.Code.emptyText, nil),
      ("   ", .emptyText, nil),
      ("selected||highlighted", .emptySegment, ""),
      ("selected |", .emptySegment, ""),
      ("| selected", .emptySegment, ""),
      ("|", .emptySegment, ""),
      ("Selected", .unknownName, "Selected"),
      ("selected | bogus", .unknownName, "bogus"),
      ("visited2", .unknownName, "visited2"),
      ("sel ected", .unknownName, "sel ected"),
      ("selected,highlighted", .unknownName, "selected,highlighted"),
      ("0X10", .unknownName, "0X10"),
      ("selected\n| focused", .unknownName, "selected\n"),
      ("0x", .invalidHex, "0x"),
      ("0xg", .invalidHex, "0xg"),
      ("0x-1", .invalidHex, "0x-1"),
      ("0x1 0", .invalidHex, "0x1 0"),
      ("0x10000000000000000", .hexOverflow, "0x10000000000000000"),
      ("selected | 0x1ffffffffffffffff", .hexOverflow, "0x1ffffffffffffffff"),
    ] as [(String, StateKitError.Code, String?)])
  func rejectsMalformedText(text: String, code: StateKitError.Code, token: String?) {
    let error = #expect(throws: StateKitError.self) { try catalog.parse(text) }
    #expect(error?.code == code)
    let strings: [String?] = [error?.token, error?.input]
    #expect(strings == [token, text])
    #expect(
      error?.description.hasPrefix("cannot parse state text \"") == true
        && error?.description.contains("\n") == false && ControlState(text) == nil,
      "\(error?.description ?? "")")
  }

  /// An unknown name's error lists the known names; long input and control characters are
  /// quoted on one line.
  @Test func unknownNameErrorListsKnownNames() {
    let error = #expect(throws: StateKitError.self) { try catalog.parse("hover") }
    #expect(
      error?.description
        == "cannot parse state text \"hover\": unknown state name \"hover\"; known names: normal, highlighted, disabled, selected, focused"
    )
    let text = String(repeating: "x", count: 500) + "\n\u{1b}[31m"
    let long = #expect(throws: StateKitError.self) { try catalog.parse(text) }
    let description = long?.description ?? ""
    #expect(
      long != nil && !description.contains("\n") && !description.contains("\u{1b}")
        && description.count < 400, "\(description)")
  }

  /// The round-trip laws, with the process's catalog and with declared names.
  @Test func roundTripLaws() throws {
    forAll("ControlState(x.description) == x", Gen.anyState) { state in
      ControlState(state.description) == state
    }
    var named = StateCatalog()
    try named.declare("visited", applicationBit: 0)
    try named.declare("dragging", applicationBit: 5)
    let catalogs = [StateCatalog(), named]
    forAll("parse(format(x)) == x for catalogs with and without names", Gen.anyState) { state in
      try catalogs.allSatisfy { try $0.parse($0.description(of: state)) == state }
    }
    forAll(Law.textRoundTrip(catalog: named))
  }

  /// The unknown-bits policies, and their laws.
  @Test func policies() throws {
    var named = StateCatalog()
    let visited = try named.declare("visited", applicationBit: 0)
    let state = ControlState(rawValue: 0x0103_0004)  // selected, visited, bit 17, bit 24
    let formatted: [String] = [
      try named.format(state, unknownBits: .retain),
      try named.format(state, unknownBits: .truncate),
      try named.format([.selected, visited], unknownBits: .strict),
      try named.format(ControlState(rawValue: 1 << 40), unknownBits: .truncate),
    ]
    let expected: [String] = [
      "selected | visited | 0x1020000", "selected | visited", "selected | visited", "normal",
    ]
    #expect(formatted == expected)
    let error = #expect(throws: StateKitError.self) {
      try named.format(state, unknownBits: .strict)
    }
    #expect(error?.code == .unnamedBits)
    #expect(error?.description.contains("0x1020000") == true)

    let parsed: [ControlState] = [
      try named.parse("selected | 0x1030000", unknownBits: .retain),
      try named.parse("selected | 0x1030000", unknownBits: .truncate),
      try named.parse("selected | visited", unknownBits: .strict),
    ]
    #expect(
      parsed == [ControlState(rawValue: 0x0103_0004), [.selected, visited], [.selected, visited]])
    let strict = #expect(throws: StateKitError.self) {
      try named.parse("selected | 0x10000", unknownBits: .strict)
    }
    #expect(strict?.code == .hexNotAllowed)
    #expect(strict?.token == "0x10000")

    var lawCatalog = StateCatalog()
    _ = try? lawCatalog.declare("visited", applicationBit: 0)
    let frozen = lawCatalog
    forAll("truncate keeps the named bits; strict succeeds iff nothing is unnamed", Gen.anyState) {
      state in
      guard let truncated = try? frozen.parse(frozen.format(state, unknownBits: .truncate)),
        truncated == state.intersection(frozen.namedBits)
      else { return false }
      let strict = try? frozen.format(state, unknownBits: .strict)
      guard (strict != nil) == frozen.unnamedBits(in: state).isNormal else { return false }
      if let strict, (try? frozen.parse(strict, unknownBits: .strict)) != state { return false }
      return true
    }
  }
}
