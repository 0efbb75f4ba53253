import Foundation
import Testing

@testable import StateKit

/// The resolution rule written out plainly, as the issue states it, to check the fast index.
enum Reference {
  static let precedence: [Int] = {
    let first = [1, 0, 3, 2] + Array((16...23).reversed())
    return first + (0..<UInt.bitWidth).reversed().filter { !first.contains($0) }
  }()

  static func has(_ state: ControlState, _ bit: Int) -> Bool {
    state.rawValue >> UInt(bit) & 1 == 1
  }

  /// Whether `a` beats `b`: more specific, else the first bit in precedence order that one
  /// requires and the other does not, else the same walk over the excluded bits.
  static func beats(_ a: StateSelector, _ b: StateSelector) -> Bool {
    let specificity = { (s: StateSelector) in s.required.memberCount + s.excluded.memberCount }
    if specificity(a) != specificity(b) { return specificity(a) > specificity(b) }
    for bit in precedence where has(a.required, bit) != has(b.required, bit) {
      return has(a.required, bit)
    }
    for bit in precedence where has(a.excluded, bit) != has(b.excluded, bit) {
      return has(a.excluded, bit)
    }
    return false
  }

  static func resolve<V>(_ entries: [(StateSelector, V)], _ state: ControlState) -> V? {
    let matching = entries.filter { selector, _ in
      state.isSuperset(of: selector.required) && state.isDisjoint(with: selector.excluded)
    }
    var best: (StateSelector, V)?
    for candidate in matching where best == nil || beats(candidate.0, best!.0) { best = candidate }
    return best?.1
  }
}

@Suite("StateTable")
struct StateTableTests {
  static let visited = ControlState(rawValue: 1 << 16)

  /// Pools of bits that random tables draw from, chosen to reach every kind of index.
  static let pools: [ControlState] = [
    [.highlighted, .disabled, .selected, .focused],
    [.highlighted, .disabled, .selected, .focused, visited, ControlState(rawValue: 1 << 17)],
    ControlState(rawValue: 1 | 1 << 9 | 1 << 20 | 1 << 31 | 1 << 40 | 1 << 63),
    ControlState(rawValue: 0x3F << 2 | 1 << 24),
    ControlState(rawValue: 0x01FF),
  ]

  static func randomTable(using rng: inout SplitMix64) -> [(StateSelector, Int)] {
    let pool = pools[Int(rng.next() % UInt64(pools.count))]
    let size = Int(rng.next() % 21)
    var entries: [StateSelector: Int] = [:]
    for value in 0..<size {
      let required = ControlState.random(in: pool, using: &rng)
      let excluded =
        rng.next() % 3 == 0
        ? ControlState.random(in: pool.subtracting(required), using: &rng) : .normal
      entries[try! StateSelector(requiring: required, excluding: excluded)] = value
    }
    return entries.map { ($0.key, $0.value) }
  }

