import StateKit
import Testing

@testable import StateKitTesting

/// The virtual clock, timed actions and the frame-by-frame runner.
@Suite("Frames")
struct FrameTests {
  static let fill = StyleKey<Double>("fill")

  /// Fill 0, pressed 1; pressing takes 100 ms, linearly; anything else snaps.
  static func press(milliseconds: Int = 100) -> StyleAnimator<Double> {
    var style = StyleSet()
    style[fill, for: .highlighted] = 1
    var transitions = StyleTransitions()
    transitions.all[to: .highlighted] = Transition(milliseconds: milliseconds, curve: .linear)
    return StyleAnimator(
      style, default: 0.0, [.field(\.self, from: fill)], transitions: transitions)
  }

  @Test func clockFramesNeverDrift() {
    for rate in 1...240 {
      let clock = VirtualClock(framesPerSecond: rate)
      for second in 0...3 { #expect(clock.time(ofFrame: second * rate) == second * 1_000) }
      var times: [Int] = []
      var ticking = clock
      for _ in 0..<(2 * rate) { times.append(ticking.tick()) }
      #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 || rate > 1_000 })
      // The first frame at or after every time up to two seconds is the least such frame.
      for time in stride(from: 0, through: 2_000, by: 7) {
        let frame = clock.firstFrame(after: time)
        #expect(clock.time(ofFrame: frame) >= time)
        #expect(frame == 0 || clock.time(ofFrame: frame - 1) < time)
      }
    }
    #expect(VirtualClock(framesPerSecond: 0).framesPerSecond == 1)
    #expect(VirtualClock(framesPerSecond: 5_000).framesPerSecond == 1_000)
  }

  /// The first frame at or after a time is the least such frame for every time up to
  /// `Int.max`, which saturated end times reach: no trap, and no frame past the one needed.
  @Test func firstFramesReachIntMax() {
    let times = [
      Int.max, Int.max - 1, Int.max - 999, Int.max - 1_000, Int.max / 1_000 * 1_000,
      Int.max / 60, Int.max / 2, 1 << 62, 1 << 53 + 1,
    ]
    for rate in [1, 7, 30, 60, 120, 144, 999, 1_000] {
      let clock = VirtualClock(framesPerSecond: rate)
      for time in times {
        let frame = clock.firstFrame(after: time)
        #expect(clock.time(ofFrame: frame) >= time, "\(rate) fps, \(time) ms: frame \(frame)")
        #expect(
          frame == 0 || clock.time(ofFrame: frame - 1) < time,
          "\(rate) fps, \(time) ms: frame \(frame) is not the first")
      }
    }
  }

  /// The frames a sequence is drawn at, and the actions between them.
  static func frames(
    _ steps: [TimedAction], animator: StyleAnimator<Double> = press(), rate: Int = 60
  ) -> [Frame<Double>] {
    var frames: [Frame<Double>] = []
    _ = try? _playFrames(
      steps, clock: VirtualClock(framesPerSecond: rate), widget: AnimatedLook(animator)
    ) {
      frames.append($0)
      return true
    }
    return frames
  }

  @Test func framesRunUntilTheLastTransitionEnds() {
    #expect(Self.frames([]).map(\.time) == [0])
    let pressed = Self.frames([TimedAction(.press, at: 0)])
    #expect(pressed.map(\.time) == [0, 16, 33, 50, 66, 83, 100])
    #expect(pressed.map(\.isSettled) == [false, false, false, false, false, false, true])
    #expect(pressed.last?.look == 1 && pressed.first?.look == 0)
    #expect(pressed.dropFirst().map(\.previousLook) == pressed.dropLast().map(\.look))
    // An action between frames: frames before it are drawn before it.
    let late = Self.frames([TimedAction(.press, at: 40)])
    #expect(late.map(\.actionsDone) == [0, 0, 0] + Array(repeating: 1, count: late.count - 3))
    #expect(late.map(\.time).last == 150)
    // An action at a frame's time comes before that frame.
    let onFrame = Self.frames([TimedAction(.press, at: 50), TimedAction(.release, at: 50)])
    #expect(onFrame.map(\.time) == [0, 16, 33, 50] && onFrame[3].actionsDone == 2)
    // A transition that never ends in time stops 10 s after the last action.
    let slow = Self.frames(
      [TimedAction(.press, at: 0)], animator: Self.press(milliseconds: 60_000))
    #expect(slow.last?.time == 10_000 && slow.last?.isSettled == false)
  }

