import ErrorKitCore
@_spi(Tools) import StateKit

extension Inspector {
  /// `error INPUT...`: explains each input; `-` streams standard input (JSON documents or log
  /// text, each error printed as soon as its text is complete).
  mutating func runErrors() throws(Failure) {
    var first = true
    var index = 0
    while index < operands.count {
      let operand = operands[index]
      index += 1
      if operand == "-" {
        do throws(Failure) {
          try streamErrors(first: &first)
        } catch {
          fail(error)
        }
        continue
      }
      var input = operand
      // `error NSCocoaErrorDomain 260` as two words.
      if index < operands.count, Self.looksLikeDomain(operand), !operand.contains(" "),
        Int(operands[index]) != nil
      {
        input = operand + " " + operands[index]
        index += 1
      }
      var report = Report(name: quoted(input))
      do throws(Failure) {
        for finding in try explain(input, bytes: Array(input.utf8)) {
          show(finding, report: &report, first: &first)
        }
      } catch {
        fail(error)
      }
      finish(&report)
    }
  }

  /// What one input has given so far: whether an error was printed, and the problems held back
  /// until it is known whether they are the input's failure or a side note.
  struct Report {
    var name: String
    var printed = false
    var pending: [String] = []
  }

  /// Prints a finding: the error (with a warning when its text was cut), or the reason it could
  /// not be read. One input that explains at least one error does not fail for its other parts.
  mutating func show(_ finding: ErrorFinding, report: inout Report, first: inout Bool) {
    if var payload = finding.payload {
      lookup.name(&payload, darwin: finding.darwin)
      print(payload, first: &first)
      if let cut = finding.cut {
        Terminal.warning("\(report.name): the text ends \(cut); shown is what is complete")
      }
      if !report.printed {
        for problem in report.pending { Terminal.warning(problem) }
        report.pending = []
      }
      report.printed = true
    } else if let reason = finding.failure {
      let message = "\(report.name): \(reason)"
      if report.printed {
        Terminal.warning(message)
      } else {
        report.pending.append(message)
      }
    }
  }

  /// Ends an input: problems that were not side notes to a printed error are its failure.
  mutating func finish(_ report: inout Report) {
    if !report.printed {
      for problem in report.pending { fail(Failure(status: .dataError, message: problem)) }
    }
    report.pending = []
  }

  /// `error -`: reads standard input line by line. A JSON document is explained when its braces
  /// close; log text is explained line by line, and an error that goes on over several lines
  /// (or a report whose next block may follow) is held until it is complete, up to a bound.
  mutating func streamErrors(first: inout Bool) throws(Failure) {
    var reader = LineReader(descriptor: 0, name: "standard input")
    var report = Report(name: "standard input")
    var pending: [UInt8] = []
    var isJSON = false
    var depth = JSONDepth()
    func explainPending(_ inspector: inout Inspector, atEnd: Bool) throws(Failure) {
      defer { pending.removeAll(keepingCapacity: true) }
      guard validUTF8(pending) != nil else {
        throw Failure(
          status: .dataError, message: "standard input has text that is not valid UTF-8")
      }
      if isJSON {
        do {
          let payload = try ErrorPayload(jsonValue: try JSONReader.parse(pending))
          inspector.show(
            ErrorFinding(range: 0..<pending.count, payload: payload, darwin: true),
            report: &report, first: &first)
        } catch {
          inspector.show(
            ErrorFinding(range: 0..<pending.count, failure: error.message), report: &report,
            first: &first)
        }
        return
      }
      for finding in ErrorText.findAll(in: Array(pending.dropLast())) {
        inspector.show(finding, report: &report, first: &first)
      }
    }
    while terminal.writeFailure == nil,
      let line = try reader.next(beforeWaiting: { terminal.flush() })
    {
      guard validUTF8(Array(line)) != nil else {
        show(
          ErrorFinding(range: 0..<0, failure: "a line is not valid UTF-8"), report: &report,
          first: &first)
        continue
      }
      let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
      if pending.isEmpty {
        if trimmed.isEmpty { continue }
        isJSON = trimmed.first == UInt8(ascii: "{")
        depth = JSONDepth()
      }
      let lineStart = pending.count
      pending.append(contentsOf: line)
      pending.append(0x0A)
      if isJSON {
        depth.scan(line)
        if depth.closed { try explainPending(&self, atEnd: false) }
        continue
      }
      // Scanned without the last line feed: an error that reaches the end may go on.
      let findings = ErrorText.findAll(in: Array(pending.dropLast()))
      if findings.isEmpty {
        // Keep this line only, as the possible first line of an error that starts below.
        pending.removeSubrange(0..<lineStart)
        continue
      }
      if findings.contains(where: \.mayContinue), pending.count < Limits.heldError {
        continue
      }
      try explainPending(&self, atEnd: false)
    }
    if !pending.isEmpty { try explainPending(&self, atEnd: true) }
    if !report.printed, report.pending.isEmpty {
      throw Failure(
        status: .dataError,
        message:
          "standard input holds no error: neither an ErrorPayload JSON document nor NSError text, a short form, a DecodingError or an Xcode report"
      )
    }
    finish(&report)
  }

