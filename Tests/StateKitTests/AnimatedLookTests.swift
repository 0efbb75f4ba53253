import StateKitTesting
import Testing

@testable import StateKitCore

/// The animator's laws, on random timed changes over a small state space, frame by frame.
@Suite("AnimatedLook")
struct AnimatedLookTests {
  struct Look: Equatable, Sendable {
    var fill = 0.0
    var size = 10
    var label = "idle"
    var visible = true
  }

  static let fill = StyleKey<Double>("fill")
  static let size = StyleKey<Int>("size")
  static let label = StyleKey<String>("label")
  static let visible = StyleKey<Bool>("visible")
  static let bits: ControlState = [.highlighted, .disabled, .selected, .focused]
  /// The values of `fill` in the style: with curves that do not overshoot, every frame's fill
  /// lies between the least and the greatest.
  static let fills = [0.0, 1, 0.5, 0.3]

  /// A button's looks; focus changes nothing.
  static func style() -> StyleSet {
    var style = StyleSet()
    style[fill, for: .normal] = 0
    style[fill, for: .highlighted] = 1
    style[fill, for: .selected] = 0.5
    style[fill, for: .disabled] = 0.3
    style[size, for: .selected] = 20
    style[size, for: [.selected, .highlighted]] = 24
    style[label, for: .highlighted] = "pressed"
    style[label, for: .disabled] = "off"
    style[visible, for: .disabled] = false
    return style
  }

  /// Pressing animates quickly, releasing slowly, selecting after a delay, and entering a
  /// disabled state snaps.
  static func transitions(snapToDisabled: Bool = true) -> StyleTransitions {
    var transitions = StyleTransitions()
    transitions.all[to: .highlighted] = Transition(milliseconds: 80, curve: .easeOut)
    transitions.all[from: .highlighted] = Transition(milliseconds: 200, curve: .linear)
    transitions.all[to: .selected] = Transition(milliseconds: 120, delay: 30)
    if snapToDisabled { transitions.all[to: .disabled] = .snap }
    transitions[attribute: size.name][to: .selected] = Transition(
      milliseconds: 60, curve: .easeInOut)
    return transitions
  }

  static let fields: [StyleAnimator<Look>.Field] = [
    .field(\.fill, from: fill), .field(\.size, from: size),
    .field(\.label, from: label), .field(\.visible, from: visible, switching: .end),
  ]

  static let animator = StyleAnimator(
    style(), default: Look(), fields, transitions: transitions())

  /// Changes to random states of `bits`, each some milliseconds after the one before.
  static let changes = Gen.zip(Gen.controlState(in: bits, count: 0...4), Gen.int(in: 0...250))
    .array(count: 0...12)

  /// Plays changes from a normal start at time 1,000; calls `frame` after each change and every
  /// 7 ms in between (a rate that falls between the transitions' own boundaries), and 400 ms
  /// past the last change. Returns false as soon as `frame` does.
  static func play(
    _ changes: [(ControlState, Int)], animator: StyleAnimator<Look> = animator,
    _ frame: (_ animated: AnimatedLook<Look>, _ time: Int, _ changedNow: Bool) -> Bool
  ) -> Bool {
    var animated = AnimatedLook(animator)
    var time = 1_000
    for (state, elapsed) in changes {
      let next = time + elapsed
      while time < next {
        guard frame(animated, time, false) else { return false }
        time += 7
      }
      time = next
      animated.change(to: state, at: time)
      guard frame(animated, time, true) else { return false }
    }
    let end = time + 400
    while time <= end {
      guard frame(animated, time, false) else { return false }
      time += 7
    }
    return true
  }

