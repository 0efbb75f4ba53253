/// Whether a terminal acts on a character printed to it: C0 controls, DEL, the C1 range,
/// bidirectional marks, overrides and isolates, and line and paragraph separators. The package's
/// one list: StateKit's quoting, statekit-inspect's reports and the JSON writer escape exactly
/// these.
package func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
    true
  default: false
  }
}
