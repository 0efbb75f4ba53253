import Foundation
import StateKit
import StateKitTesting
import Testing

@testable import StateKitCore

/// The layouts of other toolkits' state bits, each checked value by value against an excerpt of
/// the public header that defines them. The excerpts are in `Fixtures/Headers/`, each opening
/// with the repository, path, release and commit it was copied from:
///
/// - `lvgl-8.0.0.h.txt`, `lvgl-8.3.11.h.txt`: lvgl/lvgl `src/core/lv_obj.h` at v8.0.0 and
///   v8.3.11, and `lvgl-9.4.0.h.txt`: `src/core/lv_obj_style.h` at v9.4.0 (``BitLayout/lvgl``);
/// - `lvgl-9.5.0.h.txt`: `src/core/lv_obj_style.h` at v9.5.0 (``BitLayout/lvgl95``);
/// - `gtk-4.15.3.h.txt`: GTK 4.15.3's `gtk/gtkenums.h`, `GtkStateFlags` (``BitLayout/gtk``).
@Suite("Other toolkits' layouts match their public headers")
struct ToolkitLayoutTests {
  /// One enumerator of a header: its C name without the prefix, and its value.
  struct Constant: Equatable {
    var name: String
    var value: UInt
  }

  /// A header excerpt: where it comes from (its first line) and its constants with `prefix`.
  struct Header {
    var source: String
    var constants: [Constant]
  }