  /// Every transition ends at the look of the state entered; and with curves that do not
  /// overshoot, a moving value stays between the style's values.
  @Test func everyTransitionEndsAtTheLookOfTheStateEnteredWithinTheStylesValues() {
    forAll(
      "look(at: settledAt) == the state's look, and stays so", Self.changes,
      cases: GrowthChecks.cases(500)
    ) {
      changes in
      Self.play(changes) { animated, time, _ in
        let settled = animated.look(at: max(time, animated.settledAt))
        return settled == Self.animator.look(for: animated.state)
          && (time < animated.settledAt || animated.look(at: time) == animated.look(at: .max))
      }
    }
    let (low, high) = (Self.fills.min() ?? 0, Self.fills.max() ?? 0)
    forAll(
      "every frame's fill and size are within the style's range", Self.changes,
      cases: GrowthChecks.cases(500)
    ) {
      changes in
      Self.play(changes) { animated, time, _ in
        let look = animated.look(at: time)
        return (low...high).contains(look.fill) && (10...24).contains(look.size)
      }
    }
  }

  /// The look just before a change and just after it, at the same time, differ only in fields
  /// whose new transition jumps: a snap, or a switch at the start with no delay. And
  /// `to: disabled` snaps: every field the change alters shows its new value at once. (A field
  /// whose value stays keeps moving towards it, as CSS keeps it.)
  @Test func anInterruptStartsFromTheLookInBetweenAndEnteringADisabledStateSnaps() {
    forAll(
      "no field jumps at a change unless its transition does", Self.changes,
      cases: GrowthChecks.cases(500)
    ) {
      changes in
      Self.eachChange(changes) { before, after, time in
        let (old, new) = (before.look(at: time), after.look(at: time))
        let change = StateChange(old: before.state, new: after.state)
        let transitions = Self.animator.transitions
        func jumps(_ attribute: String) -> Bool {
          transitions.transition(for: attribute, change) == .snap
        }
        // `label` switches at the start: at once unless its transition waits.
        let labelWaits = transitions.transition(for: "label", change).delay > 0
        return (old.fill == new.fill || jumps("fill")) && (old.size == new.size || jumps("size"))
          && (old.visible == new.visible || jumps("visible"))
          && (old.label == new.label || (!labelWaits && new.label == after.look(at: .max).label))
      }
    }
    forAll(
      "a change into disabled shows the new values at once", Self.changes,
      cases: GrowthChecks.cases(500)
    ) {
      changes in
      Self.eachChange(changes) { before, after, time in
        let (old, look, new) = (before.look(at: .max), after.look(at: time), after.look(at: .max))
        return !after.state.contains(.disabled)
          || ((old.fill == new.fill || look.fill == new.fill)
            && (old.size == new.size || look.size == new.size)
            && (old.label == new.label || look.label == new.label)
            && (old.visible == new.visible || look.visible == new.visible))
      }
    }
  }

  /// Applies changes from a normal start at time 1,000, and calls `body` with the look before
  /// and after each change and its time; false as soon as `body` is.
  static func eachChange(
    _ changes: [(ControlState, Int)],
    _ body: (_ before: AnimatedLook<Look>, _ after: AnimatedLook<Look>, _ time: Int) -> Bool
  ) -> Bool {
    var animated = AnimatedLook(Self.animator)
    var time = 1_000
    for (state, elapsed) in changes {
      time += elapsed
      let before = animated
      animated.change(to: state, at: time)
      guard body(before, animated, time) else { return false }
    }
    return true
  }

  /// A change that alters no field (focus, which the style does not mention) leaves every
  /// running transition as it was: the frames match those of the run without it.
  @Test func aChangeThatAltersNothingLeavesTransitionsRunning() {
    let withFocus = Gen.zip(Self.changes, Gen.int(in: 0...11), Gen.int(in: 0...100))
    forAll("toggling focus mid-way changes no frame", withFocus, cases: GrowthChecks.cases(400)) {
      changes, position, offset in
      var plain = AnimatedLook(Self.animator)
      var focused = AnimatedLook(Self.animator)
      var time = 1_000
      for (index, (state, elapsed)) in changes.enumerated() {
        time += elapsed
        plain.change(to: state.subtracting(.focused), at: time)
        focused.change(to: state.subtracting(.focused), at: time)
        if index == position {
          focused.change(to: state.symmetricDifference(.focused), at: time + offset / 2)
        }
        for frame in stride(from: time, through: time + offset, by: 5)
        where frame >= time + offset / 2 {
          guard plain.look(at: frame) == focused.look(at: frame) else { return false }
        }
        time += offset
      }
      return true
    }
  }

