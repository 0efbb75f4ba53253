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

  @Test func relevantStatesAreTheMentionedBits() {
    var table = StateTable<Int>()
    #expect(table.relevantStates == .normal)
    table[.normal] = 0
    #expect(table.relevantStates == .normal)
    table[StateSelector(.selected, unless: .disabled)] = 1
    #expect(table.relevantStates == [.selected, .disabled])
    table[StateSelector(.selected, unless: .disabled)] = nil
    #expect(table.relevantStates == .normal)

    var style = StyleSet()
    style[Self.count, for: .highlighted] = 1
    style[Self.flag, for: StateSelector(.focused, unless: .disabled)] = true
    #expect(style.relevantStates == [.highlighted, .focused, .disabled])
    let look = style.resolve(.highlighted)
    style[Self.flag] = StateTable()
    #expect(style.relevantStates == .highlighted)
    #expect(look.relevantStates == [.highlighted, .focused, .disabled], "a snapshot")
  }

  /// A resolved style is a value: later changes to the style set do not reach it, and two are
  /// equal (and hash alike) when they give every attribute the same value.
  @Test func resolvedStylesAreValues() {
    var style = StyleSet()
    style[Self.title, for: .normal] = "blue"
    style[Self.title, for: .selected] = "white"
    let before = style.resolve(.selected)
    style[Self.title, for: .selected] = "black"
    #expect(before[Self.title] == "white")
    #expect(style.resolve(.selected)[Self.title] == "black")
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
  /// bytes (the Kelvin sign equals K).
  @Test func namesOfEveryKindAreFound() {
    let names = [
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
    for (index, name) in names.enumerated() {
      #expect(look[StyleKey<Int>(name)] == index, "\(name)")
      #expect(look[StyleKey<String>(name)] == name, "\(name)")
      #expect(StyleKey<Int>(name).name == name)
    }
    // Equal in Swift, different bytes: "K" (ASCII) and the Kelvin sign.
    #expect(look[StyleKey<Int>("Kelvin")] == names.firstIndex(of: "\u{212A}elvin"))
    var ascii = StyleSet()
    ascii[StyleKey<Int>("Kelvin"), for: .normal] = 7
    #expect(ascii.resolve(.normal)[StyleKey<Int>("\u{212A}elvin")] == 7)
    #expect(ascii.resolve(.normal)[StyleKey<Int>("Kelvim")] == nil)
    #expect(look[StyleKey<Int>("abcdefghijklmnoq")] == nil)
    #expect(look[StyleKey<Bool>("abc")] == nil, "same name, another type")
    #expect(style.attributeNames.count == 2 * names.count)
  }

  /// A short ASCII key that finds no record by its bytes is trusted to have no table, so every
  /// name equal to it must have its bytes: the three scalars Unicode holds equal to an ASCII
  /// character, short ASCII names kept in a large string, and style sets of many attributes.
  @Test func shortASCIIKeysFindEveryEqualName() {
    for (stored, asked) in [("a\u{037E}b", "a;b"), ("\u{1FEF}x", "`x"), ("\u{212A}", "K")] {
      var style = StyleSet()
      style[StyleKey<Int>(stored), for: .normal] = 1
      #expect(style.resolve(.normal)[StyleKey<Int>(asked)] == 1, "\(asked)")
      #expect(style.resolve(.normal)[StyleKey<Int>(stored)] == 1, "\(asked)")
    }
    var large = "width"
    large.reserveCapacity(64)  // the same five ASCII bytes, in a native (not small) string
    var style = StyleSet()
    style[StyleKey<Int>(large), for: .normal] = 5
    #expect(style.resolve(.normal)[StyleKey<Int>("width")] == 5)
    var many = StyleSet()
    for index in 0..<300 { many[StyleKey<Int>("k\(index)"), for: .selected] = index }
    let look = many.resolve(.selected)
    for index in 0..<300 { #expect(look[StyleKey<Int>("k\(index)")] == index) }
    #expect(look[StyleKey<Int>("k300")] == nil)
  }

  /// A table whose bits no lookup gathers (seven bits spread over the word) is read through
  /// the table, with the same answers.
  @Test func tablesWithoutALookupResolve() {
    var table = StateTable<Int>()
    for bit in [0, 9, 20, 31, 40, 52, 63] { table[ControlState(rawValue: 1 << UInt(bit))] = bit }
    #expect(!StateLookup(table, default: -1).isIndexed)
    var style = StyleSet()
    style[Self.count] = table
    let looks = StateLookup(style, default: Look(), [.field(\.count, from: Self.count)])
    #expect(!looks.isIndexed)
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
    for index in stride(from: 0, to: count, by: 997) {
      #expect(look[StyleKey<Int>("a\(index)")] == index)
    }
    #expect(look[StyleKey<Int>("a\(count - 1)")] == count - 1)
    #expect(style.resolve(.normal)[StyleKey<Int>("a1")] == nil)
    #expect(style.attributeNames.count == count)
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
    #expect((style.resolve(.selected)[StyleKey<Int>("size")] ?? fallback()) == 3)
    #expect(calls == 0, "the default is evaluated only when needed")
    #expect((style.resolve(.normal)[StyleKey<Int>("size")] ?? fallback()) == 1)
    #expect((style.resolve(.selected)[StyleKey<Bool>("size")] ?? false) == false)
  }
}
