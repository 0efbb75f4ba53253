import ErrorKitCore
@_spi(Tools) import StateKit

extension Inspector {
  /// `error INPUT...`: explains each input; `-` reads a JSON document or log text from stdin.
  mutating func runErrors() throws(Failure) {
    var first = true
    var index = 0
    while index < operands.count {
      let operand = operands[index]
      index += 1
      var input = operand
      // `error NSCocoaErrorDomain 260` as two words.
      if index < operands.count, Self.looksLikeDomain(operand), !operand.contains(" "),
        Int(operands[index]) != nil
      {
        input = operand + " " + operands[index]
        index += 1
      }
      do throws(Failure) {
        let bytes = input == "-" ? try Terminal.readStandardInput() : Array(input.utf8)
        guard let text = validUTF8(bytes) else {
          throw Failure(
            status: .dataError,
            message: "\(input == "-" ? "standard input" : quoted(input)) is not valid UTF-8")
        }
        for result in try explain(text, bytes: bytes, fromStandardInput: input == "-") {
          switch result {
          case .success(let payload):
            print(payload, first: &first)
          case .failure(let failure):
            fail(failure)
          }
        }
      } catch {
        fail(error)
      }
    }
  }

  static func looksLikeDomain(_ word: String) -> Bool {
    word.hasSuffix("Domain") || word.contains(".") || word.hasPrefix("kCF")
  }

  /// The payloads an input describes, or why it describes none.
  func explain(_ text: String, bytes: [UInt8], fromStandardInput: Bool) throws(Failure) -> [Result<
    ErrorPayload, Failure
  >] {
    let trimmed = text.drop(while: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
    let name = fromStandardInput ? "standard input" : quoted(text)
    if trimmed.hasPrefix("{") {
      do {
        return [.success(try ErrorPayload(jsonValue: try JSONReader.parse(bytes)))]
      } catch {
        throw Failure(status: .dataError, message: "\(name): \(error.message)")
      }
    }
    if NSErrorText.contains(bytes) {
      return NSErrorText.findAll(in: bytes).map { result in
        switch result {
        case .success(let found):
          var payload = found.payload
          lookup.name(&payload, darwin: found.format != .linux)
          return .success(payload)
        case .failure(let failure):
          return .failure(Failure(status: .dataError, message: "\(name): \(failure.message)"))
        }
      }
    }
    guard !fromStandardInput else {
      throw Failure(
        status: .dataError,
        message: "standard input holds neither an ErrorPayload JSON document nor NSError text")
    }
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
    if words.count == 2, let code = Int(words[1]) {
      let domain = String(words[0])
      let entries = lookup.entries(domain: domain, code: code)
      guard !entries.isEmpty else {
        throw Failure(status: .notFound, message: "no entry for \(domain) code \(code)")
      }
      return entries.map { .success(ErrorPayload($0)) }
    }
    if words.count == 1, let code = Int(words[0]) {
      let entries = lookup.entries(code: code)
      guard !entries.isEmpty else {
        throw Failure(status: .notFound, message: "no error has code \(code)")
      }
      return entries.map { .success(ErrorPayload($0)) }
    }
    if words.count == 1, words[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
      let entries = lookup.entries(named: String(words[0]))
      guard !entries.isEmpty else {
        throw Failure(status: .notFound, message: "no error is named \(quoted(text))")
      }
      return entries.map { .success(ErrorPayload($0)) }
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
