extension ControlState {
  /// The single-bit states set in this state, in ascending bit order.
  ///
  /// - Complexity: O(1) to create; each step of the iteration is O(1).
  @inlinable
  public var members: Members { Members(remaining: rawValue) }

  /// The number of bits set in this state.
  var memberCount: Int { rawValue.nonzeroBitCount }

  /// The single-bit states of a ``ControlState``, lowest bit first.
  ///
  /// Create one with ``ControlState/members``.
  ///
  ///     Array(ControlState([.focused, .disabled]).members)  // [.disabled, .focused]
  @frozen
  public struct Members: Sequence, IteratorProtocol, Sendable {
    @usableFromInline var remaining: UInt

    @inlinable
    init(remaining: UInt) {
      self.remaining = remaining
    }

    /// Returns the next single-bit state, or `nil` when every bit has been visited.
    @inlinable
    public mutating func next() -> ControlState? {
      guard remaining != 0 else { return nil }
      let lowest = remaining & (0 &- remaining)
      remaining &= remaining &- 1
      return ControlState(rawValue: lowest)
    }

    /// The number of states left to visit.
    @inlinable
    public var underestimatedCount: Int { remaining.nonzeroBitCount }
  }
}
