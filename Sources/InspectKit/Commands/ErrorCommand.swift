import ErrorKitCore
import StateKitCore

extension Inspector {
  /// `error INPUT...`: explains each input; `-` streams standard input (JSON documents or log
  /// text, each error printed as soon as its text is complete).
  mutating func runErrors() throws(Failure) {
    var first = true
    for words in searches {
      let found = lookup.search(words.split(separator: " "))
      if found.isEmpty {
        fail(Failure(status: .notFound, message: "no error matches \(quoted(words))"))
      }
      for finding in Self.findings(found, length: 0) {
        var report = Report(name: quoted(words))
        show(finding, report: &report, first: &first)
      }
    }
    for domain in lists {
      let found = lookup.list(domain: domain)
      if found.isEmpty {
        fail(
          Failure(
            status: .notFound,
            message:
              "no built-in table or catalog lists \(quoted(KnownDomains.canonical(domain)))")
        )
      }
      printList(found, first: &first)
    }
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
        Self.lookupCode(operands[index]) != nil
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

  /// What one input has given so far: whether an error was printed, and the first problem,
  /// held back until it is known whether it is the input's failure or a side note. Later
  /// problems are warnings at once, so nothing piles up however long a stream runs.
  struct Report {
    var name: String
    var printed = false
    var pending: String?
    var problems = 0
  }

  /// Prints a finding: the error (with a warning when its text was cut), or the reason it could
  /// not be read. One input that explains at least one error does not fail for its other parts.
  mutating func show(_ finding: ErrorFinding, report: inout Report, first: inout Bool) {
    switch finding.result {
    case .error(let read):
      show(exported(read), report: &report, first: &first)
      if let cut = read.cut {
        terminal.warning("\(report.name): the text ends \(cut); shown is what is complete")
      }
    case .unreadable(let reason):
      let message = "\(report.name): \(reason)"
      report.problems += 1
      if report.printed || report.pending != nil {
        terminal.warning(message)
      } else {
        report.pending = message
      }
    }
  }

  /// An error as the tool prints it. Text read from a log follows the package's secrets policy
  /// (`ErrorPayload.redactingSecrets()`, on every error of the chain) and gets the names the
  /// tables give; a payload document given as input prints back as it was given.
  func exported(_ read: ErrorFinding.ReadError) -> ErrorPayload {
    guard !read.asGiven else { return read.payload }
    var payload = read.payload.redactingSecrets()
    lookup.name(&payload, darwin: read.darwin)
    return payload
  }

  /// Prints an error; a held problem becomes a warning before it.
  mutating func show(_ payload: ErrorPayload, report: inout Report, first: inout Bool) {
    if let problem = report.pending {
      terminal.flush()
      terminal.warning(problem)
      report.pending = nil
    }
    print(payload, first: &first)
    report.printed = true
  }

  /// Ends an input: a problem that was not a side note to a printed error is its failure.
  mutating func finish(_ report: inout Report) {
    if !report.printed, let problem = report.pending {
      let others = report.problems - 1
      fail(
        Failure(
          status: .dataError,
          message: others > 0 ? "\(problem) (and \(others) more, above)" : problem))
    }
    report.pending = nil
  }

  /// `error -`: reads standard input as it comes (``ErrorStream``): each error is printed once,
  /// in order, as soon as the lines after it prove it complete, or 250 ms after its last line
  /// when no further line arrives (the bytes of an unfinished line do not put that off).
  mutating func streamErrors(first: inout Bool) throws(Failure) {
    var reader = LineReader(terminal.input, name: "standard input")
    var report = Report(name: "standard input")
    var stream = ErrorStream()
    // What the stream finds is printed as it is found, never collected: a line full of errors
    // takes no more memory than a line without.
    reading: while terminal.writeFailure == nil {
      switch try reader.nextChunk(
        waitLimit: stream.isHolding ? Limits.pauseMilliseconds : nil,
        beforeWaiting: { terminal.flush() })
      {
      case .lines(var bytes, let count):
        let invalid = Self.blankInvalidLines(&bytes, count: count)
        for _ in 0..<invalid {
          show(.unreadable("a line is not valid UTF-8", in: 0..<0), report: &report, first: &first)
        }
        stream.feed(bytes, count: count) { show($0, report: &report, first: &first) }
      case .paused:
        stream.pause { show($0, report: &report, first: &first) }
      case .end:
        stream.finish { show($0, report: &report, first: &first) }
        break reading
      }
    }
    if !report.printed, report.pending == nil {
      throw Failure(
        status: .dataError,
        message:
          "standard input holds no error: neither an ErrorPayload JSON document nor \(ErrorReaders.formList)"
      )
    }
    finish(&report)
  }

  mutating func show(_ item: ErrorStream.Item, report: inout Report, first: inout Bool) {
    switch item {
    case .finding(let finding): show(finding, report: &report, first: &first)
    // A document given as input prints back as it was given.
    case .document(let payload): show(payload, report: &report, first: &first)
    }
  }

  /// Blanks the lines that are not valid UTF-8 (their line feeds stay, so the errors on the
  /// lines around them are still read) and returns how many there were. The text is checked in one pass
  /// (``firstInvalidUTF8(in:from:before:)``, ASCII sixteen bytes at a time); only a line with an
  /// invalid sequence is looked at again, to blank it.
  static func blankInvalidLines(_ bytes: inout [UInt8], count: Int) -> Int {
    var invalid = 0
    var position = 0
    while let bad = firstInvalidUTF8(in: bytes, from: position, before: count) {
      // Everything from `position` (a line start) to `bad` is valid: the line starts after
      // the last line feed in between.
      var start = bad
      while start > position, bytes[start - 1] != 0x0A { start -= 1 }
      let end = findByte(0x0A, in: bytes, from: bad, before: count) ?? count
      for index in start..<end { bytes[index] = 0x20 }
      invalid += 1
      position = end + 1
    }
    return invalid
  }

  static func looksLikeDomain(_ word: String) -> Bool {
    word.hasSuffix("Domain") || word.contains(".") || word.hasPrefix("kCF")
      || word.contains("ErrorDomain") || KnownDomains.recognizes(word)
  }

  /// A code as a look-up takes it: a decimal number, a hexadecimal one (`0xE8000022`, as tools
  /// print 32-bit statuses), or a four-character code in single quotes (`'!pri'`, the OSStatus
  /// 561017449).
  static func lookupCode<S: StringProtocol>(_ word: S) -> Int? {
    if let value = Int(word) { return value }
    let utf8 = Array(word.utf8)
    if utf8.count > 2, utf8.count <= 18, utf8[0] == 0x30, utf8[1] | 0x20 == 0x78 {
      return Int(String(decoding: utf8[2...], as: UTF8.self), radix: 16)
    }
    return CodeDirectory.code(fourCharCode: String(word))
  }

  /// Whether the entries do not all come from one source (no label counts as one): compared
  /// with the first, without a `Set` to set up at start-up.
  static func hasSeveralLabels(_ found: [CodeDirectory.Found]) -> Bool {
    let first = found.first?.label ?? ""
    return found.contains { ($0.label ?? "") != first }
  }

  /// The findings of a look-up: one per entry, each labelled with its source when the entries
  /// do not all come from one.
  static func findings(_ found: [CodeDirectory.Found], length: Int) -> [ErrorFinding] {
    let labelled = hasSeveralLabels(found)
    return found.map { .error(ErrorPayload($0, labelled: labelled), in: 0..<length, asGiven: true) }
  }

  /// The errors an argument describes, or why it describes none.
  func explain(_ text: String, bytes: [UInt8]) throws(Failure) -> [ErrorFinding] {
    // A byte-order mark at the very start is skipped, as the JSON reader skips it.
    let trimmed = (text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...]).drop(while: {
      $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r"
    })
    let name = quoted(text)
    if trimmed.hasPrefix("{") {
      let json: JSONValue
      do {
        json = try JSONReader.parse(bytes)
      } catch {
        // Not JSON: a dictionary as `NSLog` prints it (`{ code = 4; domain = X; }`) is text.
        let found = ErrorScanner.findAll(in: PastedText(bytes))
        guard !found.isEmpty else {
          throw Failure(status: .dataError, message: "\(name): \(error.message)")
        }
        return found
      }
      do {
        return [.error(try ErrorPayload(jsonValue: json), in: 0..<bytes.count, asGiven: true)]
      } catch {
        // A payload that breaks the format's rules is refused, as every reader of the format
        // refuses it (Docs/ErrorPayload.md, "One reading"), not read again as text.
        if json.looksLikeErrorPayload {
          throw Failure(status: .dataError, message: "\(name): \(error.message)")
        }
        // JSON that is not a payload: its strings may hold error text.
        let found = ErrorScanner.findAll(in: PastedText(bytes))
        guard !found.isEmpty else {
          throw Failure(status: .dataError, message: "\(name): \(error.message)")
        }
        return found
      }
    }
    // `DOMAIN CODE` alone is a look-up in the tables, before any reading of text.
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    if words.count == 2, let code = Self.lookupCode(words[1]) {
      let domain = KnownDomains.canonical(String(words[0]))
      var found = lookup.found(domain: domain, code: code, darwin: nil)
      if found.isEmpty, domain == CodeDirectory.osStatusDomain,
        CodeDirectory.fourCharCode(code) != nil
      {
        found = [.init(entry: .init(domain: domain, code: code, name: nil, description: ""))]
      }
      guard !found.isEmpty else {
        throw Failure(status: .notFound, message: "no entry for \(quoted(domain)) code \(code)")
      }
      return Self.findings(found, length: bytes.count)
    }
    // A code or a name alone (`-25300`, `errSecItemNotFound`) holds no reader's anchor, so it
    // goes to the tables without setting up the scanner's anchor search, which such a look-up
    // would otherwise build only to find nothing.
    let found =
      ErrorScanner.mayFindError(in: bytes) ? ErrorScanner.findAll(in: PastedText(bytes)) : []
    if !found.isEmpty { return found }
    if words.count == 1, let code = Self.lookupCode(words[0]) {
      let entries = lookup.found(code: code)
      guard !entries.isEmpty else {
        throw Failure(status: .notFound, message: "no error has code \(code)")
      }
      return Self.findings(entries, length: bytes.count)
    }
    if words.count == 1, words[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
      let entries = lookup.found(named: String(words[0]))
      guard !entries.isEmpty else {
        throw Failure(status: .notFound, message: "no error is named \(quoted(text))")
      }
      return Self.findings(entries, length: bytes.count)
    }
    throw Failure(
      status: .dataError,
      message:
        "\(name) is not an error payload, \(ErrorReaders.formList), \"DOMAIN CODE\", a code or a name"
    )
  }

