/// A value that can stand between two others: a number, a colour, a point, anything a
/// transition can move smoothly.
///
/// Conform your own types by interpolating their parts:
///
///     struct RGB: Hashable, Sendable, Interpolatable {
///         var red, green, blue: UInt8
///         func interpolated(to other: RGB, by fraction: Double) -> RGB {
///             RGB(red: red.interpolated(to: other.red, by: fraction),
///                 green: green.interpolated(to: other.green, by: fraction),
///                 blue: blue.interpolated(to: other.blue, by: fraction))
///         }
///     }
///
///     struct Point: Hashable, Sendable, Interpolatable {
///         var x, y: Double
///         func interpolated(to other: Point, by fraction: Double) -> Point {
///             Point(x: x.interpolated(to: other.x, by: fraction), y: y.interpolated(to: other.y, by: fraction))
///         }
///     }
///
///     let purple = RGB(red: 0, green: 0, blue: 255).interpolated(to: RGB(red: 255, green: 0, blue: 0), by: 0.5)
///     purple == RGB(red: 128, green: 0, blue: 128)  // true
///     Point(x: 0, y: 10).interpolated(to: Point(x: 4, y: 0), by: 0.25) == Point(x: 1, y: 7.5)  // true
///
/// The laws a conformance keeps: `a.interpolated(to: b, by: 0) == a` and
/// `a.interpolated(to: b, by: 1) == b`, whatever `a` and `b` are, infinities included (a width
/// moving to `.infinity` is its old width until it starts to move); StateKitTesting's
/// `Law.interpolationKeepsItsEnds` checks them. A fraction outside `0...1` (a curve that overshoots)
/// extrapolates as far as the type allows. The standard library's floating-point types, `Int`
/// and the fixed-width integers, and `SIMD2`, `SIMD3` and `SIMD4` of floating-point scalars
/// conform; a look's fields of such types interpolate field by field in an ``AnimatedLook``.
/// Values that do not interpolate (strings, enumerations, booleans) switch at the start or the
/// end of a transition instead (``StepPosition``).
public protocol Interpolatable {
  /// The value a fraction of the way from this value to another.
  ///
  /// - Parameters:
  ///   - other: The value at fraction 1.
  ///   - fraction: How far along: 0 gives this value, 1 gives `other`.
  /// - Returns: The value in between.
  func interpolated(to other: Self, by fraction: Double) -> Self
}

extension Interpolatable where Self: BinaryFloatingPoint {
  /// The value a fraction of the way to another, `self × (1 - fraction) + other × fraction`;
  /// at the ends, the end itself, even an infinite one.
  ///
  ///     Float(10).interpolated(to: 20, by: 0.25)  // 12.5
  ///     0.1.interpolated(to: 0.7, by: 1)           // 0.7
  ///     100.0.interpolated(to: .infinity, by: 0)   // 100.0: not infinity × 0
  ///
  /// - Parameters:
  ///   - other: The value at fraction 1.
  ///   - fraction: How far along.
  /// - Returns: The value in between.
  @inlinable
  public func interpolated(to other: Self, by fraction: Double) -> Self {
    let share = Self(fraction)
    // The formula alone is NaN at an end when the other end is infinite (infinity × 0).
    if share == 0 { return self }
    if share == 1 { return other }
    return self * (1 - share) + other * share
  }
}

extension Interpolatable where Self: FixedWidthInteger {
  /// The nearest integer a fraction of the way to another, kept within the type's range.
  ///
  ///     UInt8(0).interpolated(to: 255, by: 0.5)  // 128
  ///     UInt8(200).interpolated(to: 255, by: 2)  // 255: clamped, not trapped
  ///     Int.max.interpolated(to: 0, by: 0)       // Int.max
  ///
  /// - Parameters:
  ///   - other: The value at fraction 1.
  ///   - fraction: How far along; a fraction that is not a number gives this value.
  /// - Returns: The value in between, rounded half away from zero.
  @inlinable
  public func interpolated(to other: Self, by fraction: Double) -> Self {
    if fraction == 0 { return self }
    if fraction == 1 { return other }
    let (start, end) = (Self._double(self), Self._double(other))
    let value = (start + (end - start) * fraction).rounded()
    guard !value.isNaN else { return self }
    if value >= Double(Self.max) { return .max }
    if value <= Double(Self.min) { return .min }
    // Within the type's range, so within Int64's or UInt64's: converted by the concrete
    // conversions, which compile to one instruction where the generic one does not.
    guard Self.bitWidth <= 64 else { return Self(value) }
    return value < 0x1p63
      ? Self(truncatingIfNeeded: Int64(value)) : Self(truncatingIfNeeded: UInt64(value))
  }

  /// The value as a `Double`, through a concrete conversion for types of up to 64 bits.
  @inlinable
  static func _double(_ value: Self) -> Double {
    guard Self.bitWidth <= 64 else { return Double(value) }
    return Self.isSigned
      ? Double(Int64(truncatingIfNeeded: value)) : Double(UInt64(truncatingIfNeeded: value))
  }
}

extension Double: Interpolatable {}
extension Float: Interpolatable {}
extension Int: Interpolatable {}
extension Int8: Interpolatable {}
extension Int16: Interpolatable {}
extension Int32: Interpolatable {}
extension Int64: Interpolatable {}
extension UInt: Interpolatable {}
extension UInt8: Interpolatable {}
extension UInt16: Interpolatable {}
extension UInt32: Interpolatable {}
extension UInt64: Interpolatable {}

extension SIMD2: Interpolatable where Scalar: BinaryFloatingPoint {}

extension SIMD3: Interpolatable where Scalar: BinaryFloatingPoint {}

extension SIMD4: Interpolatable where Scalar: BinaryFloatingPoint {}

extension Interpolatable where Self: SIMD, Self.Scalar: BinaryFloatingPoint {
  /// The value a fraction of the way to another, each component interpolated.
  @inlinable
  public func interpolated(to other: Self, by fraction: Double) -> Self {
    _componentwise(to: other, by: fraction)
  }
}

extension SIMD where Scalar: BinaryFloatingPoint {
  /// Every component a fraction of the way to `other`'s, with both ends exact as a scalar's are
  /// (an infinite component stays itself at its own end, not infinity × 0): the one body of the
  /// `SIMD2`, `SIMD3` and `SIMD4` conformances.
  @inlinable
  func _componentwise(to other: Self, by fraction: Double) -> Self {
    let share = Scalar(fraction)
    if share == 0 { return self }
    if share == 1 { return other }
    return self * (1 - share) + other * share
  }
}
