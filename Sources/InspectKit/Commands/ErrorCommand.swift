import ErrorKitCore
import StateKitCore

extension Inspector {
  /// `error INPUT...`: explains each input; `-` streams standard input (JSON documents or log
  /// text, each error printed as soon as its text is complete). Every error goes to one
  /// ``ErrorPrinter``: the look-ups' entries as documents, the errors read from arguments and
  /// from standard input as one ``ErrorStream`` hands them on.
  mutating func runErrors() throws(Failure) {
    var printer = ErrorPrinter(terminal: terminal, json: json, color: useColor)
    for words in searches {
      let found = lookup.search(words.split(separator: " "))
      if found.isEmpty {
        printer.fail(Failure(status: .notFound, message: "no error matches \(Self.named(words))"))
      }
      printer.begin(Self.named(words))
      for payload in CodeDirectory.payloads(found) { printer.show(.document(payload)) }
    }
    for domain in lists {
      let found = lookup.list(domain: domain)
      if found.isEmpty {
        printer.fail(
          Failure(
            status: .notFound,
            message:
              "no built-in table or catalog lists \(Self.named(KnownDomains.canonical(domain)))"))
      }
      printer.list(found)
    }
    var index = 0
    while index < operands.count {
      let operand = operands[index]
      index += 1
      if operand == "-" {
        do throws(Failure) {
          try streamErrors(to: &printer)
        } catch {
          printer.fail(error)
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
      printer.begin(Self.named(input))
      do throws(Failure) {
        try explain(input, to: &printer)
      } catch {
        printer.fail(error)
      }
      printer.end()
    }
    status = printer.status
  }

  /// `error -`: reads standard input as it comes (``ErrorStream``): each error is printed once,
  /// in order, as soon as the lines after it prove it complete, or 250 ms after its last line
  /// when no further line arrives (the bytes of an unfinished line do not put that off).
  mutating func streamErrors(to printer: inout ErrorPrinter) throws(Failure) {
    var reader = LineReader(terminal.input, name: "standard input")
    var stream = ErrorStream(directory: lookup)
    printer.begin("standard input")
    // What the stream finds is printed as it is found, never collected: a line full of errors
    // takes no more memory than a line without.
    reading: while terminal.writeFailure == nil {
      switch try reader.nextChunk(
        waitLimit: stream.isHolding ? Limits.pauseMilliseconds : nil,
        beforeWaiting: { terminal.flush() })
      {
      case .lines(let bytes, let count): stream.feed(bytes, count: count) { printer.show($0) }
      case .paused: stream.pause { printer.show($0) }
      case .end:
        stream.finish { printer.show($0) }
        break reading
      }
    }
    guard printer.inputGaveAnything else {
      throw Failure(
        status: .dataError,
        message:
          "standard input holds no error: neither an ErrorPayload JSON document nor \(ErrorReaders.formList)"
      )
    }
    printer.end()
  }

  /// One argument: a look-up in the tables when it is `DOMAIN CODE`, otherwise read by the
  /// stream that reads standard input, as its only lines (``ErrorStream/read(whole:_:)``); a
  /// code or a name alone, in which the stream finds no error, is a look-up too.
  mutating func explain(_ text: String, to printer: inout ErrorPrinter) throws(Failure) {
    let bytes = Array(text.utf8)
    // A JSON document (after a byte-order mark and white space, `{`) is never a look-up.
    let isDocument = (text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...])
      .drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).hasPrefix("{")
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    // `DOMAIN CODE` alone is a look-up in the tables, before any reading of text.
    if !isDocument, words.count == 2, let code = Self.lookupCode(words[1]) {
      let domain = KnownDomains.canonical(String(words[0]))
      var found = lookup.found(domain: domain, code: code, darwin: nil)
      if found.isEmpty, domain == CodeDirectory.osStatusDomain,
        CodeDirectory.fourCharCode(code) != nil
      {
        found = [.init(entry: .init(domain: domain, code: code, name: nil, description: ""))]
      }
      guard !found.isEmpty else {
        throw Failure(status: .notFound, message: "no entry for \(Self.named(domain)) code \(code)")
      }
      for payload in CodeDirectory.payloads(found) { printer.show(.document(payload)) }
      return
    }
    // A code or a name alone (`-25300`, `errSecItemNotFound`) holds no reader's anchor, so it
    // goes to the tables without setting up the scanner's anchor search, which such a look-up
    // would otherwise build only to find nothing.
    var read = false
    if isDocument || ErrorScanner.mayFindError(in: bytes) {
      var stream = ErrorStream(directory: lookup)
      stream.read(whole: bytes) { item in
        read = true
        printer.show(item)
      }
    }
    if read { return }
    let found: [CodeDirectory.Found]
    if words.count == 1, let code = Self.lookupCode(words[0]) {
      found = lookup.found(code: code)
      guard !found.isEmpty else {
        throw Failure(status: .notFound, message: "no error has code \(code)")
      }
    } else if words.count > 1, Self.isLeadingCode(words[0]), let code = Self.lookupCode(words[0]) {
      // `-1009 The Internet connection appears to be offline.`: a code and what it says, as a
      // log or an alert shows them; the words add nothing a look-up of the code can use.
      found = lookup.found(code: code)
      guard !found.isEmpty else {
        throw Failure(status: .notFound, message: "no error has code \(code)")
      }
    } else if words.count == 1, words[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
      found = lookup.found(named: String(words[0]))
      guard !found.isEmpty else {
        throw Failure(status: .notFound, message: "no error is named \(Self.named(text))")
      }
    } else {
      throw Failure(
        status: .dataError,
        message:
          "\(Self.named(text)) is not an error payload, \(ErrorReaders.formList), \"DOMAIN CODE\", a code or a name"
      )
    }
    for payload in CodeDirectory.payloads(found) { printer.show(.document(payload)) }
  }

  /// An input as the command's messages name it: quoted (``quoted(_:limit:)``) after the
  /// secrets policy (``ErrorPayload/redactingSecrets(in:)``), which runs first so that a cut
  /// never leaves half a password behind. Arguments are pasted logs and URLs: a message about
  /// them goes to standard error, and from there into issues, as a report does.
  static func named(_ input: some StringProtocol) -> String {
    quoted(ErrorPayload.redactingSecrets(in: String(input)))
  }

  static func looksLikeDomain(_ word: String) -> Bool {
    word.hasSuffix("Domain") || word.contains(".") || word.hasPrefix("kCF")
      || word.contains("ErrorDomain") || KnownDomains.recognizes(word)
  }

  /// A code as a look-up takes it: a decimal number, a hexadecimal one (`0xE8000022`, as tools
  /// print 32-bit statuses), or a four-character code in single quotes (`'!pri'`, the OSStatus
  /// 561017449).
  /// Whether the first word of a longer text is a code written as one: with a sign or at least
  /// three digits (`-1009`, `+5`, `1001`), so that `2 files were lost` is no look-up of code 2.
  static func isLeadingCode(_ word: some StringProtocol) -> Bool {
    guard let first = word.first else { return false }
    let digits = word.drop { $0 == "-" || $0 == "+" }
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
      && (first == "-" || first == "+" || digits.count >= 3)
  }

  static func lookupCode<S: StringProtocol>(_ word: S) -> Int? {
    if let value = Int(word) { return value }
    let utf8 = Array(word.utf8)
    if utf8.count > 2, utf8.count <= 18, utf8[0] == 0x30, utf8[1] | 0x20 == 0x78 {
      return Int(String(decoding: utf8[2...], as: UTF8.self), radix: 16)
    }
    return CodeDirectory.code(fourCharCode: String(word))
  }
}
