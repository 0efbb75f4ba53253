import StateKitCore
import Testing

/// A widget whose look moves on the times it is given: what
/// ``checkFrames(_:actions:framesPerSecond:cases:seed:maxShrinks:widget:_:)`` drives with
/// actions and a virtual clock.
///
/// `AnimatedLook` conforms; so can a widget of yours that owns one, by forwarding to it, so that
/// the test drives the widget itself:
///
///     final class FadingButton: ClockedWidget {
///         var animated: AnimatedLook<Double>
///         init(_ animator: StyleAnimator<Double>) { animated = AnimatedLook(animator) }
///         var state: ControlState { animated.state }
///         var settledAt: Int { animated.settledAt }
///         func look(at time: Int) -> Double { animated.look(at: time) }
///         func change(to state: ControlState, at time: Int) { animated.change(to: state, at: time) }
///     }
public protocol ClockedWidget {
  /// What the widget draws with.
  associatedtype Look

  /// The state the widget is in, or moving to.
  ///
  ///     var style = StyleSet()
  ///     style[StyleKey<Double>("fill"), for: .highlighted] = 1
  ///     let animator = StyleAnimator(style, default: 0.0, [])
  ///     AnimatedLook(animator, state: .highlighted).state  // .highlighted
  var state: ControlState { get }

  /// The time from which every transition has ended, in milliseconds.
  ///
  ///     var style = StyleSet()
  ///     style[StyleKey<Double>("fill"), for: .highlighted] = 1
  ///     var transitions = StyleTransitions()
  ///     transitions.all[to: .highlighted] = Transition(milliseconds: 80)
  ///     var button = AnimatedLook(StyleAnimator(style, default: 0.0, [.field(\.self, from: StyleKey<Double>("fill"))], transitions: transitions))
  ///     button.change(to: .highlighted, at: 0)
  ///     button.settledAt  // 80
  var settledAt: Int { get }

  /// The look at a time no earlier than the last change.
  ///
  ///     var style = StyleSet()
  ///     style[StyleKey<Double>("fill"), for: .highlighted] = 1
  ///     let animator = StyleAnimator(style, default: 0.0, [.field(\.self, from: StyleKey<Double>("fill"))])
  ///     AnimatedLook(animator, state: .highlighted).look(at: 0)  // 1.0
  ///
  /// - Parameter time: The time, in milliseconds.
  func look(at time: Int) -> Look

  /// Tells the widget its state changed at a time.
  ///
  ///     var button = AnimatedLook(StyleAnimator(StyleSet(), default: 0.0, []))
  ///     button.change(to: .disabled, at: 30)
  ///     button.state  // .disabled
  ///
  /// - Parameters:
  ///   - state: The new state.
  ///   - time: When, in milliseconds.
  mutating func change(to state: ControlState, at time: Int)
}

extension AnimatedLook: ClockedWidget {}

/// One frame of a clocked test: when it is, the widget's state and look then, and the look of
/// the frame before. The runner makes the frames and passes each to the property; a failure's
/// reason names the frame that failed by its description:
///
///     var style = StyleSet()
///     style[StyleKey<Double>("fill"), for: .highlighted] = 1
///     var transitions = StyleTransitions()
///     transitions.all[to: .highlighted] = Transition(milliseconds: 100, curve: .linear)
///     let animator = StyleAnimator(style, default: 0.0, [.field(\.self, from: StyleKey<Double>("fill"))], transitions: transitions)
///     let failure = checkFrames(
///         "never half pressed", actions: Gen.timedActions([.press], count: 1...1, within: 0...0),
///         widget: AnimatedLook(animator)
///     ) { frame in
///         frame.look < 0.5
///     }
///     failure?.report.reason  // "frame 3 at 50 ms, highlighted, after 1 action, moving: 0.5 returned false"
public struct Frame<Look>: CustomStringConvertible {
  /// The frame's number, from 0.
  public let index: Int
  /// The frame's time, in milliseconds.
  public let time: Int
  /// The widget's state.
  public let state: ControlState
  /// The widget's look at the frame's time.
  public let look: Look
  /// The look of the frame before, or `nil` for the first frame.
  public let previousLook: Look?
  /// Whether every transition has ended: the look is the state's own.
  public let isSettled: Bool
  /// How many of the sequence's actions have happened.
  public let actionsDone: Int

