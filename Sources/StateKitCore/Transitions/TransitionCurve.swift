/// How a transition's progress follows time: the share of the way from the old value to the new
/// one at each share of the transition's duration.
///
/// The named curves are CSS's (`ease` is `cubic-bezier(0.25, 0.1, 0.25, 1)`, `ease-in`
/// `cubic-bezier(0.42, 0, 1, 1)`, `ease-out` `cubic-bezier(0, 0, 0.58, 1)`, `ease-in-out`
/// `cubic-bezier(0.42, 0, 0.58, 1)`); ``cubicBezier(_:_:_:_:)`` takes any other control points,
/// and ``steps(_:at:)`` moves in equal jumps:
///
///     TransitionCurve.linear.progress(at: 0.25)         // 0.25
///     TransitionCurve.steps(4, at: .end).progress(at: 0.6)  // 0.5
///     TransitionCurve.easeOut.progress(at: 0.5) > 0.5   // true: fast first, slow last
///     TransitionCurve.easeIn.description                // "ease-in"
///
/// Every curve starts at 0 and ends at 1: `progress(at: 0) == 0` and `progress(at: 1) == 1`.
/// Between them a Bézier curve may leave `0...1` (a curve whose control points reach past it
/// overshoots), and values interpolate beyond their ends accordingly.
public struct TransitionCurve: Hashable, Sendable, CustomStringConvertible {
  /// What the curve is, with the parameters it was made from.
  @usableFromInline
  enum _Form: Hashable, Sendable {
    case linear
    /// Control points (x1, y1) and (x2, y2), x1 and x2 in `0...1`.
    case cubicBezier(Double, Double, Double, Double)
    /// A number of equal jumps, at the start or the end of each interval.
    case steps(Int, StepPosition)
  }

  @usableFromInline let _form: _Form
  /// The Bézier polynomials' coefficients, `x(t) = ((ax t + bx) t + cx) t` and the same for y;
  /// all zero for other curves.
  @usableFromInline let _ax: Double
  @usableFromInline let _bx: Double
  @usableFromInline let _cx: Double
  @usableFromInline let _ay: Double
  @usableFromInline let _by: Double
  @usableFromInline let _cy: Double

  init(_ form: _Form) {
    _form = form
    guard case .cubicBezier(let x1, let y1, let x2, let y2) = form else {
      (_ax, _bx, _cx, _ay, _by, _cy) = (0, 0, 0, 0, 0, 0)
      return
    }
    _cx = 3 * x1
    _bx = 3 * (x2 - x1) - _cx
    _ax = 1 - _cx - _bx
    _cy = 3 * y1
    _by = 3 * (y2 - y1) - _cy
    _ay = 1 - _cy - _by
  }

  /// Constant speed: progress equals the share of the duration.
  public static let linear = TransitionCurve(.linear)

  /// CSS's `ease`, `cubic-bezier(0.25, 0.1, 0.25, 1)`: a quick start that slows down; the
  /// default curve of a ``Transition``.
  public static let ease = cubicBezier(0.25, 0.1, 0.25, 1)

  /// CSS's `ease-in`, `cubic-bezier(0.42, 0, 1, 1)`: slow at first, then faster.
  public static let easeIn = cubicBezier(0.42, 0, 1, 1)

  /// CSS's `ease-out`, `cubic-bezier(0, 0, 0.58, 1)`: fast at first, then slower.
  public static let easeOut = cubicBezier(0, 0, 0.58, 1)

  /// CSS's `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)`: slow at both ends.
  public static let easeInOut = cubicBezier(0.42, 0, 0.58, 1)

