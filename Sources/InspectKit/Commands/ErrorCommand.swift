import ErrorKitCore
import StateKitCore

extension Inspector {
  /// `error INPUT...`: explains each input; `-` streams standard input (JSON documents or log
  /// text, each error printed once, in order, as soon as the lines after it prove it complete,
  /// or ``Limits/pauseMilliseconds`` after its last line when no further line arrives: the bytes
  /// of an unfinished line do not put that off). An argument is a look-up in the tables when it
  /// is `DOMAIN CODE`, otherwise read as standard input is, as its only lines; a code or a name
  /// alone, in which the stream finds no error, is a look-up too. Every item goes to one
  /// ``ErrorPrinter``: the look-ups' entries as documents, the errors read from arguments and
  /// from standard input as their ``ErrorStream`` gives them.
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
    // Every input that is read goes the same way: a stream of items (standard input pulled
    // chunk by chunk, an argument given whole), each printed as it comes, none collected.
    var index = 0
    while index < operands.count {
      let operand = operands[index]
      index += 1
      let isStandardInput = operand == "-"
      var input = operand
      // `error NSCocoaErrorDomain 260` as two words.
      if !isStandardInput, index < operands.count, Self.looksLikeDomain(operand),
        !operand.contains(" "), Self.lookupCode(operands[index]) != nil
      {
        input = operand + " " + operands[index]
        index += 1
      }
      printer.begin(isStandardInput ? "standard input" : Self.named(input))
      do throws(Failure) {
        var stream: ErrorStream?
        var found: [CodeDirectory.Found]?
        if isStandardInput {
          stream = ErrorStream(
            reading: LineReader(terminal.input, name: "standard input"), directory: lookup,
            output: terminal)
        } else {
          found = try tableEntries(domainAndCode: input)
          // A code or a name alone (`-25300`, `errSecItemNotFound`) holds no reader's anchor,
          // so it goes to the tables without setting up the scanner's anchor search, which
          // such a look-up would otherwise build only to find nothing.
          if found == nil,
            Self.isDocument(input) || ErrorScanner.mayFindError(in: Array(input.utf8))
          {
            stream = ErrorStream(whole: Array(input.utf8), directory: lookup)
          }
        }
        var read = false
        while let item = try stream?.next() {
          printer.show(item)
          read = true
        }
        if isStandardInput, !printer.inputGaveAnything {
          throw Failure(
            status: .dataError,
            message:
              "standard input holds no error: neither an ErrorPayload JSON document nor \(ErrorReaders.formList)"
          )
        }
        if !isStandardInput, !read {
          let entries: [CodeDirectory.Found]
          if let found {
            entries = found
          } else {
            entries = try tableEntries(codeOrName: input)
          }
          for payload in CodeDirectory.payloads(entries) { printer.show(.document(payload)) }
        }
      } catch {
        printer.fail(error)
        // A failure of standard input is its own: a problem it held back goes with it.
        if isStandardInput { continue }
      }
      printer.end()
    }
    status = printer.status
  }

  /// Whether an argument is a JSON document (after a byte-order mark and white space, `{`),
  /// which is never a look-up.
  static func isDocument(_ text: String) -> Bool {
    (text.hasPrefix("\u{FEFF}") ? text.dropFirst() : text[...])
      .drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).hasPrefix("{")
  }

  /// `DOMAIN CODE` alone, looked up in the tables before any reading of text: its entries, or
  /// `nil` when the argument is not `DOMAIN CODE`.
  func tableEntries(domainAndCode text: String) throws(Failure) -> [CodeDirectory.Found]? {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    guard !Self.isDocument(text), words.count == 2, let code = Self.lookupCode(words[1]) else {
      return nil
    }
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
    return found
  }

  /// An argument in which the stream found no error: a code or a name alone, looked up in the
  /// tables.
  func tableEntries(codeOrName text: String) throws(Failure) -> [CodeDirectory.Found] {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    if words.count == 1, let code = Self.lookupCode(words[0]) {
      let found = lookup.found(code: code)
      guard !found.isEmpty else {
        throw Failure(status: .notFound, message: "no error has code \(code)")
      }
      return found
    }
    if words.count > 1, Self.isLeadingCode(words[0]), let code = Self.lookupCode(words[0]) {
      // `-1009 The Internet connection appears to be offline.`: a code and what it says, as a
      // log or an alert shows them; the words add nothing a look-up of the code can use.
      let found = lookup.found(code: code)
      guard !found.isEmpty else {
        throw Failure(status: .notFound, message: "no error has code \(code)")
      }
      return found
    }
    if words.count == 1, words[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
      let found = lookup.found(named: String(words[0]))
      guard !found.isEmpty else {
        throw Failure(status: .notFound, message: "no error is named \(Self.named(text))")
      }
      return found
    }
    throw Failure(
      status: .dataError,
      message:
        "\(Self.named(text)) is not an error payload, \(ErrorReaders.formList), \"DOMAIN CODE\", a code or a name"
    )
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
