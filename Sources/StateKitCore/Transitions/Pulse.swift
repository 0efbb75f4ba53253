// doc-code: continues ../Styles/StyleSet.swift

/// A motion that repeats while a state holds, such as a focus ring that pulses: its phase at
/// any time on the caller's clock.
///
/// Transitions move a look when the state changes; a pulse moves it while the state stays.
/// Give it the selector it runs under, a period and a curve, then ask for the phase where the
/// widget draws, with the time its state began to hold:
///
///     let focusPulse = Pulse(while: .focused, milliseconds: 1_000, curve: .linear)
///     focusPulse.phase(.focused, at: 250, since: 0)   // 0.5: half way up
///     focusPulse.phase(.focused, at: 500, since: 0)   // 1.0: the top, then back down
///     focusPulse.phase(.focused, at: 1_000, since: 0) // 0.0: one period
///     focusPulse.phase(.normal, at: 250, since: 0)    // 0.0: not focused, at rest
///
///     // A colour between two of the palette's, by the phase.
///     let ring = 0.2.interpolated(to: 1.0, by: focusPulse.phase(.focused, at: 250, since: 0))  // 0.6
///
/// The phase is a pure function of the times given, so a frame on a virtual clock, a test and a
/// redraw after a pause all agree; nothing is stored per widget but the time its state began.
public struct Pulse: Hashable, Sendable, CustomStringConvertible {
  /// The states the pulse runs in.
  public let selector: StateSelector
  /// The length of one cycle, in milliseconds; at least 1.
  public let period: Int
  /// The curve of the way up (and, when the pulse reverses, back down).
  public let curve: TransitionCurve
  /// Whether a cycle goes up and back down (a breathing glow), rather than up then jumping to
  /// the start (a sweep).
  public let autoreverses: Bool

  /// Creates a pulse.
  ///
  /// - Parameters:
  ///   - selector: The states the pulse runs in; in any other state its phase is 0.
  ///   - period: The length of one cycle in milliseconds; values below 1 are taken as 1.
  ///   - curve: The curve of the way up; ease in and out by default.
  ///   - autoreverses: Whether a cycle comes back down; true by default.
  public init(
    while selector: StateSelector, milliseconds period: Int,
    curve: TransitionCurve = .easeInOut, autoreverses: Bool = true
  ) {
    self.selector = selector
    self.period = max(1, period)
    (self.curve, self.autoreverses) = (curve, autoreverses)
  }

  /// Creates a pulse that runs while a control has every state of `state`.
  ///
  /// - Parameters:
  ///   - state: The states the pulse runs in.
  ///   - period: The length of one cycle in milliseconds; values below 1 are taken as 1.
  ///   - curve: The curve of the way up; ease in and out by default.
  ///   - autoreverses: Whether a cycle comes back down; true by default.
  public init(
    while state: ControlState, milliseconds period: Int, curve: TransitionCurve = .easeInOut,
    autoreverses: Bool = true
  ) {
    self.init(
      while: StateSelector(state), milliseconds: period, curve: curve, autoreverses: autoreverses)
  }

  /// The phase of a control in `state` at `time`, in `0...1`: 0 at rest and at the start of
  /// every cycle.
  ///
  /// - Parameters:
  ///   - state: The control's state now; a state the selector does not match gives 0.
  ///   - time: Now, in milliseconds on the caller's clock.
  ///   - start: When the control entered a state the pulse runs in, on the same clock; a time
  ///     before it gives 0.
  /// - Returns: The curve's progress at this point of the cycle.
  @inlinable
  public func phase(_ state: ControlState, at time: Int, since start: Int) -> Double {
    guard selector.matches(state) else { return 0 }
    let (elapsed, overflow) = time.subtractingReportingOverflow(start)
    guard !overflow, elapsed > 0 else { return 0 }
    let fraction = Double(elapsed % period) / Double(period)
    guard autoreverses else { return curve.progress(at: fraction) }
    return curve.progress(at: fraction < 0.5 ? 2 * fraction : 2 - 2 * fraction)
  }

  /// The pulse as text: its selector, period, curve and direction.
  ///
  ///     Pulse(while: .focused, milliseconds: 800).description  // "focused every 800ms ease-in-out, reversing"
  public var description: String {
    "\(selector) every \(period)ms \(curve)" + (autoreverses ? ", reversing" : "")
  }
}
