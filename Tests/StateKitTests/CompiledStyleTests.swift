import StateKit
import StateKitTesting
import Testing

@testable import StateKitCore

/// What a widget draws with, for a style set's `StateLookup`.
private struct Look: Equatable, Sendable {
  var count = -1
  var title = "none"
  var flag = false
}

@Suite("Compiled style sets")
struct CompiledStyleTests {
  static let count = StyleKey<Int>("count")
  static let title = StyleKey<String>("title")
  static let flag = StyleKey<Bool>("flag")
  /// A name longer than a string stores inline, found by comparing strings.
  static let long = StyleKey<Int>("selectedBackgroundColorWhileDragging")

  /// Three random tables over one of the table tests' pools (some over bits that no index
  /// gathers), a precedence, and states over their bits with noise.
  static let styles: Generator<([[(StateSelector, Int)]], StatePrecedence, [ControlState])> = {
    let precedence = Gen.element(of: [
      StatePrecedence.standard, StatePrecedence(dominant: .disabled),
      StatePrecedence([ControlState(rawValue: 1 << 17), .selected], dominant: .highlighted),
    ])
    return Gen.zip(StateTableTests.randomTable.array(count: 4...4), precedence).flatMap {
      tables, precedence in
      StateTableTests.states(of: tables.flatMap { $0 }, bits: 0...12, count: 1...40).map {
        (tables, precedence, $0)
      }
    }
  }()

  /// `style.resolve(state)[key]` and a style set's lookup answer exactly what each attribute's
  /// own `StateTable` resolves, for random tables, precedences and states; `relevantStates`
  /// is the union of the tables' bits.
  @Test func compiledPathsResolveAsTheTables() {
    var (hits, misses) = (0, 0)
    forAll(
      "style.resolve(s)[k] == style[k].resolve(s), and the typed lookup agrees", Self.styles,
      // 500 cases resolve some 6,000 states to a value and 1,500 to none; every case recompiles
      // at each of its entries, which costs most of the time.
      cases: 500
    ) { tables, precedence, states in
      var style = StyleSet(precedence: precedence)
      // Built entry by entry, as a widget library does, so every change recompiles.
      for (selector, value) in tables[0] { style[Self.count, for: selector] = value }
      for (selector, value) in tables[1] { style[Self.title, for: selector] = "t\(value)" }
      for (selector, value) in tables[2] { style[Self.flag, for: selector] = value % 2 == 0 }
      style[Self.long] = StateTable(tables[3])
      let expected = (
        StateTable(tables[0], precedence: precedence),
        StateTable(tables[1].map { ($0, "t\($1)") }, precedence: precedence),
        StateTable(tables[2].map { ($0, $1 % 2 == 0) }, precedence: precedence),
        StateTable(tables[3], precedence: precedence)
      )
      let looks = StateLookup(
        style, default: Look(),
        [
          .field(\.count, from: Self.count), .field(\.title, from: Self.title),
          .field(\.flag, from: Self.flag),
        ])
      let relevant = [
        expected.0.relevantStates, expected.1.relevantStates, expected.2.relevantStates,
        expected.3.relevantStates,
      ].reduce(ControlState.normal) { $0.union($1) }
      guard style.relevantStates == relevant, style.resolve(.normal).relevantStates == relevant
      else { return false }
      return states.allSatisfy { state in
        let look = style.resolve(state)
        if expected.0.resolve(state) == nil { misses += 1 } else { hits += 1 }
        let typed = looks.resolve(state)
        return look[Self.count] == expected.0.resolve(state)
          && look[Self.title] == expected.1.resolve(state)
          && look[Self.flag] == expected.2.resolve(state)
          && look[Self.long] == expected.3.resolve(state)
          && look[StyleKey<Int>("absent")] == nil
          && typed.count == expected.0.resolve(state, default: -1)
          && typed.title == expected.1.resolve(state, default: "none")
          && typed.flag == expected.2.resolve(state, default: false)
      }
    }
    #expect(hits > 3_000 && misses > 700, "hits \(hits), misses \(misses)")
  }