  /// A cubic Bézier curve from (0, 0) to (1, 1) with two control points, as CSS's
  /// `cubic-bezier(x1, y1, x2, y2)`.
  ///
  ///     let overshoot = TransitionCurve.cubicBezier(0.3, 1.5, 0.6, 1)
  ///     overshoot.progress(at: 0.6) > 1  // true: it goes past the new value and comes back
  ///
  /// - Parameters:
  ///   - x1: The first control point's time, clamped to `0...1` so that the curve is a
  ///     function of time.
  ///   - y1: The first control point's progress; any finite value.
  ///   - x2: The second control point's time, clamped to `0...1`.
  ///   - y2: The second control point's progress; any finite value.
  /// - Returns: The curve. A value that is not finite counts as 0.
  public static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double)
    -> TransitionCurve
  {
    func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
    func unit(_ value: Double) -> Double { min(max(finite(value), 0), 1) }
    return TransitionCurve(.cubicBezier(unit(x1), finite(y1), unit(x2), finite(y2)))
  }

  /// A curve that moves in `count` equal jumps, as CSS's `steps(count, jump-start)` and
  /// `steps(count, jump-end)`.
  ///
  ///     TransitionCurve.steps(2, at: .start).progress(at: 0.1)  // 0.5
  ///     TransitionCurve.steps(2, at: .end).progress(at: 0.1)    // 0.0
  ///
  /// - Parameters:
  ///   - count: The number of jumps; a count below 1 counts as 1.
  ///   - position: Whether each jump comes at the start or the end of its interval.
  /// - Returns: The curve.
  public static func steps(_ count: Int, at position: StepPosition) -> TransitionCurve {
    TransitionCurve(.steps(max(count, 1), position))
  }

  /// The progress at a share of the duration: 0 at the start, 1 at the end.
  ///
  /// - Parameter fraction: The share of the duration elapsed; clamped to `0...1`.
  /// - Returns: The share of the way from the old value to the new one.
  @inlinable
  public func progress(at fraction: Double) -> Double {
    guard fraction > 0 else { return 0 }
    guard fraction < 1 else { return 1 }
    switch _form {
    case .linear:
      return fraction
    case .cubicBezier:
      return _bezierProgress(fraction)
    case .steps(let count, let position):
      let scaled = fraction * Double(count)
      let jumps = position == .start ? scaled.rounded(.up) : scaled.rounded(.down)
      return jumps / Double(count)
    }
  }

  /// The Bézier curve's progress at a time strictly between 0 and 1: the parameter whose x is
  /// the time, found by Newton's method (bisection when it stalls), then its y.
  @inlinable
  func _bezierProgress(_ x: Double) -> Double {
    var t = x
    for _ in 0..<8 {
      let error = ((_ax * t + _bx) * t + _cx) * t - x
      if abs(error) < 1e-9 { return ((_ay * t + _by) * t + _cy) * t }
      let slope = (3 * _ax * t + 2 * _bx) * t + _cx
      if abs(slope) < 1e-9 { break }
      t -= error / slope
      if t < 0 || t > 1 { break }
    }
    // x(t) rises from 0 to 1 on 0...1 (both control points' x are in 0...1): bisect.
    var (low, high) = (0.0, 1.0)
    t = x
    for _ in 0..<60 {
      let value = ((_ax * t + _bx) * t + _cx) * t
      if abs(value - x) < 1e-9 { break }
      if value < x { low = t } else { high = t }
      t = (low + high) / 2
    }
    return ((_ay * t + _by) * t + _cy) * t
  }

  /// The curve as CSS writes it, which theme files use too: `linear`, `ease`, `ease-in`,
  /// `ease-out`, `ease-in-out`, `cubic-bezier(x1, y1, x2, y2)` or `steps(n, jump-start)`.
  ///
  ///     TransitionCurve.cubicBezier(0.2, 0, 0, 1).description  // "cubic-bezier(0.2, 0, 0, 1)"
  ///     TransitionCurve.steps(3, at: .end).description        // "steps(3, jump-end)"
  public var description: String {
    switch self {
    case .linear: return "linear"
    case .ease: return "ease"
    case .easeIn: return "ease-in"
    case .easeOut: return "ease-out"
    case .easeInOut: return "ease-in-out"
    default: break
    }
    switch _form {
    case .linear:
      return "linear"
    case .cubicBezier(let x1, let y1, let x2, let y2):
      let numbers = [x1, y1, x2, y2].map(Self.text(of:))
      return "cubic-bezier(" + numbers.joined(separator: ", ") + ")"
    case .steps(let count, let position):
      return "steps(\(count), \(position == .start ? "jump-start" : "jump-end"))"
    }
  }

  /// A number as CSS writes it: whole numbers without a fraction.
  static func text(of number: Double) -> String {
    number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
  }

}

/// Where a change happens within an interval: at its start or at its end.
///
/// A ``TransitionCurve/steps(_:at:)`` curve jumps at the start or the end of each step; a field
/// of a look whose values do not interpolate (a string, an enumeration) switches to the new
/// value at the start or the end of its transition (``StyleAnimator/Field/field(_:from:switching:)``).
///
///     TransitionCurve.steps(1, at: .start).progress(at: 0.01)  // 1.0
///     TransitionCurve.steps(1, at: .end).progress(at: 0.99)    // 0.0
public enum StepPosition: String, Hashable, Sendable, CaseIterable {
  /// At the start: the new value shows as soon as the transition starts (after its delay).
  case start
  /// At the end: the old value shows until the transition ends.
  case end
}
