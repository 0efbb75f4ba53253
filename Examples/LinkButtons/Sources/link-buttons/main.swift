import Foundation
import StateKit
import TerminalWidgets

/// Prints a one-line error and exits with status 1.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("link-buttons: \(message)\n".utf8))
  exit(1)
}

// The app merges the state names of the widget libraries it uses, once, where it starts. Two
// libraries naming one bit differently is an error that names both, here and not in a trap.
let catalog: StateCatalog
do {
  catalog = try StateCatalog(merging: [.terminalWidgets])
} catch {
  fail("\(error)")
}

// The look comes from a theme file, which a designer edits and `statekit-inspect theme` checks;
// its selectors name `visited` through the catalog. A repeated key, an unknown name or a value
// of the wrong type is a one-line error with its line and column.
let themePath = CommandLine.arguments.dropFirst().first ?? "theme.json"
guard let themeBytes = FileManager.default.contents(atPath: themePath) else {
  fail("cannot read \(themePath)")
}
let theme: StyleSet
do {
  theme = try StyleSet(themeJSON: themeBytes, keys: StyleSet.linkButtonKeys, catalog: catalog)
} catch {
  fail("\(themePath): \(error)")
}

// A row of link buttons in different states.
let row: [LinkButton] = [
  LinkButton("Home", style: theme),
  LinkButton("Docs", state: .visited, style: theme),
  LinkButton("Blog", state: .highlighted, style: theme),
  LinkButton("Forum", state: [.visited, .highlighted], style: theme),
  LinkButton("Store", state: .disabled, style: theme),
  LinkButton("Jobs", state: [.visited, .disabled], style: theme),
]

print(row.map(\.rendered).joined(separator: "  "))
for button in row {
  let state = button.state.state
  print(
    "\(button.title): \(catalog.description(of: state)) (\(state)) -> \(button.rendered.debugDescription)"
  )
}

// Events change the controllers; each link redraws only when its style can see the change.
print("the theme mentions: \(catalog.description(of: theme.relevantStates))")
let home = row[0]
home.state.insert(.focused)
print("Home focused: draws \(home.drawCount) (focus is not in the theme)")
home.state.insert(.highlighted)
print("Home highlighted: draws \(home.drawCount) -> \(home.rendered.debugDescription)")
home.isVisited = true
home.state.remove(.highlighted)
print("Home followed: draws \(home.drawCount) -> \(home.rendered.debugDescription)")

// What a collision looks like: another library that calls bit 16 "seen".
do {
  var withHistory = catalog
  try withHistory.merge(StateNames("HistoryWidgets", ["seen": .visited]))
} catch {
  print("collision: \(error)")
}
