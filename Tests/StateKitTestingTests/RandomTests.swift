import StateKit
import StateKitTesting
import Testing

@Suite("Generators for property tests")
struct RandomTests {
  @Test func randomStatesStayInTheMaskAndReachEveryBit() {
    var rng = SplitMix64(seed: PropertySeed.default)
    let mask: ControlState = [.highlighted, .selected, .application]
    var seen = ControlState.normal
    for _ in 0..<10_000 {
      let state = ControlState.random(in: mask, using: &rng)
      #expect(state.isSubset(of: mask), "seed \(PropertySeed.default)")
      seen.formUnion(state)
    }
    #expect(seen == mask, "seed \(PropertySeed.default)")
    #expect(ControlState.random(in: .normal).isNormal)
  }

  @Test func seededGeneratorsRepeat() {
    var a = SplitMix64(seed: 99)
    var b = SplitMix64(seed: 99)
    let first = (0..<100).map { _ in ControlState.random(in: .application, using: &a) }
    let second = (0..<100).map { _ in ControlState.random(in: .application, using: &b) }
    #expect(first == second)
    #expect(Set(first).count > 50)
  }

  @Test func combinationsEnumerateEverySubsetOnce() {
    let mask: ControlState = [
      .highlighted, .selected, ControlState(rawValue: 1 << 17), ControlState(rawValue: 1 << 63),
    ]
    let all = Array(ControlState.combinations(of: mask))
    #expect(all.count == 16)
    #expect(Set(all).count == 16)
    #expect(all.allSatisfy { $0.isSubset(of: mask) })
    #expect(all.first == .normal)
    #expect(all.last == mask)
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.rawValue < $1.rawValue })
    #expect(ControlState.combinations(of: mask).underestimatedCount == 16)
    #expect(Array(ControlState.combinations(of: .normal)) == [.normal])
    let full = ControlState.combinations(of: ControlState(rawValue: .max))
    #expect(full.underestimatedCount == Int.max)
    #expect(Array(full.prefix(3)).map(\.rawValue) == [0, 1, 2])
  }

  /// The documented example: a property test of state unions, exhaustive over three states.
  @Test func unionOfStatesExample() {
    let states: ControlState = [.highlighted, .selected, .disabled]
    for a in ControlState.combinations(of: states) {
      for b in ControlState.combinations(of: states) {
        let union = a.union(b)
        #expect(union == b.union(a))
        #expect(a.isSubset(of: union) && b.isSubset(of: union))
        #expect(union.members.allSatisfy { a.contains($0) || b.contains($0) })
      }
    }
  }
}
