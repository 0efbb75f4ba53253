import ErrorKitCore
import StateKitCore

// The theme command's report: a theme file's grid, lint and explanations, for people and as
// JSON, the part of the command that needs no terminal, which the browser page (Web/) compiles
// too, in Embedded Swift (so no key paths, dynamic casts or `any` here).

/// A value of a theme file, whatever its JSON type: the tool does not know the attributes'
/// types, so it keeps each value as JSON and compares and prints it as written (compactly).
struct ThemeValue: Hashable, Sendable {
  let json: JSONValue
  /// The compact JSON text, with every character a terminal acts on escaped.
  let text: String

  init(json: JSONValue) {
    self.json = json
    var writer = JSONWriter()
    writer.value(json)
    text = String(decoding: writer.bytes, as: UTF8.self)
  }

  static func == (lhs: ThemeValue, rhs: ThemeValue) -> Bool { lhs.text == rhs.text }
  func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

/// What `statekit-inspect theme` finds wrong or doubtful in a theme.
struct ThemeFinding {
  enum Kind: String {
    /// An entry that wins for no state.
    case neverWins
    /// A state whose winner was chosen only by the precedence order.
    case precedenceTie
    /// An attribute with no value for some states.
    case missingValue
    /// A transition that wins no change altering a value (`ThemeTransitionLint`).
    case transitionNeverApplies
    /// Changes that snap where the same change beside one more state animates.
    case snapBesideAnimation
    /// Transitions over more bits than the lint plays the changes of.
    case transitionsUnchecked
  }

  let kind: Kind
  let attribute: String
  let message: String
}

/// A theme read for `statekit-inspect theme` and the browser page: its attributes' tables, every
/// combination of the bits it mentions, and its findings.
///
/// The grid keeps, per state and attribute, only the winning entry's position, the runner-up's
/// and what decided (a ``Cell``): the values and selectors are kept once per entry, in its
/// ``Column``. So its memory is a few bytes a cell, and every step is linear in the number of
/// cells and entries.
struct ThemeReport {
  /// Grids of more bits than this are refused: 4,096 rows.
  static let maximumBits = 12

  /// One attribute: its entries, and their values and selectors as the report shows them.
  struct Column {
    let name: String
    let entries: [StateTable<ThemeValue>.Entry]
    /// Each entry's value as a cell shows it: compact JSON of at most 40 characters.
    let values: [String]
    /// Each entry's selector as text.
    let selectors: [String]
  }

  /// How one attribute resolves one state.
  struct Cell {
    /// The winning entry's position in its column's entries, or -1 when no entry matches.
    let winner: Int32
    /// The runner-up's position when only the precedence order chose the winner over an
    /// equally specific entry, otherwise -1.
    let runnerUp: Int32
    let decision: ResolutionDecision
  }

  let names: [String]
  let catalog: StateCatalog
  /// The theme's `$precedence`, or the standard precedence.
  let precedence: StatePrecedence
  /// The bits the theme's selectors mention.
  let relevantStates: ControlState
  /// The states the theme ranks itself, in `$precedence.order`: ties they decide are intended.
  let rankedStates: ControlState
  let states: [ControlState]
  /// One per attribute, in `names` order.
  let columns: [Column]
  /// Each attribute's table, in `names` order.
  let tables: [StateTable<ThemeValue>]
  /// Row by row, one cell per attribute: ``cell(_:_:)``.
  let cells: [Cell]
  /// The theme's `$transitions`; none when it has none.
  let transitions: StyleTransitions
  private(set) var findings: [ThemeFinding] = []

  /// The report of the theme file at `path`, whose bytes are `bytes`; an error is the file's
  /// one-line message, with its line and column where the file has them.
  init(bytes: [UInt8], path: String, catalog: StateCatalog) throws(Failure) {
    let theme: _ThemeTables<ThemeValue>
    do {
      // Every top-level member that is not a directive is an attribute, its values kept as
      // their JSON.
      theme = try _ThemeDocument(bytes: bytes).tables(catalog: catalog) { json, _ in
        ThemeValue(json: json)
      }
    } catch {
      var message = "\(quoted(path))"
      if let location = error.location { message += ":\(location.line):\(location.column)" }
      message += ": \(error.reason)"
      // An unknown name is the selector parser's; the tool can say how to declare one.
      let reason = Array(error.reason.utf8)
      let unknown = Array("unknown state name".utf8)
      if reason.indices.contains(where: { reason[$0...].starts(with: unknown) }) {
        message += " (declare custom states with --states FILE or --state NAME=BIT)"
      }
      throw Failure(status: .dataError, message: message)
    }
    try self.init(theme: theme, path: path, catalog: catalog)
  }

