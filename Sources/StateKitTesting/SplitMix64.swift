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
