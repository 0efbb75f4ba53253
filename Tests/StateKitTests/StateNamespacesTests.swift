import StateKit
import StateKitTesting
import Testing

@testable import StateKitCore

/// StateNamespaces: libraries that share bits, each on bits of its own in the app.
@Suite("State namespaces")
struct StateNamespacesTests {
  static let a = StateNames(
    "AKit", ["active": ControlState(rawValue: 1 << 16), "shown": ControlState(rawValue: 1 << 17)])
  static let b = StateNames(
    "BKit", ["active": ControlState(rawValue: 1 << 16), "hidden": ControlState(rawValue: 1 << 17)])
  static let c = StateNames("CKit", ["active": ControlState(rawValue: 1 << 20)])

  /// A name two libraries share on one bit is one state; an ambiguous bare name is written
  /// qualified.
  @Test func aNameTwoLibrariesShareOnOneBitIsOneState() throws {
    let namespaces = try StateNamespaces([Self.b, Self.a])
    #expect(namespaces.catalog.customEntries.map(\.name) == ["active", "shown", "hidden"])
    #expect(namespaces.relocation(for: "AKit").isIdentity)
    #expect(
      namespaces.relocation(for: "BKit").apply(ControlState(rawValue: 1 << 17)).rawValue == 1 << 18)
    #expect(try namespaces.catalog.parse("BKit.active") == namespaces.catalog.parse("AKit.active"))