  /// The report of a theme read from the file at `path`: its attributes' tables, in name order,
  /// and its precedence.
  init(theme: _ThemeTables<ThemeValue>, path: String, catalog: StateCatalog) throws(Failure) {
    self.precedence = theme.precedence
    self.transitions = theme.transitions
    self.rankedStates = theme.listed
    self.names = theme.attributes.map { $0.name }
    // A theme of another toolkit (`$layout`) prints its states with that toolkit's names.
    self.catalog = catalog.naming(theme.precedence.layout)
    let tables = theme.attributes.map { $0.table }
    self.tables = tables
    relevantStates = tables.reduce(ControlState.normal) { $0.union($1.relevantStates) }
    let bits = Array(relevantStates.members)
    guard bits.count <= Self.maximumBits else {
      throw Failure(
        status: .dataError,
        message:
          "\(quoted(path)) mentions \(bits.count) state bits: a grid of 2^\(bits.count) rows is more than the limit of \(Self.maximumBits) bits"
      )
    }
    states = (0..<(1 << bits.count)).map { index in
      bits.enumerated().reduce(ControlState.normal) { state, bit in
        index & (1 << bit.offset) != 0 ? state.union(bit.element) : state
      }
    }
    columns = zip(names, tables).map { name, table in
      Column(
        name: name, entries: table.entries,
        values: table.entries.map { Self.shortened($0.value.text) },
        selectors: table.entries.map { catalog.description(of: $0.selector) })
    }
    // Each table explains each state; a selector's position in its table is found by hashing.
    let positions = tables.map { table in
      var position: [StateSelector: Int32] = [:]
      for (index, entry) in table.entries.enumerated() { position[entry.selector] = Int32(index) }
      return position
    }
    var cells: [Cell] = []
    cells.reserveCapacity(states.count * tables.count)
    for state in states {
      for (table, position) in zip(tables, positions) {
        let explanation = table.explain(state, catalog: catalog)
        let matches = explanation.matches
        let tie = explanation.decision == .precedence && matches.count > 1
        cells.append(
          Cell(
            winner: matches.first.flatMap { position[$0.selector] } ?? -1,
            runnerUp: tie ? position[matches[1].selector] ?? -1 : -1,
            decision: explanation.decision))
      }
    }
    self.cells = cells
    findings = lint()
    findings +=
      ThemeTransitionLint(
        tables: tables, names: names, transitions: theme.transitions, catalog: catalog
      ).findings
  }

  /// How the attribute in `column` resolves the state in `row`.
  func cell(_ row: Int, _ column: Int) -> Cell {
    cells[row * columns.count + column]
  }

  /// Two entries of one attribute: the winner and the runner-up of a tie.
  private struct TiePair: Hashable {
    var winner: Int
    var runnerUp: Int
  }

  /// Whether the states the theme ranks itself (`$precedence.order`) decide between two equally
  /// specific entries: the first state in the precedence order that one selector names and the
  /// other does not is one the theme listed.
  private func orderDecides(_ winner: StateSelector, _ runnerUp: StateSelector) -> Bool {
    let listed = rankedStates
    guard !listed.isNormal else { return false }
    var differing = winner.required.symmetricDifference(runnerUp.required)
    if differing.isNormal { differing = winner.excluded.symmetricDifference(runnerUp.excluded) }
    guard let decider = precedence.order.first(where: { differing.isSuperset(of: $0) }) else {
      return false
    }
    return listed.isSuperset(of: decider)
  }

