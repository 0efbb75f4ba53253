import StateKitCore

/// An action at a time: one step of a test that drives a widget on a clock.
///
///     let step = TimedAction(.press, at: 40)
///     step.description  // "press @40ms"
///
/// Times count in milliseconds from the start of the sequence. Generate sequences with
/// ``Gen/timedActions(_:count:within:)`` and check them frame by frame with
/// ``checkFrames(_:actions:framesPerSecond:cases:seed:maxShrinks:widget:_:)``.
public struct TimedAction: Hashable, Sendable, CustomStringConvertible {
  /// What happens.
  ///
  ///     TimedAction(.release, at: 0).action == .release  // true
  public let action: StateAction
  /// When it happens, in milliseconds from the start.
  ///
  ///     TimedAction(.release, at: 120).time  // 120
  public let time: Int

  /// Creates a step.
  ///
  ///     let release = TimedAction(.release, at: 250)
  ///
  /// - Parameters:
  ///   - action: What happens.
  ///   - time: When, in milliseconds from the start; negative counts as 0. In a sequence, a
  ///     step earlier than the one before it counts as at the same time.
  public init(_ action: StateAction, at time: Int) {
    self.action = action
    self.time = max(time, 0)
  }

  /// `name @Nms`, as counterexamples show it.
  ///
  ///     TimedAction(.disable, at: 16).description  // "disable @16ms"
  public var description: String { "\(action) @\(time)ms" }
}

extension Gen {
  /// Sequences of actions at times within a window, in the order of their times, shrinking
  /// towards fewer, earlier-listed actions at earlier times: the shortest sequence, and the
  /// fewest frames, that still fail.
  ///
  ///     let steps = Gen.timedActions([.press, .release, .disable], count: 0...8, within: 0...600)
  ///     // [press @40ms, disable @56ms, release @310ms], …
  ///
  /// Each action's time is drawn on its own and the sequence is sorted by time (actions at the
  /// same time keep the order they were drawn in), so removing an action while shrinking
  /// leaves the others when they were.
  ///
  /// - Parameters:
  ///   - actions: The possible actions, simplest first.
  ///   - count: The allowed lengths.
  ///   - window: The times the actions may happen at, in milliseconds; negative bounds count
  ///     as 0.
  public static func timedActions(
    _ actions: [StateAction] = StateAction.standard, count: ClosedRange<Int> = 0...12,
    within window: ClosedRange<Int> = 0...2_000
  ) -> Generator<[TimedAction]> {
    let times = int(in: max(window.lowerBound, 0)...max(window.upperBound, 0))
    let step = zip(element(of: actions), times).map { TimedAction($0.0, at: $0.1) }
    let steps = step.array(count: count)
    return steps.map { steps in
      steps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
        .map(\.element)
    }.described { "[" + $0.map(\.description).joined(separator: ", ") + "]" }
  }
}
