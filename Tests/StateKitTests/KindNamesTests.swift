import Testing

@testable import StateKitCore

/// Names per widget kind: bits unique only where states can meet on one widget.
@Suite("Names per widget kind")
struct KindNamesTests {
  static func bit(_ index: Int) -> ControlState { ControlState(rawValue: 1 << UInt(16 + index)) }

  /// A library-wide state, and eleven kind states on the seven other bits: more custom states
  /// than the application range has bits.
  static let toolkit = StateNames("Toolkit", ["hot": bit(0)])
  static let list = StateNames(
    "Toolkit", kind: "List", ["marked": bit(1), "navigating": bit(2), "dragging": bit(3)])
  static let hexView = StateNames(
    "Toolkit", kind: "HexView", ["hexPane": bit(1), "edited": bit(2), "overwrite": bit(3)])
  static let menu = StateNames(
    "Toolkit", kind: "Menu",
    ["checked": bit(1), "navigating": bit(2), "open": bit(4), "submenu": bit(5), "x": bit(7)])

  /// Kinds reuse bits. Constant names print without a merge; where two entries claim one bit,
  /// the first wins.
  ///
  /// Within a kind, and between a kind and the states for every kind, a bit claimed twice
  /// fails with both names, in either order. A kind must be an identifier.
  @Test func kindsReuseBitsNamesPrintWithoutAMergeAndCollisionsAreWhereStatesMeet() throws {
    let catalog = try StateCatalog(merging: [Self.toolkit, Self.list, Self.hexView, Self.menu])
    let names = [Self.list, Self.hexView, Self.menu].flatMap(\.entries).map(\.name)
    #expect(Set(names).count + 1 > 8, "more custom states than application bits")
    let hex = try #require(catalog.kind("HexView", of: "Toolkit"))
    let list = try #require(catalog.kind("List", of: "Toolkit"))
    #expect(try hex.parse("edited | hot") == [Self.bit(2), Self.bit(0)])
    #expect(throws: StateKitError.self) { try hex.parse("marked") }
    // The catalog for every kind knows the library-wide names only.
    #expect(catalog.kind("Tree", of: "Toolkit") == nil && catalog.kind("List", of: "Other") == nil)
    let clash = StateNames(
      "A", ["first": Self.bit(0), "second": Self.bit(0), "bad name": Self.bit(1)])
    let descriptions: [String] = [
      hex.description(of: [Self.bit(0), Self.bit(1)]),
      list.description(of: [Self.bit(0), Self.bit(1)]),
      catalog.description(of: [Self.bit(0), Self.bit(1)]),
      Self.hexView.description(of: [.selected, Self.bit(1)]),
      Self.hexView.description(of: Self.bit(6)),
      clash.description(of: [Self.bit(0), Self.bit(1)]),
    ]
    let expected: [String] = [
      "hot | hexPane", "hot | marked", "hot | 0x20000", "selected | hexPane", "0x400000",
      "first | 0x20000",
    ]
    #expect(descriptions == expected)

    let twice = StateNames("Toolkit", kind: "List", ["selectedRow": Self.bit(1)])
    #expect {
      try StateCatalog(merging: [Self.list, twice])
    } throws: { error in
      let text = "\(error)"
      return text.contains("selectedRow") && text.contains("marked")
    }
    let wide = StateNames("Toolkit", ["pressedHard": Self.bit(1)])
    for order in [[Self.list, wide], [wide, Self.list]] {
      #expect {
        try StateCatalog(merging: order)
      } throws: { error in
        let text = "\(error)"
        return text.contains("pressedHard") && text.contains("marked")
      }
    }
    // Another library's states for every kind meet every kind too.
    let other = StateNames("BadgeKit", ["badged": Self.bit(3)])
    #expect(throws: StateKitError.self) { try StateCatalog(merging: [Self.hexView, other]) }
    // The same name on the same bit is no collision.
    let again = StateNames("Toolkit", kind: "List", ["marked": Self.bit(1)])
    _ = try StateCatalog(merging: [Self.list, again])
    let bad = StateNames("Toolkit", kind: "Hex View", ["hexPane": Self.bit(1)])
    #expect(throws: StateKitError.self) { try StateCatalog(merging: [bad]) }
  }
}