  /// Creates a frame, as the runner does.
  ///
  /// - Parameters:
  ///   - index: The frame's number.
  ///   - time: Its time, in milliseconds.
  ///   - state: The widget's state.
  ///   - look: The widget's look.
  ///   - previousLook: The look of the frame before.
  ///   - isSettled: Whether every transition has ended.
  ///   - actionsDone: How many actions have happened.
  init(
    index: Int, time: Int, state: ControlState, look: Look, previousLook: Look?,
    isSettled: Bool, actionsDone: Int
  ) {
    (self.index, self.time, self.state, self.look) = (index, time, state, look)
    (self.previousLook, self.isSettled, self.actionsDone) = (previousLook, isSettled, actionsDone)
  }

  /// The frame as a failure report names it: number, time, state, actions, and the look.
  public var description: String {
    let actions = actionsDone == 1 ? "1 action" : "\(actionsDone) actions"
    return
      "frame \(index) at \(time) ms, \(state), after \(actions), \(isSettled ? "settled" : "moving"): \(look)"
  }
}

/// Drives a widget with sequences of timed actions on a virtual clock and checks a property at
/// every frame; returns the shrunk failure, recording nothing.
///
/// For each generated sequence, a fresh widget is made and a virtual clock runs at
/// `framesPerSecond` from 0: every frame before an action's time is drawn and checked, then
/// the action changes the widget's state at its exact time (an action at a frame's time comes
/// before that frame), and after the last action frames go on until every transition has ended
/// (at most 10 seconds more), the first settled frame included. The first frame that fails
/// stops the sequence; the runner shrinks it to the shortest sequence of the earliest actions
/// with the shortest waits that still fails, so that it fails in the fewest frames, and reports
/// the frame:
///
///     var style = StyleSet()
///     let fill = StyleKey<Double>("fill")
///     style[fill, for: .normal] = 0
///     style[fill, for: .highlighted] = 1
///     style[fill, for: .disabled] = 0.3
///     var transitions = StyleTransitions()
///     transitions.all[to: .highlighted] = Transition(milliseconds: 100, curve: .linear)
///     transitions.all[to: .normal] = Transition(milliseconds: 300, curve: .linear)
///     let animator = StyleAnimator(style, default: 0.0, [.field(\.self, from: fill)], transitions: transitions)
///     let failure = checkFrames(
///         "a disabled button never shows the pressed fill",
///         actions: Gen.timedActions([.press, .release, .disable, .enable], count: 0...6, within: 0...600),
///         seed: 3, widget: AnimatedLook(animator)
///     ) { frame in
///         !(frame.state.contains(.disabled) && frame.look > 0.9)
///     }
///     failure?.counterexample?.map(\.action.description)  // ["press", "disable"]
///
/// The fill of a button pressed, then disabled, moves from its pressed value to its disabled
/// one over the 100 ms of `to: highlighted` (the state entered is still highlighted), showing
/// the pressed fill on a disabled button: `transitions.all[to: .disabled] = .snap` fixes
/// it.
///
/// - Parameters:
///   - name: The property's name, for the report.
///   - actions: The generator of sequences, usually ``Gen/timedActions(_:count:within:)``.
///   - framesPerSecond: The frame rate of the virtual clock; 60 by default.
///   - cases: The number of sequences that must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try.
///   - widget: A fresh widget, at rest: evaluated again for each sequence. For an animator's
///     looks, `AnimatedLook(animator)`, or `AnimatedLook(animator, state: s)` to start in `s`.
///   - property: Whether a frame is right; throwing fails it, with the error in the report.
/// - Returns: The failure, whose reason names the failing frame, or `nil` when every frame of
///   every sequence passed.
public func checkFrames<Widget: ClockedWidget>(
  _ name: String, actions: Generator<[TimedAction]>, framesPerSecond: Int = 60,
  cases: Int = 200, seed: UInt64? = nil, maxShrinks: Int = 2_000,
  widget: @autoclosure () -> Widget,
  _ property: (Frame<Widget.Look>) throws -> Bool
) -> PropertyFailure<[TimedAction]>? {
  _frameOutcome(
    name, actions: actions, framesPerSecond: framesPerSecond, cases: cases, seed: seed,
    maxShrinks: maxShrinks, saved: nil, widget: widget(), property
  ).failure
}