    let catalog = try StateNamespaces([Self.a, Self.c]).catalog
    #expect(catalog.customEntries.map(\.name) == ["AKit.active", "shown", "CKit.active"])
    #expect(
      catalog.description(of: ControlState(rawValue: 1 << 20 | 1 << 16))
        == "AKit.active | CKit.active")
    do {
      _ = try catalog.parse("active")
      Issue.record("an ambiguous bare name parsed")
    } catch {
      #expect(error.code == .unknownName)
      #expect(error.reason.contains("AKit.active, shown, CKit.active"))
    }
    let states: [ControlState] = [
      ControlState(rawValue: 1 << 20 | 1 << 16 | 4), ControlState(rawValue: 0x3_0000),
    ]
    #expect(try states.map { try catalog.parse(catalog.description(of: $0)) } == states)
  }

  /// Library errors name the library and a full range throws. The example of
  /// DeclaringCustomStates.md: libraries A with a state on bit 16 and B with states on bits 16
  /// and 17. Only B's bit-16 state collides, so only it moves, to 18; its bit-17 state, whose
  /// bit no earlier library keeps, stays on 17.
  @Test func libraryErrorsNameTheLibraryAndOnlyACollidingBitMoves() throws {
    let bad = StateNames("BadKit", ["not a name": ControlState(rawValue: 1 << 16)])
    #expect(throws: StateKitError.self) { try StateNamespaces([Self.a, bad]) }
    let libraries = (0..<9).map {
      StateNames("Kit\($0)", ["s\($0)": ControlState(rawValue: 1 << 16)])
    }
    #expect(try StateNamespaces(Array(libraries.prefix(8))).catalog.customEntries.count == 8)
    do {
      _ = try StateNamespaces(libraries)
      Issue.record("nine states fit in eight bits")
    } catch {
      #expect(error.code == .bitAlreadyDeclared)
      #expect(error.details["owner"] == "Kit8")
      #expect(error.reason.contains("every bit of the application range 0xff0000 (bits 16...23)"))
    }

    let a = StateNames("A", ["first": ControlState(rawValue: 1 << 16)])
    let b = StateNames(
      "B", ["second": ControlState(rawValue: 1 << 16), "third": ControlState(rawValue: 1 << 17)])
    for libraries in [[a, b], [b, a]] {
      let namespaces = try StateNamespaces(libraries)
      let move = namespaces.relocation(for: "B")
      #expect(namespaces.relocation(for: "A").isIdentity)
      let sources: [UInt] = [1 << 16, 1 << 17]
      let moved: [UInt] = sources.map { move.apply(ControlState(rawValue: $0)).rawValue }
      let targets: [UInt] = [1 << 18, 1 << 17]
      #expect(moved == targets)
      #expect(
        namespaces.catalog.description(of: ControlState(rawValue: 0x7_0000))
          == "first | third | second")
    }
  }

  /// For random libraries on random bits: the assignment gives every state its own bit, in any
  /// order of the libraries, and each relocation is a bijection that keeps every other bit.
  ///
  /// A relocation moves a value as the definition says, for every move of one or two pairs
  /// whose sources and targets are any masks of bits 16...18, and every value of bits 16...19
  /// with a system bit and a bit above the range: every source the value meets is cleared, then
  /// each of their targets set; the reverse moves each target back onto its source.
  @Test func relocationsAreBijectionsOntoDistinctBits() {
    let library = Gen.zip(Gen.int(in: 0...7), Gen.int(in: 0...7))
    let cases = Gen.zip(library, library, library)
    if case .success(let seed) = PropertySeed.current {
      print(
        "namespaces property: seed \(seed); replay with \(PropertySeed.environmentVariable)=\(seed)"
      )
    }
    let report = forAll(
      "relocations give each library's states distinct bits", cases,
      cases: GrowthChecks.cases(3_000)
    ) {
      triple in
      let pairs = [triple.0, triple.1, triple.2]
      let libraries = pairs.enumerated().map { index, bits in
        StateNames(
          "Lib\(index)",
          entries: [
            .init(name: "first\(index)", bits: ControlState(rawValue: 1 << UInt(16 + bits.0)))
          ]
            + (bits.0 == bits.1
              ? []
              : [
                .init(name: "second\(index)", bits: ControlState(rawValue: 1 << UInt(16 + bits.1)))
              ]))
      }
      let namespaces = try StateNamespaces(libraries)
      guard try StateNamespaces(libraries.reversed()) == namespaces else { return false }
      var seen = ControlState.normal
      for names in libraries {
        let move = namespaces.relocation(for: names.owner)
        for entry in names.entries {
          let moved = move.apply(entry.bits.union(.selected))
          guard moved.rawValue.nonzeroBitCount == 2, moved.contains(.selected),
            move.revert(moved) == entry.bits.union(.selected),
            seen.isDisjoint(with: moved.subtracting(.selected))
          else { return false }
          seen.formUnion(moved.subtracting(.selected))
        }
      }
      return true
    }
    #expect(report == nil)

    let layout = ControlState.layout
    func moved(_ bits: UInt, _ pairs: [(from: UInt, to: UInt)]) -> UInt {
      var moved = bits
      for pair in pairs where bits & pair.from != 0 { moved &= ~pair.from }
      for pair in pairs where bits & pair.from != 0 { moved |= pair.to }
      return moved
    }
    let masks = (0..<8).map { UInt($0) << 16 }
    let single = masks.dropFirst().flatMap { from in masks.map { to in [(from: from, to: to)] } }
    let moves = [[]] + single + single.flatMap { first in single.map { first + $0 } }
    let outside: UInt = 1 << 2 | 1 << 24
    for pairs in moves {
      let move = StateRelocation(layout: layout, pairs)
      let moving = pairs.filter { $0.from != $0.to }
      for value in 0..<UInt(16) {
        let bits = value << 16
        let state = ControlState(rawValue: bits | outside)
        let applied = moved(bits, moving) | outside
        let reverted = moved(bits, moving.map { (from: $0.to, to: $0.from) }) | outside
        guard move.apply(state).rawValue == applied, move.revert(state).rawValue == reverted,
          move.isIdentity == moving.isEmpty
        else {
          Issue.record("moves \(pairs) of \(String(bits, radix: 16))")
          return
        }
      }
    }
  }

  /// What DeclaringCustomStates.md promises of the namespaces of some libraries (each with
  /// its own owner), or what breaks it: the same assignment in any order of the libraries; a
  /// state on its own bit when the first library (in the order of the owners' names) that
  /// declares that bit gives it the same name, and otherwise moved, onto a bit no library
  /// keeps, the moved states on the lowest such bits; one bit for one name on one bit, distinct
  /// bits for distinct states.
  static func assignmentProblem(_ libraries: [StateNames]) throws -> String? {
    let states = Set(libraries.flatMap { $0.entries.map { "\($0.name)@\($0.bits.rawValue)" } })
    guard states.count <= ControlState.application.rawValue.nonzeroBitCount else {
      do {
        _ = try StateNamespaces(libraries)
        return "\(states.count) states fit in the application range"
      } catch {
        return error.code == .bitAlreadyDeclared ? nil : "\(error)"
      }
    }
    let namespaces = try StateNamespaces(libraries)
    guard try StateNamespaces(libraries.reversed()) == namespaces else {
      return "the assignment depends on the order of the libraries"
    }
    let sorted = libraries.sorted { $0.owner < $1.owner }
    var keeper: [UInt: String] = [:]  // bit -> the name its first library gives it
    for names in sorted {
      for entry in names.entries where keeper[entry.bits.rawValue] == nil {
        keeper[entry.bits.rawValue] = entry.name
      }
    }
    let kept = keeper.keys.reduce(0, |)
    var targets: [String: UInt] = [:]  // "name@bit" -> the bit in the app
    var moved: UInt = 0
    var movedCount = 0
    for names in sorted {
      let move = namespaces.relocation(for: names.owner)
      for entry in names.entries {
        let (raw, state) = (entry.bits.rawValue, "\(names.owner).\(entry.name)")
        let target = move.apply(entry.bits).rawValue
        let key = "\(entry.name)@\(raw)"
        if let shared = targets[key] {
          if shared != target { return "\(state) is not on the bit of the state it shares" }
          continue
        }
        if targets.values.contains(target) { return "\(state) is on the bit of another state" }
        targets[key] = target
        if keeper[raw] == entry.name {
          if target != raw { return "\(state) moved from \(raw) to \(target); its bit is free" }
        } else {
          if target & kept != 0 { return "\(state) moved onto \(target), a bit a library keeps" }
          moved |= target
          movedCount += 1
        }
      }
    }
    var free = ControlState.application.rawValue & ~kept
    var lowest: UInt = 0
    for _ in 0..<movedCount {
      lowest |= free & (0 &- free)
      free &= free &- 1
    }
    return moved == lowest
      ? nil : "moved states are on \(moved), not the lowest free bits \(lowest)"
  }

  /// The libraries one layout of choices describes: for each library, for each of the bits
  /// 16...18, no state (0) or a state named `p`, `q` or `r` (1 to 3); a library that would use
  /// one name twice has no state on the second bit.
  static func libraries(_ layouts: [[Int]]) -> [StateNames] {
    layouts.enumerated().map { index, layout in
      var used: Set<Int> = []
      var entries: [StateNames.Entry] = []
      for (bit, name) in layout.enumerated() where name > 0 && used.insert(name).inserted {
        entries.append(
          .init(
            name: ["p", "q", "r"][name - 1], bits: ControlState(rawValue: 1 << UInt(16 + bit))))
      }
      return StateNames("Lib\(index)", entries: entries)
    }
  }

  /// Every pair of libraries on bits 16...18, names shared or not: only colliding bits move.
  /// And three and four libraries on bits 16...18, from a fixed seed.
  @Test func everySmallPairOfLibrariesMovesOnlyCollidingBits() throws {
    let layouts = (0..<64).map { code in [code % 4, code / 4 % 4, code / 16] }
    var checked = 0
    for first in layouts {
      for second in layouts {
        let libraries = Self.libraries([first, second])
        if let problem = try Self.assignmentProblem(libraries) {
          Issue.record("\(libraries): \(problem)")
          return
        }
        checked += 1
      }
    }
    #expect(checked == 4_096)

    let layout = Gen.int(in: 0...3).array(count: 3...3)
    let cases = layout.array(count: 3...4)
    forAll("only colliding bits move", cases, cases: GrowthChecks.cases(1_000), seed: 36) {
      layouts in
      try Self.assignmentProblem(Self.libraries(layouts)) == nil
    }
  }

  /// Owners a law draws from: identifiers, and names that cannot qualify a state (a `|`, a
  /// leading `0x`, `!` or digit, spaces, a dot, a tab, a non-ASCII letter, too long, empty).
  static let owners = [
    "LinkKit", "ListKit", "A", "_k9", "A|B", "0xKit", " Kit", "Kit ", "Kit.Sub", "", "!Kit",
    "Kit\t", "Käfer", "9Kit", String(repeating: "K", count: 64), String(repeating: "K", count: 65),
  ]

  /// Whether an owner may qualify states: an ASCII identifier of at most 64 characters.
  static func isIdentifier(_ owner: String) -> Bool {
    let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
    guard let first = owner.first, letters.contains(first), owner.count <= 64 else { return false }
    return owner.allSatisfy { letters.contains($0) || ("0"..."9").contains($0) }
  }

  /// The round-trip law of the namespaced catalog: every name it prints parses back. For up to
  /// three libraries whose owners come from `owners` and whose states share names on other bits
  /// (so that the catalog prints them qualified): building the namespaces refuses an owner that
  /// is not an identifier, naming it, and otherwise the text of every combination of the
  /// assigned states (with a system state), of a selector over them, and every qualified name
  /// `Owner.name` parse back to what they name.
  @Test func everyNameTheCatalogPrintsParsesBack() {
    let library = Gen.zip(
      Gen.int(in: 0...Self.owners.count - 1), Gen.int(in: 0...3).array(count: 1...3))
    let names = ["visited", "dragging", "shown"]
    forAll(
      "printed names parse back", library.array(count: 1...3), cases: GrowthChecks.cases(1_000),
      seed: 36
    ) {
      drawn in
      var owners: Set<String> = []
      let libraries = drawn.compactMap { ownerIndex, bits -> StateNames? in
        let owner = Self.owners[ownerIndex]
        guard owners.insert(owner).inserted else { return nil }
        var used: Set<Int> = []
        let entries = bits.enumerated().compactMap { index, bit -> StateNames.Entry? in
          guard used.insert(bit).inserted else { return nil }
          return .init(name: names[index], bits: ControlState(rawValue: 1 << UInt(16 + bit)))
        }
        return StateNames(owner, entries: entries)
      }
      let invalid = libraries.map(\.owner).filter { !Self.isIdentifier($0) }
      let namespaces: StateNamespaces
      do {
        namespaces = try StateNamespaces(libraries)
      } catch let error as StateKitError {
        return error.code == .invalidName && invalid.contains(error.details["owner"] ?? "\0")
      }
      guard invalid.isEmpty else { return false }
      let catalog = namespaces.catalog
      let assigned = catalog.customEntries.reduce(ControlState.normal) { $0.union($1.bits) }
      for state in ControlState.combinations(of: assigned) {
        let text = catalog.description(of: state.union(.selected))
        guard try catalog.parse(text) == state.union(.selected) else { return false }
        let selector = StateSelector(state, unless: assigned.subtracting(state).union(.disabled))
        guard try catalog.parseSelector(catalog.description(of: selector)) == selector else {
          return false
        }
      }
      for names in libraries {
        let move = namespaces.relocation(for: names.owner)
        for entry in names.entries {
          let qualified = "\(names.owner).\(entry.name)"
          guard try catalog.parse(qualified) == move.apply(entry.bits),
            try catalog.parseSelector("!" + qualified).excluded == move.apply(entry.bits)
          else { return false }
        }
      }
      return true
    }
  }
  // MARK: States of one widget kind

  static func bit(_ index: Int) -> ControlState { ControlState(rawValue: 1 << UInt(16 + index)) }

  /// The per-kind example of DeclaringCustomStates.md, which `StateCatalog(merging:)` accepts:
  /// namespaces of the same libraries name the kinds' states as the merge does. One toolkit
  /// alone, whose kinds name one bit differently: nothing collides. A kind's bit that another
  /// library keeps moves, once for every kind that names it, and the kinds' catalogs name the
  /// bit it moves to.
  @Test func theArticlesPerKindExampleBuildsNamespaces() throws {
    let linkKit = StateNames("LinkKit", ["visited": Self.bit(0)])
    let hexView = StateNames("Toolkit", kind: "HexView", ["hexPane": Self.bit(4)])
    let tabView = StateNames("Toolkit", kind: "TabView", ["edited": Self.bit(4)])
    let merged = try StateCatalog(merging: [linkKit, hexView, tabView])
    let namespaces = try StateNamespaces([linkKit, hexView, tabView])
    #expect(namespaces.relocation(for: "Toolkit").isIdentity)
    let tab = try #require(namespaces.catalog.kind("TabView", of: "Toolkit"))
    let hex = try #require(namespaces.catalog.kind("HexView", of: "Toolkit"))
    #expect(try tab.parse("Toolkit.edited | LinkKit.visited") == [Self.bit(0), Self.bit(4)])
    // The catalog for every kind names no kind's state, as the merge's does not.
    let descriptions: [String] = [
      tab.description(of: [Self.bit(0), Self.bit(4)]),
      hex.description(of: [Self.bit(0), Self.bit(4)]),
      namespaces.catalog.description(of: Self.bit(4)),
    ]
    #expect(descriptions == ["visited | edited", "visited | hexPane", "0x100000"])
    for state in ControlState.combinations(of: [Self.bit(0), Self.bit(4), .selected]) {
      let names: [String?] =
        ["HexView", "TabView"].map {
          namespaces.catalog.kind($0, of: "Toolkit")?.description(of: state)
        } + [namespaces.catalog.description(of: state)]
      let expected: [String?] =
        ["HexView", "TabView"].map {
          merged.kind($0, of: "Toolkit")?.description(of: state)
        } + [merged.description(of: state)]
      #expect(names == expected)
    }
    #expect(namespaces.catalog.kind("Menu", of: "Toolkit") == nil)

    let terminal = StateNames("TermKit", kind: "Terminal", ["cursorBlink": Self.bit(0)])
    let pane = StateNames("TermKit", kind: "Pane", ["zoomed": Self.bit(0)])
    let shared = StateNames("TermKit", ["busy": Self.bit(1)])
    let termKit = try StateNamespaces([terminal, pane, shared])
    #expect(termKit.relocation(for: "TermKit").isIdentity)
    let termNames: [String?] = [
      termKit.catalog.kind("Pane", of: "TermKit")?.description(of: [Self.bit(0), Self.bit(1)]),
      termKit.catalog.kind("Terminal", of: "TermKit")?.description(of: Self.bit(0)),
    ]
    #expect(termNames == ["zoomed | busy", "cursorBlink"])
    // Within one kind, and between a kind and the owner's states for every kind, a bit named
    // twice is still the merge's error.
    let twice = StateNames("TermKit", kind: "Pane", ["split": Self.bit(1)])
    #expect(throws: StateKitError.self) { try StateNamespaces([shared, twice]) }

    let a = StateNames("AKit", ["active": Self.bit(0)])
    let hexOnZero = StateNames("Toolkit", kind: "HexView", ["hexPane": Self.bit(0)])
    let tabOnZero = StateNames("Toolkit", kind: "TabView", ["edited": Self.bit(0)])
    let busy = StateNames("Toolkit", ["busy": Self.bit(1)])
    for libraries in [[a, hexOnZero, tabOnZero, busy], [busy, tabOnZero, hexOnZero, a]] {
      let namespaces = try StateNamespaces(libraries)
      let move = namespaces.relocation(for: "Toolkit")
      let moves: [ControlState] = [
        move.apply(Self.bit(0)), move.apply(Self.bit(1)), move.revert(Self.bit(2)),
      ]
      #expect(moves == [Self.bit(2), Self.bit(1), Self.bit(0)])
      let hex = try #require(namespaces.catalog.kind("HexView", of: "Toolkit"))
      let names: [String?] = [
        hex.description(of: move.apply([Self.bit(0), Self.bit(1)])),
        hex.description(of: Self.bit(0)),
        namespaces.catalog.kind("TabView", of: "Toolkit")?.description(of: Self.bit(2)),
        namespaces.catalog.description(of: Self.bit(2)),
      ]
      #expect(names == ["busy | hexPane", "active", "edited", "0x40000"])
    }
  }

  /// For random libraries, each with a state for every kind and states of two kinds on random
  /// bits: the same namespaces in any order of the libraries; on a widget of one kind, the
  /// states for every kind of every library and the kind's own states are on distinct bits,
  /// and the kind's catalog parses each qualified name to its state's bit; each relocation
  /// moves a state back where it came from.
  @Test func kindsStatesAreDistinctOnTheirWidgets() {
    let library = Gen.int(in: 0...7).array(count: 3...3)
    forAll(
      "a kind's states are distinct on its widgets", library.array(count: 1...3),
      cases: GrowthChecks.cases(1_000), seed: 49
    ) { drawn in
      var libraries: [StateNames] = []
      var slots = Set<String>()
      for (index, bits) in drawn.enumerated() {
        let owner = "Lib\(index)"
        libraries.append(StateNames(owner, ["all\(index)": Self.bit(bits[0])]))
        slots.insert("all\(index)@\(bits[0])")
        for (kind, bit) in zip(["Alpha", "Beta"], bits.dropFirst()) where bit != bits[0] {
          libraries.append(
            StateNames(owner, kind: kind, ["\(kind.lowercased())\(index)": Self.bit(bit)]))
          slots.insert("\(owner)#\(bit)")
        }
      }
      let namespaces: StateNamespaces
      do {
        namespaces = try StateNamespaces(libraries)
      } catch let error as StateKitError {
        return slots.count > ControlState.application.rawValue.nonzeroBitCount
          && error.code == .bitAlreadyDeclared
      }
      guard slots.count <= ControlState.application.rawValue.nonzeroBitCount,
        try StateNamespaces(libraries.reversed()) == namespaces
      else { return false }
      let everyKind = libraries.filter { $0.kind == nil }
      for names in libraries {
        let move = namespaces.relocation(for: names.owner)
        for entry in names.entries where move.revert(move.apply(entry.bits)) != entry.bits {
          return false
        }
        guard let kind = names.kind else { continue }
        guard let catalog = namespaces.catalog.kind(kind, of: names.owner) else { return false }
        var seen = ControlState.normal
        for other in everyKind + [names] {
          for entry in other.entries {
            let state = namespaces.relocation(for: other.owner).apply(entry.bits)
            guard seen.isDisjoint(with: state),
              try catalog.parse("\(other.owner).\(entry.name)") == state
            else { return false }
            seen.formUnion(state)
          }
        }
      }
      return true
    }
  }
}

