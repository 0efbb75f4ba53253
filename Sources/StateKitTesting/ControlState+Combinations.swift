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
  /// - Parameter mask: The bits to combine. The sequence is lazy, so a wide mask is allowed,
  ///   but it has `2^mask.memberCount` elements.
  /// - Returns: The combinations, in increasing raw value.
  @inlinable
  public static func combinations(of mask: ControlState) -> Combinations {
    Combinations(mask: mask.rawValue)
  }

  /// The combinations of the bits of a mask; see ``ControlState/combinations(of:)``.
  ///
  ///     Array(ControlState.combinations(of: .selected))  // [.normal, .selected]
  @frozen
  public struct Combinations: Sequence, Sendable {
    @usableFromInline let mask: UInt

    @inlinable
    init(mask: UInt) {
      self.mask = mask
    }

    /// Returns an iterator over the combinations.
    ///
    ///     var iterator = ControlState.combinations(of: .selected).makeIterator()
    ///     iterator.next()  // .normal
    @inlinable
    public func makeIterator() -> Iterator {
      Iterator(mask: mask)
    }

    /// The number of combinations, or `Int.max` when it does not fit in an `Int`.
    ///
    ///     ControlState.combinations(of: [.selected, .focused]).underestimatedCount  // 4
    @inlinable
    public var underestimatedCount: Int {
      let bits = mask.nonzeroBitCount
      return bits < Int.bitWidth - 1 ? 1 << bits : Int.max
    }

    /// Walks the subsets of a mask in increasing order.
    ///
    ///     var iterator = ControlState.combinations(of: .selected).makeIterator()
    ///     iterator.next()  // .normal
    ///     iterator.next()  // .selected
    ///     iterator.next()  // nil
    @frozen
    public struct Iterator: IteratorProtocol, Sendable {
      @usableFromInline let mask: UInt
      @usableFromInline var nextSubset: UInt?

      @inlinable
      init(mask: UInt) {
        self.mask = mask
        self.nextSubset = 0
      }

      /// Returns the next combination, or `nil` after `mask` itself.
      ///
      ///     var iterator = ControlState.combinations(of: .normal).makeIterator()
      ///     iterator.next()  // .normal
      ///     iterator.next()  // nil
      @inlinable
      public mutating func next() -> ControlState? {
        guard let subset = nextSubset else { return nil }
        // The classic subset walk: (subset - mask) & mask is the next subset of mask in
        // increasing order, and it wraps around to 0 after mask.
        let following = (subset &- mask) & mask
        nextSubset = following == 0 ? nil : following
        return ControlState(rawValue: subset)
      }
    }
  }
}
