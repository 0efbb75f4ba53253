import ErrorKitCore
import StateKit

/// The command line: `statekit-inspect [options] MASK...`, `encode [options] TEXT...`,
/// `error [options] INPUT...` and `theme [options] FILE`.
package struct Inspector {
  static let version = "0.2.0"

  enum Command {
    case masks, encode, error, theme
  }

  enum ColorChoice: String {
    case auto, always, never
  }

  var command = Command.masks
  var operands: [String] = []
  var json = false
  var strict = false
  var color = ColorChoice.auto
  /// The names masks and text use, for the layout chosen (`ControlState`'s by default).
  var names = NameTable(layout: .controlState)
  var lookup = ErrorLookup()
  /// `--search WORDS` (each a look-up by words) and `--list DOMAIN`, for `error`.
  var searches: [String] = []
  var lists: [String] = []
  var terminal = Terminal()
  /// The first failure's status; later inputs are still handled.
  var status = ExitStatus.success

  package static func main(_ arguments: [String]) -> ExitStatus {
    var inspector = Inspector()
    var status: ExitStatus
    do {
      if let early = try inspector.parse(arguments) {
        status = early
      } else {
        try inspector.run()
        status = inspector.status
      }
    } catch {
      inspector.terminal.flush()
      Terminal.error(error.message)
      status = error.status
    }
    inspector.terminal.flush()
    if let failure = inspector.terminal.writeFailure {
      // Output was lost: that is the result, whatever else happened.
      Terminal.error(failure.message)
      return failure.status
    }
    return status
  }

  // MARK: Arguments

  /// Reads the command line; returns a status when it is already answered (`--help`).
  mutating func parse(_ arguments: [String]) throws(Failure) -> ExitStatus? {
    var remaining = arguments[...]
    var commandGiven = false
    var stateFlags: [String] = []
    var statesFiles: [String] = []
    // The layout masks and text use: ControlState's, or one chosen with `--<noun>s` (such as
    // `--events`) for any other layout of `BitLayout.all`; `--<noun> NAME=BIT` names its bits.
    var layout = BitLayout.controlState
    var nameFlagNoun: String?
    var errorsFiles: [String] = []
    var onlyOperands = false
    while let argument = remaining.popFirst() {
      // A negative number is an operand (`error -1009`, `error OSStatus -50`), not an option.
      if onlyOperands || argument == "-" || !argument.hasPrefix("-")
        || argument.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
      {
        // The command is the first operand when it is a command's name, wherever the options
        // are: `--json error ENOENT` is `error --json ENOENT`.
        if !commandGiven, operands.isEmpty, !onlyOperands,
          argument == "encode" || argument == "error" || argument == "theme"
        {
          command =
            argument == "encode" ? .encode : argument == "error" ? .error : .theme
          commandGiven = true
          continue
        }
        operands.append(argument)
        continue
      }
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(Failure) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw Self.usage("\(name) needs a value") }
        return next
      }
      if inlineValue != nil, ["--json", "--strict", "--help", "--version"].contains(name) {
        throw Self.usage("\(name) takes no value")
      }
      switch name {
      case "--": onlyOperands = true
      case "-h", "--help":
        terminal.write(Self.help)
        terminal.flush()
        return .success
      case "--version":
        terminal.write("statekit-inspect \(Self.version)\n")
        terminal.flush()
        return .success
      case "--json": json = true
      case "--strict": strict = true
      case "--color":
        let text = try value()
        guard let choice = ColorChoice(rawValue: text) else {
          throw Self.usage("--color must be auto, always or never, not \(quoted(text))")
        }
        color = choice
      case "--state": stateFlags.append(try value())
      case "--states": statesFiles.append(try value())
      case _ where Self.layoutFlag(name) != nil:
        guard let chosen = Self.layoutFlag(name) else { break }
        if inlineValue != nil { throw Self.usage("\(name) takes no value") }
        guard layout == .controlState || layout == chosen else {
          throw Self.usage("\(name) and --\(layout.noun)s choose different layouts; give one")
        }
        layout = chosen
      case _ where Self.layoutNameFlag(name) != nil:
        guard let chosen = Self.layoutNameFlag(name) else { break }
        guard layout == .controlState || layout == chosen else {
          throw Self.usage("\(name) names a bit of another layout than --\(layout.noun)s")
        }
        layout = chosen
        nameFlagNoun = chosen.noun
        stateFlags.append(try value())
      case "--errors": errorsFiles.append(try value())
      case "--search", "--list":
        let text = try value()
        guard !text.isEmpty else { throw Self.usage("\(name) needs a non-empty value") }
        if name == "--search" { searches.append(text) } else { lists.append(text) }
      default:
        throw Self.usage("unknown option \(quoted(argument)); see --help")
      }
    }
    if !searches.isEmpty || !lists.isEmpty {
      guard command != .encode, command != .theme, commandGiven || operands.isEmpty else {
        throw Self.usage("--search and --list belong to the error command; see --help")
      }
      command = .error
    }
    guard !operands.isEmpty || command == .error && !(searches.isEmpty && lists.isEmpty) else {
      let what =
        switch command {
        case .masks: "MASK"
        case .encode: "TEXT"
        case .error: "INPUT"
        case .theme: "FILE"
        }
      throw Self.usage("missing \(what); see --help")
    }
    if layout != .controlState {
      if let noun = nameFlagNoun, noun != layout.noun {
        throw Self.usage("--\(noun) names a bit of another layout than --\(layout.noun)s")
      }
      if stateFlags.count > 0, nameFlagNoun == nil {
        throw Self.usage(
          "--state names a state; with --\(layout.noun)s use --\(layout.noun) NAME=BIT")
      }
      if !statesFiles.isEmpty {
        throw Self.usage("--states reads state names; it does not apply to --\(layout.noun)s")
      }
      names = NameTable(layout: layout)
    }
    guard stateFlags.count <= Limits.stateFlags else {
      throw Failure(
        status: .dataError,
        message:
          "too many --\(layout.noun) flags: \(stateFlags.count), the limit is \(Limits.stateFlags)")
    }
    for flag in stateFlags { try declare(flag) }
    for file in statesFiles { try declareStates(from: file) }
    for file in errorsFiles { try loadErrors(from: file) }
    return nil
  }

  /// The layout an option such as `--events` chooses: `--` and a layout's noun in the plural,
  /// for every layout of `BitLayout.all` but `ControlState`'s (whose `--states` reads a file).
  static func layoutFlag(_ option: String) -> BitLayout? {
    BitLayout.all.first { $0 != .controlState && option == "--\($0.noun)s" }
  }

  /// The layout whose bits an option such as `--event NAME=BIT` names.
  static func layoutNameFlag(_ option: String) -> BitLayout? {
    BitLayout.all.first { $0 != .controlState && option == "--\($0.noun)" }
  }

  static func usage(_ message: String) -> Failure {
    Failure(status: .usage, message: message)
  }

  /// `--state NAME=BIT` (`--event NAME=BIT`, …), BIT an absolute bit of the layout's
  /// application range.
  mutating func declare(_ flag: String) throws(Failure) {
    let option = "--\(names.layout.noun)"
    guard let equals = flag.firstIndex(of: "="), equals != flag.startIndex else {
      throw Self.usage("\(option) needs NAME=BIT, not \(quoted(flag))")
    }
    let name = String(flag[..<equals])
    guard let bit = Int(flag[flag.index(after: equals)...]) else {
      throw Self.usage(
        "\(option) needs NAME=BIT with BIT a number \(bitRangeWords), not \(quoted(flag))")
    }
    try declare(name, bit: bit, source: "\(option) \(flag)")
  }

  /// "from 16 to 23": the application range of the layout, in words.
  var bitRangeWords: String {
    let range = names.layout.application
    return "from \(range.lowerBound) to \(range.upperBound)"
  }

  mutating func declare(_ name: String, bit: Int, source: String) throws(Failure) {
    let range = names.layout.application
    guard range.contains(bit) else {
      throw Failure(
        status: .dataError,
        message:
          "\(quoted(source)): bit \(bit) is outside the application range \(range.lowerBound)...\(range.upperBound)"
      )
    }
    do {
      try names.declare(name, raw: 1 << UInt(bit), owner: nil)
    } catch {
      throw Failure(
        status: .dataError,
        message: "\(quoted(source)): \(error.reason)")
    }
  }

  /// `--states FILE`: a JSON object of names and absolute bits, such as `{"visited": 16}`.
  mutating func declareStates(from path: String) throws(Failure) {
    try declareStates(json: try Self.readJSON(path), source: path)
  }

  /// Declares the states of a states document read from `source`.
  mutating func declareStates(json: JSONValue, source path: String) throws(Failure) {
    guard case .object(let members) = json else {
      throw Failure(
        status: .dataError,
        message:
          "\(quoted(path)): a states file is a JSON object of names and bits, such as {\"visited\": 16}"
      )
    }
    for (name, value) in members {
      guard let bit = value.wholeNumber else {
        throw Failure(
          status: .dataError,
          message: "\(quoted(path)): the bit of \(quoted(name)) must be an integer \(bitRangeWords)"
        )
      }
      try declare(name, bit: bit, source: path)
    }
  }

  /// `--errors FILE`: an error catalog as ErrorKit exports it.
  mutating func loadErrors(from path: String) throws(Failure) {
    let json = try Self.readJSON(path)
    do {
      lookup.add(try ErrorCatalog(jsonValue: json).entries)
    } catch {
      throw Failure(status: .dataError, message: "\(quoted(path)): \(error.message)")
    }
  }

  static func readJSON(_ path: String) throws(Failure) -> JSONValue {
    let bytes = try Terminal.readFile(path)
    guard validUTF8(bytes) != nil else {
      throw Failure(status: .dataError, message: "\(quoted(path)) is not valid UTF-8")
    }
    do {
      return try JSONReader.parse(bytes)
    } catch {
      throw Failure(status: .dataError, message: "\(quoted(path)): \(error.message)")
    }
  }

  var useColor: Bool {
    switch color {
    case .always: true
    case .never: false
    case .auto:
      Terminal.isStandardOutputATerminal && (Terminal.environment("NO_COLOR") ?? "").isEmpty
        && Terminal.environment("TERM") != "dumb"
    }
  }

  // MARK: Running

  mutating func fail(_ failure: Failure) {
    terminal.flush()
    Terminal.error(failure.message)
    if status == .success { status = failure.status }
  }

  mutating func run() throws(Failure) {
    switch command {
    case .masks: try runMasks()
    case .encode: try runEncode()
    case .error: try runErrors()
    case .theme: try runTheme()
    }
  }

  /// Calls `body` with each non-blank line of standard input, without surrounding spaces, as
  /// soon as it is complete; output is flushed whenever the next read may wait.
  mutating func forEachStandardInputLine(
    _ body: (inout Inspector, ArraySlice<UInt8>) -> Void
  ) throws(Failure) {
    var reader = LineReader(descriptor: 0, name: "standard input")
    while terminal.writeFailure == nil,
      var line = try reader.next(beforeWaiting: { terminal.flush() })
    {
      while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line.removeLast() }
      while let head = line.first, head == 0x20 || head == 0x09 { line.removeFirst() }
      if !line.isEmpty { body(&self, line) }
    }
  }

  mutating func runMasks() throws(Failure) {
    let report = MaskReport(names: names, color: useColor)
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
    let report = MaskReport(names: names, color: useColor)
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
        terminal.write(report.human(state, input: String(decoding: input, as: UTF8.self)))
      }
      first = false
    } catch {
      fail(error)
    }
  }

  /// `16...23`: a range of bits as help and messages write it.
  static func bits(_ range: ClosedRange<Int>) -> String {
    "\(range.lowerBound)...\(range.upperBound)"
  }

  static let help = """
    statekit-inspect: decode control-state and control-event masks and explain errors

    USAGE:
      statekit-inspect [options] MASK...
      statekit-inspect --events [options] MASK...
      statekit-inspect encode [options] TEXT...
      statekit-inspect error [options] INPUT...
      statekit-inspect theme [options] FILE

    ARGUMENTS:
      MASK              A mask in hex (0x00010004), decimal (65540) or binary (0b100), up to 64 bits.
      TEXT              State text such as "selected | visited", "highlighted disabled" or "0x10000";
                        with --events, event text such as "touchUpInside | valueChanged".
      INPUT             An ErrorPayload JSON document; text pasted from a log or a report: NSError
                        text (Apple or Linux), the short form "(NSURLErrorDomain error -1009.)",
                        a Swift DecodingError, an Xcode "Domain: ... Code: ..." report; or
                        "DOMAIN CODE", a code (-25300, or a four-character code such as '!pri'),
                        or a C or Swift name such as ENOENT, errSecItemNotFound, serverRecordChanged.
      FILE              theme: a theme file (a StyleSet's JSON): prints the value of every
                        attribute for every combination of the state bits it mentions, and lints
                        it (entries that never win, ties only precedence decides, states with no
                        value); --strict makes a finding an error (exit 65).
      -                 Read standard input as it comes: one mask or text a line; for error, JSON
                        documents or log text, each error printed once its text is complete.

    OPTIONS:
      --json            Print JSON: one object per mask (JSON Lines), an ErrorPayload per error,
                        one object for a theme.
      --state NAME=BIT  Name an application bit (\(Self.bits(BitLayout.controlState.application))); repeatable.
      --states FILE     Read state names from a JSON object such as {"visited": 16}.
      --events          Masks and text are control events (UIControl.Event's layout): application
                        bits \(Self.bits(BitLayout.controlEvents.application)), system reserved \(Self.bits(BitLayout.controlEvents.reservedBits)).
      --event NAME=BIT  Name an event application bit (\(Self.bits(BitLayout.controlEvents.application))); implies --events; repeatable.
      --errors FILE     Read an error catalog as ErrorKit exports it.
      --search WORDS    error: list the errors whose name or meaning holds every word.
      --list DOMAIN     error: list a domain's codes (NSURLErrorDomain, OSStatus, HTTP, ...).
      --strict          Treat reserved or unnamed bits, or a theme's lint findings, as an error.
      --color WHEN      Color output: auto (the default; honours NO_COLOR), always or never.
      -h, --help        Show this help.
      --version         Show the version.

    Options may come before or after the command and the operands.

    EXIT CODES:
      0 success, 1 a lookup found nothing, 64 usage error, 65 malformed input,
      66 a file that cannot be read, 74 output that cannot be written.

    """
}

/// The text of UTF-8 bytes, or `nil` when they are not valid UTF-8.
func validUTF8(_ bytes: [UInt8]) -> String? {
  let text = String(decoding: bytes, as: UTF8.self)
  // Decoding replaces each invalid sequence, so the bytes come back unchanged only if valid.
  return text.utf8.elementsEqual(bytes) ? text : nil
}
