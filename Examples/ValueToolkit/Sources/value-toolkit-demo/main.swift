import StateKit
import ValueFixtures
import ValueScreen
import ValueStyled

// Draws one row per control kind in a few combinations of its Booleans, as the StateKit version
// draws it, then a subtree whose environment holds a button look of its own. Prints characters
// only (no colours).

let env = environments(Midnight(), now: 250).styled
var canvas = Canvas(width: 100, height: Kind.allCases.count + 2)
for (row, kind) in Kind.allCases.enumerated() {
  var x = 0
  for flags in [0, 0b10, 0b100, 0b110, 0b1] {
    x = Control(kind, kind.samples[0], flags: flags).drawStyled(in: &canvas, x: x, y: row, env: env)
    x += 2
  }
}
// A subtree's theme: its own tab look, reaching only the controls drawn with its environment.
var subtree = env
subtree.styles.tab = StyleHolder(
  firstMatch: [
    .selected: TabLook(text: .foreground, fill: .surface, edge: .accent, edgeGlyph: "◀")
  ],
  default: TabLook(text: .muted, fill: .background, edge: .background))
let last = Kind.allCases.count + 1
var x = Control(.tab, Content("Themed"), flags: 0b100).drawStyled(
  in: &canvas, x: 0, y: last, env: subtree)
Control(.tab, Content("Outside"), flags: 0b100).drawStyled(in: &canvas, x: x + 2, y: last, env: env)
print(
  canvas.text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n"))