  private func lint() -> [ThemeFinding] {
    var findings: [ThemeFinding] = []
    for (index, column) in columns.enumerated() {
      let name = column.name
      var wins = [Bool](repeating: false, count: column.entries.count)
      var missing: [ControlState] = []
      var missingCount = 0
      // Ties by pair of entries, in the order first met, with the states they decide.
      var ties: [TiePair: (count: Int, states: [ControlState])] = [:]
      var tieOrder: [TiePair] = []
      for (row, state) in states.enumerated() {
        let cell = self.cell(row, index)
        guard cell.winner >= 0 else {
          missingCount += 1
          if missing.count < 4 { missing.append(state) }
          continue
        }
        wins[Int(cell.winner)] = true
        guard cell.runnerUp >= 0 else { continue }
        let pair = TiePair(winner: Int(cell.winner), runnerUp: Int(cell.runnerUp))
        if ties[pair] == nil {
          // A tie the theme's own order decides is what the author asked for.
          guard
            !orderDecides(
              column.entries[pair.winner].selector, column.entries[pair.runnerUp].selector)
          else {
            continue
          }
          tieOrder.append(pair)
        }
        ties[pair, default: (0, [])].count += 1
        if ties[pair, default: (0, [])].states.count < 3 { ties[pair]?.states.append(state) }
      }
      for (entry, selector) in column.selectors.enumerated() where !wins[entry] {
        findings.append(
          ThemeFinding(
            kind: .neverWins, attribute: name,
            message:
              "\(name): entry \(quoted(selector)) never wins: another entry wins every state it matches"
          ))
      }
      for pair in tieOrder {
        guard let tie = ties[pair] else { continue }
        let (selector, runnerUp) = (column.selectors[pair.winner], column.selectors[pair.runnerUp])
        let shown = tie.states.map { catalog.description(of: $0) }.joined(separator: ", ")
        findings.append(
          ThemeFinding(
            kind: .precedenceTie, attribute: name,
            message:
              "\(name): \(quoted(selector)) and \(quoted(runnerUp)) are equally specific; only the precedence order picks \(quoted(selector)) (for \(tie.count) state\(tie.count == 1 ? "" : "s"): \(shown)\(tie.count > tie.states.count ? ", …" : ""))"
          ))
      }
      if missingCount > 0 {
        let shown = missing.map { catalog.description(of: $0) }.joined(separator: ", ")
        findings.append(
          ThemeFinding(
            kind: .missingValue, attribute: name,
            message:
              "\(name): no value for \(missingCount) of \(states.count) states (\(shown)\(missingCount > 4 ? ", …" : "")); add a normal entry for a fallback"
          ))
      }
    }
    return findings
  }

  /// The grid and the findings, for people.
  func human(path: String, color: Bool) -> String {
    let bold = color ? "\u{1B}[1m" : ""
    let dim = color ? "\u{1B}[2m" : ""
    let yellow = color ? "\u{1B}[33m" : ""
    let reset = color ? "\u{1B}[0m" : ""
    let bits = Array(relevantStates.members).map { catalog.description(of: $0) }
    var out =
      "\(terminalSafe(path)): \(names.count) attribute\(names.count == 1 ? "" : "s") over \(bits.count) state bit\(bits.count == 1 ? "" : "s")"
      + (bits.isEmpty ? "" : " (\(bits.joined(separator: ", ")))")
      + "; precedence: \(catalog.description(of: precedence))\n\n"
    let header = ["state"] + names.map { terminalSafe($0) }
    let stateTexts = states.map { catalog.description(of: $0) }
    // A column is as wide as its header and the widest cell any state shows in it.
    var widths = header.map { $0.count }
    widths[0] = max(widths[0], stateTexts.map { $0.count }.max() ?? 0)
    for (index, column) in columns.enumerated() {
      let valueWidths = column.values.map { $0.count }
      var width = widths[index + 1]
      for row in states.indices {
        let winner = Int(cell(row, index).winner)
        width = max(width, winner >= 0 ? valueWidths[winner] : 1)
      }
      widths[index + 1] = width
    }
    func append(_ text: String, column: Int, last: Bool, style: (String) -> String) {
      out += style(text)
      if !last { out += String(repeating: " ", count: widths[column] - text.count) + "  " }
    }
    for (column, text) in header.enumerated() {
      append(text, column: column, last: column == header.count - 1) { bold + $0 + reset }
    }
    out += "\n"
    for (row, stateText) in stateTexts.enumerated() {
      append(stateText, column: 0, last: columns.isEmpty) { $0 }
      for (index, column) in columns.enumerated() {
        let winner = Int(cell(row, index).winner)
        let last = index == columns.count - 1
        if winner >= 0 {
          append(column.values[winner], column: index + 1, last: last) { $0 }
        } else {
          append("-", column: index + 1, last: last) { dim + $0 + reset }
        }
      }
      out += "\n"
    }
    out += "\n"
    if findings.isEmpty {
      out += "lint: no findings\n"
    } else {
      out += "lint: \(findings.count) finding\(findings.count == 1 ? "" : "s")\n"
      for finding in findings {
        out += "  \(yellow)\(finding.kind.rawValue)\(reset): \(terminalSafe(finding.message))\n"
      }
    }
    return out
  }

