import StateKit
import TerminalWidgets

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The app merges the state names of the widget libraries it uses, once, where it starts. Two
// libraries naming one bit differently is an error that names both, here and not in a trap.
let catalog: StateCatalog
do {
  catalog = try StateCatalog(merging: [.terminalWidgets])
} catch {
  let message = "link-buttons: \(error)\n"
  _ = message.withCString { write(2, $0, strlen($0)) }
  exit(1)
}

// A row of link buttons in different states, each with the state it is in.
let row: [LinkButton] = [
  LinkButton("Home"),
  LinkButton("Docs", state: .visited),
  LinkButton("Blog", state: .highlighted),
  LinkButton("Forum", state: [.visited, .highlighted]),
  LinkButton("Store", state: .disabled),
  LinkButton("Jobs", state: [.visited, .disabled]),
]

print(row.map { $0.render() }.joined(separator: "  "))
for button in row {
  print(
    "\(button.title): \(catalog.description(of: button.state)) (\(button.state)) -> \(button.render().debugDescription)"
  )
}

// What a collision looks like: another library that calls bit 16 "seen".
do {
  _ = try catalog.merging(StateNames("HistoryWidgets", ["seen": .visited]))
} catch {
  print("collision: \(error)")
}
