import StateKit
import TerminalWidgets

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
  print("\(button.title): \(button.state) -> \(button.render().debugDescription)")
}
