extension ControlState {
  /// Every subset of a mask, in increasing raw value, for the resolution index. Property tests
  /// use StateKitTesting's public `ControlState.combinations(of:)`, which walks the same order.
  static func combinations(of mask: ControlState) -> _Subsets {
    _Subsets(mask: mask.rawValue)
  }
}

/// The subsets of a mask, lazily; see `ControlState.combinations(of:)`.
struct _Subsets: Sequence, IteratorProtocol {
  private let mask: UInt
  private var nextSubset: UInt?

  init(mask: UInt) {
    self.mask = mask
    nextSubset = 0
  }

  mutating func next() -> ControlState? {
    guard let subset = nextSubset else { return nil }
    // (subset - mask) & mask is the next subset of mask in increasing order; it wraps to 0.
    let following = (subset &- mask) & mask
    nextSubset = following == 0 ? nil : following
    return ControlState(rawValue: subset)
  }
}
