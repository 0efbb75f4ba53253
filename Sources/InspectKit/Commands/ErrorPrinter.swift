import ErrorKitCore

/// Prints what `error` finds, input by input, and owns the output's state: whether anything was
/// printed yet (trees after the first are set apart by a blank line), the input being printed
/// (whether it explained an error, and its first problem, held back until it is known whether
/// it is the input's failure or a side note), and the status of the run's first failure.
///
/// Every item comes the same way, whatever the input: an argument, a look-up or standard input
/// (``ErrorFinding``). One input that explains at least one error does not fail for its
/// other parts; later problems are warnings at once, so nothing piles up however long a stream
/// runs.
struct ErrorPrinter {
  /// What one input has given so far.
  private struct Input {
    /// The input as messages name it: `standard input`, or the argument quoted.
    var name: String
    var printed = false
    var pending: String?
    var problems = 0
  }

  let terminal: Terminal
  let json: Bool
  let color: Bool
  /// Whether nothing has been printed yet.
  private var first = true
  private var input = Input(name: "")
  /// The status of the first failure.
  private(set) var status = ExitStatus.success

  init(terminal: Terminal, json: Bool, color: Bool) {
    self.terminal = terminal
    self.json = json
    self.color = color
  }

  /// Starts an input; messages about it name it `name`.
  mutating func begin(_ name: String) {
    input = Input(name: name)
  }

  /// Whether the input has given anything: an error, or a problem.
  var inputGaveAnything: Bool { input.printed || input.pending != nil }

  /// Prints an item: the error (with a warning when its text was cut; a held problem becomes
  /// a warning before it), or the reason a region could not be read (a warning, or the input's
  /// pending problem when it is its first).
  mutating func show(_ item: ErrorFinding) {
    guard case .error(let read) = item.result else {
      if case .unreadable(let reason) = item.result {
        let message = "\(input.name): \(reason)"
        input.problems += 1
        if input.printed || input.pending != nil {
          terminal.warning(message)
        } else {
          input.pending = message
        }
      }
      return
    }
    if let problem = input.pending {
      terminal.flush()
      terminal.warning(problem)
      input.pending = nil
    }
    input.printed = true
    if json {
      // A code beyond 2^53 - 1 would be read back as another number (Docs/ErrorPayload.md):
      // refused, as the payload's Encodable conformance refuses it, rather than written wrong.
      if let code = read.payload.codeBeyondJSON {
        fail(
          Failure(
            status: .dataError,
            message: "the code \(code) is beyond 2^53 - 1, the largest integer JSON carries "
              + "exactly; without --json the error is printed"))
      } else {
        var writer = JSONWriter()
        read.payload.write(to: &writer)
        writer.raw("\n")
        terminal.write(bytes: writer.bytes)
        first = false
      }
    } else {
      if !first { terminal.write("\n") }
      terminal.write(ErrorTree(color: color).render(read.payload))
      first = false
    }
    if let cut = read.cut {
      terminal.warning("\(input.name): the text ends \(cut); shown is what is complete")
    }
  }

  /// Ends an input: a problem that was not a side note to a printed error is its failure.
  mutating func end() {
    if !input.printed, let problem = input.pending {
      let others = input.problems - 1
      fail(
        Failure(
          status: .dataError,
          message: others > 0 ? "\(problem) (and \(others) more, above)" : problem))
    }
    input.pending = nil
  }

  /// `--list DOMAIN`: one line an entry (`CODE NAME  meaning`, then `(added in macOS 15.0 SDK)`
  /// for a code newer than the tables' base SDKs), or a payload a line with `--json`.
  mutating func list(_ found: [CodeDirectory.Found]) {
    let labelled = CodeDirectory.hasSeveralLabels(found)
    for item in found {
      if json {
        show(.document(ErrorPayload(item, labelled: labelled)))
        continue
      }
      var line = item.entry.domain + " " + String(item.entry.code)
      if let name = item.entry.name { line += " " + name }
      if !item.entry.description.isEmpty { line += "  " + item.entry.description }
      if let added = item.added {
        line += (item.entry.description.isEmpty ? "  " : " ") + "(added in " + added + ")"
      }
      if labelled, let label = item.label { line += " (" + label + ")" }
      terminal.write(terminalSafe(line) + "\n")
      first = false
    }
  }

  /// Reports a failure on standard error; the first one's status is the run's.
  mutating func fail(_ failure: Failure) {
    terminal.flush()
    terminal.error(failure.message)
    if status == .success { status = failure.status }
  }
}
