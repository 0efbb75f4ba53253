import ErrorKitCore
import StateKitCore

/// A value of a theme file, whatever its JSON type: the tool does not know the attributes'
/// types, so it keeps each value as JSON and compares and prints it as written (compactly).
struct ThemeValue: Hashable, Sendable, Decodable {
  let json: JSONValue
  /// The compact JSON text, with every character a terminal acts on escaped.
  let text: String

  init(from decoder: any Decoder) throws {
    // Read through the theme reader's decoder: the value exactly as the document has it.
    if let raw = decoder as? _JSONValueDecoder {
      json = raw.value
    } else {
      json = try JSONValue(from: decoder)
    }
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
  }

  let kind: Kind
  let attribute: String
  let message: String
}

/// A theme read for `statekit-inspect theme`: its style, every combination of the bits it
/// mentions, and its findings.
struct ThemeReport {
  /// Grids of more bits than this are refused: 4,096 rows.
  static let maximumBits = 12

  let style: StyleSet
  let names: [String]
  let catalog: StateCatalog
  let states: [ControlState]
  /// Per state, per attribute (in `names` order), the explanation.
  let rows: [[StyleSet.Explanation.Attribute?]]
  private(set) var findings: [ThemeFinding] = []

  init(bytes: [UInt8], path: String, catalog: StateCatalog) throws(Failure) {
    // The attribute names come from the document itself: every top-level member that is not
    // a directive. A document that does not parse gets the reader's error below.
    var names: [String] = []
    if case .object(let members)? = try? JSONReader.parse(bytes) {
      for (name, _) in members
      where StyleSet.ThemeDirective(rawValue: name) == nil && !names.contains(name) {
        names.append(name)
      }
    }
    do {
      style = try StyleSet(
        themeJSON: bytes, keys: names.map { StyleSet.DecodableKey(StyleKey<ThemeValue>($0)) },
        catalog: catalog)
    } catch {
      var message = "\(quoted(path))"
      if let location = error.location { message += ":\(location.line):\(location.column)" }
      message += ": \(error.reason)"
      if error.description.contains("unknown state name") {
        message += " (declare custom states with --states FILE or --state NAME=BIT)"
      }
      throw Failure(status: .dataError, message: message)
    }
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
    let (sortedNames, style) = (self.names, self.style)
    rows = states.map { state in
      let explanation = style.explain(state, catalog: catalog)
      return sortedNames.map { explanation[$0] }
    }
    findings = lint()
  }

  private func lint() -> [ThemeFinding] {
    var findings: [ThemeFinding] = []
    for (column, name) in names.enumerated() {
      let table = style[StyleKey<ThemeValue>(name)]
      var winners: Set<StateSelector> = []
      var missing: [ControlState] = []
      var ties: [ThemeFinding] = []
      for (row, state) in states.enumerated() {
        guard let attribute = rows[row][column], let selector = attribute.selector else {
          missing.append(state)
          continue
        }
        winners.insert(selector)
        if attribute.decision == .precedence, attribute.matches.count > 1 {
          let runnerUp = attribute.matches[1]
          ties.append(
            ThemeFinding(
              kind: .precedenceTie, attribute: name,
              message:
                "\(name): for \(catalog.description(of: state)), \(quoted(catalog.description(of: selector))) and \(quoted(catalog.description(of: runnerUp))) are equally specific; only the precedence picks \(quoted(catalog.description(of: selector)))"
            ))
        }
      }
      for entry in table.entries where !winners.contains(entry.selector) {
        findings.append(
          ThemeFinding(
            kind: .neverWins, attribute: name,
            message:
              "\(name): entry \(quoted(catalog.description(of: entry.selector))) never wins: another entry wins every state it matches"
          ))
      }
      findings += ties
      if !missing.isEmpty {
        let shown = missing.prefix(4).map { catalog.description(of: $0) }.joined(separator: ", ")
        findings.append(
          ThemeFinding(
            kind: .missingValue, attribute: name,
            message:
              "\(name): no value for \(missing.count) of \(states.count) states (\(shown)\(missing.count > 4 ? ", …" : "")); add a normal entry for a fallback"
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
    let bits = Array(style.relevantStates.members).map { catalog.description(of: $0) }
    var out =
      "\(terminalSafe(path)): \(names.count) attribute\(names.count == 1 ? "" : "s") over \(bits.count) state bit\(bits.count == 1 ? "" : "s")"
      + (bits.isEmpty ? "" : " (\(bits.joined(separator: ", ")))")
      + "; precedence: \(catalog.description(of: style.precedence))\n\n"
    let header = ["state"] + names.map { terminalSafe($0) }
    let cells: [[String]] = states.enumerated().map { row, state in
      [catalog.description(of: state)]
        + rows[row].map { attribute in
          (attribute?.value as? ThemeValue).map { Self.shortened($0.text) } ?? "-"
        }
    }
    let widths = header.indices.map { column in
      ([header[column]] + cells.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ parts: [String], style: (Int, String) -> String) -> String {
      parts.enumerated().map { column, text in
        let padding = String(repeating: " ", count: widths[column] - text.count)
        return column == parts.count - 1 ? style(column, text) : style(column, text) + padding
      }.joined(separator: "  ") + "\n"
    }
    out += line(header) { _, text in bold + text + reset }
    for row in cells {
      out += line(row) { column, text in column > 0 && text == "-" ? dim + text + reset : text }
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
      for (column, name) in names.enumerated() {
        guard let attribute = rows[row][column], let value = attribute.value as? ThemeValue,
          let selector = attribute.selector
        else { continue }
        if !first { writer.raw(", ") }
        first = false
        writer.string(name)
        writer.raw(": {\"value\": ")
        writer.value(value.json)
        writer.raw(", \"from\": ")
        writer.string(catalog.description(of: selector))
        writer.raw(", \"decision\": ")
        writer.string(attribute.decision.rawValue)
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
