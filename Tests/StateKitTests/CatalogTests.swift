import StateKit
import Testing

@Suite("Named custom states")
struct CatalogTests {
  /// Declaring and looking up states; an identical redeclaration is a no-op; a name of 64
  /// characters is the longest allowed; unnamed bits are those without a name.
  @Test func declareLookUpAndRedeclare() throws {
    var catalog = StateCatalog()
    let visited = try catalog.declare("visited", applicationBit: 0)
    let dragging = try catalog.declare("dragging", as: ControlState(rawValue: 1 << 23))
    let raws: [UInt] = [
      visited.rawValue, dragging.rawValue, catalog.namedBits.rawValue,
      catalog.unnamedBits(in: ControlState(rawValue: 0x0103_0005)).rawValue,
      ControlState(rawValue: 0x0103_0005).subtracting(catalog.namedBits).rawValue,
      StateCatalog.system.unnamedBits(in: ControlState(rawValue: 0x0101_0004)).rawValue,
    ]
    #expect(raws == [0x10000, 0x80_0000, 0x81_000F, 0x0102_0000, 0x0102_0000, 0x0101_0000])
    let names: [String?] = [catalog.name(of: visited), catalog.name(of: [visited, dragging])]
    #expect(names == ["visited", nil])
    let bits: [ControlState?] = [
      catalog.bits(named: "dragging"), catalog.bits(named: "Dragging"),
      catalog.bits(named: "normal"),
    ]
    #expect(bits == [dragging, nil, .normal])
    let custom = catalog.entries.dropFirst(ControlState.layout.systemNames.count)
    #expect(
      [catalog.customEntries.map(\.name), custom.map(\.name)] == [
        ["visited", "dragging"], ["visited", "dragging"],
      ])
    let entries: [String] = [
      "highlighted", "disabled", "selected", "focused", "visited", "dragging",
    ]
    #expect(catalog.entries.map(\.name) == entries)

    // An identical redeclaration is a no-op.
    let before = catalog
    let second = try catalog.declare("visited", as: ControlState(rawValue: 1 << 16))
    #expect(visited == second)
    #expect(catalog == before)

    // Exactly 64 characters is allowed, for a name and for an owner.
    var longest = StateCatalog()
    let name = "_" + String(repeating: "a1", count: 31) + "Z"
    #expect(name.count == 64)
    let state = try longest.declare(name, applicationBit: 7)
    #expect(try longest.parse(name) == state)
    let owned = try StateCatalog(merging: [
      StateNames(name, ["visited": .init(rawValue: 1 << 16)])
    ])
    #expect(owned.owner(of: ControlState(rawValue: 1 << 16)) == name)
  }

  @Test(
    arguments: [
      (
        "visited", 1, StateKitError.Code.nameAlreadyDeclared,
        "this declaration claims the name for bit 17 (0x20000), but an earlier declaration claims it for bit 16 (0x10000)"
      ),
      (
        "seen", 0, .bitAlreadyDeclared,
        "this declaration claims bit 16 (0x10000) as \"seen\", but an earlier declaration claims it as \"visited\""
      ),
      ("selected", 2, .reservedName, "system name"),
      ("Normal", 2, .reservedName, "system name"),
      ("application", 2, .reservedName, "system name"),
      ("2fast", 2, .invalidName, "identifier"),
      ("", 2, .invalidName, "identifier"),
      ("has space", 2, .invalidName, "identifier"),
      ("a|b", 2, .invalidName, "identifier"),
      ("0x10", 2, .invalidName, "identifier"),
      ("café", 2, .invalidName, "identifier"),
      (String(repeating: "a", count: 65), 2, .invalidName, "at most 64"),
      ("late", 8, .applicationBitOutOfRange, "0...7"),
    ] as [(String, Int, StateKitError.Code, String)])
  func collisionsAndInvalidDeclarations(
    name: String, index: Int, code: StateKitError.Code, reason: String
  ) throws {
    var catalog = StateCatalog()
    try catalog.declare("visited", applicationBit: 0)
    let before = catalog
    let error = #expect(throws: StateKitError.self) {
      try catalog.declare(name, applicationBit: index)
    }
    #expect(error?.code == code)
    #expect(
      error?.description.contains(reason) == true && catalog == before,
      "\(error?.description ?? ""); a failed declaration must not change the catalog")
  }

  @Test(arguments: [0, 0x3_0000, 0x4, 0x100_0000, 1 << 40] as [UInt])
  func declaringAnythingButOneApplicationBitFails(raw: UInt) {
    var catalog = StateCatalog()
    let error = #expect(throws: StateKitError.self) {
      try catalog.declare("odd", as: ControlState(rawValue: raw))
    }
    #expect(error?.code == .notSingleApplicationBit)
    #expect(error?.description.contains("cannot declare state \"odd\"") == true)
  }

  /// An owner's name qualifies its states (`LinkKit.visited`), so every merge checks it, for
  /// states and events alike, before any of its names, naming the owner; the catalog is then
  /// unchanged. An identifier of 64 characters is the longest accepted.
  @Test(arguments: [
    "A|B", "0xKit", " Kit", "Kit ", "", "Kit.Sub", "Link Kit", "!Kit", "Kit\n", "Käfer",
    String(repeating: "K", count: 65),
  ])
  func anOwnerMustBeAnIdentifier(owner: String) throws {
    var catalog = try StateCatalog(merging: [
      StateNames("LinkKit", ["visited": .init(rawValue: 1 << 16)])
    ])
    let before = catalog
    for names in [
      StateNames(owner, ["dragging": ControlState(rawValue: 1 << 17)]), StateNames(owner, [:]),
    ] {
      let error = #expect(throws: StateKitError.self) { try catalog.merge(names) }
      #expect(error?.code == .invalidName)
      let inputs: [String?] = [error?.details["owner"], error?.input]
      #expect(inputs == [owner, owner])
      #expect(
        error?.description.hasPrefix("cannot merge the state names of \"") == true
          && error?.reason.contains(owner.count > 64 ? "at most 64" : "identifier") == true,
        "\(error?.description ?? "")")
      #expect(catalog == before)
    }
    var events = EventCatalog()
    let eventError = #expect(throws: StateKitError.self) {
      try events.merge(EventNames(owner, ["longPress": ControlEvents(rawValue: 1 << 24)]))
    }
    #expect(eventError?.code == .invalidName && eventError?.details["owner"] == owner)
    #expect(events == EventCatalog())
  }
}
