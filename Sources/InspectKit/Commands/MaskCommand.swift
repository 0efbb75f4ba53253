import ErrorKitCore
import StateKitCore

extension Inspector {
  mutating func runMasks() throws(Failure) {
    let report = MaskReport(
      names: constantNames ? names.printingConstants() : names, color: useColor, json: json)
    var first = true
    for operand in operands {
      if operand == "-" {
        try forEachStandardInputLine { inspector, line in
          inspector.show(line, report: report, first: &first) { input throws(Failure) in
            try MaskToken.parse(input)
          }
        }
      } else {
        show(Array(operand.utf8)[...], report: report, first: &first) { input throws(Failure) in
          try MaskToken.parse(input)
        }
      }
    }
  }

  /// `encode`: consecutive words form one text (`encode selected visited` is
  /// `selected | visited`); `-` stands for each line of standard input, in its place.
  mutating func runEncode() throws(Failure) {
    let report = MaskReport(
      names: constantNames ? names.printingConstants() : names, color: useColor, json: json)
    let names = names
    let policy: UnknownBitsPolicy = strict ? .strict : .retain
    let decode = { (input: ArraySlice<UInt8>) throws(Failure) -> UInt in
      guard let text = validUTF8(Array(input)) else {
        throw Failure(
          status: .dataError, message: "standard input has a line that is not valid UTF-8")
      }
      do {
        return try names.parse(words: text, unknownBits: policy)
      } catch let error as StateKitError {
        throw Failure(
          status: .dataError, message: "cannot encode \(quoted(text)): \(error.reason)")
      } catch {
        throw Failure(status: .dataError, message: "cannot encode \(quoted(text)): \(error)")
      }
    }
    var first = true
    var words: [String] = []
    func flushWords(_ inspector: inout Inspector) {
      guard !words.isEmpty else { return }
      inspector.show(
        Array(words.joined(separator: " ").utf8)[...], report: report, first: &first, decode: decode
      )
      words.removeAll()
    }
    for operand in operands {
      if operand == "-" {
        flushWords(&self)
        try forEachStandardInputLine { inspector, line in
          inspector.show(line, report: report, first: &first, decode: decode)
        }
      } else {
        words.append(operand)
      }
    }
    flushWords(&self)
  }

  /// Decodes one input and prints it, as a JSON line or for people; a failure is reported and
  /// the next input goes on.
  mutating func show(
    _ input: ArraySlice<UInt8>, report: MaskReport, first: inout Bool,
    decode: (ArraySlice<UInt8>) throws(Failure) -> UInt
  ) {
    do throws(Failure) {
      let state = try decode(input)
      if strict, let problem = report.strictProblem(state) {
        throw Failure(
          status: .dataError,
          message: "mask \(quoted(String(decoding: input, as: UTF8.self))): \(problem)")
      }
      if json {
        terminal.write { report.json(state, input: input, into: &$0) }
      } else {
        if !first { terminal.write("\n") }
        terminal.write { report.human(state, input: input, into: &$0) }
      }
      first = false
    } catch {
      fail(error)
    }
  }
}