  /// Relevant states are the mentioned bits. A resolved style is a value: later changes to
  /// the style set do not reach it, and two are equal (and hash alike) when they give every
  /// attribute the same value.
  @Test func resolvedStylesAreValuesOfTheMentionedBits() {
    var table = StateTable<Int>()
    var tableRelevant: [ControlState] = [table.relevantStates]
    table[.normal] = 0
    tableRelevant.append(table.relevantStates)
    table[StateSelector(.selected, unless: .disabled)] = 1
    tableRelevant.append(table.relevantStates)
    table[StateSelector(.selected, unless: .disabled)] = nil
    tableRelevant.append(table.relevantStates)
    #expect(tableRelevant == [.normal, .normal, [.selected, .disabled], .normal])

    var mentioned = StyleSet()
    mentioned[Self.count, for: .highlighted] = 1
    mentioned[Self.flag, for: StateSelector(.focused, unless: .disabled)] = true
    let relevantBefore = mentioned.relevantStates
    let snapshot = mentioned.resolve(.highlighted)
    mentioned[Self.flag] = StateTable()
    // The last is a snapshot's.
    let relevant: [ControlState] = [
      relevantBefore, mentioned.relevantStates, snapshot.relevantStates,
    ]
    #expect(
      relevant == [
        [.highlighted, .focused, .disabled], .highlighted, [.highlighted, .focused, .disabled],
      ])

    var style = StyleSet()
    style[Self.title, for: .normal] = "blue"
    style[Self.title, for: .selected] = "white"
    let before = style.resolve(.selected)
    style[Self.title, for: .selected] = "black"
    let titles: [String?] = [before[Self.title], style.resolve(.selected)[Self.title]]
    #expect(titles == ["white", "black"])
    #expect(style.resolve(.normal) == style.resolve(.focused))
    #expect(style.resolve(.normal) != style.resolve(.selected))
    #expect(before != style.resolve(.selected))
    var copy = StyleSet()
    copy[Self.title, for: .normal] = "blue"
    #expect(copy.resolve(.highlighted) == style.resolve(.normal))
    #expect(copy.resolve(.highlighted).hashValue == style.resolve(.normal).hashValue)
    #expect(Set([copy.resolve(.normal), style.resolve(.disabled)]).count == 1)
    #expect(StyleSet().resolve(.normal) != style.resolve(.normal))
  }

  /// Names are found by their bytes when they are short ASCII, and by comparing strings
  /// otherwise: long names, names that are not ASCII, and names Swift holds equal with other
  /// bytes (the Kelvin sign equals K). A short ASCII key that finds no record by its bytes is
  /// trusted to have no table, so every name equal to it must have its bytes: the three scalars
  /// Unicode holds equal to an ASCII character, short ASCII names kept in a large string, and
  /// style sets of many attributes.
  @Test func namesOfEveryKindAreFound() {
    let names: [String] = [
      "", "a", "ab", "abc", "abcd", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghijklmno",
      "abcdefghijklmnop", "abcdefghijklmnopq", "größe", "größeundfarbeundmehr", "\u{212A}elvin",
      String(repeating: "x", count: 40) + "1", String(repeating: "x", count: 40) + "2",
    ]
    var style = StyleSet()
    for (index, name) in names.enumerated() {
      style[StyleKey<Int>(name), for: .normal] = index
      style[StyleKey<String>(name), for: .selected] = name
    }
    let look = style.resolve(.selected)
    #expect(names.map { look[StyleKey<Int>($0)] } == Array(names.indices))
    #expect(names.map { look[StyleKey<String>($0)] } == names)
    #expect(names.map { StyleKey<Int>($0).name } == names)
    // Equal in Swift, different bytes: "K" (ASCII) and the Kelvin sign.
    var ascii = StyleSet()
    ascii[StyleKey<Int>("Kelvin"), for: .normal] = 7
    let found: [Int?] = [
      look[StyleKey<Int>("Kelvin")], ascii.resolve(.normal)[StyleKey<Int>("\u{212A}elvin")],
      ascii.resolve(.normal)[StyleKey<Int>("Kelvim")], look[StyleKey<Int>("abcdefghijklmnoq")],
    ]
    #expect(found == [names.firstIndex(of: "\u{212A}elvin"), 7, nil, nil])
    #expect(look[StyleKey<Bool>("abc")] == nil, "same name, another type")
    #expect(style.attributeNames.count == 2 * names.count)

    let equalPairs: [(String, String)] = [
      ("a\u{037E}b", "a;b"), ("\u{1FEF}x", "`x"), ("\u{212A}", "K"),
    ]
    for (stored, asked) in equalPairs {
      var style = StyleSet()
      style[StyleKey<Int>(stored), for: .normal] = 1
      let values: [Int?] = [
        style.resolve(.normal)[StyleKey<Int>(asked)], style.resolve(.normal)[StyleKey<Int>(stored)],
      ]
      #expect(values == [1, 1], "\(asked)")
    }
    var large = "width"
    large.reserveCapacity(64)  // the same five ASCII bytes, in a native (not small) string
    var largeStyle = StyleSet()
    largeStyle[StyleKey<Int>(large), for: .normal] = 5
    var many = StyleSet()
    for index in 0..<300 { many[StyleKey<Int>("k\(index)"), for: .selected] = index }
    let manyLook = many.resolve(.selected)
    let manyValues: [Int?] = (0...300).map { manyLook[StyleKey<Int>("k\($0)")] }
    let expected: [Int?] = Array(0..<300) + [nil]
    #expect(manyValues == expected)
    #expect(largeStyle.resolve(.normal)[StyleKey<Int>("width")] == 5)
  }

  /// A table whose bits no lookup gathers (seven bits spread over the word) is read through
  /// the table, with the same answers.
  @Test func tablesWithoutALookupResolve() {
    var table = StateTable<Int>()
    for bit in [0, 9, 20, 31, 40, 52, 63] { table[ControlState(rawValue: 1 << UInt(bit))] = bit }
    var style = StyleSet()
    style[Self.count] = table
    let looks = StateLookup(style, default: Look(), [.field(\.count, from: Self.count)])
    let indexed: [Bool] = [StateLookup(table, default: -1).isIndexed, looks.isIndexed]
    #expect(indexed == [false, false])
    forAll(
      "unindexed tables resolve as the table",
      Gen.controlState(in: ControlState(rawValue: .max), count: 0...10, namedWeight: 1)
    ) { state in
      style.resolve(state)[Self.count] == table.resolve(state)
        && looks.resolve(state).count == table.resolve(state, default: -1)
    }
  }
}