  /// The runner shrinks to the shortest sequence with the earliest actions and the shortest
  /// waits, so that it fails at the first frame it can.
  @Test func failuresShrinkToTheShortestSequenceAndTheFewestFrames() throws {
    let animator = Self.press()
    let failure = try #require(
      checkFrames(
        "the fill never passes one half",
        actions: Gen.timedActions([.release, .press, .disable], count: 0...10, within: 0...1_500),
        seed: 11, widget: AnimatedLook(animator)
      ) { frame in frame.look <= 0.5 })
    #expect(failure.counterexample == [TimedAction(.press, at: 0)])
    #expect(failure.report.counterexample == "[press @0ms]")
    #expect(
      failure.report.reason
        == "frame 4 at 66 ms, highlighted, after 1 action, moving: 0.66 returned false")
  }

  /// A property over every frame finds a sequence no single-state check sees: a button pressed
  /// and then disabled keeps its pressed fill while it moves, unless entering disabled snaps.
  @Test func aDisabledButtonNeverShowsThePressedFillWhenDisablingSnaps() throws {
    func animator(snap: Bool) -> StyleAnimator<Double> {
      var style = StyleSet()
      style[Self.fill, for: .highlighted] = 1
      style[Self.fill, for: .disabled] = 0.3
      var transitions = StyleTransitions()
      transitions.all[to: .highlighted] = Transition(milliseconds: 100, curve: .linear)
      transitions.all[from: .highlighted] = Transition(milliseconds: 300, curve: .linear)
      if snap { transitions.all[to: .disabled] = .snap }
      return StyleAnimator(
        style, default: 0.0, [.field(\.self, from: Self.fill)], transitions: transitions)
    }
    let actions = Gen.timedActions(
      [.press, .release, .disable, .enable], count: 0...8, within: 0...1_000)
    let property = { (frame: Frame<Double>) in
      !(frame.state.contains(.disabled) && frame.look > 0.9)
    }
    let failure = try #require(
      checkFrames(
        "no pressed fill when disabled", actions: actions, seed: 5,
        widget: AnimatedLook(animator(snap: false)), property))
    #expect(failure.counterexample?.map(\.action) == [.press, .disable])
    #expect(failure.report.reason.hasPrefix("frame "))
    #expect(
      checkFrames(
        "no pressed fill when disabled", actions: actions, seed: 5,
        widget: AnimatedLook(animator(snap: true)), property) == nil)
  }

  /// A widget of the test's own drives through the protocol: its own state, its own look.
  @Test func widgetsOfYourOwnAreDrivenThroughTheProtocol() {
    final class Blinker: ClockedWidget {
      var state = ControlState.normal
      var changes = 0
      var settledAt = Int.min
      func look(at time: Int) -> Int { changes }
      func change(to state: ControlState, at time: Int) {
        self.state = state
        changes += 1
        settledAt = time + 50
      }
    }
    var seen: [Int] = []
    let failure = checkFrames(
      "looks count the changes",
      actions: Gen.timedActions([.press, .release], count: 3...3, within: 10...10),
      cases: 1, seed: 1, widget: Blinker()
    ) { frame in
      seen.append(frame.look)
      return frame.look == frame.actionsDone
    }
    #expect(failure == nil)
    #expect(seen.first == 0 && seen.last == 3)
  }

  @Test func forAllFramesRecordsOneIssue() {
    withKnownIssue {
      forAllFrames(
        "the fill stays at rest", actions: Gen.timedActions([.press]), seed: 2,
        saveFailures: false, widget: AnimatedLook(Self.press())
      ) { $0.look == 0 }
    }
  }

  @Test func timedActionsShrinkTowardsEarlierTimes() throws {
    let failure = try #require(
      check("no disable at 120 ms or later", Gen.timedActions(), seed: 9) { steps in
        !steps.contains { $0.action == .disable && $0.time >= 120 }
      })
    #expect(failure.counterexample == [TimedAction(.disable, at: 120)])
    // Generated sequences are in the order of their times.
    forAll("sequences are sorted by time", Gen.timedActions(count: 0...20)) { steps in
      zip(steps, steps.dropFirst()).allSatisfy { $0.time <= $1.time }
    }
    // A step listed before an earlier one counts as at the same time.
    let frames = Self.frames([TimedAction(.press, at: 60), TimedAction(.release, at: 10)])
    #expect(frames.map(\.time) == [0, 16, 33, 50, 66] && frames.last?.look == 0)
  }
}
