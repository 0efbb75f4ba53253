import Foundation
import StateKitTesting
import Testing

@testable import StateKitCore

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
    let specificity = { (s: StateSelector) in
      s.required.rawValue.nonzeroBitCount + s.excluded.rawValue.nonzeroBitCount
    }
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

  /// Up to 20 entries whose selectors draw from one of the pools.
  static let randomTable: Generator<[(StateSelector, Int)]> = Gen.element(of: pools).flatMap {
    pool in
    let states = Gen.controlState(
      in: pool, count: 0...pool.rawValue.nonzeroBitCount, namedWeight: 1)
    return Gen.entries(
      values: Gen.int(in: 0...1_000), selectors: Gen.selector(states: states), count: 0...20
    ).map { $0.map { ($0.selector, $0.value) } }
  }

  /// States for a table's entries: `bits` of the bits its selectors mention, some with noise in
  /// any of the 64 bits; `count` of them.
  static func states(
    of entries: [(StateSelector, Int)], bits: ClosedRange<Int>, count: ClosedRange<Int>
  ) -> Generator<[ControlState]> {
    let pool = entries.reduce(ControlState.normal) {
      $0.union($1.0.required).union($1.0.excluded)
    }
    let noise = Gen.controlState(in: ControlState(rawValue: .max), count: 0...16, namedWeight: 1)
    return Gen.zip(Gen.controlState(in: pool, count: bits, namedWeight: 1), noise)
      .map { $0.union($1) }.array(count: count)
  }

  /// A table and states made of its bits, some with noise in any of the 64 bits.
  static let tableAndStates: Generator<([(StateSelector, Int)], [ControlState])> =
    randomTable.flatMap { entries in
      states(of: entries, bits: 0...8, count: 1...20).map { (entries, $0) }
    }

  @Test func resolveAgreesWithTheReference() {
    var scanned = false
    var slotBits: Set<Int> = []
    forAll(
      "resolve == brute-force reference", Self.tableAndStates, cases: GrowthChecks.cases(3_000)
    ) {
      entries, states in
      let table = StateTable(entries)
      if let shape = table.indexShape {
        if shape.scans { scanned = true } else { slotBits.insert(shape.slotBits) }
      }
      return states.allSatisfy { table.resolve($0) == Reference.resolve(entries, $0) }
    }
    #expect(scanned, "the scanning fallback must be exercised")
    #expect(
      slotBits.contains { $0 <= 2 } && slotBits.contains { $0 > 4 },
      "small and wide indices: \(slotBits.sorted())")
  }

  /// `resolve(_:default:)` is `resolve(_:)` with the miss replaced, on every kind of index, and
  /// evaluates its default only on a miss.
  @Test func resolveWithADefaultIsResolveWithTheMissReplaced() {
    var (hits, misses, scanned) = (0, 0, false)
    // 1,500 cases resolve some 10,000 states to a value and 1,900 to none (generating the
    // cases costs most of the time).
    forAll("resolve(s, default: d) == resolve(s) ?? d", Self.tableAndStates, cases: 1_500) {
      entries, states in
      let table = StateTable(entries)
      scanned = scanned || table.indexShape?.scans == true
      return states.allSatisfy { state in
        var evaluated = 0
        let resolved = table.resolve(
          state,
          default: {
            evaluated += 1
            return -1
          }())
        let expected = Reference.resolve(entries, state)
        if expected == nil { misses += 1 } else { hits += 1 }
        return resolved == expected ?? -1 && evaluated == (expected == nil ? 1 : 0)
      }
    }
    #expect(scanned && hits > 1_000 && misses > 1_000, "hits \(hits), misses \(misses)")
    var titles = StateTable<String>()
    titles[.selected] = "white"
    let resolved: [String] = [
      titles.resolve(.disabled, default: "blue"),
      titles.resolve([.selected, .focused], default: "blue"),
    ]
    #expect(resolved == ["blue", "white"])
  }

  @Test func equalityAndResolutionIgnoreInsertionOrder() {
    let cases = Self.tableAndStates.flatMap { entries, states in
      Gen.shuffled(entries).map { (entries, $0, states) }
    }
    forAll("tables filled in any order are equal", cases, cases: GrowthChecks.cases(2_000)) {
      entries, shuffled, states in
      let a = StateTable(entries)
      var b = StateTable<Int>()
      for (selector, value) in shuffled { b[selector] = value }
      return a == b && a.hashValue == b.hashValue
        && states.allSatisfy { a.resolve($0) == b.resolve($0) }
    }
    let resolve: @Sendable ([StateTable<Int>.Entry], ControlState) -> Int? = { entries, state in
      Reference.resolve(entries.map { ($0.selector, $0.value) }, state)
    }
    forAll(
      [
        Law.resolveIsOrderIndependent(values: Gen.int(in: 0...9)),
        Law.resolveAgrees(with: resolve, values: Gen.int(in: 0...9)),
      ], cases: GrowthChecks.cases(5_000))
  }

  /// Examples from the rule: highlighted outranks selected, disabled wins ties, normal is the
  /// universal fallback, and a more specific entry beats precedence; application bits 23 down
  /// to 16 come after the system bits, before everything else. UIKit's rule, and selectors with
  /// exclusions.
  @Test func examplesFromTheRule() throws {
    var table = StateTable<String>()
    table[.normal] = "normal"
    table[.selected] = "selected"
    table[.disabled] = "disabled"
    table[.highlighted] = "highlighted"
    var names: [String?] = [
      table.resolve([.selected, .highlighted]), table.resolve([.selected, .focused]),
      table.resolve([.disabled, .highlighted, .selected]), table.resolve(.focused),
      table.resolve(Self.visited),
    ]
    table[[.selected, .highlighted]] = "both"
    names.append(table.resolve([.selected, .highlighted, .disabled]))
    let expectedNames: [String?] = [
      "highlighted", "selected", "disabled", "normal", "normal", "both",
    ]
    #expect(names == expectedNames)
    var app = StateTable<Int>()
    app[ControlState(rawValue: 1 << 16)] = 16
    app[ControlState(rawValue: 1 << 23)] = 23
    app[ControlState(rawValue: 1 << 24)] = 24
    app[ControlState(rawValue: 1 << 4)] = 4
    let values: [Int?] = [
      app.resolve(ControlState(rawValue: 1 << 16 | 1 << 23 | 1 << 24)),
      app.resolve(ControlState(rawValue: 1 << 16 | 1 << 24 | 1 << 4)),
      app.resolve(ControlState(rawValue: 1 << 24 | 1 << 4)), app.resolve(.normal),
    ]
    #expect(values == [23, 16, 24, nil])

    var uikit = StateTable<String>()
    uikit[.normal] = "blue"
    uikit[.selected] = "white"
    var noNormal = StateTable<String>()
    noNormal[.selected] = "white"
    // UIKit's rule: the entry for exactly the state, else the one for normal.
    var rules: [String?] = [
      uikit[[.selected, .highlighted]] ?? uikit[.normal],
      uikit.resolve([.selected, .highlighted]),
      uikit[.selected] ?? uikit[.normal], noNormal[.highlighted] ?? noNormal[.normal],
    ]
    // Exclusions do not exist in UIKit: only plain entries count.
    noNormal[try StateSelector(requiring: .normal, excluding: .disabled)] = "enabled"
    rules += [noNormal[.highlighted] ?? noNormal[.normal], noNormal.resolve(.highlighted)]
    #expect(rules == ["blue", "white", "white", nil, nil, "enabled"])

    var excluding = StateTable<String>()
    excluding[.normal] = "normal"
    excluding[try StateSelector(requiring: .selected, excluding: .disabled)] = "selected, enabled"
    excluding[.selected] = "selected"
    let excluded: [String?] = [
      excluding.resolve(.selected), excluding.resolve([.selected, .disabled]),
      excluding.resolve([.selected, .highlighted]),
    ]
    #expect(excluded == ["selected, enabled", "selected", "selected, enabled"])
    let selector = try StateSelector(requiring: .selected, excluding: .disabled)
    #expect(selector.description == "selected | !disabled")
    #expect(try StateCatalog.system.parseSelector("selected | !disabled") == selector)
    let parts: [ControlState] = [
      try StateCatalog.system.parseSelector("!disabled").required,
      try StateCatalog.system.parseSelector("!0x10000 | focused").excluded,
    ]
    #expect(parts == [.normal, ControlState(rawValue: 0x10000)])
  }

  @Test func conflictingSelectorIsRejected() {
    let error = #expect(throws: StateKitError.self) {
      try StateSelector(requiring: [.selected, .highlighted], excluding: [.selected, .disabled])
    }
    #expect(
      error?.description.contains("both requires and excludes selected") == true,
      "\(error?.description ?? "")")
    let parsed = #expect(throws: StateKitError.self) {
      try StateCatalog.system.parseSelector("selected | !selected")
    }
    let normal = #expect(throws: StateKitError.self) {
      try StateCatalog.system.parseSelector("selected | !normal")
    }
    let codes: [StateKitError.Code?] = [error?.code, parsed?.code, normal?.code]
    #expect(codes == [.conflictingSelector, .conflictingSelector, .unknownName])
    #expect(normal?.token == "!normal")
  }

  @Test func selectorTextRoundTrip() {
    let catalog = StateCatalog.system
    forAll("parseSelector(description(of: s)) == s", Gen.selector(states: Gen.anyState)) {
      selector in
      try catalog.parseSelector(catalog.description(of: selector)) == selector
    }
  }

  /// The subscript reads exact entries and nil removes; an overlay takes the overriding
  /// entries and leaves the original alone.
  @Test func subscriptAndOverlay() {
    var table = StateTable<Int>()
    #expect(table.isEmpty)
    table[.selected] = 1
    table[.normal] = 0
    var reads: [Int?] = [table[.selected], table[[.selected, .highlighted]], table.count]
    table[.selected] = 2
    reads += [table.count, table[.selected]]
    table[.selected] = nil
    reads += [table.count, table.resolve(.selected)]
    table[.highlighted] = nil
    reads.append(table.count)
    #expect(reads == [1, nil, 2, 2, 2, 1, 0, 1])
    #expect(table.entries.map(\.selector) == [StateSelector(.normal)])

    var theme = StateTable<String>()
    theme[.normal] = "blue"
    theme[.disabled] = "gray"
    var widget = StateTable<String>()
    widget[.normal] = "green"
    widget[.selected] = "white"
    let merged = theme.overlaid(with: widget)
    let entries: [String?] = [
      merged[.normal], merged[.disabled], merged[.selected],
      merged.resolve([.selected, .disabled]),
    ]
    #expect(entries == ["green", "gray", "white", "gray"])
    // overlaid(with:) leaves the original alone.
    let counts: [Int] = [merged.count, theme.count]
    #expect(counts == [3, 2])
  }

  /// Tables round-trip through Codable. A key repeated byte for byte is merged by the decoder
  /// before the table sees it, as the documentation of `init(from:)` says; this fails if
  /// Foundation starts reporting it. A bad value is a decoding error.
  @Test func codableRoundTrip() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    forAll("decode(encode(table)) == table", Self.randomTable, cases: 500) { entries in
      let table = StateTable(entries)
      return try decoder.decode(StateTable<Int>.self, from: encoder.encode(table)) == table
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
    let json = #"{"selected": 1, "normal": 0, "selected": 2}"#
    let merged = try JSONDecoder().decode(StateTable<Int>.self, from: Data(json.utf8))
    let read: [Int?] = [merged.count, merged[.selected]]
    #expect(read == [2, 1])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StateTable<Int>.self, from: Data(#"{"normal": "blue"}"#.utf8))
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

  /// Two keys that denote one selector are an error that names both keys, whichever of the two
  /// the decoder reads first, and the coding path ends at one of them: never a silent merge.
  @Test(arguments: [
    ("selected | highlighted", "highlighted|selected"),
    ("selected | !disabled", "!disabled | selected"),
    ("0x10000", "0x10000 | 0x10000"),
    ("normal", "0x0"),
  ])
  func twoKeysForOneSelectorNameBothKeys(first: String, second: String) {
    let json = #"{"\#(first)": 1, "normal | focused": 3, "\#(second)": 2}"#
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(StateTable<Int>.self, from: Data(json.utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    let message = context.debugDescription
    #expect(
      message.contains("\"\(first)\"") && message.contains("\"\(second)\"")
        && message.contains("denotes the same selector as"), "\(message)")
    #expect([first, second].contains(context.codingPath.last?.stringValue ?? ""))
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
    let values: [Int?] = [
      table.entries.count, table.resolve(ControlState(rawValue: 7 << 24)),
      table.resolve(ControlState(rawValue: 7 << 24 | 1)), table.resolve(.normal),
    ]
    #expect(values == [count, 7, 7, nil])
    // The same table, built entry by entry through the public initializer, in reverse.
    let reversed = StateTable(
      (1...count).reversed().map { (StateSelector(ControlState(rawValue: UInt($0) << 24)), $0) })
    #expect(reversed == table)
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
      #expect(table.resolve(.selected) === b && copy.resolve(.selected) === a)
      table = StateTable()
      #expect(copy.count == 1)
    }
    #expect(first == nil && second == nil)
  }

  /// Values and selectors live in separate runs of one allocation, aligned for each: values of
  /// one byte, of eight, of sixteen (a SIMD vector) and references resolve, change and release
  /// alike, with the standard precedence and with a stored one, with and without a default.
  @Test func everyValueLayoutResolvesAndChanges() {
    func check<V: Equatable>(
      _ name: String, _ convert: @escaping @Sendable (Int) -> V, precedence: StatePrecedence
    ) {
      // 150 cases for each of four layouts in each of two precedences: 1,200 tables in all.
      forAll("\(name) tables agree with the reference", StateTableTests.tableAndStates, cases: 150)
      {
        entries, states in
        let converted = entries.map { ($0.0, convert($0.1)) }
        var table = StateTable(converted, precedence: precedence)
        let reference = StateTable<Int>(entries, precedence: precedence)
        guard states.allSatisfy({ table.resolve($0) == reference.resolve($0).map(convert) }),
          // Two defaults, so a default returned on a hit shows even where a value converts to
          // one of them (UInt8 wraps).
          states.allSatisfy({ state in
            [-7, -8].allSatisfy {
              table.resolve(state, default: convert($0)) == convert(reference.resolve(state) ?? $0)
            }
          }),
          table.entries.map(\.selector) == reference.entries.map(\.selector)
        else { return false }
        // A value written in place, an entry added and one removed.
        var changed = reference
        if let first = entries.first {
          table[first.0] = convert(first.1 + 1)
          changed[first.0] = first.1 + 1
        }
        table[StateSelector(.focused)] = convert(-1)
        changed[StateSelector(.focused)] = -1
        table[StateSelector(.normal)] = nil
        changed[StateSelector(.normal)] = nil
        return states.allSatisfy { table.resolve($0) == changed.resolve($0).map(convert) }
          && table.entries.map(\.value) == changed.entries.map { convert($0.value) }
      }
    }
    for precedence in [StatePrecedence.standard, StatePrecedence([.focused], dominant: .disabled)] {
      check("UInt8", { UInt8(truncatingIfNeeded: $0) }, precedence: precedence)
      check("Int", { $0 }, precedence: precedence)
      check("SIMD4<Double>", { SIMD4<Double>(repeating: Double($0)) }, precedence: precedence)
      check(
        "String", { String(repeating: "v", count: $0 & 63) + String($0) }, precedence: precedence)
    }
    #expect(MemoryLayout<SIMD4<Double>>.alignment > MemoryLayout<Int>.alignment)
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
