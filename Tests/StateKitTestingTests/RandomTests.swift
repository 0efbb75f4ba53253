import StateKit
import StateKitTesting
import Testing

@Suite("Generators for property tests")
struct RandomTests {
  /// Random states stay in the mask and reach every bit; seeded generators repeat.
  @Test func randomStatesStayInTheMaskReachEveryBitAndRepeat() {
    var rng = SplitMix64(seed: 0x5EED)
    let mask: ControlState = [.highlighted, .selected, .application]
    var seen = ControlState.normal
    var outside: [ControlState] = []
    for _ in 0..<10_000 {
      let state = ControlState.random(in: mask, using: &rng)
      if !state.isSubset(of: mask) { outside.append(state) }
      seen.formUnion(state)
    }
    #expect(
      (outside, seen, ControlState.random(in: .normal).isNormal) == ([], mask, true),
      "seed 0x5EED")

    var a = SplitMix64(seed: 99)
    var b = SplitMix64(seed: 99)
    let first = (0..<100).map { _ in ControlState.random(in: .application, using: &a) }
    let second = (0..<100).map { _ in ControlState.random(in: .application, using: &b) }
    #expect(first == second && Set(first).count > 50, "\(Set(first).count) distinct")
  }

  /// Combinations enumerate every subset once, in order; the documented example, a property
  /// test of state unions, is exhaustive over three states.
  @Test func combinationsEnumerateEverySubsetOnceAndTheUnionExample() {
    let mask: ControlState = [
      .highlighted, .selected, ControlState(rawValue: 1 << 17), ControlState(rawValue: 1 << 63),
    ]
    let all = Array(ControlState.combinations(of: mask))
    let counts: [Int] = [
      all.count, Set(all).count, ControlState.combinations(of: mask).underestimatedCount,
    ]
    let ends: [ControlState?] = [all.first, all.last]
    #expect((counts, ends) == ([16, 16, 16], [ControlState.normal, mask]))
    #expect(
      all.allSatisfy { $0.isSubset(of: mask) }
        && zip(all, all.dropFirst()).allSatisfy { $0.rawValue < $1.rawValue })
    let full = ControlState.combinations(of: ControlState(rawValue: .max))
    #expect(
      (
        Array(ControlState.combinations(of: .normal)), full.underestimatedCount,
        Array(full.prefix(3)).map(\.rawValue)
      )
        == ([.normal], Int.max, [0, 1, 2]))

    let states: ControlState = [.highlighted, .selected, .disabled]
    var wrong: [String] = []
    for a in ControlState.combinations(of: states) {
      for b in ControlState.combinations(of: states) {
        let union = a.union(b)
        if union != b.union(a) || !(a.isSubset(of: union) && b.isSubset(of: union))
          || !union.members.allSatisfy({ a.contains($0) || b.contains($0) })
        {
          wrong.append("\(a) ∪ \(b) = \(union)")
        }
      }
    }
    #expect(wrong == [])
  }
}