/// Drives a widget with sequences of timed actions on a virtual clock and checks a property at
/// every frame, in a Swift Testing test: records one issue, with the shrunk sequence and the
/// failing frame, if a frame fails; see
/// ``checkFrames(_:actions:framesPerSecond:cases:seed:maxShrinks:widget:_:)``.
///
///     @Test func pressesEndPressed() {
///         var style = StyleSet()
///         style[StyleKey<Double>("fill"), for: .highlighted] = 1
///         var transitions = StyleTransitions()
///         transitions.all[to: .highlighted] = Transition(milliseconds: 80)
///         let animator = StyleAnimator(style, default: 0.0, [.field(\.self, from: StyleKey<Double>("fill"))], transitions: transitions)
///         forAllFrames("a settled press is filled", actions: Gen.timedActions([.press, .release]),
///                      widget: AnimatedLook(animator)) { frame in
///             !frame.isSettled || frame.look == (frame.state.contains(.highlighted) ? 1 : 0)
///         }
///     }
///
/// - Parameters:
///   - name: The property's name, for the report.
///   - actions: The generator of sequences.
///   - framesPerSecond: The frame rate of the virtual clock; 60 by default.
///   - cases: The number of sequences that must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try.
///   - saveFailures: Whether a failing sequence is saved to `StateKitFailures.txt` in the test
///     file's directory and replayed first on every later run until its line is deleted.
///   - filePath: The test file, whose directory holds the saved failures.
///   - sourceLocation: Where to record the issue.
///   - widget: A fresh widget, at rest: evaluated again for each sequence.
///   - property: Whether a frame is right.
/// - Returns: The failure, already recorded, or `nil` when every frame passed.
@discardableResult
public func forAllFrames<Widget: ClockedWidget>(
  _ name: String, actions: Generator<[TimedAction]>, framesPerSecond: Int = 60,
  cases: Int = 200, seed: UInt64? = nil, maxShrinks: Int = 2_000, saveFailures: Bool = true,
  filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation,
  widget: @autoclosure () -> Widget, _ property: (Frame<Widget.Look>) throws -> Bool
) -> PropertyFailure<[TimedAction]>? {
  let outcome = _frameOutcome(
    name, actions: actions, framesPerSecond: framesPerSecond, cases: cases, seed: seed,
    maxShrinks: maxShrinks, saved: _SavedFailures.file(testFile: filePath, enabled: saveFailures),
    widget: widget(), property)
  if let failure = outcome.failure {
    Issue.record(Comment(rawValue: failure.report.description), sourceLocation: sourceLocation)
  }
  return outcome.failure
}

/// How long frames go on after the last action when transitions have not ended, in
/// milliseconds.
let _settleLimit = 10_000

/// Runs the sequences through the property runner; each case is one sequence, played frame by
/// frame by `_playFrames`.
func _frameOutcome<Widget: ClockedWidget>(
  _ name: String, actions: Generator<[TimedAction]>, framesPerSecond: Int, cases: Int,
  seed: UInt64?, maxShrinks: Int, saved: _SavedFailures?, widget: @autoclosure () -> Widget,
  _ property: (Frame<Widget.Look>) throws -> Bool
) -> PropertyOutcome<[TimedAction]> {
  withoutActuallyEscaping(widget) { widget in
    withoutActuallyEscaping(property) { property in
      var runner = _Runner(name: name, generator: actions) { steps in
        try _playFrames(
          steps, clock: VirtualClock(framesPerSecond: framesPerSecond), widget: widget(),
          property)
      }
      runner.saved = saved
      return runner.runWithStatistics(cases: cases, seed: seed, maxShrinks: maxShrinks)
    }
  }
}

/// Plays one sequence on a widget frame by frame; throws a failure that names the first frame
/// the property rejects.
func _playFrames<Widget: ClockedWidget>(
  _ steps: [TimedAction], clock: VirtualClock, widget start: Widget,
  _ property: (Frame<Widget.Look>) throws -> Bool
) throws -> Bool {
  var widget = start
  var next = 0
  var previous: Widget.Look?
  var done = 0
  /// Draws and checks the next frame; returns its time.
  func draw() throws -> Int {
    let time = clock.time(ofFrame: next)
    let look = widget.look(at: time)
    let frame = Frame(
      index: next, time: time, state: widget.state, look: look, previousLook: previous,
      isSettled: time >= widget.settledAt, actionsDone: done)
    let passed: Bool
    do {
      passed = try property(frame)
    } catch let discard as _Discard {
      throw discard
    } catch {
      throw _CheckFailure(message: "\(frame) threw \(error)")
    }
    guard passed else { throw _CheckFailure(message: "\(frame) returned false") }
    previous = look
    next += 1
    return time
  }
  var last = 0
  for step in steps {
    // A step earlier than the one before counts as at the same time.
    last = max(last, step.time)
    while clock.time(ofFrame: next) < last { _ = try draw() }
    widget.change(to: step.action.apply(widget.state), at: last)
    done += 1
  }
  let (limit, overflow) = last.addingReportingOverflow(_settleLimit)
  while true {
    let time = try draw()
    if time >= widget.settledAt || time >= (overflow ? .max : limit) { break }
  }
  return true
}
