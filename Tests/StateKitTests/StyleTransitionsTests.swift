import StateKitTesting
import Testing

@testable import StateKitCore

/// Per-attribute transitions, and the precedence that ranks them.
@Suite("StyleTransitions")
struct StyleTransitionsTests {
  /// An attribute's entries and the entries for every attribute rank together; its own entry
  /// replaces one for every attribute with the same selectors.
  @Test func anAttributesEntriesRankWithThoseForEveryAttribute() {
    let cases = Gen.zip(TransitionTableTests.entries, TransitionTableTests.entries)
    let changes = TransitionTableTests.changes
    forAll(
      "transition(for:) is the reference's winner over the merged entries", cases,
      cases: GrowthChecks.cases(400)
    ) {
      all, own in
      let precedence = all.1
      var transitions = StyleTransitions(precedence: precedence)
      transitions.all = TransitionTable(all.0)
      transitions[attribute: "fill"] = TransitionTable(own.0, precedence: own.1)
      let replaced = Set(own.0.map { [$0.from, $0.to] })
      let merged = all.0.filter { !replaced.contains([$0.from, $0.to]) } + own.0
      return changes.allSatisfy { change in
        let expected = TransitionTableTests.reference(merged, precedence, change)
        let why = transitions.explain(change, attribute: "fill")
        let fromOwn = expected.map { entry in own.0.contains(entry) } ?? false
        return transitions.transition(for: "fill", change) == (expected?.transition ?? .snap)
          && transitions.transition(for: "size", change)
            == (TransitionTableTests.reference(all.0, precedence, change)?.transition ?? .snap)
          && why.transition == (expected?.transition ?? .snap)
          && why.table == (fromOwn ? "fill" : "all")
      }
    }
  }

  /// The animator ranks transitions by the style set's precedence; transitions are values apart
  /// from the style set; overlays lay transitions over table by table; an empty table removes
  /// the attribute.
  @Test func theAnimatorRanksTransitionsByTheStyleSetsPrecedence() {
    var transitions = StyleTransitions()
    transitions.all[to: .disabled] = .snap
    transitions[attribute: "fill"][to: .selected] = Transition(milliseconds: 90)
    let change = StateChange(old: .normal, new: [.selected, .disabled])
    let snapped = transitions.transition(for: "fill", change)
    // A precedence set later reorders every table.
    transitions.precedence = StatePrecedence([.selected])
    #expect(transitions.transition(for: "fill", change).duration == 90)
    // The animator plays them by the style set's precedence, as it resolves the values.
    let fill = StyleKey<Double>("fill")
    var style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
    style[fill, for: .selected] = 1
    let animator = StyleAnimator(
      style, default: 0.0, [.field(\.self, from: fill)], transitions: transitions)
    let precedences: [StatePrecedence] = [
      transitions[attribute: "fill"].precedence, animator.transitions.precedence,
    ]
    #expect(precedences == [StatePrecedence([.selected]), style.precedence])
    let played: [Transition] = [snapped, animator.transitions.transition(for: "fill", change)]
    #expect(played == [.snap, .snap])

    var a = StyleTransitions()
    var b = a
    b.all[to: .highlighted] = Transition(milliseconds: 60)
    #expect(a != b)
    a.all[to: .highlighted] = Transition(milliseconds: 60)
    #expect(a == b && a.hashValue == b.hashValue)
    var sized = StyleSet()
    sized[StyleKey<Int>("size"), for: .normal] = 1
    let descriptions: [String] = [a.description, sized.description]
    let expected: [String] = [
      "StyleTransitions(all: [normal -> highlighted: 60 ms ease])", "StyleSet(size: [normal: 1])",
    ]
    #expect(descriptions == expected)

    var theme = StyleTransitions()
    theme.all[to: .highlighted] = Transition(milliseconds: 60)
    theme.all[to: .disabled] = .snap
    theme[attribute: "fill"][from: .highlighted] = Transition(milliseconds: 200)
    var widget = StyleTransitions()
    widget.all[to: .highlighted] = Transition(milliseconds: 30)
    widget[attribute: "fill"][from: .selected] = Transition(milliseconds: 10)
    let merged = theme.overlaid(with: widget)
    let counts: [Int?] = [
      merged.all.count, merged.all[to: .highlighted]?.duration, merged[attribute: "fill"].count,
    ]
    #expect(counts == [2, 30, 2])
    #expect(merged.attributeNames == ["fill"])

    var emptied = StyleTransitions()
    emptied[attribute: "fill"][to: .selected] = .snap
    emptied[attribute: "fill"][to: .selected] = nil
    #expect(emptied.isEmpty && emptied == StyleTransitions())
  }

