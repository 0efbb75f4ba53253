import StateKit
import Testing

@Suite("Named custom states")
struct CatalogTests {
  @Test func declareAndLookUp() throws {
    var catalog = StateCatalog()
    let visited = try catalog.declare("visited", applicationBit: 0)
    let dragging = try catalog.declare("dragging", as: ControlState(rawValue: 1 << 23))
    #expect(visited.rawValue == 0x10000)
    #expect(dragging.rawValue == 0x80_0000)
    #expect(catalog.name(of: visited) == "visited")
    #expect(catalog.bits(named: "dragging") == dragging)
    #expect(catalog.bits(named: "Dragging") == nil)
    #expect(catalog.bits(named: "normal") == .normal)
    #expect(catalog.name(of: [visited, dragging]) == nil)
    #expect(catalog.namedBits.rawValue == 0x81_000F)
    #expect(catalog.customEntries.map(\.name) == ["visited", "dragging"])
    #expect(
      catalog.entries.map(\.name) == [
        "highlighted", "disabled", "selected", "focused", "visited", "dragging",
      ])
    #expect(catalog.unnamedBits(in: ControlState(rawValue: 0x0103_0005)).rawValue == 0x0102_0000)
  }

  @Test func identicalRedeclarationIsANoOp() throws {
    var catalog = StateCatalog()
    let first = try catalog.declare("visited", applicationBit: 0)
    let before = catalog
    let second = try catalog.declare("visited", as: ControlState(rawValue: 1 << 16))
    #expect(first == second)
    #expect(catalog == before)
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
    #expect(error?.description.contains(reason) == true, "\(error?.description ?? "")")
    #expect(catalog == before, "a failed declaration must not change the catalog")
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

  @Test func exactly64CharactersIsAllowed() throws {
    var catalog = StateCatalog()
    let name = "_" + String(repeating: "a1", count: 31) + "Z"
    #expect(name.count == 64)
    let state = try catalog.declare(name, applicationBit: 7)
    #expect(try catalog.parse(name) == state)
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
      #expect(error?.details["owner"] == owner)
      #expect(error?.input == owner)
      #expect(
        error?.description.hasPrefix("cannot merge the state names of \"") == true,
        "\(error?.description ?? "")")
      #expect(error?.reason.contains(owner.count > 64 ? "at most 64" : "identifier") == true)
      #expect(catalog == before)
    }
    var events = EventCatalog()
    let eventError = #expect(throws: StateKitError.self) {
      try events.merge(EventNames(owner, ["longPress": ControlEvents(rawValue: 1 << 24)]))
    }
    #expect(eventError?.code == .invalidName)
    #expect(eventError?.details["owner"] == owner)
    #expect(events == EventCatalog())
  }

  @Test func anOwnerOf64CharactersIsAllowed() throws {
    let owner = "_" + String(repeating: "a1", count: 31) + "Z"
    let catalog = try StateCatalog(merging: [
      StateNames(owner, ["visited": .init(rawValue: 1 << 16)])
    ])
    #expect(catalog.owner(of: ControlState(rawValue: 1 << 16)) == owner)
  }

  @Test func unnamedBitsAreThoseWithoutASystemName() {
    let state = ControlState(rawValue: 0x0101_0004)
    #expect(StateCatalog.system.unnamedBits(in: state).rawValue == 0x0101_0000)
  }
}
