import ErrorKitCore
import StateKitCore

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

  /// The attribute `name` of a theme whose values are kept as their JSON.
  static func key(_ name: String) -> StyleSet.DecodableKey {
    StyleSet.DecodableKey(StyleKey<ThemeValue>(name)) { json, _, _, _ in ThemeValue(json: json) }
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

/// A theme read for `statekit-inspect theme`: its style, every combination of the bits it
/// mentions, and its findings.
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

  let style: StyleSet
  let names: [String]
  let catalog: StateCatalog
  /// The states the theme ranks itself, in `$precedence.order`: ties they decide are intended.
  let rankedStates: ControlState
  let states: [ControlState]
  /// One per attribute, in `names` order.
  let columns: [Column]
  /// Row by row, one cell per attribute: ``cell(_:_:)``.
  let cells: [Cell]
  private(set) var findings: [ThemeFinding] = []

  init(bytes: [UInt8], path: String, catalog: StateCatalog) throws(Failure) {
    // The attribute names come from the document itself: every top-level member that is not
    // a directive. A document that does not parse gets the reader's error below.
    let style: StyleSet
    var names: [String] = []
    var ranked = ControlState()
    do {
      let document = try _ThemeDocument(bytes: bytes)
      // The attribute names come from the document itself: every top-level member that is not
      // a directive (the document has no repeated key).
      for (name, value) in document.members {
        if !StyleSet.isThemeDirective(name) {
          names.append(name)
        } else if name == StyleSet.ThemeDirective.precedence.rawValue,
          case .object(let precedence) = value
        {
          // The states `$precedence.order` lists; a name the catalog lacks is the mapping's
          // error below.
          for case ("order", .array(let order)) in precedence {
            for case .string(let text) in order {
              ranked.formUnion((try? catalog.parse(text)) ?? ControlState())
            }
          }
        }
      }
      style = try document.styleSet(keys: names.map(ThemeValue.key), catalog: catalog)
    } catch {
      var message = "\(quoted(path))"
      if let location = error.location { message += ":\(location.line):\(location.column)" }
      message += ": \(error.reason)"
      if error.description.contains("unknown state name") {
        message += " (declare custom states with --states FILE or --state NAME=BIT)"
      }
      throw Failure(status: .dataError, message: message)
    }
    try self.init(style: style, names: names, path: path, catalog: catalog, rankedStates: ranked)
  }

  /// The report of a style read from the file at `path`, whose attributes (of `ThemeValue`
  /// values) are `names`.
  init(
    style: StyleSet, names: [String], path: String, catalog: StateCatalog,
    rankedStates: ControlState = []
  ) throws(Failure) {
    self.style = style
    self.rankedStates = rankedStates
    self.names = names.sorted()
    self.catalog = catalog
    let bits = Array(style.relevantStates.members)
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
    let tables = self.names.map { style[StyleKey<ThemeValue>($0)] }
    columns = zip(self.names, tables).map { name, table in
      Column(
        name: name, entries: table.entries,
        values: table.entries.map { Self.shortened($0.value.text) },
        selectors: table.entries.map { catalog.description(of: $0.selector) })
    }
    // Each table explains each state; a selector's position in its table is found by hashing.
    let positions = tables.map { table in
      Dictionary(
        table.entries.enumerated().map { ($1.selector, Int32($0)) }, uniquingKeysWith: { $1 })
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
    guard let decider = style.precedence.order.first(where: { differing.isSuperset(of: $0) }) else {
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
    return findings + ThemeTransitionLint(style: style, names: names, catalog: catalog).findings
  }

  /// The grid and the findings, for people.
  func human(path: String, color: Bool) -> String {
    let bold = color ? "\u{1B}[1m" : ""
    let dim = color ? "\u{1B}[2m" : ""
    let yellow = color ? "\u{1B}[33m" : ""
    let reset = color ? "\u{1B}[0m" : ""
    let bits = Array(style.relevantStates.members).map { catalog.description(of: $0) }
    var out =
      "\(terminalSafe(path)): \(names.count) attribute\(names.count == 1 ? "" : "s") over \(bits.count) state bit\(bits.count == 1 ? "" : "s")"
      + (bits.isEmpty ? "" : " (\(bits.joined(separator: ", ")))")
      + "; precedence: \(catalog.description(of: style.precedence))\n\n"
    let header = ["state"] + names.map { terminalSafe($0) }
    let stateTexts = states.map { catalog.description(of: $0) }
    // A column is as wide as its header and the widest cell any state shows in it.
    var widths = header.map(\.count)
    widths[0] = max(widths[0], stateTexts.map(\.count).max() ?? 0)
    for (index, column) in columns.enumerated() {
      let valueWidths = column.values.map(\.count)
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
    for (index, bit) in style.relevantStates.members.enumerated() {
      if index > 0 { writer.raw(", ") }
      writer.string(catalog.description(of: bit))
    }
    writer.raw("], \"precedence\": ")
    writer.string(catalog.description(of: style.precedence))
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

extension Inspector {
  /// `theme FILE`: the grid of every combination of the bits the theme mentions, and its lint.
  mutating func runTheme() throws(Failure) {
    guard operands.count == 1, let path = operands.first, let pathBytes = operandBytes.first else {
      throw Self.usage("theme takes one FILE, not \(operands.count); see --help")
    }
    guard names.layout == .controlState else {
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
    if strict, !report.findings.isEmpty {
      throw Failure(
        status: .dataError,
        message:
          "\(quoted(path)): \(report.findings.count) lint finding\(report.findings.count == 1 ? "" : "s") (--strict)"
      )
    }
  }
}