  // MARK: - Size and time: an attribute's table is not merged into a copy of `*`'s

  /// The bits of the distinct selectors below: the four system names and four application bits.
  static let bits: [ControlState] =
    [.highlighted, .disabled, .selected, .focused]
    + (16..<20).map { ControlState(rawValue: 1 << $0) }

  /// The selector numbered `index` over `bits`: each bit not mentioned, required or excluded,
  /// by the base-3 digits of `index`; distinct indices below 3^bits.count give distinct
  /// selectors.
  static func selector(_ index: Int, bits: [ControlState] = bits) -> StateSelector {
    var (required, excluded, rest) = (ControlState.normal, ControlState.normal, index)
    for bit in bits {
      if rest % 3 == 1 { required.insert(bit) }
      if rest % 3 == 2 { excluded.insert(bit) }
      rest /= 3
    }
    return StateSelector(required, unless: excluded)
  }

  /// `count` entries with distinct pairs of selectors, from the pair numbered `first` on.
  static func entries(_ count: Int, from first: Int = 0, bits: [ControlState] = bits)
    -> [TransitionTable.Entry]
  {
    let side = bits.reduce(1) { product, _ in product * 3 }
    return (first..<first + count).map { index in
      TransitionTable.Entry(
        from: selector(index % side, bits: bits), to: selector(index / side, bits: bits),
        transition: Transition(milliseconds: index % 500 + 1))
    }
  }

  /// The transition entries a value holds, counted through its stored properties, private
  /// ones too: a table kept twice counts twice.
  static func storedEntries(_ value: Any) -> Int {
    if value is TransitionTable.Entry { return 1 }
    return Mirror(reflecting: value).children.reduce(0) { $0 + storedEntries($1.value) }
  }

  /// `count` attributes with one entry of their own each, over a table for every attribute of
  /// `count` entries: the theme of the issue's figures.
  static func manyAttributes(_ count: Int) -> StyleTransitions {
    var transitions = StyleTransitions()
    transitions.all = TransitionTable(entries(count))
    for (index, entry) in entries(count, from: count).enumerated() {
      transitions[attribute: "a\(index)"] = TransitionTable([entry])
    }
    return transitions
  }

  /// Transitions keep each entry once: n attributes with one entry of their own over a table
  /// of n for every attribute hold 2n entries, whichever way they were built, not a merged copy
  /// of the n for each attribute.
  @Test func transitionsKeepEachEntryOnce() {
    let count = 200
    let built = Self.manyAttributes(count)
    var widget = StyleTransitions()
    for index in 0..<count { widget[attribute: "a\(index)"][to: .disabled] = .snap }
    let overlaid = built.overlaid(with: widget)
    var reordered = built
    reordered.precedence = StatePrecedence(dominant: .disabled)
    let stored: [Int] = [
      Self.storedEntries(built), overlaid[attribute: "a0"].count, Self.storedEntries(overlaid),
      Self.storedEntries(reordered),
    ]
    #expect(stored == [2 * count, 2, 3 * count, 2 * count])
  }

