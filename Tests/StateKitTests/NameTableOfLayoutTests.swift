import Testing

@testable import StateKitCore

/// The name table of a layout, made once for the package's layouts, is the table made afresh,
/// to the last stored property; a layout that equals one of them by `==` but differs elsewhere
/// gets a table of its own.
@Suite("Name tables of layouts")
struct NameTableOfLayoutTests {
  /// Every stored property of a table, as the lines of its dump, sorted: a dictionary's
  /// entries dump in an order of its own storage.
  static func everything(_ table: NameTable) -> [Substring] {
    var text = ""
    dump(table, to: &text)
    return text.split(separator: "\n").sorted()
  }

  /// Layouts `==` one of the package's that differ from it in one stored property.
  static var lookalikes: [BitLayout] {
    let base = BitLayout.controlState
    let renamed = BitLayout(
      name: base.name, typeName: base.typeName, noun: base.noun, emptyName: "plain",
      spans: base.spans, systemNames: base.systemNames, reservedWords: base.reservedWords)
    var variants = [renamed]
    for change in 0..<6 {
      var layout = BitLayout.lvgl
      switch change {
      case 0: layout.constantPrefix = "X_"
      case 1: layout.applicationNames = ["one"]
      case 2: layout.everyName = nil
      case 3: layout.partBits = nil
      case 4: layout.parts = Array(layout.parts.dropLast())
      default: layout.parts[0].constant = "LV_PART_OTHER"
      }
      variants.append(layout)
    }
    return variants
  }

  @Test func tablesOfLayoutsAreTheTablesMadeAfresh() {
    let layouts = BitLayout.all + Self.lookalikes
    #expect(Self.lookalikes.allSatisfy { layout in BitLayout.all.contains { $0 == layout } })
    let differing = layouts.filter {
      Self.everything(NameTable(layout: $0)) != Self.everything(NameTable(building: $0))
    }
    #expect(differing.map(\.name) == [])
    #expect(
      Self.lookalikes.allSatisfy { layout in
        !BitLayout.all.contains { $0.isIdentical(to: layout) }
          && NameTable(layout: layout).layout.isIdentical(to: layout)
      })
    #expect(BitLayout.all.allSatisfy { $0.isIdentical(to: $0) })
  }

  /// A constant name is the prefix and the name in upper snake case, by the rule of ranges,
  /// for every ASCII character and some others.
  @Test func constantNamesFollowTheRangeRule() {
    func plain(_ name: String) -> String {
      var snake = Array("LV_STATE_".utf8)
      for byte in name.utf8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): snake += [UInt8(ascii: "_"), byte]
        case UInt8(ascii: "a")...UInt8(ascii: "z"): snake.append(byte - 32)
        default: snake.append(byte)
        }
      }
      return String(decoding: snake, as: UTF8.self)
    }
    let names =
      (0..<128).map { "a" + String(UnicodeScalar(UInt8($0))) + "Z" }
      + ["focusKey", "user_1", "", "é", "Ωmega", "@[`{"]
    #expect(names.filter { BitLayout.lvgl.constantName(of: $0) != plain($0) } == [])
  }
}
