// The switch on the build machine, compiled in Embedded Swift as the firmware is: checks that
// the three ways of choosing its look agree for every value of `lv_state_t`, then times each
// on the same states in the same rounds. build.sh prints the sizes of the firmware images next
// to these figures.

/// The states a screen of switches goes through: random values of the eight LVGL flags, so
/// most states are combinations the styles do not name.
func screenStates(count: Int) -> [UInt16] {
  var seed: UInt64 = 0x5EED
  return (0..<count).map { _ in
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt16(truncatingIfNeeded: seed >> 56)
  }
}

/// Each way behind a call, as a firmware's drawing code calls it.
@inline(never) func viaStateKit(_ state: UInt16, _ kit: StateKitSwitch) -> Look { kit.look(state) }
@inline(never) func viaHand(_ state: UInt16) -> Look { handWrittenLook(state, .header) }
@inline(never) func viaScan(_ state: UInt16, _ styles: [Style]) -> Look {
  scannedLook(state, styles)
}

/// `1.23`: nanoseconds with two decimals, from picoseconds.
func decimal(_ picoseconds: UInt64) -> String {
  let hundredths = (picoseconds + 5) / 10
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

/// Checks the three ways against each other, then times them; the exit status.
func run() -> Int32 {
  let states = SwitchStates()
  guard states == SwitchStates.header else {
    print("the layout's bits differ from lv_obj.h's")
    return 1
  }
  let styles = switchStyles(states)
  let kit = StateKitSwitch(styles: styles)

  var disagreements = 0
  for value in 0...Int(UInt16.max) {
    let state = UInt16(value)
    let expected = scannedLook(state, styles)
    if kit.look(state) != expected || handWrittenLook(state, .header) != expected {
      disagreements += 1
    }
  }
  guard disagreements == 0 else {
    print("the three ways disagree on \(disagreements) states")
    return 1
  }
  print("all 65,536 lv_state_t values: StateKit, the hand-written code and LVGL's scan agree")

  let screen = screenStates(count: 4096)
  let rounds = 200
  var best: [UInt64] = [.max, .max, .max]
  var checksum: UInt32 = 0
  for _ in 0..<rounds {
    for way in 0..<3 {
      let start = firmware_now_nanoseconds()
      var sum: UInt32 = 0
      switch way {
      case 0: for state in screen { sum &+= viaStateKit(state, kit).packed }
      case 1: for state in screen { sum &+= viaHand(state).packed }
      default: for state in screen { sum &+= viaScan(state, styles).packed }
      }
      let elapsed = firmware_now_nanoseconds() - start
      checksum &+= sum
      best[way] = min(best[way], elapsed * 1000 / UInt64(screen.count))
    }
  }
  let names = [
    "StateKit lookups (3 properties)", "hand-written if chain", "LVGL's scan of the style list",
  ]
  print("ns per look, best of \(rounds) rounds of \(screen.count) states (checksum \(checksum)):")
  for way in 0..<3 {
    let ratio = best[way] * 100 / max(best[1], 1)
    print("  \(names[way]): \(decimal(best[way])) ns (\(decimal(ratio * 10)) x hand-written)")
  }
  return 0
}

exit(run())
