import StateKit
import Styled
import Terminal
import ToolkitFixtures

// Draws one row per widget kind in a few states, as the StateKit version draws it, then applies
// a theme entry and draws the disabled buttons again. Prints characters only (no colours), then
// the states in the toolkit's names.

let catalog = try StateCatalog(merging: [.toolkit])
let states: [ControlState] = [
  .normal, .focused, [.focused, .hot], .disabled, [.selected, .marked],
]
var canvas = Canvas(width: 100, height: Widget.Kind.allCases.count + 2)
for (row, kind) in Widget.Kind.allCases.enumerated() {
  var x = 0
  for state in states {
    x = Widget(kind, kind.samples[0], state: state).draw(in: &canvas, x: x, y: row, scheme: .base)
    x += 2
  }
}
// A theme changes one entry: disabled buttons show dots instead of brackets.
Styles.button.update {
  $0[StateSelector(.disabled)] = ButtonParts(
    text: Role.disabled, hotKey: .disabled, left: "· ", right: " ·", bold: false)
}
Widget(.button, Content("Themed", hotKey: 0), state: .disabled)
  .draw(in: &canvas, x: 0, y: Widget.Kind.allCases.count + 1, scheme: .base)
print(
  canvas.text.split(separator: "\n").map { $0.reversed().drop { $0 == " " }.reversed() }
    .map { String($0) }.joined(separator: "\n"))
print("states:", states.map { catalog.description(of: $0) }.joined(separator: ", "))
