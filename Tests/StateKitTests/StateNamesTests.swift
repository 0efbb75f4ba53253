import StateKit
import Testing

extension StateNames {
  /// Two libraries' names, as they would export them.
  static let linkKit = StateNames("LinkKit", ["visited": ControlState(rawValue: 1 << 16)])
  static let badgeKit = StateNames(
    "BadgeKit",
    ["badged": ControlState(rawValue: 1 << 17), "pinned": ControlState(rawValue: 1 << 18)])
}

@Suite("Library state names")
struct StateNamesTests {
  /// Libraries merge into one catalog, in any order; the same name for the same bit is no
  /// collision (the first claim owns it).
  ///
  /// A bit or a name claimed twice names both libraries; a failed merge keeps nothing of that
  /// owner.
  @Test func librariesMergeIntoOneCatalogAndNameBothClaimsOfABitOrName() throws {
    let catalog = try StateCatalog(merging: [.linkKit, .badgeKit])
    #expect(catalog.customEntries.map(\.name) == ["visited", "badged", "pinned"])
    let again = StateNames("OtherLinks", ["visited": ControlState(rawValue: 1 << 16)])
    let shared = try StateCatalog(merging: [.linkKit, again])
    let texts: [String?] = [
      catalog.owner(of: ControlState(rawValue: 1 << 17)), catalog.owner(of: .selected),
      catalog.description(of: ControlState(rawValue: 0x5_0004)),
      shared.owner(of: ControlState(rawValue: 1 << 16)),
    ]
    #expect(texts == ["BadgeKit", nil, "selected | visited | pinned", "LinkKit"])
    #expect(
      try catalog == StateCatalog(merging: [.badgeKit, .linkKit]), "merge order is irrelevant")
    var merged = StateCatalog.system
    try merged.merge(.linkKit)
    try merged.merge(.badgeKit)
    #expect(merged == catalog)

    let seen = StateNames("HistoryKit", ["seen": ControlState(rawValue: 1 << 16)])
    let bitError = #expect(throws: StateKitError.self) {
      try StateCatalog(merging: [.linkKit, .badgeKit, seen])
    }
    let other = StateNames("OtherKit", ["pinned": ControlState(rawValue: 1 << 20)])
    let nameError = #expect(throws: StateKitError.self) {
      try StateCatalog(merging: [.badgeKit, other])
    }
    let codes: [StateKitError.Code?] = [bitError?.code, nameError?.code]
    #expect(codes == [.bitAlreadyDeclared, .nameAlreadyDeclared])
    let descriptions: [String?] = [bitError?.description, nameError?.description]
    let expected: [String?] = [
      "cannot declare state \"seen\": \"HistoryKit\" claims bit 16 (0x10000) as \"seen\", but \"LinkKit\" claims it as \"visited\"",
      "cannot declare state \"pinned\": \"OtherKit\" claims the name for bit 20 (0x100000), but \"BadgeKit\" claims it for bit 18 (0x40000)",
    ]
    #expect(descriptions == expected)

    let half = StateNames(
      "HalfKit",
      ["fine": ControlState(rawValue: 1 << 19), "visited": ControlState(rawValue: 1 << 20)])
    var linkOnly = try StateCatalog(merging: [.linkKit])
    #expect(throws: StateKitError.self) { try linkOnly.merge(half) }
    #expect(linkOnly.bits(named: "fine") == nil)
  }

  @Test(
    arguments: [
      ("Visited!", 1 << 16, StateKitError.Code.invalidName, "\"BadKit\": a state name must be"),
      ("selected", 1 << 16, .reservedName, "\"BadKit\": it clashes with the system name"),
      ("wide", 0x3_0000, .notSingleApplicationBit, "\"BadKit\" gives it 0x30000"),
      ("low", 0x4, .notSingleApplicationBit, "\"BadKit\" gives it 0x4"),
    ] as [(String, UInt, StateKitError.Code, String)])
  func invalidNamesNameTheirOwner(
    name: String, raw: UInt, code: StateKitError.Code, reason: String
  ) throws {
    let bad = StateNames("BadKit", entries: [.init(name: name, bits: ControlState(rawValue: raw))])
    var catalog = try StateCatalog(merging: [.linkKit])
    let before = catalog
    let error = #expect(throws: StateKitError.self) { try catalog.merge(bad) }
    #expect(error?.code == code)
    #expect(
      error?.description.contains(reason) == true && catalog == before
        && catalog.customEntries.count == 1,
      "\(error?.description ?? ""); a failed merge changes nothing")
  }
}

