import StateKit
import StateKitTesting

// Property tests run with StateKitTesting: a fixed seed by default, so every run is the same;
// `STATEKIT_SEED=random swift test` tries a fresh seed, and every failure prints the command
// that replays it.

extension Gen {
  /// States with a spread that reaches every range: the system names, system and application
  /// bits, 32 and 64 bits wide, a single high bit, and the empty state.
  static let anyState: Generator<ControlState> = frequency(
    (1, constant(.normal)),
    (2, controlState(in: [.highlighted, .disabled, .selected, .focused])),
    (2, controlState(in: [.system, .application], count: 0...8)),
    (2, controlState(in: ControlState(rawValue: 0xFFFF_FFFF), count: 0...32, namedWeight: 1)),
    (2, controlState(in: ControlState(rawValue: .max), count: 0...64, namedWeight: 1)),
    (
      1,
      controlState(in: ControlState(rawValue: .max), count: 1...1, namedWeight: 0)
        .map { $0.union(.selected) }
    )
  )
}
