import StateKit
import StateKitTesting
import Testing

@Suite("Text format")
struct TextFormatTests {
  let catalog = StateCatalog()

  @Test func formatExamples() throws {
    #expect(catalog.description(of: [.selected, .highlighted]) == "highlighted | selected")
    #expect(catalog.description(of: ControlState(rawValue: 0x0001_0004)) == "selected | 0x10000")
    #expect(catalog.description(of: .normal) == "normal")
    #expect(catalog.description(of: ControlState(rawValue: 0xF0)) == "0xf0")
    #expect(
      catalog.description(of: ControlState(rawValue: 0x8000_0000_0100_0002))
        == "disabled | 0x8000000001000000")
    var named = StateCatalog()
    try named.declare("visited", applicationBit: 0)
    #expect(named.description(of: ControlState(rawValue: 0x0001_0004)) == "selected | visited")
  }

  @Test func descriptionUsesTheSystemNamesOnly() throws {
    let visited = ControlState(rawValue: 1 << 16)
    #expect(ControlState([.selected, visited]).description == "selected | 0x10000")
    #expect(ControlState("selected | 0x10000") == [visited, .selected])
    #expect(ControlState("visited | highlighted") == nil)
    #expect(ControlState.selected.debugDescription == "ControlState(selected, rawValue: 0x4)")
    let catalog = try StateCatalog(merging: [StateNames("LinkKit", ["visited": visited])])
    #expect(catalog.description(of: [.selected, visited]) == "selected | visited")
    #expect(try catalog.parse("visited | highlighted") == [visited, .highlighted])
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
    #expect(try catalog.parse(text) == expected)
    #expect(ControlState(text) == expected)
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
    #expect(error?.token == token)
    #expect(error?.input == text)
    #expect(error?.description.hasPrefix("cannot parse state text \"") == true)
    #expect(error?.description.contains("\n") == false)
    #expect(ControlState(text) == nil)
  }

  @Test func unknownNameErrorListsKnownNames() {
    let error = #expect(throws: StateKitError.self) { try catalog.parse("hover") }
    #expect(
      error?.description
        == "cannot parse state text \"hover\": unknown state name \"hover\"; known names: normal, highlighted, disabled, selected, focused"
    )
  }

  @Test func longAndControlInputIsQuotedOnOneLine() {
    let text = String(repeating: "x", count: 500) + "\n\u{1b}[31m"
    let error = #expect(throws: StateKitError.self) { try catalog.parse(text) }
    #expect(error?.description.contains("\n") == false)
    #expect(error?.description.contains("\u{1b}") == false)
    #expect((error?.description.count ?? .max) < 400)
  }

  @Test func roundTripLawWithProcessCatalog() {
    forAll("ControlState(x.description) == x", Gen.anyState) { state in
      ControlState(state.description) == state
    }
  }

  @Test func roundTripLawWithDeclaredNames() throws {
    var named = StateCatalog()
    try named.declare("visited", applicationBit: 0)
    try named.declare("dragging", applicationBit: 5)
    let catalogs = [StateCatalog(), named]
    forAll("parse(format(x)) == x for catalogs with and without names", Gen.anyState) { state in
      try catalogs.allSatisfy { try $0.parse($0.description(of: state)) == state }
    }
    forAll(Law.textRoundTrip(catalog: named))
  }

  @Test func policies() throws {
    var named = StateCatalog()
    let visited = try named.declare("visited", applicationBit: 0)
    let state = ControlState(rawValue: 0x0103_0004)  // selected, visited, bit 17, bit 24
    #expect(try named.format(state, unknownBits: .retain) == "selected | visited | 0x1020000")
    #expect(try named.format(state, unknownBits: .truncate) == "selected | visited")
    let error = #expect(throws: StateKitError.self) {
      try named.format(state, unknownBits: .strict)
    }
    #expect(error?.code == .unnamedBits)
    #expect(error?.description.contains("0x1020000") == true)
    #expect(try named.format([.selected, visited], unknownBits: .strict) == "selected | visited")
    #expect(try named.format(ControlState(rawValue: 1 << 40), unknownBits: .truncate) == "normal")

    #expect(try named.parse("selected | 0x1030000", unknownBits: .retain).rawValue == 0x0103_0004)
    #expect(
      try named.parse("selected | 0x1030000", unknownBits: .truncate) == [.selected, visited])
    let strict = #expect(throws: StateKitError.self) {
      try named.parse("selected | 0x10000", unknownBits: .strict)
    }
    #expect(strict?.code == .hexNotAllowed)
    #expect(strict?.token == "0x10000")
    #expect(try named.parse("selected | visited", unknownBits: .strict) == [.selected, visited])
  }

  @Test func policyLaws() {
    var catalog = StateCatalog()
    _ = try? catalog.declare("visited", applicationBit: 0)
    let named = catalog
    forAll("truncate keeps the named bits; strict succeeds iff nothing is unnamed", Gen.anyState) {
      state in
      guard let truncated = try? named.parse(named.format(state, unknownBits: .truncate)),
        truncated == state.intersection(named.namedBits)
      else { return false }
      let strict = try? named.format(state, unknownBits: .strict)
      guard (strict != nil) == named.unnamedBits(in: state).isNormal else { return false }
      if let strict, (try? named.parse(strict, unknownBits: .strict)) != state { return false }
      return true
    }
  }
}
