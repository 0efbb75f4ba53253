import StateKit
import StateKitTesting
import Testing

/// Reading a resolved style finds each attribute's table by value type and the bits of its
/// name, in records the style set makes at the first read after a change; these check that the
/// reads agree with the tables after any sequence of changes, with names of every length and
/// names equal as text but held in different storage.
@Suite("ResolvedStyle reads")
struct ResolvedStyleReadTests {
  /// Short names, a long one (its text in a storage of its own each time it is made) and enough
  /// names to pass the 16 attributes a read scans.
  static let names: [String] =
    ["a", "titleColor", "underlined"] + (0..<18).map { "attribute number \($0) of the style" }

  /// A name made at run time, so that its storage differs from the first one made.
  static func freshName(_ position: Int) -> String {
    String(names[position].utf8.map { Character(UnicodeScalar($0)) })
  }

  static let states = ControlState(rawValue: 0x3000F)

  /// An edit: an attribute, a state, and a value or a removal.
  typealias Edit = (name: Int, state: ControlState, value: Int?)

  /// Up to 40 edits. A case reads every attribute in all 64 states after its edits, so the 100
  /// to 150 cases the tests below run read each name in each state hundreds of times.
  static let edits: Generator<[Edit]> = Gen.zip(
    Gen.int(in: 0...(names.count - 1)), Gen.controlState(in: states, count: 0...3),
    Gen.int(in: -2...9)
  ).map { name, state, value in (name, state, value < 0 ? nil : value) }
    .array(count: 0...40)

  /// Every attribute and every state read through `resolve(_:)[key]` as the attribute's table
  /// resolves it, and the same through a key whose name was made again.
  ///
  /// The keys, the names made again and the tables are made once per call, not once per state:
  /// they do not depend on the state, and making them over again cost most of these tests' time.
  static func readsAgree(_ style: StyleSet) -> Bool {
    let again = names.indices.map { StyleKey<Int>(freshName($0)) }
    let tables = keys.map { style[$0] }
    return ControlState.combinations(of: states).allSatisfy { state in
      let look = style.resolve(state)
      return names.indices.allSatisfy { position in
        let expected = tables[position].resolve(state)
        return look[keys[position]] == expected && look[again[position]] == expected
          && look[stringKeys[position]] == nil
      }
    }
  }

  /// A key of each name, and one of each name for another value type.
  static let keys = names.map { StyleKey<Int>($0) }
  static let stringKeys = names.map { StyleKey<String>($0) }

  static func apply(_ edits: [Edit], to style: inout StyleSet) {
    for edit in edits { style[StyleKey<Int>(names[edit.name]), for: edit.state] = edit.value }
  }

  /// Reads agree with the tables after edits. A read after a change sees the change, whether or
  /// not the style set was read before it; a resolved style kept from before the change reads
  /// as before.
  @Test func readsAgreeWithTheTablesAfterEdits() {
    forAll("resolve(_:)[key] is the table's resolve after edits", Self.edits, cases: 150) { edits in
      var style = StyleSet()
      Self.apply(edits, to: &style)
      return Self.readsAgree(style)
    }
    let key = StyleKey<Int>(Self.names[3])
    var style = StyleSet()
    style[key, for: .normal] = 1
    var reads: [Int?] = [style.resolve(.selected)[key]]
    style[key, for: .selected] = 2
    reads.append(style.resolve(.selected)[key])
    let kept = style.resolve(.selected)
    style[key, for: .selected] = 3
    style[StyleKey<Int>("other"), for: .normal] = 4
    reads += [
      style.resolve(.selected)[key], kept[key], style.resolve(.selected)[StyleKey<Int>("other")],
      kept[StyleKey<Int>("other")],
    ]
    style.precedence = StatePrecedence(dominant: .disabled)
    style[key, for: .disabled] = 5
    reads.append(style.resolve([.selected, .disabled])[key])
    #expect(reads == [1, 2, 3, 2, 4, nil, 5])
  }

  /// A copy keeps its reads while the original changes; reads agree after reordering,
  /// overlaying and removing.
  @Test func aCopyKeepsItsReadsWhileTheOriginalChanges() {
    forAll("a copy reads as before", Gen.zip(Self.edits, Self.edits), cases: 100) { first, second in
      var style = StyleSet()
      Self.apply(first, to: &style)
      let copy = style
      let before = ControlState.combinations(of: Self.states).map { state in
        Self.names.map { copy.resolve(state)[StyleKey<Int>($0)] }
      }
      Self.apply(second, to: &style)
      let after = ControlState.combinations(of: Self.states).map { state in
        Self.names.map { copy.resolve(state)[StyleKey<Int>($0)] }
      }
      return before == after && Self.readsAgree(style) && Self.readsAgree(copy)
    }
    forAll(
      "reads agree after reordering, overlaying and removing", Gen.zip(Self.edits, Self.edits),
      cases: 100
    ) {
      first, second in
      var style = StyleSet()
      Self.apply(first, to: &style)
      var overrides = StyleSet()
      Self.apply(second, to: &overrides)
      var merged = style.overlaid(with: overrides)
      guard Self.readsAgree(merged) else { return false }
      merged.precedence = StatePrecedence(dominant: .disabled)
      guard Self.readsAgree(merged) else { return false }
      merged[StyleKey<Int>(Self.names[0])] = StateTable()
      return Self.readsAgree(merged)
    }
  }

  /// Many first reads of one style set at once agree: one of them publishes the records.
  @Test func concurrentFirstReadsAgree() async {
    var style = StyleSet()
    for (position, name) in Self.names.prefix(6).enumerated() {
      style[StyleKey<Int>(name), for: .normal] = position
      style[StyleKey<Int>(name), for: .selected] = position + 10
    }
    let shared = style
    let results = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          Self.names.prefix(6).enumerated().allSatisfy { position, name in
            shared.resolve(task % 2 == 0 ? .selected : .normal)[
              StyleKey<Int>(Self.freshName(position))]
              == position + (task % 2 == 0 ? 10 : 0)
          }
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.count == 8 && results.allSatisfy { $0 })
  }
}
