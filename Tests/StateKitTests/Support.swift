import Foundation
import StateKit
import Testing

/// Seeded property checks: the seed comes from `STATEKIT_SEED` when set, otherwise it is random;
/// every failure prints it, so `STATEKIT_SEED=<seed> swift test` replays the run.
enum Property {
  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["STATEKIT_SEED"], let seed = UInt64(text) {
      return seed
    }
    return UInt64.random(in: .min ... .max)
  }()

  /// Runs `body` on `cases` generated inputs; records the first failure with the seed and the
  /// case number, and stops there.
  static func check(
    _ law: String, cases: Int = 10_000, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout SplitMix64) -> String?
  ) {
    var rng = SplitMix64(seed: seed)
    for index in 0..<cases {
      if let failure = body(&rng) {
        Issue.record(
          "\(law) failed at case \(index) (seed \(seed); replay with STATEKIT_SEED=\(seed)): \(failure)",
          sourceLocation: sourceLocation)
        return
      }
    }
  }
}

extension ControlState {
  /// Random states with a spread that reaches every range: fully random 64-bit values, named
  /// system bits, application bits, reserved bits, sparse high bits and the empty state.
  static func arbitrary(using rng: inout SplitMix64) -> ControlState {
    switch rng.next() % 6 {
    case 0: return ControlState(rawValue: UInt(truncatingIfNeeded: rng.next()))
    case 1:
      return ControlState.random(in: [.highlighted, .disabled, .selected, .focused], using: &rng)
    case 2: return ControlState.random(in: [.system, .application], using: &rng)
    case 3: return ControlState.random(in: ControlState(rawValue: 0xFFFF_FFFF), using: &rng)
    case 4:
      return ControlState(rawValue: 1 << UInt(rng.next() % UInt64(UInt.bitWidth)))
        .union(.random(in: .selected, using: &rng))
    default: return .normal
    }
  }
}