/// A toolkit's per-kind states as constants scoped to their kind, as the article shows them.
extension ControlState {
  /// The states of TermKit's text fields.
  enum TextField {
    static let invalid = ControlState(rawValue: 1 << 16)
  }
  /// The states of TermKit's links: the text field's bit, for another state.
  enum Link {
    static let visited = ControlState(rawValue: 1 << 16)
  }
  /// The states of TermKit's spinners: a state named as the text field's, on another bit.
  enum Spinner {
    static let invalid = ControlState(rawValue: 1 << 17)
  }
}

@Suite("StateNamespaces: kinds of one toolkit")
struct KindScopedNamespacesTests {
  static let textField = StateNames("TermKit", kind: "TextField", ["invalid": .TextField.invalid])
  static let link = StateNames("TermKit", kind: "Link", ["visited": .Link.visited])
  static let spinner = StateNames("TermKit", kind: "Spinner", ["invalid": .Spinner.invalid])

  /// The report of issue 45: a text field's `invalid` and a link's `visited` on bit 16, in one
  /// toolkit alone, are no collision; constants scoped to their kind read as
  /// `.TextField.invalid` wherever a state is expected.
  ///
  /// Two kinds of one toolkit may use one name on two bits: a widget of each kind carries only
  /// its own, so each kind's catalog prints and parses it by its bare name, as a merge's does.
  @Test func kindsOfOneToolkitNameOneBitDifferently() throws {
    let namespaces = try StateNamespaces([Self.textField, Self.link])
    #expect(namespaces.relocation(for: "TermKit").isIdentity)
    let field = try #require(namespaces.catalog.kind("TextField", of: "TermKit"))
    let link = try #require(namespaces.catalog.kind("Link", of: "TermKit"))
    let descriptions: [String] = [
      field.description(of: [.focused, .TextField.invalid]),
      link.description(of: [.focused, .Link.visited]),
    ]
    #expect(descriptions == ["focused | invalid", "focused | visited"])
    var border = StateTable<String>()
    border[.normal] = "plain"
    border[.TextField.invalid] = "red"
    #expect(border.resolve([.focused, .TextField.invalid]) == "red")
    // A kind and the toolkit's states for every kind, or two toolkits, on one bit still are.
    let busy = StateNames("TermKit", ["busy": ControlState(rawValue: 1 << 16)])
    #expect(throws: StateKitError.self) { try StateNamespaces([busy, Self.link]) }
    let other = StateNames("OtherKit", ["hot": ControlState(rawValue: 1 << 16)])
    let moved = try StateNamespaces([other, Self.textField, Self.link])
    #expect(
      moved.relocation(for: "TermKit").apply(.Link.visited) == ControlState(rawValue: 1 << 17))

    let libraries = [
      Self.textField, Self.spinner,
      StateNames("LinkKit", ["visited": ControlState(rawValue: 1 << 18)]),
    ]
    let merged = try StateCatalog(merging: libraries)
    let bare = try StateNamespaces(libraries)
    #expect(bare.relocation(for: "TermKit").isIdentity)
    let states: ControlState = [
      .TextField.invalid, .Spinner.invalid, ControlState(rawValue: 1 << 18),
    ]
    for kind in ["TextField", "Spinner"] {
      let catalog = try #require(bare.catalog.kind(kind, of: "TermKit"))
      let expected = try #require(merged.kind(kind, of: "TermKit"))
      let all = Array(ControlState.combinations(of: states.union(.selected)))
      #expect(
        all.map { catalog.description(of: $0) } == all.map { expected.description(of: $0) },
        "\(kind)")
      #expect(try catalog.parse("TermKit.invalid") == catalog.parse("invalid"))
    }
    #expect(try bare.catalog.kind("Spinner", of: "TermKit")?.parse("invalid") == .Spinner.invalid)
  }
}
