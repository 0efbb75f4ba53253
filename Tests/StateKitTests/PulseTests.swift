import StateKit
import Testing

@testable import StateKitTesting

@Suite("Pulse")
struct PulseTests {
  static let curves: [TransitionCurve] = [.linear, .ease, .easeInOut, .steps(4, at: .end)]

  /// Frame by frame on a virtual clock: the phase is in 0...1, repeats every period, is 0 at
  /// the start of each cycle and at rest, and reaches 1 half way through a reversing cycle.
  ///
  /// A linear reversing pulse is a triangle: up for half a period, then down. Times at the
  /// edges of the clock never trap and give a phase in range.
  @Test func phasesOnTheVirtualClockAndALinearPulseIsATriangle() {
    for curve in Self.curves {
      for period in [1, 16, 500, 1_000] {
        for autoreverses in [true, false] {
          let pulse = Pulse(
            while: .focused, milliseconds: period, curve: curve, autoreverses: autoreverses)
          var clock = VirtualClock(framesPerSecond: 60)
          let start = 40
          for _ in 0..<240 {
            let now = clock.tick()
            let phase = pulse.phase([.focused, .selected], at: now, since: start)
            #expect((0...1).contains(phase), "\(pulse) at \(now)")
            // A period later, the same phase; 0 at rest and at the start of each cycle; 0 while
            // the state does not hold.
            let repeated =
              now > start ? pulse.phase(.focused, at: now + period, since: start) : phase
            let cycleStart = now <= start || (now - start) % period == 0
            let actual: [Double] = [phase, phase, pulse.phase(.selected, at: now, since: start)]
            let expected: [Double] = [repeated, cycleStart ? 0 : phase, 0]
            #expect(actual == expected, "\(pulse) at \(now)")
          }
          if autoreverses, period % 2 == 0 {
            #expect(pulse.phase(.focused, at: start + period / 2, since: start) == 1)
          }
        }
      }
    }

    let triangle = Pulse(while: .focused, milliseconds: 1_000, curve: .linear)
    for time in stride(from: 0, through: 1_000, by: 50) {
      let expected = time <= 500 ? Double(time) / 500 : Double(1_000 - time) / 500
      #expect(abs(triangle.phase(.focused, at: time, since: 0) - expected) < 1e-12, "\(time)")
    }
    let sweep = Pulse(while: .focused, milliseconds: 1_000, curve: .linear, autoreverses: false)
    #expect(sweep.phase(.focused, at: 750, since: 0) == 0.75)
    let still = Pulse(while: .normal, milliseconds: 0)
    #expect(still.period == 1)
    let extremes: [(Int, Int)] = [
      (Int.max, Int.min), (Int.min, Int.max), (Int.max, 0), (0, Int.max),
    ]
    let phases: [Double] = extremes.map { still.phase(.normal, at: $0, since: $1) }
    #expect(phases.allSatisfy { (0...1).contains($0) }, "\(phases)")
  }
}
