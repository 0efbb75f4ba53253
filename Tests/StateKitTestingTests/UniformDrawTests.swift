import Testing

@testable import StateKitTesting

/// `SplitMix64.uniform(below:)` gives what the standard library's generic
/// `next(upperBound:)` gives, and leaves the generator where it leaves it: small bounds, powers
/// of two and their neighbours, bounds near 2^63 and 2^64 (where draws are rejected most), and
/// random ones, from many seeds.
@Suite("Uniform draws")
struct UniformDrawTests {
  @Test func uniformDrawsAreTheStandardLibrarysDraws() {
    var bounds: [UInt64] = Array(1...70) + [.max, .max - 1, 1 << 63, (1 << 63) + 1, (1 << 63) - 1]
    for shift in 1..<64 {
      let power: UInt64 = 1 << UInt64(shift)
      bounds += [power - 1, power, power + 1, power / 3 * 2 + 1]
    }
    var source = SplitMix64(seed: 7)
    bounds += (0..<200).map { _ in source.next() >> (source.next() % 64) | 1 }
    var mismatches: [UInt64] = []
    for (index, bound) in bounds.enumerated() {
      var ours = SplitMix64(seed: UInt64(index) &* 0x9E37_79B9)
      var theirs = ours
      for _ in 0..<64 where ours.uniform(below: bound) != theirs.next(upperBound: bound) {
        mismatches.append(bound)
      }
      if ours != theirs { mismatches.append(bound) }
    }
    #expect(mismatches == [])
  }
}
