// What the build machine's run and the emulated firmware both print, so that run.sh can compare
// the two outputs line by line: the look of every value of `lv_state_t`, and the states a screen
// of switches goes through when each way is measured.

/// The states a screen of switches goes through: random values of the eight LVGL flags, so
/// most states are combinations the styles do not name.
func screenStates(count: Int) -> [UInt16] {
  var seed: UInt64 = 0x5EED
  return (0..<count).map { _ in
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt16(truncatingIfNeeded: seed >> 56)
  }
}

/// Prints the look StateKit chooses for every value of `lv_state_t`, one line each (the state
/// and the background in hex, the border and shadow widths in decimal), with the hand-written
/// code's and the scan's looks where they differ from it, then a line saying whether the three
/// ways agree; returns the number of states where they do not.
func printAnswers(_ kit: StateKitSwitch, _ styles: [Style]) -> Int {
  print("lv_state_t: background border shadow, as StateKit chooses")
  var disagreements = 0
  for value in 0...Int(UInt16.max) {
    let state = UInt16(value)
    let look = kit.look(state)
    let hand = handWrittenLook(state, .header)
    let scan = scannedLook(state, styles)
    var line = hexadecimal(state) + ": " + text(look)
    if hand != look || scan != look {
      disagreements += 1
      line += "; hand-written " + text(hand) + "; scan " + text(scan)
    }
    print(line)
  }
  if disagreements == 0 {
    print("all 65,536 lv_state_t values: StateKit, the hand-written code and LVGL's scan agree")
  } else {
    print("the three ways disagree on \(disagreements) states")
  }
  return disagreements
}

/// `0x8410 2 4`: a look as `printAnswers` writes it.
func text(_ look: Look) -> String {
  hexadecimal(look.background) + " \(look.border) \(look.shadow)"
}

/// `0x00a1`: four lowercase hexadecimal digits, written byte by byte (no formatting library on
/// the firmware).
func hexadecimal(_ value: UInt16) -> String {
  var bytes: [UInt8] = [0x30, 0x78]
  for shift: UInt16 in [12, 8, 4, 0] {
    let digit = UInt8(truncatingIfNeeded: value >> shift) & 0xF
    bytes.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// `1.23`: a count in hundredths with two decimals.
func decimal(_ hundredths: UInt64) -> String {
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
