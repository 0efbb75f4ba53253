import StateKitCore

extension ControlState {
  /// Every combination of the bits of a mask, `2^n` states for `n` bits, starting with
  /// `.normal` and ending with `mask` itself.
  ///
  /// Use it for exhaustive checks over a handful of states:
  ///
  ///     let states: ControlState = [.highlighted, .selected, .disabled]
  ///     for a in ControlState.combinations(of: states) {
  ///         for b in ControlState.combinations(of: states) {
  ///             assert(a.union(b) == b.union(a))
  ///         }
  ///     }
  ///     Array(ControlState.combinations(of: [.highlighted, .selected])).count  // 4
  ///
  /// Its `underestimatedCount` is all of them (`Int.max` when that does not fit in an `Int`),
  /// and an iterator gives one at a time:
  ///
  ///     ControlState.combinations(of: [.selected, .focused]).underestimatedCount  // 4
  ///     var combinations = ControlState.combinations(of: .selected).makeIterator()
  ///     combinations.next()  // .normal
  ///     combinations.next()  // .selected
  ///     combinations.next()  // nil
  ///
  /// - Parameter mask: The bits to combine. The sequence is lazy, so a wide mask is allowed,
  ///   but it has `2^mask.rawValue.nonzeroBitCount` elements.
  /// - Returns: The combinations, in increasing raw value.
  @inlinable
  public static func combinations(of mask: ControlState) -> some Sequence<ControlState> & Sendable {
    Combinations(mask: mask.rawValue)
  }

  /// The combinations of the bits of a mask, in increasing order; its own iterator.
  @frozen @usableFromInline
  struct Combinations: Sequence, IteratorProtocol, Sendable {
    @usableFromInline let mask: UInt
    @usableFromInline var nextSubset: UInt?

    @inlinable
    init(mask: UInt) {
      self.mask = mask
      self.nextSubset = 0
    }

    /// The number of combinations not yet visited: all of them, or `Int.max` when that does
    /// not fit in an `Int`, before the first; none once one has been visited (a lower bound).
    @inlinable
    var underestimatedCount: Int {
      guard nextSubset == 0 else { return 0 }
      let bits = mask.nonzeroBitCount
      return bits < Int.bitWidth - 1 ? 1 << bits : Int.max
    }

    /// Returns the next combination, or `nil` after `mask` itself.
    @inlinable
    mutating func next() -> ControlState? {
      guard let subset = nextSubset else { return nil }
      // The classic subset walk: (subset - mask) & mask is the next subset of mask in
      // increasing order, and it wraps around to 0 after mask.
      let following = (subset &- mask) & mask
      nextSubset = following == 0 ? nil : following
      return ControlState(rawValue: subset)
    }
  }
}