  /// The same, at three sizes: what transitions keep grows with their entries, through every
  /// path that lays one table over another (setting an attribute's table, overlays, the
  /// precedence), and so does the time to build them.
  @Test(.enabled(if: GrowthChecks.requested)) func buildingAndOverlayingAreLinear() {
    for size in [125, 500, 2_000] {
      let transitions = Self.manyAttributes(size)
      let overlaid = StyleTransitions().overlaid(with: transitions)
      let stored = [Self.storedEntries(transitions), Self.storedEntries(overlaid)]
      // Stops at the first size that keeps more, before timing: a quadratic copy of 8,000
      // attributes' tables would be 64 million entries.
      guard stored == [2 * size, 2 * size] else {
        Issue.record("\(size) attributes: \(stored) entries kept, built and overlaid")
        return
      }
    }
    // Each timing covers the operation alone; its inputs, whose sorting is O(n log n), are
    // made first. The smallest sizes take milliseconds at least: below that, a busy machine's
    // caches decide more than the work.
    let sizes = [2_000, 8_000, 32_000]
    Self.expectLinear("n attributes' tables set over n entries for all", sizes: sizes) { size in
      let all = TransitionTable(Self.entries(size))
      let own = Self.entries(size, from: size).map { TransitionTable([$0]) }
      return {
        var transitions = StyleTransitions()
        transitions.all = all
        for (index, table) in own.enumerated() { transitions[attribute: "a\(index)"] = table }
        #expect(transitions.attributeNames.count == size)
      }
    }
    let large = [4_000, 16_000, 64_000]
    Self.expectLinear("one attribute's n entries set over n for all", sizes: large) { size in
      let all = TransitionTable(Self.entries(size))
      let own = TransitionTable(Self.entries(size, from: size / 2))
      return {
        var transitions = StyleTransitions()
        transitions.all = all
        transitions[attribute: "fill"] = own
        #expect(transitions[attribute: "fill"].count == size)
      }
    }
    Self.expectLinear("a table of n laid over one of n", sizes: large) { size in
      let theme = TransitionTable(Self.entries(size))
      let widget = TransitionTable(Self.entries(size, from: size / 2))
      return { #expect(theme.overlaid(with: widget).count == size + size / 2) }
    }
    Self.expectLinear("transitions of n attributes laid over others", sizes: sizes) { size in
      let theme = Self.manyAttributes(size)
      var widget = StyleTransitions()
      widget.all = TransitionTable(Self.entries(size, from: size / 2))
      for index in 0..<size { widget[attribute: "a\(index)"][to: .disabled] = .snap }
      return { #expect(theme.overlaid(with: widget).attributeNames.count == size) }
    }
  }

  /// An attribute's transition is looked up without a merged table: setting each of n
  /// attributes' tables and resolving a change for it takes time linear in n, not n².
  @Test(.enabled(if: GrowthChecks.requested)) func lookingUpManyAttributesIsLinear() {
    let stored = Self.storedEntries(Self.manyAttributes(125))
    guard stored == 250 else {
      Issue.record("125 attributes keep \(stored) entries; not timed")
      return
    }
    Self.expectLinear("a change for each of n attributes", sizes: [2_000, 8_000, 32_000]) {
      size in
      let all = TransitionTable(Self.entries(size))
      let own = Self.entries(size, from: size).map { TransitionTable([$0]) }
      // A change that the first entry for every attribute matches: each lookup walks one or
      // two entries, so what grows is the work of keeping the attributes' tables.
      let top = all.entries[0]
      let change = StateChange(old: top.from.required, new: top.to.required)
      return {
        var transitions = StyleTransitions()
        transitions.all = all
        var total = 0
        for (index, table) in own.enumerated() {
          transitions[attribute: "a\(index)"] = table
          total &+= transitions.transition(for: "a\(index)", change).duration
        }
        #expect(total > 0)
      }
    }
  }

  /// Fails when the work `prepare` returns for the largest size takes 24 times as long as for
  /// the smallest or more (sizes 16 times apart: linear work takes about 16 times as long,
  /// quadratic 256): the best of three series. Only the returned work is timed.
  static func expectLinear(
    _ name: String, sizes: [Int], sourceLocation: SourceLocation = #_sourceLocation,
    _ prepare: (Int) -> () -> Void
  ) {
    let works = sizes.map(prepare)
    var (best, series) = (Double.infinity, [Double]())
    for _ in 0..<3 {
      let times = works.map { work in GrowthChecks.bestSeconds { work() } }
      let ratio = times[2] / max(times[0], 1e-6)
      if ratio < best { (best, series) = (ratio, times) }
      if best < 24 || times[2] < 0.05 { break }
    }
    #expect(
      best < 24 || series[2] < 0.05, "\(name): \(series) s for \(sizes), ratio \(best)",
      sourceLocation: sourceLocation)
  }
}
