// The timing helpers every benchmark of this package uses: a clock, sinks the optimizer cannot
// see through, interleaved rounds, and medians of same-round ratios.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Opaque to the optimizer, so loops cannot be folded away.
@inline(never) public func blackHole(_ value: Int) {
  if value == 0x5eed_5eed { print("") }
}

/// Returns its argument through a call the optimizer cannot see into.
@inline(never) public func opaque<T>(_ value: T) -> T { value }

/// Nanoseconds on the monotonic clock.
public func now() -> UInt64 {
  var spec = timespec()
  clock_gettime(CLOCK_MONOTONIC, &spec)
  return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Nanoseconds per operation of each body, which perform `operations` operations each, one
/// sample per round. The bodies run interleaved, round after round, so a slow moment of the
/// machine hits them all and ratios within a round stay fair.
public func measure(operations: Int, rounds: Int = 21, _ bodies: [() -> Int]) -> [[Double]] {
  var samples = Array(repeating: [Double](), count: bodies.count)
  for round in 0...rounds {
    for (index, body) in bodies.enumerated() {
      let start = now()
      blackHole(body())
      // Round 0 warms up caches and the CPU clock; it is not counted.
      if round > 0 { samples[index].append(Double(now() - start) / Double(operations)) }
    }
  }
  return samples
}

/// The median of some samples.
public func median(_ values: [Double]) -> Double {
  values.sorted()[values.count / 2]
}

/// The median over rounds of the ratio of two bodies measured in the same round.
public func medianRatio(_ numerator: [Double], _ denominator: [Double]) -> Double {
  median(zip(numerator, denominator).map { $0 / $1 })
}