  /// `--list DOMAIN`: one line an entry (`CODE NAME  meaning`), or a payload a line with
  /// `--json`.
  mutating func printList(_ found: [CodeDirectory.Found], first: inout Bool) {
    let labelled = Self.hasSeveralLabels(found)
    for item in found {
      if json {
        print(ErrorPayload(item, labelled: labelled), first: &first)
        continue
      }
      var line = item.entry.domain + " " + String(item.entry.code)
      if let name = item.entry.name { line += " " + name }
      if !item.entry.description.isEmpty { line += "  " + item.entry.description }
      if labelled, let label = item.label { line += " (" + label + ")" }
      terminal.write(terminalSafe(line) + "\n")
      first = false
    }
  }

  mutating func print(_ payload: ErrorPayload, first: inout Bool) {
    if json {
      // A code beyond 2^53 - 1 would be read back as another number (Docs/ErrorPayload.md):
      // refused, as the payload's Encodable conformance refuses it, rather than written wrong.
      if let code = payload.codeBeyondJSON {
        fail(
          Failure(
            status: .dataError,
            message: "the code \(code) is beyond 2^53 - 1, the largest integer JSON carries "
              + "exactly; without --json the error is printed"))
        return
      }
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

extension JSONValue {
  /// Whether a JSON object claims to be an ErrorPayload: it has a `domain` and a `code` key. A
  /// log line with one of them (`{"code": 500, "msg": "Error Domain=…"}`) is read as text.
  var looksLikeErrorPayload: Bool {
    self["domain"] != nil && self["code"] != nil
  }
}
