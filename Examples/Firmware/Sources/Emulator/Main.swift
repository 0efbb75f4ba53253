// The switch as firmware on an emulated Cortex-M7 (QEMU's mps2-an500, Startup.c): prints the look
// of every value of `lv_state_t` as the build machine's run does (run.sh compares the two line by
// line), then counts the instructions each way takes.
//
// The counts come from QEMU run with `-icount shift=0`: its virtual clock advances one nanosecond
// per instruction executed, so the board's 25 MHz timer ticks once every 40 instructions. They
// are instructions, not cycles: QEMU models no pipeline, cache or flash wait state.

/// Instructions per tick of the board's timer under `-icount shift=0` (1 ns per instruction,
/// a 25 MHz timer).
let instructionsPerTick: UInt64 = 40

/// The instructions `body` took, from the timer (to within `instructionsPerTick`).
func instructions(_ body: () -> Void) -> UInt64 {
  let start = board_ticks()
  body()
  return UInt64(board_ticks() &- start) * instructionsPerTick
}

/// The firmware's work; its result is QEMU's exit status.
@_cdecl("firmware_main")
public func firmwareMain() -> Int32 {
  guard SwitchStates() == SwitchStates.header else {
    print("the layout's bits differ from lv_obj.h's")
    return 1
  }
  let initializing = [
    instructions { initStateKit() }, 0, instructions { initScan() },
  ]
  guard printAnswers(stateKitSwitch.unsafelyUnwrapped, styles) == 0 else { return 1 }
  // The answers end here: run.sh compares the lines above with the build machine's.
  print("")

  // The count is trusted only if a loop of known length counts as it should.
  let loop: UInt32 = 1_000_000
  let counted = UInt64(board_calibrate(loop)) * instructionsPerTick
  print(
    "QEMU mps2-an500 (Cortex-M7), -icount shift=0: a loop of \(2 * loop) instructions counted as \(counted)"
  )
  guard counted >= 2 * UInt64(loop), counted <= 2 * UInt64(loop) + 1_000 else {
    print("the timer does not count instructions: is QEMU run with -icount shift=0?")
    return 1
  }

  let screen = screenStates(count: 4096)
  var checksum: UInt32 = 0
  let looking = [
    instructions { for state in screen { checksum &+= lookStateKit(state) } },
    instructions { for state in screen { checksum &+= lookHand(state) } },
    instructions { for state in screen { checksum &+= lookScan(state) } },
  ]
  let names = [
    "StateKit lookups (3 properties)", "hand-written if chain", "LVGL's scan of the style list",
  ]
  print(
    "instructions per look, \(screen.count) states, with the loop and the C call (checksum \(checksum)):"
  )
  let perLook = looking.map { $0 * 100 / UInt64(screen.count) }
  for way in 0..<3 {
    let ratio = perLook[way] * 100 / max(perLook[1], 1)
    print("  \(names[way]): \(decimal(perLook[way])) (\(decimal(ratio)) x hand-written)")
  }
  print("instructions at start-up, building what each way looks in:")
  for way in 0..<3 {
    print("  \(names[way]): \(initializing[way])")
  }
  return 0
}
