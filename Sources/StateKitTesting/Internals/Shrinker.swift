/// Shrinks a failing case by editing its record of choices and generating again: deleting
/// array elements and blocks of choices, zeroing blocks, and lowering single choices. A
/// candidate counts only if the property still fails and its record is smaller: shorter, or as
/// long and lower at the first difference. Every accepted candidate is a smaller record, so
/// shrinking ends; the budget bounds the number of candidates tried.
struct _Shrinker<Value> {
  let runner: _Runner<Value>
  private(set) var value: Value
  private(set) var reason: String
  private(set) var choices: [UInt64]
  private var spans: [Range<Int>]
  let budget: Int
  private(set) var shrinks = 0
  private(set) var attempts = 0

  init(
    runner: _Runner<Value>, value: Value, reason: String, choices: [UInt64],
    spans: [Range<Int>], budget: Int
  ) {
    self.runner = runner
    self.value = value
    self.reason = reason
    self.choices = choices
    self.spans = spans
    self.budget = budget
  }

  static func isSmaller(_ a: [UInt64], than b: [UInt64]) -> Bool {
    a.count != b.count ? a.count < b.count : a.lexicographicallyPrecedes(b)
  }

  /// Runs the property on a candidate record; keeps it if it still fails and is smaller.
  private mutating func attempt(_ candidate: [UInt64]) -> Bool {
    guard attempts < budget, Self.isSmaller(candidate, than: choices) else { return false }
    attempts += 1
    var stream = _ChoiceStream(replaying: candidate)
    guard case .failed(let value, let reason, let used, let spans) = runner.evaluate(&stream),
      Self.isSmaller(used, than: choices)
    else { return false }
    self.value = value
    self.reason = reason
    self.choices = used
    self.spans = spans
    shrinks += 1
    return true
  }

  mutating func shrink() {
    var improved = true
    while improved, attempts < budget {
      improved = false
      improved = deleteElements() || improved
      improved = deleteBlocks() || improved
      improved = zeroBlocks() || improved
      improved = lowerChoices() || improved
      improved = lowerEqualPairs() || improved
    }
  }

  /// Deletes whole array elements, longest first.
  private mutating func deleteElements() -> Bool {
    var improved = false
    var index = 0
    while index < spans.count {
      let ordered = spans.sorted { $0.count > $1.count }
      let span = ordered[index]
      var candidate = choices
      if span.upperBound <= candidate.count {
        candidate.removeSubrange(span)
        if attempt(candidate) {
          improved = true
          index = 0
          continue
        }
      }
      index += 1
    }
    return improved
  }

  /// Deletes runs of 8 down to 1 choices.
  private mutating func deleteBlocks() -> Bool {
    var improved = false
    for length in (1...8).reversed() {
      var start = 0
      while start + length <= choices.count {
        var candidate = choices
        candidate.removeSubrange(start..<start + length)
        if attempt(candidate) { improved = true } else { start += 1 }
      }
    }
    return improved
  }

  /// Sets runs of 8, 4 and 2 choices to 0.
  private mutating func zeroBlocks() -> Bool {
    var improved = false
    for length in [8, 4, 2] {
      var start = 0
      while start + length <= choices.count {
        if choices[start..<start + length].contains(where: { $0 != 0 }) {
          var candidate = choices
          candidate.replaceSubrange(
            start..<start + length, with: repeatElement(0, count: length))
          if attempt(candidate) { improved = true }
        }
        start += 1
      }
    }
    return improved
  }

  /// Lowers each choice as far as the failure allows: small choices try every lower value in
  /// turn (a failure need not be monotonic: bit 4 may fail where bits 0 to 3 pass), larger ones
  /// try 0 and then bisect.
  private mutating func lowerChoices() -> Bool {
    var improved = false
    var index = 0
    while index < choices.count {
      let value = choices[index]
      if value > 0, value <= 64 {
        for lower in 0..<value {
          var candidate = choices
          candidate[index] = lower
          if attempt(candidate) {
            improved = true
            break
          }
        }
      } else if value > 0 {
        var candidate = choices
        candidate[index] = 0
        if attempt(candidate) {
          improved = true
        } else {
          var low: UInt64 = 0
          while index < choices.count, low + 1 < choices[index] {
            let middle = low + (choices[index] - low) / 2
            var candidate = choices
            candidate[index] = middle
            if attempt(candidate) { improved = true } else { low = middle }
          }
        }
      }
      index += 1
    }
    return improved
  }

  /// Lowers two equal choices together: a bit that a state and a selector share is simpler
  /// only when both change.
  private mutating func lowerEqualPairs() -> Bool {
    var improved = false
    var first = 0
    while first < choices.count {
      var second = first + 1
      while first < choices.count, second < choices.count {
        let value = choices[first]
        if value > 0, value <= 64, choices[second] == value {
          for lower in 0..<value {
            var candidate = choices
            candidate[first] = lower
            candidate[second] = lower
            if attempt(candidate) {
              improved = true
              break
            }
          }
        }
        second += 1
      }
      first += 1
    }
    return improved
  }
}
