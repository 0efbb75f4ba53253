import ErrorKitCore
import StateKitCore

/// The command line: `statekit-inspect [options] MASK...`, `encode [options] TEXT...`,
/// `error [options] INPUT...` and `theme [options] FILE`, as `CommandLineSpec` declares it.
package struct Inspector {
  static let version = "0.2.0"

  enum Command {
    case masks, encode, error, theme
  }

  enum ColorChoice: String, CaseIterable {
    case auto, always, never
  }

  var command = Command.masks
  var operands: [String] = []
  /// Each operand's bytes as the process received them, for an operand that names a file.
  var operandBytes: [[UInt8]] = []
  var json = false
  var strict = false
  /// `--c-names`: masks and text print the toolkit's C constants.
  var constantNames = false
  var color = ColorChoice.auto
  /// The names masks and text use, for the layout chosen (`ControlState`'s by default); made
  /// when first used, so a look-up of an error does not set them up at start-up.
  lazy var names = NameTable(layout: .controlState)
  var lookup = CodeDirectory()
  /// `--search WORDS` (each a look-up by words) and `--list DOMAIN`, for `error`.
  var searches: [String] = []
  var lists: [String] = []
  /// Where the tool reads and writes: in memory unless ``main(rawArguments:terminal:)`` is given
  /// another, so an `Inspector()` made to call one method touches no descriptor.
  var terminal: Terminal
  /// The first failure's status; later inputs are still handled.
  var status = ExitStatus.success

  init(terminal: Terminal = Terminal()) {
    self.terminal = terminal
  }

  /// Runs the tool with the arguments exactly as the process received them (without the
  /// program's name), reading and writing through `terminal`: the executable passes
  /// ``Terminal/standard()``, a test one in memory. A file an argument names is opened by these
  /// bytes, so a name that is not valid UTF-8 still opens; messages show it decoded, each
  /// invalid sequence replaced.
  package static func main(rawArguments: [[UInt8]], terminal: Terminal) -> ExitStatus {
    var inspector = Inspector(terminal: terminal)
    var status: ExitStatus
    do {
      let arguments = rawArguments.map { String(decoding: $0, as: UTF8.self) }
      if let early = try inspector.parse(arguments, raw: rawArguments) {
        status = early
      } else {
        try inspector.run()
        status = inspector.status
      }
    } catch {
      terminal.flush()
      terminal.error(error.message)
      status = error.status
    }
    terminal.flush()
    if let failure = terminal.writeFailure {
      // Output was lost: that is the result, whatever else happened.
      terminal.error(failure.message)
      return failure.status
    }
    return status
  }

  // MARK: Arguments

  /// Reads the command line; returns a status when it is already answered (`--help`,
  /// `--version`, `--completion`, `--man`). Which options exist, which take a value and which
  /// commands they apply to come from the declaration, `CommandLineSpec`.
  ///
  /// `raw` holds each argument's bytes as the process received them (the UTF-8 of `arguments`
  /// when `nil`): files are opened by them.
  mutating func parse(_ arguments: [String], raw: [[UInt8]]? = nil) throws(Failure) -> ExitStatus? {
    let raw = raw ?? arguments.map { Array($0.utf8) }
    // Positions in `arguments` (and `raw`) still to read.
    var remaining = arguments.indices[...]
    var commandGiven = false
    var stateFlags: [String] = []
    // Whether `--state` itself was given: with another layout chosen, a usage error, even when
    // `--event` also names bits (both fill `stateFlags`).
    var stateOptionGiven = false
    var statesFiles: [FilePath] = []
    // The layout masks and text use: ControlState's, or one chosen with `--layout NAME` (any
    // layout of `BitLayout.all`) or `--<noun>s` (such as `--events`, for a layout whose members
    // are not states); `--<noun> NAME=BIT` names its bits, `--state` those of a layout of
    // states. `nil` is ControlState's, not set up unless a command uses it.
    var layout: BitLayout?
    // How the layout was chosen, as messages quote it: `--events`, `--layout lvgl`.
    var layoutChoice = ""
    var nameFlagNoun: String?
    var errorsFiles: [FilePath] = []
    var onlyOperands = false
    // The options given, as spelled, to check against the command once it is known.
    var given: [(option: OptionSpec, spelling: String)] = []
    while let position = remaining.popFirst() {
      let argument = arguments[position]
      // `--` ends the options of every command (as CommandLineSpec declares it; a test checks
      // it): taken before the table of options, which start-up then does not build.
      if !onlyOperands, argument == "--" {
        onlyOperands = true
        continue
      }
      // A negative number is an operand (`error -1009`, `error OSStatus -50`), not an option.
      if onlyOperands || argument == "-" || !argument.hasPrefix("-")
        || argument.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
      {
        // The command is the first operand when it is a command's name, wherever the options
        // are: `--json error ENOENT` is `error --json ENOENT`.
        if !commandGiven, operands.isEmpty, !onlyOperands, let chosen = Command(word: argument) {
          command = chosen
          commandGiven = true
          continue
        }
        operands.append(argument)
        operandBytes.append(raw[position])
        continue
      }
      var name = argument
      var inlineValue: FilePath?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        // The bytes after the first `=`: an option's name is ASCII, so it is the same `=`.
        let bytes = raw[position]
        let rawEquals = bytes.firstIndex(of: UInt8(ascii: "=")) ?? bytes.endIndex
        inlineValue = FilePath(
          text: String(argument[argument.index(after: equals)...]),
          bytes: Array(bytes[min(rawEquals + 1, bytes.endIndex)...]))
      }
      guard let option = CommandLineSpec.option(name) else {
        // No option's name has a space or a sign in it: such an argument is text to read
        // (`-1009 The Internet…`, `-[AVCaptureSession startRunning]: Error Domain=…`).
        if Self.looksLikeText(name) {
          throw Self.usage(
            "unknown option \(quoted(argument)); to read it as error text, put -- before it"
              + " (error -- TEXT) or pipe it to error -")
        }
        throw Self.usage("unknown option \(quoted(argument)); see --help")
      }
      /// The option's value, with the bytes the process received it as.
      func fileValue() throws(Failure) -> FilePath {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else { throw Self.usage("\(name) needs a value") }
        return FilePath(text: arguments[next], bytes: raw[next])
      }
      func value() throws(Failure) -> String { try fileValue().text }
      /// The value of an option of fixed words, such as `--color`.
      func choice() throws(Failure) -> String {
        let text = try value()
        let words = option.value.choices
        guard words.contains(text) else {
          throw Self.usage(
            "\(name) must be \(CommandLineSpec.alternatives(words)), not \(quoted(text))")
        }
        return text
      }
      if inlineValue != nil, option.value == .none {
        throw Self.usage("\(name) takes no value")
      }
      given.append((option, name))
      switch option.action {
      case .endOfOptions: onlyOperands = true
      case .help:
        let shown = commandGiven ? command : Self.command(in: remaining.map { arguments[$0] }[...])
        terminal.write(shown.map(HelpText.of) ?? HelpText.global)
        terminal.flush()
        return .success
      case .version:
        terminal.write("\(CommandLineSpec.tool) \(Self.version)\n")
        terminal.flush()
        return .success
      case .completion:
        let shell = try choice()
        terminal.write(Completions.Shell(rawValue: shell).map(Completions.script) ?? "")
        terminal.flush()
        return .success
      case .man:
        terminal.write(Reference.manPage)
        terminal.flush()
        return .success
      case .json: json = true
      case .strict: strict = true
      case .constantNames: constantNames = true
      case .color: color = ColorChoice(rawValue: try choice()) ?? .auto
      case .state:
        stateFlags.append(try value())
        stateOptionGiven = true
      case .states: statesFiles.append(try fileValue())
      case .chooseLayout:
        let word = try choice()
        guard let chosen = BitLayout.named(word) else { break }
        if let layout, layout != chosen {
          throw Self.usage("\(name) \(word) and \(layoutChoice) choose different layouts; give one")
        }
        (layout, layoutChoice) = (chosen, "\(name) \(word)")
      case .layout(let chosen):
        if let layout, layout != chosen {
          throw Self.usage("\(name) and \(layoutChoice) choose different layouts; give one")
        }
        if layout == nil { layoutChoice = name }
        layout = chosen
      case .layoutName(let chosen):
        if let layout, layout != chosen {
          throw Self.usage("\(name) names a bit of another layout than \(layoutChoice)")
        }
        if layout == nil { layoutChoice = "--\(chosen.noun)s" }
        layout = chosen
        nameFlagNoun = chosen.noun
        stateFlags.append(try value())
      case .errors: errorsFiles.append(try fileValue())
      case .search, .list:
        let text = try value()
        guard !text.isEmpty else { throw Self.usage("\(name) needs a non-empty value") }
        if option.action == .search { searches.append(text) } else { lists.append(text) }
      }
    }
    if !searches.isEmpty || !lists.isEmpty {
      guard command != .encode, command != .theme, commandGiven || operands.isEmpty else {
        throw Self.usage("--search and --list belong to the error command; see --help")
      }
      command = .error
    }
    for (option, spelling) in given where !option.applies(to: command) {
      throw Self.misplaced(spelling, option: option, command: command)
    }
    guard !operands.isEmpty || command == .error && !(searches.isEmpty && lists.isEmpty) else {
      let what = CommandLineSpec.command(command).arguments.first?.name ?? "operand"
      throw Self.usage("missing \(what); see --help")
    }
    if let layout {
      if let noun = nameFlagNoun, noun != layout.noun {
        throw Self.usage("--\(noun) names a bit of another layout than \(layoutChoice)")
      }
      // `--state` and `--states` name states: the bits of a layout of states (LVGL's, GTK's),
      // not of one whose members are something else (events).
      let ofStates = layout.noun == BitLayout.controlState.noun
      if stateOptionGiven, !ofStates {
        throw Self.usage(
          "--state names a state; with \(layoutChoice) use --\(layout.noun) NAME=BIT")
      }
      if !statesFiles.isEmpty, !ofStates {
        throw Self.usage("--states reads state names; it does not apply to \(layoutChoice)")
      }
      names = NameTable(layout: layout)
    }
    guard stateFlags.count <= Limits.stateFlags else {
      throw Failure(
        status: .dataError,
        message:
          "too many --\(names.layout.noun) flags: \(stateFlags.count), the limit is \(Limits.stateFlags)"
      )
    }
    for flag in stateFlags { try names.declare(flag: flag) }
    for file in statesFiles { try declareStates(from: file) }
    for file in errorsFiles { try loadErrors(from: file) }
    return nil
  }

  /// Whether an argument that starts with `-` and names no option is text rather than a
  /// misspelt option: after its dashes it starts with something other than a letter, or it has
  /// something other than letters, digits and dashes.
  static func looksLikeText(_ argument: String) -> Bool {
    let name = argument.drop { $0 == "-" }
    guard let first = name.first else { return false }
    let isWordCharacter = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber || c == "-") }
    return !(first.isASCII && first.isLetter) || !name.allSatisfy(isWordCharacter)
  }

  /// The command a `--help` given before it asks about: the first operand, when it is a
  /// command's name (`statekit-inspect --help error`); `nil` when there is none.
  static func command(in arguments: ArraySlice<String>) -> Command? {
    var rest = arguments
    while let argument = rest.popFirst() {
      if argument == "--" { return nil }
      if argument.hasPrefix("-"), argument != "-", let option = CommandLineSpec.option(argument) {
        if option.value != .none { _ = rest.popFirst() }
        continue
      }
      if argument.hasPrefix("-"), argument != "-", !argument.dropFirst().allSatisfy(\.isNumber) {
        continue
      }
      return Command(word: argument)
    }
    return nil
  }

  /// The usage error of an option given with a command it does not apply to.
  static func misplaced(_ spelling: String, option: OptionSpec, command: Command) -> Failure {
    if command == .theme {
      switch option.action {
      case .layout(let layout), .layoutName(let layout):
        return usage("theme styles states; --\(layout.noun)s does not apply to it")
      default: break
      }
    }
    let help = command.word.map { "\(CommandLineSpec.tool) \($0) --help" } ?? "--help"
    if option.commands.count == 1, let only = option.commands[0].word {
      return usage(
        "\(spelling) belongs to the \(only) command; see \(CommandLineSpec.tool) \(only) --help")
    }
    let target = command.word.map { "the \($0) command" } ?? "masks"
    return usage("\(spelling) does not apply to \(target); see \(help)")
  }

  static func usage(_ message: String) -> Failure {
    Failure(status: .usage, message: message)
  }

  /// `--states FILE`: a JSON object of names and absolute bits, such as `{"visited": 16}`.
  mutating func declareStates(from path: FilePath) throws(Failure) {
    try declareStates(json: try Self.readJSON(path), source: path.text)
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
          message:
            "\(quoted(path)): the bit of \(quoted(name)) must be an integer \(names.applicationRangeWords)"
        )
      }
      try names.declare(name, bit: bit, source: path)
    }
  }

  /// `--errors FILE`: an error catalog as ErrorKit exports it.
  mutating func loadErrors(from path: FilePath) throws(Failure) {
    let json = try Self.readJSON(path)
    do {
      lookup.add(try ErrorCatalog(jsonValue: json).entries)
    } catch {
      throw Failure(status: .dataError, message: "\(quoted(path.text)): \(error.message)")
    }
  }

  static func readJSON(_ path: FilePath) throws(Failure) -> JSONValue {
    let bytes = try Terminal.readFile(path)
    guard validUTF8(bytes) != nil else {
      throw Failure(status: .dataError, message: "\(quoted(path.text)) is not valid UTF-8")
    }
    do {
      return try JSONReader.parse(bytes)
    } catch {
      throw Failure(status: .dataError, message: "\(quoted(path.text)): \(error.message)")
    }
  }

  var useColor: Bool {
    switch color {
    case .always: true
    case .never: false
    case .auto:
      terminal.isOutputATerminal && (terminal.environment("NO_COLOR") ?? "").isEmpty
        && terminal.environment("TERM") != "dumb"
    }
  }

  // MARK: Running

  mutating func fail(_ failure: Failure) {
    terminal.flush()
    terminal.error(failure.message)
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
    var reader = LineReader(terminal.input, name: "standard input")
    while terminal.writeFailure == nil,
      var line = try reader.next(beforeWaiting: { terminal.flush() })
    {
      while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line.removeLast() }
      while let head = line.first, head == 0x20 || head == 0x09 { line.removeFirst() }
      if !line.isEmpty { body(&self, line) }
    }
  }
}