  /// Why each attribute has its value in `state`, as ``StyleSet/explain(_:catalog:)`` tells it
  /// for a style set of these tables: the state, then a line per attribute with its value (its
  /// compact JSON, whole), the winning selector and the reason.
  func explanation(of state: ControlState) -> String {
    let header = catalog.description(of: state)
    guard !names.isEmpty else { return "\(header): no attributes\n" }
    var out = header + ":\n"
    for (name, table) in zip(names, tables) {
      let explanation = table.explain(state, catalog: catalog)
      out += "  \(terminalSafe(name)) → "
      if let winner = explanation.winner {
        out += "\(winner.value.text) from \(catalog.description(of: winner.selector)): "
      } else {
        out += "nil: "
      }
      out += explanation.reason + "\n"
    }
    return out
  }

  /// What `--strict` makes of the findings: a failure when there are any.
  func strictFailure(path: String) -> Failure? {
    guard !findings.isEmpty else { return nil }
    return Failure(
      status: .dataError,
      message:
        "\(quoted(path)): \(findings.count) lint finding\(findings.count == 1 ? "" : "s") (--strict)"
    )
  }

  /// A cell of at most 40 characters.
  static func shortened(_ text: String) -> String {
    text.count <= 40 ? text : String(text.prefix(39)) + "…"
  }

  /// The report as one JSON object.
  func json(path: String, into writer: inout JSONWriter) {
    writer.raw("{\"file\": ")
    writer.string(path)
    writer.raw(", \"attributes\": [")
    for (index, name) in names.enumerated() {
      if index > 0 { writer.raw(", ") }
      writer.string(name)
    }
    writer.raw("], \"bits\": [")
    for (index, bit) in relevantStates.members.enumerated() {
      if index > 0 { writer.raw(", ") }
      writer.string(catalog.description(of: bit))
    }
    writer.raw("], \"precedence\": ")
    writer.string(catalog.description(of: precedence))
    writer.raw(", \"states\": [")
    for (row, state) in states.enumerated() {
      if row > 0 { writer.raw(", ") }
      writer.raw("{\"state\": ")
      writer.string(catalog.description(of: state))
      writer.raw(", \"raw\": \(state.rawValue), \"values\": {")
      var first = true
      for (index, column) in columns.enumerated() {
        let cell = self.cell(row, index)
        guard cell.winner >= 0 else { continue }
        let winner = Int(cell.winner)
        if !first { writer.raw(", ") }
        first = false
        writer.string(column.name)
        writer.raw(": {\"value\": ")
        writer.value(column.entries[winner].value.json)
        writer.raw(", \"from\": ")
        writer.string(column.selectors[winner])
        writer.raw(", \"decision\": ")
        writer.string(cell.decision.rawValue)
        writer.raw("}")
      }
      writer.raw("}}")
    }
    writer.raw("], \"lint\": [")
    for (index, finding) in findings.enumerated() {
      if index > 0 { writer.raw(", ") }
      writer.raw("{\"kind\": ")
      writer.string(finding.kind.rawValue)
      writer.raw(", \"attribute\": ")
      writer.string(finding.attribute)
      writer.raw(", \"message\": ")
      writer.string(finding.message)
      writer.raw("}")
    }
    writer.raw("]}\n")
  }
}
