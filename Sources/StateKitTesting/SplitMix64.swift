/// A small, fast, seeded random number generator (SplitMix64), for repeatable property tests.
///
/// The same seed always gives the same sequence, on every platform, so a failing case can be
/// replayed from the seed a test prints.
///
///     var rng = SplitMix64(seed: 2024)
///     let a = ControlState.random(in: .application, using: &rng)
///     var replay = SplitMix64(seed: 2024)
///     ControlState.random(in: .application, using: &replay) == a  // true
///
/// It is not cryptographically secure.
@frozen
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
  @usableFromInline var _state: UInt64

  /// Creates a generator whose sequence is fixed by `seed`.
  ///
  ///     var rng = SplitMix64(seed: 1)
  ///     _ = rng.next()
  ///
  /// - Parameter seed: Any value; equal seeds give equal sequences.
  @inlinable
  public init(seed: UInt64) {
    _state = seed
  }

  /// Returns the next number of the sequence.
  ///
  ///     var rng = SplitMix64(seed: 1)
  ///     rng.next() != rng.next()  // true
  @inlinable
  public mutating func next() -> UInt64 {
    _state &+= 0x9E37_79B9_7F4A_7C15
    var z = _state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension SplitMix64 {
  /// A number below `upperBound` (which must be at least 1): the number `next(upperBound:)`
  /// gives, by the standard library's method (Lemire's) written for `UInt64`, so that a debug
  /// build does not run that generic method's code for each of the many draws of a property.
  mutating func uniform(below upperBound: UInt64) -> UInt64 {
    // A programmer error, never input: every caller passes a count of values it holds, a span
    // plus one or a weight plus one, as `next(upperBound:)` requires too.
    precondition(upperBound != 0, "upperBound cannot be zero.")
    var random = next()
    var product = random.multipliedFullWidth(by: upperBound)
    if product.low < upperBound {
      let threshold = (0 &- upperBound) % upperBound
      while product.low < threshold {
        random = next()
        product = random.multipliedFullWidth(by: upperBound)
      }
    }
    return product.high
  }
}