  @Test func resolveAgreesWithTheReference() {
    var scanned = false
    var slotBits: Set<Int> = []
    Property.check("resolve == brute-force reference", cases: 3_000) { rng in
      let entries = Self.randomTable(using: &rng)
      let pool = entries.reduce(ControlState.normal) {
        $0.union($1.0.required).union($1.0.excluded)
      }
      let table = StateTable(entries)
      if let shape = table.indexShape {
        if shape.scans { scanned = true } else { slotBits.insert(shape.slotBits) }
      }
      for _ in 0..<20 {
        let noise = ControlState(
          rawValue: UInt(truncatingIfNeeded: rng.next()) & UInt(truncatingIfNeeded: rng.next()))
        let state = ControlState.random(in: pool, using: &rng).union(
          rng.next() % 2 == 0 ? noise : .normal)
        let expected = Reference.resolve(entries, state)
        if table.resolve(state) != expected {
          return
            "table \(table) state \(state.debugDescription): got \(String(describing: table.resolve(state))), expected \(String(describing: expected))"
        }
      }
      return nil
    }
    #expect(scanned, "the scanning fallback must be exercised")
    #expect(
      slotBits.contains(0) && slotBits.contains { $0 > 4 },
      "small and wide indices: \(slotBits.sorted())")
  }

  @Test func equalityAndResolutionIgnoreInsertionOrder() {
    Property.check("tables filled in any order are equal", cases: 2_000) { rng in
      let entries = Self.randomTable(using: &rng)
      let a = StateTable(entries)
      var shuffled = entries
      shuffled.shuffle(using: &rng)
      var b = StateTable<Int>()
      for (selector, value) in shuffled { b[selector] = value }
      guard a == b, a.hashValue == b.hashValue else { return "\(a) != \(b)" }
      for _ in 0..<10 {
        let state = ControlState(rawValue: UInt(truncatingIfNeeded: rng.next() & rng.next()))
        if a.resolve(state) != b.resolve(state) {
          return "\(state.debugDescription) resolves differently"
        }
      }
      return nil
    }
  }

  @Test func examplesFromTheRule() throws {
    var table = StateTable<String>()
    table[.normal] = "normal"
    table[.selected] = "selected"
    table[.disabled] = "disabled"
    table[.highlighted] = "highlighted"
    #expect(
      table.resolve([.selected, .highlighted]) == "highlighted", "highlighted outranks selected")
    #expect(table.resolve([.selected, .focused]) == "selected")
    #expect(
      table.resolve([.disabled, .highlighted, .selected]) == "disabled", "disabled wins ties")
    #expect(table.resolve(.focused) == "normal", "normal is the universal fallback")
    #expect(table.resolve(Self.visited) == "normal")
    table[[.selected, .highlighted]] = "both"
    #expect(
      table.resolve([.selected, .highlighted, .disabled]) == "both",
      "more specific beats precedence")
    // Application bits 23 down to 16 come after the system bits, before everything else.
    var app = StateTable<Int>()
    app[ControlState(rawValue: 1 << 16)] = 16
    app[ControlState(rawValue: 1 << 23)] = 23
    app[ControlState(rawValue: 1 << 24)] = 24
    app[ControlState(rawValue: 1 << 4)] = 4
    #expect(app.resolve(ControlState(rawValue: 1 << 16 | 1 << 23 | 1 << 24)) == 23)
    #expect(app.resolve(ControlState(rawValue: 1 << 16 | 1 << 24 | 1 << 4)) == 16)
    #expect(app.resolve(ControlState(rawValue: 1 << 24 | 1 << 4)) == 24)
    #expect(app.resolve(.normal) == nil)
  }

  @Test func subscriptReadsExactEntriesAndNilRemoves() {
    var table = StateTable<Int>()
    #expect(table.isEmpty)
    table[.selected] = 1
    table[.normal] = 0
    #expect(table[.selected] == 1)
    #expect(table[[.selected, .highlighted]] == nil)
    #expect(table.count == 2)
    table[.selected] = 2
    #expect(table.count == 2 && table[.selected] == 2)
    table[.selected] = nil
    #expect(table.count == 1)
    #expect(table.resolve(.selected) == 0)
    table[.highlighted] = nil
    #expect(table.count == 1)
    #expect(table.entries.map(\.selector) == [StateSelector(.normal)])
  }

  @Test func uikitRule() {
    var table = StateTable<String>()
    table[.normal] = "blue"
    table[.selected] = "white"
    #expect(table.resolve([.selected, .highlighted], rule: .uikit) == "blue")
    #expect(table.resolve([.selected, .highlighted], rule: .bestMatch) == "white")
    #expect(table.resolve(.selected, rule: .uikit) == "white")
    var noNormal = StateTable<String>()
    noNormal[.selected] = "white"
    #expect(noNormal.resolve(.highlighted, rule: .uikit) == nil)
    // Exclusions do not exist in UIKit: only plain entries count.
    noNormal[try! StateSelector(requiring: .normal, excluding: .disabled)] = "enabled"
    #expect(noNormal.resolve(.highlighted, rule: .uikit) == nil)
    #expect(noNormal.resolve(.highlighted) == "enabled")
  }

  @Test func selectorsWithExclusions() throws {
    var table = StateTable<String>()
    table[.normal] = "normal"
    table[try StateSelector(requiring: .selected, excluding: .disabled)] = "selected, enabled"
    table[.selected] = "selected"
    #expect(table.resolve(.selected) == "selected, enabled")
    #expect(table.resolve([.selected, .disabled]) == "selected")
    #expect(table.resolve([.selected, .highlighted]) == "selected, enabled")
    let selector = try StateSelector(requiring: .selected, excluding: .disabled)
    #expect(selector.description == "selected | !disabled")
    #expect(try StateSelector(parsing: "selected | !disabled") == selector)
    #expect(try StateSelector(parsing: "!disabled").required == .normal)
    #expect(try StateSelector(parsing: "!0x10000 | focused").excluded.rawValue == 0x10000)
  }

  @Test func conflictingSelectorIsRejected() {
    let error = #expect(throws: StateKitError.self) {
      try StateSelector(requiring: [.selected, .highlighted], excluding: [.selected, .disabled])
    }
    #expect(error?.code == .conflictingSelector)
    #expect(
      error?.description.contains("both requires and excludes selected") == true,
      "\(error?.description ?? "")")
    let parsed = #expect(throws: StateKitError.self) {
      try StateSelector(parsing: "selected | !selected")
    }
    #expect(parsed?.code == .conflictingSelector)
    let normal = #expect(throws: StateKitError.self) {
      try StateSelector(parsing: "selected | !normal")
    }
    #expect(normal?.code == .unknownName)
    #expect(normal?.token == "!normal")
  }

  @Test func selectorTextRoundTrip() {
    let catalog = StateCatalog.system
    Property.check("parseSelector(description(of: s)) == s") { rng in
      let required = ControlState.arbitrary(using: &rng)
      let excluded = ControlState.arbitrary(using: &rng).subtracting(required)
      guard let selector = try? StateSelector(requiring: required, excluding: excluded) else {
        return "build"
      }
      let text = catalog.description(of: selector)
      return (try? catalog.parseSelector(text)) == selector ? nil : "\(text)"
    }
  }

  @Test func overlay() {
    var theme = StateTable<String>()
    theme[.normal] = "blue"
    theme[.disabled] = "gray"
    var widget = StateTable<String>()
    widget[.normal] = "green"
    widget[.selected] = "white"
    let merged = theme.overlaid(with: widget)
    #expect(merged[.normal] == "green")
    #expect(merged[.disabled] == "gray")
    #expect(merged[.selected] == "white")
    #expect(merged.count == 3)
    #expect(merged.resolve([.selected, .disabled]) == "gray")
    #expect(theme.count == 2, "overlaid(with:) leaves the original alone")
  }

  @Test func codableRoundTrip() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    Property.check("decode(encode(table)) == table", cases: 500) { rng in
      let table = StateTable(Self.randomTable(using: &rng))
      guard let data = try? encoder.encode(table),
        let back = try? decoder.decode(StateTable<Int>.self, from: data)
      else { return "\(table) failed to round trip" }
      return back == table ? nil : "\(table) came back as \(back)"
    }
    var table = StateTable<String>()
    table[.normal] = "blue"
    table[try StateSelector(requiring: [.selected, Self.visited], excluding: .disabled)] = "white"
    encoder.outputFormatting = .sortedKeys
    #expect(
      String(decoding: try encoder.encode(table), as: UTF8.self)
        == #"{"normal":"blue","selected | 0x10000 | !disabled":"white"}"#)
    // With a catalog in userInfo, keys use its names both ways.
    let catalog = try StateCatalog(merging: [.linkKit])
    encoder.userInfo[.stateCatalog] = catalog
    decoder.userInfo[.stateCatalog] = catalog
    let data = try encoder.encode(table)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"normal":"blue","selected | visited | !disabled":"white"}"#)
    #expect(try decoder.decode(StateTable<String>.self, from: data) == table)
    #expect(
      try decoder.decode(ControlState.self, from: Data(#""visited | selected""#.utf8))
        == [.selected, Self.visited])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StateTable<String>.self, from: data)
    }
  }

  @Test(arguments: [
    (#"{"bogus": 1}"#, #"invalid selector key "bogus": unknown state name "bogus""#),
    (
      #"{"selected||focused": 1}"#, #"invalid selector key "selected||focused": segment 2 is empty"#
    ),
    (
      #"{"selected | !selected": 1}"#,
      #"invalid selector key "selected | !selected": it both requires and excludes selected"#
    ),
    (#"{"selected | highlighted": 1, "highlighted|selected": 2}"#, "denotes the same selector as"),
    (#"{"0x": 1}"#, #"invalid selector key "0x": hex token "0x" has no digits"#),
  ])
  func malformedTablesAreDecodingErrorsNamingTheKey(json: String, message: String) {
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StateTable<Int>.self, from: Data(json.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
    #expect(context.codingPath.count == 1)
  }

  /// Decoding is not quadratic: 40,000 keys took about a minute when each entry was inserted in
  /// place; now the table sorts once.
  @Test(.timeLimit(.minutes(1)))
  func decodingFortyThousandKeys() throws {
    let count = 40_000
    let json =
      "{"
      + (1...count).map { #""0x\#(String($0 << 24, radix: 16))": \#($0)"# }
      .joined(separator: ", ") + "}"
    let table = try JSONDecoder().decode(StateTable<Int>.self, from: Data(json.utf8))
    #expect(table.entries.count == count)
    #expect(table.resolve(ControlState(rawValue: 7 << 24)) == 7)
    #expect(table.resolve(ControlState(rawValue: 7 << 24 | 1)) == 7)
    #expect(table.resolve(.normal) == nil)
    // The same table, built entry by entry through the public initializer, in reverse.
    let reversed = StateTable(
      (1...count).reversed().map { (StateSelector(ControlState(rawValue: UInt($0) << 24)), $0) })
    #expect(reversed == table)
  }

  @Test func badValueIsADecodingError() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StateTable<Int>.self, from: Data(#"{"normal": "blue"}"#.utf8))
    }
  }
}

/// Tables own their entries: every value is released when the last copy goes away.
@Suite("StateTable memory")
struct StateTableMemoryTests {
  final class Token {}

  @Test func valuesAreReleased() {
    weak var first: Token?
    weak var second: Token?
    do {
      var table = StateTable<Token>()
      let a = Token()
      let b = Token()
      first = a
      second = b
      table[.normal] = a
      table[.selected] = b
      var copy = table
      copy[.selected] = nil
      #expect(table.resolve(.selected) === b)
      #expect(copy.resolve(.selected) === a)
      table = StateTable()
      #expect(copy.count == 1)
    }
    #expect(first == nil && second == nil)
  }

  @Test func stringsAndLargeValuesRoundTrip() {
    struct Wide: Equatable {
      var a, b, c, d: Int
      var s: String
    }
    var table = StateTable<Wide>()
    for raw in 0..<12 {
      table[ControlState(rawValue: UInt(raw))] = Wide(
        a: raw, b: -raw, c: raw * 2, d: 7, s: String(repeating: "x", count: raw * 10))
    }
    for raw in 0..<12 {
      #expect(table.resolve(ControlState(rawValue: UInt(raw)))?.s.count == raw * 10)
    }
    #expect(table.entries.count == 12)
  }
}