/// Printing never depends on what ran before: this suite prints the same text run alone
/// (`swift test --filter DeterministicText`, a CI step) as in the full run, where other tests
/// build catalogs that name the very same bits, some of them at the same time as this one.
@Suite("Deterministic text")
struct DeterministicTextTests {
  static let states: [ControlState] = [
    .normal, [.selected, .highlighted], ControlState(rawValue: 0x1_0004),
    ControlState(rawValue: 0x7_0000), ControlState(rawValue: 0x0100_0002),
  ]
  static let expected = [
    "normal", "highlighted | selected", "selected | 0x10000", "0x70000", "disabled | 0x1000000",
  ]

  /// States print the same whatever names exist. An explanation names custom states, in the
  /// state, the selectors, the reason and a custom order, when it is given a catalog; the same
  /// table without one prints hex.
  @Test func statesPrintTheSameWhateverNamesExist() async throws {
    // Name the same bits, concurrently, in catalogs of our own.
    let named = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<8 {
        group.addTask {
          try StateCatalog(merging: [.linkKit, .badgeKit]).description(
            of: ControlState(rawValue: 0x7_0000))
        }
      }
      var all: [String] = []
      for try await text in group { all.append(text) }
      return all
    }
    #expect(named == Array(repeating: "visited | badged | pinned", count: 8))
    #expect(Self.states.map(\.description) == Self.expected)
    #expect(Self.states.map { ControlState($0.description) } == Self.states)
    var hexTable = StateTable<Int>()
    hexTable[ControlState(rawValue: 1 << 16)] = 1
    let hexTexts: [String] = [
      hexTable.description, hexTable.explain(ControlState(rawValue: 0x1_0004)).description,
    ]
    let expectedHex: [String] = [
      "[0x10000: 1]", "selected | 0x10000 → 1 from 0x10000: the only entry that matches",
    ]
    #expect(hexTexts == expectedHex)

    let catalog = try StateCatalog(merging: [.linkKit, .badgeKit])
    let (visited, badged) = (ControlState(rawValue: 1 << 16), ControlState(rawValue: 1 << 17))
    var table = StateTable<Int>(precedence: StatePrecedence([badged, visited]))
    table[visited] = 1
    table[badged] = 2
    table[try StateSelector(requiring: .selected, excluding: visited)] = 3
    let explanations: [String] = [
      table.explain([visited, badged], catalog: catalog).description,
      table.explain([.selected, badged], catalog: catalog).description,
      table.explain([visited, badged]).description,
    ]
    let expected: [String] = [
      "visited | badged → 2 from badged: it and visited match with 1 state each; "
        + "badged has precedence (badged, visited, disabled, highlighted, focused, selected, "
        + "0x800000, 0x400000, 0x200000, 0x100000, 0x80000, pinned, other bits)",
      "selected | badged → 3 from selected | !visited: the most specific match (2 states), "
        + "before badged (1 state)",
      "0x30000 → 2 from 0x20000: it and 0x10000 match with 1 state each; "
        + "0x20000 has precedence (0x20000, 0x10000, disabled, highlighted, focused, selected, "
        + "0x800000, 0x400000, 0x200000, 0x100000, 0x80000, 0x40000, other bits)",
    ]
    #expect(explanations == expected)
  }
}
