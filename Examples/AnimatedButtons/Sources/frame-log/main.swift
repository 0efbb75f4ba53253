import AnimatedWidgets
import Foundation
import StateKit

/// Prints a one-line error and exits with status 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("frame-log: \(message)\n".utf8))
  exit(1)
}

// The looks and the transitions come from a theme file, as a designer edits it; a repeated
// key, an unknown state name or a value of the wrong type is a one-line error with its line
// and column.
let themePath = CommandLine.arguments.dropFirst().first ?? "theme.json"
guard let themeBytes = FileManager.default.contents(atPath: themePath) else {
  fail("cannot read \(themePath)")
}
let animator: StyleAnimator<ButtonLook>
do {
  animator = try StyleAnimator.buttons(themeJSON: themeBytes)
} catch {
  fail("\(themePath): \(error)")
}

// A scripted interaction, in milliseconds: focus, a press released early and pressed again,
// disabled while pressed, released while disabled, enabled again.
let script: [(time: Int, name: String, change: (inout ControlState) -> Void)] = [
  (20, "focus", { $0.insert(.focused) }),
  (60, "press", { $0.insert(.highlighted) }),
  (100, "release", { $0.remove(.highlighted) }),
  (220, "press", { $0.insert(.highlighted) }),
  (300, "disable", { $0.insert(.disabled) }),
  (400, "release", { $0.remove(.highlighted) }),
  (460, "enable", { $0.remove(.disabled) }),
]

func padded(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func number(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = abs(hundredths % 100)
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

// One line per frame at 50 frames a second (every 20 ms); an action at a frame's time happens
// before that frame is drawn, and prints why each part moves as it does.
let button = AnimatedButton(animator)
var next = 0
print("frame log at 50 fps: time, state, fill, width, the button")
for frame in 0...35 {
  let time = frame * 20
  while next < script.count, script[next].time <= time {
    let step = script[next]
    var state = button.state
    step.change(&state)
    let change = StateChange(old: button.state, new: state)
    print("        \(step.name) at \(step.time) ms: \(change)")
    // Why each part that changes moves as it does: its transition and the entry that chose it.
    let (before, after) = (animator.look(for: change.old), animator.look(for: change.new))
    let changed = [
      "fill": before.fill != after.fill, "width": before.width != after.width,
      "label": before.label != after.label, "underlined": before.underlined != after.underlined,
    ]
    for why in animator.explain(change) where changed[why.attribute] == true {
      let entry = why.explanation.winner.map { " from \($0.from) -> \($0.to) (\(why.table))" }
      print("          \(why.attribute): \(why.transition)\(entry ?? "")")
    }
    button.change(to: state, at: step.time)
    next += 1
  }
  let look = button.look(at: time)
  print(
    padded("\(time) ms", 8) + padded("\(button.state)", 34) + "fill \(look.fill)  width "
      + padded(number(look.width), 6) + button.draw(at: time))
}
