/// Shrinks a failing case by editing its record of choices and generating again: deleting
/// array elements and blocks of choices, zeroing blocks, and lowering single choices. A
/// candidate counts only if the property still fails and its record is smaller: shorter, or as
/// long and lower at the first difference. Every accepted candidate is a smaller record, so
/// shrinking ends; the budget bounds the number of candidates tried.
///
/// Every pass stops as soon as the budget is spent, and builds only the candidates it tries:
/// apart from those, a pass costs O(n log n) in the length of the record, so a shrink costs at
/// most its budget times the cost of one candidate, whatever the record holds.
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

  /// Whether the budget is spent: no pass builds another candidate then.
  private var isSpent: Bool { attempts >= budget }

  /// Runs the property on a candidate record; keeps it if it still fails and is smaller.
  private mutating func attempt(_ candidate: [UInt64]) -> Bool {
    guard !isSpent, Self.isSmaller(candidate, than: choices) else { return false }
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
    while improved, !isSpent {
      improved = false
      improved = deleteElements() || improved
      improved = deleteBlocks() || improved
      improved = zeroBlocks() || improved
      improved = lowerChoices() || improved
      improved = lowerEqualPairs() || improved
    }
  }

  /// The spans of the record's array elements, longest first; an element that drew no choice
  /// has nothing to delete.
  private func elementsLongestFirst() -> [Range<Int>] {
    spans.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
  }

  /// Deletes whole array elements, longest first, starting again from the longest element of
  /// the new record after each deletion.
  private mutating func deleteElements() -> Bool {
    var improved = false
    var ordered = elementsLongestFirst()
    var index = 0
    while index < ordered.count, !isSpent {
      let span = ordered[index]
      if span.upperBound <= choices.count {
        var candidate = choices
        candidate.removeSubrange(span)
        if attempt(candidate) {
          improved = true
          ordered = elementsLongestFirst()
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
      while start + length <= choices.count, !isSpent {
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
      while start + length <= choices.count, !isSpent {
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
    while index < choices.count, !isSpent {
      let value = choices[index]
      if value > 0, value <= 64 {
        for lower in 0..<value {
          guard !isSpent else { break }
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
          while index < choices.count, low + 1 < choices[index], !isSpent {
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
  /// only when both change. Pairs are found through the positions of each small value, so
  /// only pairs of equal choices are visited, in the order of their positions.
  private mutating func lowerEqualPairs() -> Bool {
    var improved = false
    var positions = _SmallChoicePositions(choices)
    var first = 0
    while first < choices.count, !isSpent {
      var second = first
      while !isSpent, first < choices.count,
        let next = positions.position(of: choices[first], after: second)
      {
        second = next
        let value = choices[first]
        for lower in 0..<value {
          guard !isSpent else { break }
          var candidate = choices
          candidate[first] = lower
          candidate[second] = lower
          if attempt(candidate) {
            improved = true
            positions = _SmallChoicePositions(choices)
            break
          }
        }
      }
      first += 1
    }
    return improved
  }
}

/// The positions of each choice from 1 through 64 in a record, ascending: the equal pairs the
/// shrinker lowers together, found without comparing every pair.
struct _SmallChoicePositions {
  /// The largest choice lowered in pairs.
  static let largest: UInt64 = 64
  /// For each value from 0 through `largest`, its positions in the record (none for 0).
  private var positions: [[Int]]

  init(_ choices: [UInt64]) {
    positions = Array(repeating: [], count: Int(Self.largest) + 1)
    for (index, choice) in choices.enumerated() where choice > 0 && choice <= Self.largest {
      positions[Int(choice)].append(index)
    }
  }

  /// The first position after `index` that holds `value`, or `nil`; `nil` for a value that is
  /// 0 or larger than `largest`.
  func position(of value: UInt64, after index: Int) -> Int? {
    guard value > 0, value <= Self.largest else { return nil }
    let list = positions[Int(value)]
    var (low, high) = (0, list.count)
    while low < high {
      let middle = (low + high) / 2
      if list[middle] <= index { low = middle + 1 } else { high = middle }
    }
    return low < list.count ? list[low] : nil
  }
}
