extension ControlState {
  /// The single-bit states set in this state, in ascending bit order.
  ///
  ///     Array(ControlState([.focused, .disabled]).members)  // [.disabled, .focused]
  ///     ControlState([.focused, .disabled]).members.underestimatedCount  // 2
  ///
  /// - Complexity: O(1) to create; each step of the iteration is O(1).
  @inlinable
  public var members: some Sequence<ControlState> & Sendable { Members(remaining: rawValue) }

  /// The single-bit states of a ``ControlState``, lowest bit first; its own iterator.
  @frozen @usableFromInline
  struct Members: Sequence, IteratorProtocol, Sendable {
    @usableFromInline var remaining: UInt

    @inlinable
    init(remaining: UInt) {
      self.remaining = remaining
    }

    /// Returns the next single-bit state, or `nil` when every bit has been visited.
    @inlinable
    mutating func next() -> ControlState? {
      guard remaining != 0 else { return nil }
      let lowest = remaining & (0 &- remaining)
      remaining &= remaining &- 1
      return ControlState(rawValue: lowest)
    }

    /// The number of states left to visit.
    @inlinable
    var underestimatedCount: Int { remaining.nonzeroBitCount }
  }
}