/// Style sets past 2^16 attributes build in linear time and resolve every attribute.
@Suite("Large style sets")
struct LargeStyleSetTests {
  @Test func seventyThousandAttributesResolve() {
    var style = StyleSet()
    let count = 70_000
    for index in 0..<count {
      style[StyleKey<Int>("a\(index)"), for: index % 2 == 0 ? .normal : .selected] = index
    }
    let look = style.resolve(.selected)
    let indices: [Int] = Array(stride(from: 0, to: count, by: 997)) + [count - 1]
    let values: [Int?] =
      indices.map { look[StyleKey<Int>("a\($0)")] } + [
        style.resolve(.normal)[StyleKey<Int>("a1")], style.attributeNames.count,
      ]
    let expected: [Int?] = indices + [nil, count]
    #expect(values == expected)
  }
}

@Suite("Resolved style defaults")
struct ResolvedStyleDefaultTests {
  @Test func aDefaultReplacesAMissingValueOnly() {
    var style = StyleSet()
    style[StyleKey<Int>("size"), for: .selected] = 3
    var calls = 0
    let fallback = { () -> Int in
      calls += 1
      return 1
    }
    let selected = style.resolve(.selected)[StyleKey<Int>("size")] ?? fallback()
    // The default is evaluated only when needed.
    let callsBefore = calls
    let normal = style.resolve(.normal)[StyleKey<Int>("size")] ?? fallback()
    let values: [Int] = [selected, callsBefore, normal]
    #expect(values == [3, 0, 1])
    #expect((style.resolve(.selected)[StyleKey<Bool>("size")] ?? false) == false)
  }
}
