import StateKitCore

extension ControlState {
  /// Returns a random state made only of bits from a mask, each bit set with probability 1/2.
  ///
  /// Use it in property-based tests with a seeded generator, so a failure can be replayed:
  ///
  ///     var rng = SplitMix64(seed: 42)
  ///     let mask: ControlState = [.highlighted, .selected, .disabled]
  ///     let state = ControlState.random(in: mask, using: &rng)
  ///     state.isSubset(of: mask)  // true
  ///
  /// - Parameters:
  ///   - mask: The bits the result may contain.
  ///   - generator: The source of randomness.
  /// - Returns: A subset of `mask`.
  @inlinable
  public static func random(
    in mask: ControlState, using generator: inout some RandomNumberGenerator
  ) -> ControlState {
    ControlState(rawValue: generator.next() & mask.rawValue)
  }

  /// Returns a random state made only of bits from a mask, using the system's generator.
  ///
  ///     let state = ControlState.random(in: .application)
  ///     state.isSubset(of: .application)  // true
  ///
  /// - Parameter mask: The bits the result may contain.
  /// - Returns: A subset of `mask`.
  @inlinable
  public static func random(in mask: ControlState) -> ControlState {
    var generator = SystemRandomNumberGenerator()
    return random(in: mask, using: &generator)
  }
}