  static func header(_ file: String, prefix: String) throws -> Header {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/Headers/\(file)")
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let pattern = try NSRegularExpression(
      pattern: "^\\s*\(prefix)(\\w+)\\s*=\\s*(0x[0-9A-Fa-f]+|1 << \\d+|\\d+)")
    var constants: [Constant] = []
    for line in lines where !line.hasPrefix("#") {
      let line = String(line)
      guard
        let match = pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
        let name = Range(match.range(at: 1), in: line),
        let value = Range(match.range(at: 2), in: line)
      else { continue }
      let literal = line[value]
      let number: UInt?
      if literal.hasPrefix("0x") {
        number = UInt(literal.dropFirst(2), radix: 16)
      } else if let shift = literal.range(of: "1 << ") {
        number = UInt(literal[shift.upperBound...]).map { 1 << $0 }
      } else {
        number = UInt(literal)
      }
      constants.append(Constant(name: String(line[name]), value: try #require(number)))
    }
    return Header(source: String(lines.first ?? ""), constants: constants)
  }

  /// `FOCUS_KEY` → `focusKey`, `DIR_LTR` → `dirLtr`: the C name in lower camel case.
  static func camelCase(_ name: String) -> String {
    let words = name.lowercased().split(separator: "_")
    return words.enumerated().map { $0 == 0 ? String($1) : $1.capitalized }.joined()
  }

  /// Checks every constant of a header against a layout: the empty name is 0, each named flag
  /// is the layout's system name for its bit, the user states are exactly the application
  /// range, `ANY` is every bit of the type and a reserved word; and every system name of the
  /// layout is in the header.
  static func check(
    _ layout: BitLayout, against header: Header, empty: String, user: String? = nil,
    any: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    // The excerpt names where it comes from: a repository path and a full commit.
    #expect(
      header.source.range(of: "commit [0-9a-f]{40}", options: .regularExpression) != nil,
      "\(header.source)", sourceLocation: sourceLocation)
    #expect(header.constants.count > 8, sourceLocation: sourceLocation)
    var systemNamesSeen: Set<String> = []
    var userBits: UInt = 0
    for constant in header.constants {
      if constant.name == empty {
        #expect(constant.value == 0, sourceLocation: sourceLocation)
        #expect(
          layout.emptyName == camelCase(empty), "\(layout.name)", sourceLocation: sourceLocation)
      } else if let user, constant.name.hasPrefix(user) {
        userBits |= constant.value
      } else if let any, constant.name == any {
        #expect(
          constant.value == layout.coveredMask, "\(layout.name): ANY is every bit of the type",
          sourceLocation: sourceLocation)
        #expect(
          layout.reservedWords.contains(camelCase(any)), "\(layout.name)",
          sourceLocation: sourceLocation)
      } else {
        let name = camelCase(constant.name)
        #expect(constant.value.nonzeroBitCount == 1, "\(name)", sourceLocation: sourceLocation)
        let bit = constant.value.trailingZeroBitCount
        let entry = layout.systemNames.first { $0.name == name }
        #expect(
          entry?.bit == bit, "\(layout.name): \(constant.name) is bit \(bit)",
          sourceLocation: sourceLocation)
        #expect(
          layout.span(ofBit: bit)?.role == .system, "\(layout.name): \(name)",
          sourceLocation: sourceLocation)
        systemNamesSeen.insert(name)
      }
    }
    #expect(
      Set(layout.systemNames.map(\.name)) == systemNamesSeen,
      "\(layout.name): every system name comes from the header", sourceLocation: sourceLocation)
    if user != nil {
      #expect(
        userBits == layout.applicationMask, "\(layout.name): the user states are the app range",
        sourceLocation: sourceLocation)
    }
    // Every bit of the type that the header neither names nor gives the user is one the header
    // keeps ("reserved"): the layout reports it reserved, not as a system bit.
    if let any, let all = header.constants.first(where: { $0.name == any })?.value {
      let named = header.constants.filter { $0.name != any }.reduce(UInt(0)) { $0 | $1.value }
      for bit in 0..<UInt.bitWidth where all >> UInt(bit) & 1 == 1 && named >> UInt(bit) & 1 == 0 {
        #expect(
          layout.span(ofBit: bit)?.role == .reserved,
          "\(layout.name): bit \(bit) is kept by the header, not \(layout.roleName(ofBit: bit))",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test(arguments: ["lvgl-8.0.0.h.txt", "lvgl-8.3.11.h.txt", "lvgl-9.4.0.h.txt"])
  func lvglBefore9_5(file: String) throws {
    let header = try Self.header(file, prefix: "LV_STATE_")
    Self.check(.lvgl, against: header, empty: "DEFAULT", user: "USER_", any: "ANY")
    // `lv_state_t` is 16 bits wide: the layout covers exactly those.
    #expect(BitLayout.lvgl.coveredMask == 0xFFFF)
  }

  /// LVGL 9.5, and GTK 4.
  @Test func lvgl95AndGTK4() throws {
    let header = try Self.header("lvgl-9.5.0.h.txt", prefix: "LV_STATE_")
    Self.check(.lvgl95, against: header, empty: "DEFAULT", user: "USER_", any: "ANY")
    #expect(BitLayout.lvgl95.coveredMask == 0xFFFF)
    // 9.5 moved every flag but the user states: the same mask means other states.
    let before = try Self.header("lvgl-9.4.0.h.txt", prefix: "LV_STATE_")
    let pressed = { (header: Header) in header.constants.first { $0.name == "PRESSED" }?.value }
    let values: [UInt?] = [pressed(before), pressed(header)]
    #expect(values == [0x20, 0x80])

    let gtk = try Self.header("gtk-4.15.3.h.txt", prefix: "GTK_STATE_FLAG_")
    #expect(gtk.constants.count == 16)
    Self.check(.gtk, against: gtk, empty: "NORMAL")
    // GTK names no application bits: none of its flags is in the application range or above
    // the system span.
    let all = gtk.constants.reduce(0) { $0 | $1.value }
    #expect(all & ~BitLayout.gtk.mask(ofSpan: "gtk") == 0)
  }

  /// Each layout's short name chooses it, and the names are unique. The text format on the new
  /// layouts, through the one name table: the issue's own mask, a user state named by the app,
  /// and LVGL's `any` refused as a name. LVGL's user states, `any` and the part of a style
  /// selector, by name.
  @Test func namesChooseTheLayoutsAndTheTextFormatUsesThem() throws {
    let layoutNames = BitLayout.all.map(\.name)
    #expect(Set(layoutNames).count == layoutNames.count)
    #expect(layoutNames.map { BitLayout.named($0) } == BitLayout.all)
    #expect(BitLayout.named("LVGL") == nil)

    var names = NameTable(layout: .lvgl)
    var texts: [String] = [names.text(of: 0x1021)]
    try names.declare("blinking", raw: 0x1000, owner: nil)
    texts.append(names.text(of: 0x1021))
    #expect(throws: StateKitError.self) { try names.declare("any", raw: 0x2000, owner: nil) }
    #expect(throws: StateKitError.self) { try names.declare("late", raw: 0x0100, owner: nil) }
    let gtk = NameTable(layout: .gtk)
    texts += [NameTable(layout: .lvgl95).text(of: 0x1021), gtk.text(of: 0x0808)]
    let expectedTexts: [String] = [
      "checked | pressed | user_1", "checked | pressed | blinking", "alt | edited | user_1",
      "insensitive | checked",
    ]
    #expect(texts == expectedTexts)
    let parsed: [UInt] = [
      try names.parse("pressed | blinking | checked", unknownBits: .strict),
      try names.parse("default", unknownBits: .strict),
      try gtk.parse("prelight | focusVisible", unknownBits: .strict),
    ]
    #expect(parsed == [0x1021, 0, 0x2002])

    let lvgl = NameTable(layout: .lvgl)
    // `LV_PART_KNOB | LV_STATE_PRESSED`: the part named apart from the state. Part 6 is ticks
    // in LVGL 8 and the cursor in 9.0-9.4: hex here, named in 9.5's layout.
    let lvglTexts: [String] = [
      lvgl.text(of: 0xF000), lvgl.text(of: 0xFFFF), lvgl.text(of: 0x3_0020),
      lvgl.text(of: 0xF_FFFF), lvgl.text(of: 0x6_0020),
      NameTable(layout: .lvgl95).text(of: 0x6_0080),
      lvgl.printingConstants().text(of: 0x3_1020),
    ]
    let expectedLVGL: [String] = [
      "user_1 | user_2 | user_3 | user_4", "any", "knob | pressed", "anyPart | any",
      "pressed | 0x60000", "cursor | pressed", "LV_PART_KNOB | LV_STATE_PRESSED | LV_STATE_USER_1",
    ]
    #expect(lvglTexts == expectedLVGL)
    let lvglParsed: [UInt] = [
      try lvgl.parse("any", unknownBits: .strict),
      try lvgl.parse("LV_STATE_ANY", unknownBits: .strict),
      try lvgl.parse("LV_PART_KNOB | LV_STATE_PRESSED", unknownBits: .strict),
      try lvgl.parse("main | pressed", unknownBits: .strict), lvgl.unnamedBits(in: 0x3_0020),
    ]
    #expect(lvglParsed == [0xFFFF, 0xFFFF, 0x3_0020, 0x20, 0])
    // GTK has no parts and no `any`.
    #expect(gtk.text(of: 0x7FFF).contains("focusWithin"))
  }

  /// LVGL's choice of a style for a state (`lv_obj_style.c`, `get_prop_core`, 8.0 to 9.5): of
  /// the styles whose state bits the widget has, the one with the greatest value wins; of
  /// equal values, the first in the object's list, which is the one added last
  /// (`lv_obj_add_style` inserts a style before the others). `styles` are in the order added.
  static func lvglChoice(_ styles: [(state: UInt, value: Int)], for state: UInt) -> Int? {
    var weight = -1
    var found: Int?
    for style in styles.reversed() where style.state & ~state == 0 && Int(style.state) > weight {
      weight = Int(style.state)
      found = style.value
    }
    return found
  }

  /// A StateTable over LVGL's raw bits resolves every state as LVGL does when its entries are
  /// given greatest value first to `init(firstMatch:)`, and its Lookup agrees: for seeded
  /// random style lists over LVGL's flags and user states, every combination of the bits they
  /// mention.
  @Test func aTableOverLVGLBitsResolvesAsLVGL() {
    let bits =
      BitLayout.lvgl.systemNames.map { UInt(1) << UInt($0.bit) }
      + BitLayout.lvgl.application.map { UInt(1) << UInt($0) }
    var random = SplitMix64(seed: 39)
    var lookups = 0
    for round in 0..<200 {
      var styles: [(state: UInt, value: Int)] = []
      for value in 0..<Int.random(in: 1...8, using: &random) {
        var state: UInt = 0
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          state |= bits.randomElement(using: &random) ?? 0
        }
        styles.append((state, value))
      }
      // LVGL takes the style of a state added last; a table keeps one entry per selector.
      var seen: Set<UInt> = []
      let unique = styles.reversed().filter { seen.insert($0.state).inserted }
      let table = StateTable(
        firstMatch: unique.sorted { $0.state > $1.state }.map {
          (StateSelector(ControlState(rawValue: $0.state)), $0.value)
        })
      // A lookup is indexed when the bits gather into 12 slot bits (LVGL's flags alone do).
      let lookup = StateLookup(table, default: -1)
      if lookup.isIndexed { lookups += 1 }
      let mentioned = styles.reduce(0) { $0 | $1.state }
      var subset: UInt = 0
      repeat {
        let expected = Self.lvglChoice(styles, for: subset)
        let state = ControlState(rawValue: subset)
        #expect(table.resolve(state) == expected, "round \(round), state \(subset), \(styles)")
        #expect(lookup.resolve(state) == expected ?? -1, "round \(round), state \(subset)")
        subset = (subset &- mentioned) & mentioned
      } while subset != 0
    }
    #expect(lookups > 50, "\(lookups) of 200 tables had an indexed lookup")
  }

  /// Every constant of every header parses, by its C name, to its value under its layout, and
  /// prints back by its C name with `printingConstants()`: the names developers type.
  @Test(arguments: [
    ("lvgl-8.0.0.h.txt", "lvgl"), ("lvgl-8.3.11.h.txt", "lvgl"), ("lvgl-9.4.0.h.txt", "lvgl"),
    ("lvgl-9.5.0.h.txt", "lvgl-9.5"), ("gtk-4.15.3.h.txt", "gtk"),
  ])
  func constantNamesParseAndPrint(file: String, layoutName: String) throws {
    let layout = try #require(BitLayout.named(layoutName))
    let prefix = layout.constantPrefix
    let header = try Self.header(file, prefix: prefix)
    let names = NameTable(layout: layout)
    let constants = names.printingConstants()
    for constant in header.constants {
      let name = prefix + constant.name
      // The layout's own name prints without the option and parses with it.
      let values: [UInt] = [
        try names.parse(name, unknownBits: .strict),
        try constants.parse(names.text(of: constant.value), unknownBits: .strict),
      ]
      #expect(values == [constant.value, constant.value], "\(name)")
      #expect(constants.text(of: constant.value) == name, "\(name)")
    }
    // Case as in the headers: another case is no name.
    #expect(throws: StateKitError.self) {
      try names.parse(prefix.lowercased() + "checked", unknownBits: .strict)
    }
  }

  /// A catalog of LVGL's names for ControlState values, and a table with LVGL's precedence,
  /// print LVGL's names: `explain` does not call LVGL's `checked` "highlighted". A theme names
  /// its layout: its selectors use LVGL's names, its tables LVGL's rule.
  @Test func tablesAndThemesPrintTheirLayoutsNames() throws {
    let lvgl = StateCatalog(layout: .lvgl)
    #expect(try lvgl.parseSelector("LV_STATE_CHECKED | !disabled").excluded.rawValue == 0x80)
    var catalog = StateCatalog(layout: .lvgl)
    try catalog.declare("blinking", applicationBit: 1)
    var table = StateTable<String>(precedence: StatePrecedence(layout: .lvgl))
    table[ControlState(rawValue: 0x01)] = "green"
    let explanation = table.explain(ControlState(rawValue: 0x01))
    let texts: [String] = [
      lvgl.description(of: ControlState(rawValue: 0x21)),
      catalog.description(of: ControlState(rawValue: 0x2001)), explanation.description,
      table.description,
    ]
    let expected: [String] = [
      "checked | pressed", "checked | blinking",
      "checked → \"green\" from checked: the only entry that matches", "[checked: green]",
    ]
    #expect(texts == expected)
    #expect(!explanation.description.contains("highlighted"))
    #expect(StatePrecedence(layout: .lvgl).layout == .lvgl)
    #expect(StatePrecedence(layout: .controlEvents) == .standard)

    let key = StyleKey<String>("background")
    let json = #"""
      {"$layout": "lvgl", "background": {"default": "gray", "checked | focused": "green",
       "LV_STATE_PRESSED": "navy"}}
      """#
    let theme = try StyleSet(themeJSON: Array(json.utf8), keys: [.init(key)])
    #expect(theme.precedence == StatePrecedence(layout: .lvgl))
    #expect(theme.resolve(ControlState(rawValue: 0x23))[key] == "navy")
    let themeExplanation = theme.explain(ControlState(rawValue: 0x23)).description
    #expect(
      themeExplanation.contains("checked | focused | pressed")
        && !themeExplanation.contains("highlighted"), "\(themeExplanation)")
    // `$precedence` orders UIKit's states only; a layout of events or an unknown one is refused.
    for bad in [
      #"{"$layout": "lvgl", "$precedence": {"dominant": "disabled"}}"#,
      #"{"$layout": "events"}"#, #"{"$layout": 3}"#,
    ] {
      #expect(throws: StateKitError.self) {
        try StyleSet(themeJSON: Array(bad.utf8), keys: [.init(key)])
      }
    }
  }
}
