// The switch on the build machine, compiled in Embedded Swift as the firmware is: prints the
// look of every value of `lv_state_t` and checks that the three ways of choosing it agree (the
// lines run.sh compares with the emulated firmware's), then times each way on the same states in
// the same rounds. run.sh prints the sizes of the firmware images and the emulated firmware's
// instruction counts next to these figures.

/// Each way behind a call, as a firmware's drawing code calls it.
@inline(never) func viaStateKit(_ state: UInt16, _ kit: StateKitSwitch) -> Look { kit.look(state) }
@inline(never) func viaHand(_ state: UInt16) -> Look { handWrittenLook(state, .header) }
@inline(never) func viaScan(_ state: UInt16, _ styles: [Style]) -> Look {
  scannedLook(state, styles)
}

/// `1.23`: nanoseconds with two decimals, from picoseconds.
func nanoseconds(_ picoseconds: UInt64) -> String { decimal((picoseconds + 5) / 10) }

/// Checks the three ways against each other, then times them; the exit status.
func run() -> Int32 {
  let states = SwitchStates()
  guard states == SwitchStates.header else {
    print("the layout's bits differ from lv_obj.h's")
    return 1
  }
  let styles = switchStyles(states)
  let kit = StateKitSwitch(styles: styles)

  guard printAnswers(kit, styles) == 0 else { return 1 }
  // The answers end here: run.sh compares the lines above with the emulated firmware's.
  print("")

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
    let times = "\(nanoseconds(best[way])) ns (\(nanoseconds(ratio * 10)) x hand-written)"
    print("  \(names[way]): \(times)")
  }
  return 0
}

exit(run())
