/// How an attribute moves to its new value when a control's state changes: after a delay, over
/// a duration, along a curve.
///
/// Times are whole milliseconds, on whatever clock the caller reads (a display link, a frame
/// counter, a test's virtual clock): a transition never reads a clock itself.
///
///     let press = Transition(milliseconds: 80, curve: .easeOut)
///     let release = Transition(milliseconds: 250, delay: 50)
///     press.description    // "80 ms ease-out"
///     release.description  // "250 ms ease after 50 ms"
///     Transition.snap.description  // "snap"
///
/// A ``TransitionTable`` chooses a transition per change of state, and a ``StyleTransitions``
/// per attribute; ``AnimatedLook`` plays them.
public struct Transition: Hashable, Sendable, CustomStringConvertible {
  /// How long the value takes to move, in milliseconds; 0 for a jump.
  public let duration: Int

  /// How long the old value holds before the move starts, in milliseconds.
  public let delay: Int

  /// How progress follows time during the move.
  public let curve: TransitionCurve

  /// Creates a transition.
  ///
  /// - Parameters:
  ///   - duration: How long the move takes, in milliseconds; a negative duration counts as 0.
  ///   - delay: How long the old value holds first, in milliseconds; a negative delay counts
  ///     as 0.
  ///   - curve: How progress follows time; ``TransitionCurve/ease`` by default, as in CSS. A
  ///     transition of no duration jumps, and has the linear curve whatever is given.
  public init(milliseconds duration: Int, delay: Int = 0, curve: TransitionCurve = .ease) {
    self.duration = max(duration, 0)
    self.delay = max(delay, 0)
    // A move of no duration jumps whatever its curve: one transition, one value.
    self.curve = self.duration == 0 ? .linear : curve
  }

  /// No transition: the new value shows at once. Every transition of no delay and no duration
  /// equals it (such a transition's curve is linear), so `transition == .snap` tells whether the
  /// new value shows at once.
  ///
  ///     Transition(milliseconds: 0, curve: .easeIn) == .snap  // true
  public static let snap = Transition(milliseconds: 0, curve: .linear)

  /// When the move ends, in milliseconds after the change: the delay plus the duration.
  public var end: Int { delay.addingReportingOverflow(duration).overflow ? .max : delay + duration }

  /// The duration and curve, and the delay when there is one; `snap` for no transition.
  public var description: String {
    if self == .snap { return "snap" }
    let move = "\(duration) ms \(curve)"
    return delay == 0 ? move : "\(move) after \(delay) ms"
  }
}
