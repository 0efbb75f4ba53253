import StateKit
import StateKitTesting
import Testing

/// StateNamespaces: libraries that share bits, each on bits of its own in the app.
@Suite("State namespaces")
struct StateNamespacesTests {
  static let a = StateNames(
    "AKit", ["active": ControlState(rawValue: 1 << 16), "shown": ControlState(rawValue: 1 << 17)])
  static let b = StateNames(
    "BKit", ["active": ControlState(rawValue: 1 << 16), "hidden": ControlState(rawValue: 1 << 17)])
  static let c = StateNames("CKit", ["active": ControlState(rawValue: 1 << 20)])

  @Test func aNameTwoLibrariesShareOnOneBitIsOneState() throws {
    let namespaces = try StateNamespaces([Self.b, Self.a])
    #expect(namespaces.catalog.customEntries.map(\.name) == ["active", "shown", "hidden"])
    #expect(namespaces.relocation(for: "AKit").isIdentity)
    #expect(
      namespaces.relocation(for: "BKit").apply(ControlState(rawValue: 1 << 17)).rawValue == 1 << 18)
    #expect(try namespaces.catalog.parse("BKit.active") == namespaces.catalog.parse("AKit.active"))
  }

  @Test func anAmbiguousBareNameIsWrittenQualified() throws {
    let namespaces = try StateNamespaces([Self.a, Self.c])
    let catalog = namespaces.catalog
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
    for state in [ControlState(rawValue: 1 << 20 | 1 << 16 | 4), ControlState(rawValue: 0x3_0000)] {
      #expect(try catalog.parse(catalog.description(of: state)) == state)
    }
  }

  @Test func libraryErrorsNameTheLibraryAndAFullRangeThrows() throws {
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
  }

  /// For random libraries on random bits: the assignment gives every state its own bit, in any
  /// order of the libraries, and each relocation is a bijection that keeps every other bit.
  @Test func relocationsAreBijectionsOntoDistinctBits() {
    let library = Gen.zip(Gen.int(in: 0...7), Gen.int(in: 0...7))
    let cases = Gen.zip(library, library, library)
    if case .success(let seed) = PropertySeed.current {
      print(
        "namespaces property: seed \(seed); replay with \(PropertySeed.environmentVariable)=\(seed)"
      )
    }
    let report = forAll("relocations give each library's states distinct bits", cases, cases: 3_000)
    {
      triple in
      let pairs = [triple.0, triple.1, triple.2]
      let libraries = pairs.enumerated().map { index, bits in
        StateNames(
          "Lib\(index)",
          entries: [
            .init(name: "first\(index)", state: ControlState(rawValue: 1 << UInt(16 + bits.0)))
          ]
            + (bits.0 == bits.1
              ? []
              : [
                .init(name: "second\(index)", state: ControlState(rawValue: 1 << UInt(16 + bits.1)))
              ]))
      }
      let namespaces = try StateNamespaces(libraries)
      guard try StateNamespaces(libraries.reversed()) == namespaces else { return false }
      var seen = ControlState.normal
      for names in libraries {
        let move = namespaces.relocation(for: names.owner)
        for entry in names.entries {
          let moved = move.apply(entry.state.union(.selected))
          guard moved.memberCount == 2, moved.contains(.selected),
            move.revert(moved) == entry.state.union(.selected),
            seen.isDisjoint(with: moved.subtracting(.selected))
          else { return false }
          seen.formUnion(moved.subtracting(.selected))
        }
      }
      return true
    }
    #expect(report == nil)
  }
}
