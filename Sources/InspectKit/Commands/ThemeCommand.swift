import ErrorKitCore
import StateKitCore

// `statekit-inspect theme FILE`: reads the file and prints its report (ThemeReport.swift, which
// the browser page compiles too).

extension Inspector {
  /// `theme FILE`: the grid of every combination of the bits the theme mentions, and its lint.
  mutating func runTheme() throws(Failure) {
    guard operands.count == 1, let path = operands.first, let pathBytes = operandBytes.first else {
      throw Self.usage("theme takes one FILE, not \(operands.count); see --help")
    }
    guard names.layout.noun == BitLayout.controlState.noun else {
      throw Self.usage("theme styles states; --\(names.layout.noun)s does not apply to it")
    }
    let bytes = try Terminal.readFile(FilePath(text: path, bytes: pathBytes))
    let report = try ThemeReport(bytes: bytes, path: path, catalog: StateCatalog(table: names))
    if json {
      var writer = JSONWriter()
      report.json(path: path, into: &writer)
      terminal.write(bytes: writer.bytes)
    } else {
      terminal.write(report.human(path: path, color: useColor))
    }
    if strict, let failure = report.strictFailure(path: path) { throw failure }
  }
}