  /// A press released half way returns in part of the time; delays hold and switches wait for
  /// their position; and time never runs backwards.
  @Test func pressesDelaysAndSwitchesFollowTheirTransitions() {
    var button = AnimatedLook(Self.animator)
    button.change(to: .highlighted, at: 0)  // 80 ms ease-out to fill 1
    let pressSettledAt = button.settledAt
    let halfway = button.look(at: 40)
    button.change(to: .normal, at: 40)  // back to 0, the value the press started from
    let covered = TransitionCurve.easeOut.progress(at: 0.5)
    // The release takes 200 ms, shortened to the share covered.
    let releaseEnd: Int = 40 + Int((200 * covered).rounded(.up))
    let settledAt: [Int] = [pressSettledAt, button.settledAt]
    #expect(settledAt == [80, releaseEnd])
    #expect(button.look(at: 40).fill == halfway.fill)
    #expect(button.look(at: button.settledAt) == Self.animator.look(for: .normal))
    // Half way back, linearly, is half the fill it had.
    let middle: Int = 40 + Int((200 * covered).rounded(.up)) / 2
    #expect(
      abs(halfway.fill - covered) < 1e-12
        && abs(button.look(at: middle).fill - halfway.fill / 2) < 0.01)

    var selecting = AnimatedLook(Self.animator)
    selecting.change(to: .selected, at: 100)  // fill: 120 ms after 30; size: 60 ms, no delay
    let held: [Double] = [129, 130, 250].map { selecting.look(at: $0).fill }
    #expect(held == [0, 0, 0.5])
    let sizes: [Int] = [selecting.settledAt, selecting.look(at: 160).size]
    #expect(sizes == [250, 20])
    #expect(selecting.look(at: 131).fill > 0 && selecting.look(at: 130).size > 10)
    selecting.change(to: [.selected, .disabled], at: 300)  // snaps: visible switches at once
    #expect(selecting.look(at: 300) == Self.animator.look(for: [.selected, .disabled]))
    // Without the snap, `visible` switches at the end, `label` at the start.
    var slow = AnimatedLook(
      StyleAnimator(
        Self.style(), default: Look(), Self.fields,
        transitions: Self.transitions(snapToDisabled: false)))
    slow.change(to: .highlighted, at: 0)
    slow.change(to: .disabled, at: 500)  // from highlighted: 200 ms linear
    let visible: [Bool] = [500, 699, 700].map { slow.look(at: $0).visible }
    #expect(visible == [true, true, false])
    #expect(slow.look(at: 500).label == "off")
    #expect(abs(slow.look(at: 600).fill - 0.65) < 1e-9)

    // Time never runs backwards.
    var early = AnimatedLook(Self.animator)
    early.change(to: .highlighted, at: 500)
    early.change(to: .normal, at: 100)  // counts as at 500
    // Released before the press moved: back at once.
    #expect(early.look(at: 500).fill == 0 && early.settledAt == 500)
  }

  /// A transition without matches snaps; explain names each field's entry.
  @Test func aTransitionWithoutMatchesSnapsAndExplainNamesEachFieldsEntry() {
    let still = StyleAnimator(Self.style(), default: Look(), Self.fields)
    var button = AnimatedLook(still)
    button.change(to: .highlighted, at: 10)
    #expect(10 >= button.settledAt && button.look(at: 10) == still.look(for: .highlighted))
    #expect(still.attributes == ["fill", "size", "label", "visible"])

    let why = Self.animator.explain(StateChange(old: .normal, new: .selected))
    #expect(why.map(\.transition.duration) == [120, 60, 120, 120])
    let focus = Self.animator.explain(StateChange(old: .normal, new: .focused))
    let tables: [String] = [why[1].table, why[0].table, focus[2].description]
    #expect(tables == ["size", "all", "label: snap; no entry matches"])
  }
}
