import StateKitTesting
import Testing

/// A button that tracks a touch: pressed by a touch down, released by a touch up, and tapped
/// only when released inside. The bug, switched on by `buggy`: a release after the touch was
/// dragged outside still taps, but only when the touch never came back inside.
@MainActor
final class TrackingButton {
  let buggy: Bool
  let audit: Audit
  private(set) var isPressed = false
  private(set) var isInside = false
  private var leftOnce = false
  private(set) var taps = 0
  private(set) var isEnabled = true

  init(buggy: Bool, audit: Audit) {
    self.buggy = buggy
    self.audit = audit
  }

  /// Counts calls the model's preconditions forbid: they must never reach the button.
  private func require(_ allowed: Bool) {
    audit.steps += 1
    if !allowed { audit.forbidden += 1 }
  }

  func touchDown() {
    require(!isPressed && isEnabled)
    isPressed = true
    isInside = true
    leftOnce = false
  }

  func dragOutside() {
    require(isPressed && isInside)
    isInside = false
    leftOnce = true
  }

  func dragInside() {
    require(isPressed && !isInside)
    isInside = true
    leftOnce = false
  }

  func touchUp() {
    require(isPressed)
    if isInside || (buggy && leftOnce) { taps += 1 }
    isPressed = false
    isInside = false
  }

  func disable() {
    require(isEnabled && !isPressed)
    isEnabled = false
  }

  func enable() {
    require(!isEnabled)
    isEnabled = true
  }

  var isHighlighted: Bool { isPressed && isInside }
}

/// Counts what reached the button, across every sequence of a run.
final class Audit {
  var steps = 0
  var forbidden = 0
}

struct ButtonModel: Sendable {
  var pressed = false
  var inside = false
  var enabled = true
  var taps = 0
}

/// The button's actions, each with its precondition.
@MainActor
func buttonActions() -> [StateMachine<ButtonModel, TrackingButton>.Action] {
  [
    .init(
      "press", when: { !$0.pressed && $0.enabled },
      model: {
        $0.pressed = true
        $0.inside = true
      }, system: { $0.touchDown() }),
    .init(
      "release", when: { $0.pressed },
      model: {
        if $0.inside { $0.taps += 1 }
        $0.pressed = false
        $0.inside = false
      }, system: { $0.touchUp() },
      postcondition: { model, button in model.taps == button.taps }),
    .init(
      "drag outside", when: { $0.pressed && $0.inside }, model: { $0.inside = false },
      system: { $0.dragOutside() }),
    .init(
      "drag inside", when: { $0.pressed && !$0.inside }, model: { $0.inside = true },
      system: { $0.dragInside() }),
    .init(
      "disable", when: { $0.enabled && !$0.pressed }, model: { $0.enabled = false },
      system: { $0.disable() }),
    .init(
      "enable", when: { !$0.enabled }, model: { $0.enabled = true }, system: { $0.enable() }),
  ]
}

@MainActor
func buttonMachine(buggy: Bool, audit: Audit) -> StateMachine<ButtonModel, TrackingButton> {
  StateMachine(
    model: { ButtonModel() },
    system: { TrackingButton(buggy: buggy, audit: audit) },
    actions: buttonActions(),
    invariant: { model, button in
      button.isHighlighted == (model.pressed && model.inside) && button.taps == model.taps
    })
}

@Suite("Stateful tests")
@MainActor
struct StateMachineTests {
  /// The drag-outside bug shrinks to its three actions, whatever the seed.
  @Test func theDragOutsideBugShrinksToItsThreeActionsWithEverySeed() throws {
    let audit = Audit()
    let failure = try #require(
      check("taps follow the model", buttonMachine(buggy: true, audit: audit), cases: 1_000),
      "the bug must be found")
    print(failure.report)
    // Shrinking ran sequences against the button, and none of them broke a precondition.
    #expect(
      (
        failure.counterexample, failure.report.reason, failure.report.counterexample,
        failure.report.shrinkAttempts > 0, audit.steps > 100, audit.forbidden
      )
        == (
          ["press", "drag outside", "release"], "the postcondition of step 3 (release) failed",
          "[press, drag outside, release]", true, true, 0
        ), "\(failure.report)")

    // Over many seeds, long first failures shrink to the same three actions, and no forbidden
    // call reaches the button while shrinking them.
    let seeds = Audit()
    var longest = 0
    for seed in UInt64(1)...12 {
      let failure = try #require(
        check("taps", buttonMachine(buggy: true, audit: seeds), cases: 1_000, seed: seed))
      longest = max(longest, failure.firstCounterexample?.count ?? 0)
      #expect(failure.counterexample == ["press", "drag outside", "release"], "\(failure)")
    }
    // Some first failures are longer, so shrinking mattered.
    #expect((longest > 3, seeds.forbidden) == (true, 0), "\(longest)")
  }

  /// The fixed button passes, with sequences long enough to matter; the audit itself can fail:
  /// a sequence run directly, without the machine, trips it; generated sequences are replayed
  /// by seed.
  @Test func theFixedButtonPassesTheAuditCountsAndSeedsReplay() {
    let audit = Audit()
    let failure = check("taps follow the model", buttonMachine(buggy: false, audit: audit))
    #expect(
      (failure == nil, audit.forbidden, audit.steps > 2_000) == (true, 0, true),
      "\(failure?.report.description ?? "")")

    let direct = Audit()
    let button = TrackingButton(buggy: false, audit: direct)
    button.touchUp()
    #expect(direct.forbidden == 1)

    let first = check("same", buttonMachine(buggy: true, audit: Audit()), seed: 99)
    let second = check("same", buttonMachine(buggy: true, audit: Audit()), seed: 99)
    #expect(
      (first?.firstCounterexample, first?.report.tries)
        == (second?.firstCounterexample, second?.report.tries))
  }

  /// A sequence's length grows with the run's size without overflow, whatever the count: a
  /// count reaching `Int.max` gives long sequences, which draw more choices than a case may, so
  /// the run gives up with a report rather than trapping.
  /// A throwing step fails with its error too.
  @Test func aHugeCountDoesNotOverflowAndAThrowingStepFails() throws {
    let machine = StateMachine<Int, Audit>(
      model: { 0 }, system: { Audit() },
      actions: [.init("tick", model: { $0 += 1 }, system: { $0.steps += 1 })])
    let failure = try #require(check("ticks", machine, count: 0...Int.max, cases: 50))
    #expect(
      failure.counterexample == nil
        && failure.report.description.contains("drew more than 16384 choices"), "\(failure)")

    // A throwing step fails with its error.
    struct Broken: Error, CustomStringConvertible { var description: String { "broken" } }
    let exploding = StateMachine<Int, Audit>(
      model: { 0 }, system: { Audit() },
      actions: [
        .init("tick", model: { $0 += 1 }, system: { $0.steps += 1 }),
        .init(
          "explode", when: { $0 >= 2 }, model: { _ in },
          system: { _ in throw Broken() }),
      ])
    let exploded = try #require(check("explodes", exploding))
    #expect(
      (exploded.counterexample, exploded.report.reason)
        == (["tick", "tick", "explode"], "step 3 (explode) threw broken"))
  }
}