  static func looksLikeDomain(_ word: String) -> Bool {
    word.hasSuffix("Domain") || word.contains(".") || word.hasPrefix("kCF")
  }

  /// The errors an argument describes, or why it describes none.
  func explain(_ text: String, bytes: [UInt8]) throws(Failure) -> [ErrorFinding] {
    let trimmed = text.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
    let name = quoted(text)
    if trimmed.hasPrefix("{") {
      do {
        let payload = try ErrorPayload(jsonValue: try JSONReader.parse(bytes))
        return [ErrorFinding(range: 0..<bytes.count, payload: payload)]
      } catch {
        throw Failure(status: .dataError, message: "\(name): \(error.message)")
      }
    }
    let found = ErrorText.findAll(in: bytes)
    if !found.isEmpty { return found }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    if words.count == 2, let code = Int(words[1]) {
      let domain = String(words[0])
      let entries = lookup.entries(domain: domain, code: code)
      guard !entries.isEmpty else {
        throw Failure(status: .notFound, message: "no entry for \(domain) code \(code)")
      }
      return entries.map { ErrorFinding(range: 0..<bytes.count, payload: ErrorPayload($0)) }
    }
    if words.count == 1, let code = Int(words[0]) {
      let entries = lookup.entries(code: code)
      guard !entries.isEmpty else {
        throw Failure(status: .notFound, message: "no error has code \(code)")
      }
      return entries.map { ErrorFinding(range: 0..<bytes.count, payload: ErrorPayload($0)) }
    }
    if words.count == 1, words[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
      let entries = lookup.entries(named: String(words[0]))
      guard !entries.isEmpty else {
        throw Failure(status: .notFound, message: "no error is named \(quoted(text))")
      }
      return entries.map { ErrorFinding(range: 0..<bytes.count, payload: ErrorPayload($0)) }
    }
    throw Failure(
      status: .dataError,
      message: "\(name) is not an error payload, NSError text, \"DOMAIN CODE\", a code or a name")
  }

  mutating func print(_ payload: ErrorPayload, first: inout Bool) {
    if json {
      var writer = JSONWriter()
      payload.write(to: &writer)
      writer.raw("\n")
      terminal.write(bytes: writer.bytes)
    } else {
      if !first { terminal.write("\n") }
      terminal.write(ErrorTree(color: useColor).render(payload))
    }
    first = false
  }
}

/// An error chain as an indented tree: a heading per error (domain, code, name), then its texts
/// and details, then its cause one level deeper.
struct ErrorTree {
  let color: Bool

  func render(_ payload: ErrorPayload) -> String {
    var lines: [String] = []
    var current: ErrorPayload? = payload
    var level = 0
    while let error = current {
      let indent = String(repeating: "  ", count: level)
      let heading = _terminalSafe(
        [error.domain.isEmpty ? "(unknown domain)" : error.domain, String(error.code), error.name]
          .compactMap { $0 }.joined(separator: " "))
      let bold = color ? "\u{1B}[1m" : ""
      let reset = color ? "\u{1B}[0m" : ""
      lines.append(indent + (level == 0 ? "" : "caused by: ") + bold + heading + reset)
      var fields: [(String, String)] = []
      if let message = error.message { fields.append(("description", message)) }
      if let reason = error.failureReason { fields.append(("reason", reason)) }
      if let suggestion = error.recoverySuggestion { fields.append(("suggestion", suggestion)) }
      for key in error.details.keys.sorted() { fields.append((key, error.details[key] ?? "")) }
      for (label, value) in fields {
        let continuation = "\n" + indent + "    "
        // Line feeds become indented lines; every other control character is escaped.
        let text = _terminalSafe(value, keepingLineFeeds: true).split(
          separator: "\n", omittingEmptySubsequences: false
        ).joined(separator: continuation)
        lines.append(indent + "  " + _terminalSafe(label) + ": " + text)
      }
      current = error.underlying
      level += 1
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
