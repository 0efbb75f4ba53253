import AnimatedWidgets
import Foundation
import StateKit
import StateKitTesting
import Testing

/// The example's theme file, read as the app reads it.
func exampleThemeFile() throws -> Data {
  let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("theme.json")
  return try Data(contentsOf: url)
}

/// The example's animator, with the theme's looks and transitions.
func exampleAnimator() throws -> StyleAnimator<ButtonLook> {
  try StyleAnimator.buttons(themeJSON: try exampleThemeFile())
}

/// An `AnimatedButton` as the frame runner drives it: the test exercises the widget itself.
struct DrivenButton: ClockedWidget {
  let button: AnimatedButton
  var state: ControlState { button.state }
  var settledAt: Int { button.settledAt }
  func look(at time: Int) -> (look: ButtonLook, drawn: String) {
    (button.look(at: time), button.draw(at: time))
  }
  func change(to state: ControlState, at time: Int) { button.change(to: state, at: time) }
}

@Suite("AnimatedButton on a clock")
struct AnimatedButtonTests {
  /// Presses, releases, focus, disabling and enabling, at any times within two seconds.
  static let actions = Gen.timedActions(
    [.press, .release, .disable, .enable, .focus, .blur], count: 0...10, within: 0...2_000)

  /// However the button got there, a disabled button shows the disabled fill in every frame:
  /// entering a disabled state snaps, and `disabled` is dominant.
  @Test func aDisabledButtonNeverShowsThePressedColour() throws {
    let animator = try exampleAnimator()
    let disabledFill = animator.look(for: .disabled).fill
    forAllFrames(
      "a disabled button shows the disabled fill", actions: Self.actions,
      widget: AnimatedLook(animator)
    ) { frame in
      !frame.state.contains(.disabled) || frame.look.fill == disabledFill
    }
  }

  /// Every transition ends at the look the theme gives the state entered, and stays there.
  @Test func everyTransitionEndsAtTheLookOfTheStateEntered() throws {
    let animator = try exampleAnimator()
    forAllFrames(
      "settled frames show the theme's look", actions: Self.actions,
      widget: AnimatedLook(animator)
    ) { frame in
      !frame.isSettled || frame.look == animator.look(for: frame.state)
    }
  }

  /// The button draws what its look says, in every frame: the label, underlined or not, in
  /// brackets as wide as the look's width.
  @Test func theButtonDrawsItsLook() throws {
    let animator = try exampleAnimator()
    forAllFrames(
      "the drawing follows the look", actions: Self.actions,
      widget: DrivenButton(button: AnimatedButton(animator))
    ) { frame in
      let (look, drawn) = frame.look
      let label = look.underlined ? "_\(look.label)_" : look.label
      return drawn.hasPrefix("[") && drawn.hasSuffix("]") && drawn.contains(label)
        && drawn.count == max(Int(look.width.rounded()), label.count) + 2
    }
  }

  /// A theme that animates every change by default (`"normal -> normal"`, as CSS's
  /// `transition: all`) and forgets the snap into disabled: the frames find what no single state
  /// shows, a button disabled while pressed that moves from its pressed fill towards the
  /// disabled one, so for a moment a disabled button looks pressed. The shortest sequence that
  /// shows it is a press, then a disable.
  @Test func withoutTheSnapADisabledButtonLooksPressed() throws {
    let file = try exampleThemeFile()
    let theme = try StyleSet(themeJSON: file, keys: StyleSet.buttonKeys)
    var transitions = try StyleTransitions(themeJSON: file, keys: StyleSet.buttonKeys)
    let intoDisabled = (
      from: StateSelector(.normal, unless: .disabled), to: StateSelector(.disabled)
    )
    #expect(transitions.all[from: intoDisabled.from, to: intoDisabled.to] == .snap)
    transitions.all[from: intoDisabled.from, to: intoDisabled.to] = nil
    transitions.all[from: .normal, to: .normal] = Transition(milliseconds: 300)
    let animator = StyleAnimator.buttons(theme, transitions: transitions)
    let (pressed, disabled) = (
      animator.look(for: .highlighted).fill, animator.look(for: .disabled).fill
    )
    let failure = try #require(
      checkFrames(
        "a disabled button never looks pressed", actions: Self.actions, seed: 40,
        widget: AnimatedLook(animator)
      ) {
        frame in
        !frame.state.contains(.disabled)
          || distance(frame.look.fill, pressed) > distance(frame.look.fill, disabled)
      })
    #expect(failure.counterexample?.map(\.action) == [.press, .disable])
    #expect(failure.report.reason.contains("disabled"))
    // With the theme's snap, the same property holds.
    let themed = try exampleAnimator()
    #expect(
      checkFrames(
        "a disabled button never looks pressed", actions: Self.actions, seed: 40,
        widget: AnimatedLook(themed)
      ) { frame in
        !frame.state.contains(.disabled)
          || distance(frame.look.fill, pressed) > distance(frame.look.fill, disabled)
      } == nil)
  }
}

/// How far apart two colours are: the sum of their channels' differences.
func distance(_ a: RGB, _ b: RGB) -> Int {
  abs(Int(a.red) - Int(b.red)) + abs(Int(a.green) - Int(b.green)) + abs(Int(a.blue) - Int(b.blue))
}
