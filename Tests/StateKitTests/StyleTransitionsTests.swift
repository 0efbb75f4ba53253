import StateKitTesting
import Testing

@testable import StateKitCore

/// Per-attribute transitions and the style set that carries them.
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

  @Test func theStyleSetsPrecedenceRanksItsTransitions() {
    var style = StyleSet()
    style.transitions.all[to: .disabled] = .snap
    style.transitions[attribute: "fill"][to: .selected] = Transition(milliseconds: 90)
    let change = StateChange(old: .normal, new: [.selected, .disabled])
    #expect(style.transitions.transition(for: "fill", change) == .snap)
    style.precedence = StatePrecedence([.selected])
    #expect(style.transitions.precedence == StatePrecedence([.selected]))
    #expect(style.transitions.transition(for: "fill", change).duration == 90)
    // A table set later takes the style set's precedence too.
    var transitions = StyleTransitions()
    transitions.all[to: .disabled] = Transition(milliseconds: 5)
    transitions.all[to: .selected] = Transition(milliseconds: 6)
    style.transitions = transitions
    #expect(style.transitions.transition(for: "size", change).duration == 6)
    #expect(
      StyleSet(precedence: StatePrecedence(dominant: .disabled)).transitions.precedence.dominant
        == .disabled)
  }

  @Test func transitionsAreInTheStyleSetsValue() {
    var a = StyleSet()
    a[StyleKey<Int>("size"), for: .normal] = 1
    var b = a
    #expect(a == b)
    b.transitions.all[to: .highlighted] = Transition(milliseconds: 60)
    #expect(a != b)
    a.transitions.all[to: .highlighted] = Transition(milliseconds: 60)
    #expect(a == b && a.hashValue == b.hashValue)
    #expect(
      a.description
        == "StyleSet(size: [normal: 1], transitions: StyleTransitions(all: [normal -> highlighted: 60 ms ease]))"
    )
    #expect(StyleSet().description == "StyleSet()")
  }

  @Test func overlaysLayTransitionsOverTableByTable() {
    var theme = StyleSet()
    theme.transitions.all[to: .highlighted] = Transition(milliseconds: 60)
    theme.transitions.all[to: .disabled] = .snap
    theme.transitions[attribute: "fill"][from: .highlighted] = Transition(milliseconds: 200)
    var widget = StyleSet()
    widget.transitions.all[to: .highlighted] = Transition(milliseconds: 30)
    widget.transitions[attribute: "fill"][from: .selected] = Transition(milliseconds: 10)
    let merged = theme.overlaid(with: widget).transitions
    #expect(merged.all.count == 2 && merged.all[to: .highlighted]?.duration == 30)
    #expect(merged[attribute: "fill"].count == 2)
    #expect(merged.attributeNames == ["fill"])
  }

  @Test func anEmptyTableRemovesTheAttribute() {
    var transitions = StyleTransitions()
    transitions[attribute: "fill"][to: .selected] = .snap
    transitions[attribute: "fill"][to: .selected] = nil
    #expect(transitions.isEmpty && transitions == StyleTransitions())
  }
}
