import StateKitCore

extension Law {
  /// The law of an `Interpolatable` conformance: a fraction of 0 gives the start exactly and a
  /// fraction of 1 the end, whatever the two values, infinities and the largest finite values
  /// included.
  ///
  ///     let widths = Gen.element(of: [0.0, 320, .greatestFiniteMagnitude, .infinity, -.infinity])
  ///     forAll([Law.interpolationKeepsItsEnds(widths)])
  ///
  /// Give values that equal themselves: a NaN is never `==` to anything, so no value of it can
  /// keep this law.
  ///
  /// - Parameter values: The generator of starts and ends.
  /// - Returns: The law.
  public static func interpolationKeepsItsEnds<Value: Interpolatable & Equatable & Sendable>(
    _ values: Generator<Value>
  ) -> Law {
    Law("interpolated(to:by:) is the start at 0 and the end at 1", Gen.zip(values, values)) {
      start, end in
      start.interpolated(to: end, by: 0) == start && start.interpolated(to: end, by: 1) == end
    }
  }
}
