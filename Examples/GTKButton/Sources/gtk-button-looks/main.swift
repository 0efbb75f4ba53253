import ButtonStyle
import Foundation

// Prints a GTK 4 button's look in a few states (or in the states given as arguments, such as
// "prelight | checked"), as StateKit's tables give it, then checks those tables against GTK's
// own cascade on every combination of the flags the stylesheet mentions.

/// Prints a one-line error and exits with status 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("gtk-button-looks: \(message)\n".utf8))
  exit(1)
}

let stylesheet: Stylesheet
let style: StateKitButtonStyle
let comparison: LookComparison
let mostSpecific: LookComparison
do {
  stylesheet = try Stylesheet(css: buttonStylesheet)
  style = try StateKitButtonStyle(stylesheet)
  comparison = try LookComparison(stylesheet)
  mostSpecific = try LookComparison(stylesheet, resolution: .mostSpecific)
} catch {
  fail("the stylesheet: \(error)")
}

let defaultStates = [
  "normal", "prelight", "active | prelight", "checked", "prelight | checked",
  "active | prelight | checked", "insensitive", "prelight | insensitive", "insensitive | checked",
  "insensitive | backdrop", "backdrop | checked", "focused | focusVisible", "dropActive",
  "backdrop | dropActive", "prelight | dirLtr",
]
let arguments = Array(CommandLine.arguments.dropFirst())
var states: [UInt32] = []
for text in arguments.isEmpty ? defaultStates : arguments {
  do {
    states.append(try GTKStateText.flags(text))
  } catch {
    fail("\(error)")
  }
}

func padded(_ text: String, _ width: Int) -> String {
  text + String(repeating: " ", count: max(1, width - text.count))
}
let widths = [30, 12, 9, 9, 13, 7]
print(
  zip(["GtkStateFlags", "background", "color", "border", "outline", "weight"], widths)
    .map { padded($0, $1) }.joined().trimmingCharacters(in: .whitespaces))
for state in states {
  let look = style.look(state)
  let columns = [GTKStateText.description(of: state)] + ButtonProperty.allCases.map { look[$0] }
  print(zip(columns, widths).map { padded($0, $1) }.joined().trimmingCharacters(in: .whitespaces))
}

let flagNames = GTKStateText.description(of: comparison.flags)
print()
if comparison.differences.isEmpty {
  print(
    "StateKit's tables and GTK's cascade agree on all \(comparison.stateCount) combinations of "
      + "the \(comparison.flags.nonzeroBitCount) flags\nthe stylesheet mentions (\(flagNames)).")
} else {
  for difference in comparison.differences {
    print(
      "differs: \(GTKStateText.description(of: difference.state)): StateKit "
        + "\(difference.stateKit), GTK \(difference.gtk)")
  }
  fail("StateKit's tables and GTK's cascade differ on \(comparison.differences.count) states")
}
if let example = mostSpecific.differences.first(where: { $0.state.nonzeroBitCount > 1 }) {
  let property = ButtonProperty.allCases.first { example.stateKit[$0] != example.gtk[$0] }
  let name = property?.rawValue ?? ""
  print(
    "Most-specific tables (StateKit's default resolution) would differ on "
      + "\(mostSpecific.differences.count) of them,\nsuch as "
      + "\(GTKStateText.description(of: example.state)): \(name) "
      + "\(property.map { example.stateKit[$0] } ?? "") where GTK gives "
      + "\(property.map { example.gtk[$0] } ?? ""):\nthey break a tie between equally specific "
      + "rules by a precedence of bits, CSS by the order of the rules.")
}
