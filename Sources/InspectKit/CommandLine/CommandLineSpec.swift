import StateKitCore

// The one declaration of statekit-inspect's command line: its commands, their arguments and its
// options. The parser (`Inspector.parse`), `--help` (global and per command), the completion
// scripts (`--completion bash|zsh|fish`), the man page (`--man`) and Docs/CLI.md's option table
// are all made from it, so they cannot drift apart; Tests/InspectTests/CommandLineSpecTests.swift
// checks each of them against it.

extension Inspector.Command {
  /// Every command, the default (masks) first.
  static let all: [Self] = [.masks, .encode, .error, .theme]

  /// The word that selects the command on the command line; `nil` for the default, masks.
  var word: String? {
    switch self {
    case .masks: nil
    case .encode: "encode"
    case .error: "error"
    case .theme: "theme"
    }
  }

  /// How help and messages name the command: its word, or `masks` for the default.
  var title: String { word ?? "masks" }

  /// The command whose word `text` is.
  init?(word text: String) {
    guard let command = Self.all.first(where: { $0.word == text }) else { return nil }
    self = command
  }
}

/// An operand of a command, as help and the man page describe it.
struct ArgumentSpec {
  /// `MASK`, `TEXT`, `-`.
  var name: String
  /// One or more sentences.
  var help: String
}

/// One command: how it is called, what it does and its operands.
struct CommandSpec {
  var command: Inspector.Command
  /// The usage lines, each after `statekit-inspect `.
  var usage: [String]
  /// What the command does, in one line starting with a lower-case letter.
  var summary: String
  /// Its operands; the first names what is missing when none is given.
  var arguments: [ArgumentSpec]
  /// Whether its operands are files (completion offers files).
  var operandsAreFiles = false
}

/// What an option does; the parser switches over it, so every declared option is handled.
enum OptionAction: Equatable {
  case help, version, completion, man, endOfOptions
  case json, strict, color
  case state, states
  /// `--c-names`: print the toolkit's C constants (`LV_STATE_PRESSED`) for its names.
  case constantNames
  /// `--layout NAME`: masks and text of any layout of `BitLayout.all`, by its name.
  case chooseLayout
  /// `--events`: masks and text of another layout than ControlState's.
  case layout(BitLayout)
  /// `--event NAME=BIT`: names a bit of that layout, and chooses it.
  case layoutName(BitLayout)
  case errors, search, list
}

/// What follows an option.
enum OptionValue: Equatable {
  /// Nothing: the option is a flag.
  case none
  /// Free text, named in help (`WORDS`, `NAME=BIT`).
  case text(String)
  /// A file's path (completion offers files).
  case file(String)
  /// One of a fixed list of words (completion offers them; anything else is a usage error).
  case choice(String, [String])

  /// The name help gives the value, such as `FILE`; `nil` for a flag.
  var name: String? {
    switch self {
    case .none: nil
    case .text(let name), .file(let name), .choice(let name, _): name
    }
  }

  /// The words a `.choice` allows, otherwise none.
  var choices: [String] {
    if case .choice(_, let words) = self { return words }
    return []
  }
}

/// One option: its spellings, its value, the commands it applies to and its documentation.
struct OptionSpec {
  /// The long name, such as `--json` (`--` itself for the end of the options).
  var name: String
  /// The short name, such as `-h`.
  var short: String? = nil
  var value: OptionValue = .none
  /// The commands the option applies to; empty for an option of the tool itself (`--man`,
  /// `--completion`), which is answered wherever it is given and is listed in the global help
  /// only.
  var commands: [Inspector.Command]
  /// One or two sentences for `--help`.
  var help: String { makeHelp() }
  /// More for the man page and Docs/CLI.md, after `help`.
  var more: String { makeMore() }
  var action: OptionAction
  /// The texts are written when help, the man page or a completion script asks for them, not
  /// when the command line is read: start-up builds no help it will not print.
  private let makeHelp: @Sendable () -> String
  private let makeMore: @Sendable () -> String

  init(
    name: String, short: String? = nil, value: OptionValue = .none,
    commands: [Inspector.Command], help: @autoclosure @escaping @Sendable () -> String,
    more: @autoclosure @escaping @Sendable () -> String = "", action: OptionAction
  ) {
    self.name = name
    self.short = short
    self.value = value
    self.commands = commands
    makeHelp = help
    makeMore = more
    self.action = action
  }

  /// `--state NAME=BIT`, `-h, --help`: the option as help lists it.
  var label: String {
    let names = [short, name].compactMap { $0 }.joined(separator: ", ")
    guard let value = value.name else { return names }
    return "\(names) \(value)"
  }

  /// The spellings the command line accepts.
  var spellings: [String] { [short, name].compactMap { $0 } }

  /// Whether completion scripts offer it (`--` is typed, not completed).
  var completes: Bool { action != .endOfOptions }

  /// Whether it belongs to the tool rather than to commands.
  var isToolOption: Bool { commands.isEmpty }

  func applies(to command: Inspector.Command) -> Bool {
    isToolOption || commands.contains(command)
  }
}

/// The declaration itself.
enum CommandLineSpec {
  static let tool = "statekit-inspect"
  static let summary = "decode control-state and control-event masks and explain errors"

  /// `16...23`: a range of bits as help and messages write it.
  static func bits(_ range: ClosedRange<Int>) -> String {
    "\(range.lowerBound)...\(range.upperBound)"
  }

  /// The layouts with options of their own (`--events`, `--event`): those whose members are
  /// not states. A layout of states (LVGL's, GTK's) is chosen with `--layout NAME`, and its
  /// bits are named with `--state` and `--states`, as ControlState's are.
  static var otherLayouts: [BitLayout] {
    BitLayout.all.filter { $0.noun != BitLayout.controlState.noun }
  }

  /// The names `--layout` takes, in the order of `BitLayout.all`.
  static let layoutNames = BitLayout.all.map(\.name)

  static let commands: [CommandSpec] = [
    CommandSpec(
      command: .masks,
      usage: ["[options] MASK..."] + otherLayouts.map { "--\($0.noun)s [options] MASK..." }
        + ["--layout NAME [options] MASK..."],
      summary: "decode masks (the default command: no command word)",
      arguments: [
        ArgumentSpec(
          name: "MASK",
          help:
            "A mask in hex (0x00010004), decimal (65540) or binary (0b100), up to 64 bits."),
        ArgumentSpec(
          name: "-",
          help: "Read masks from standard input as they come, one a line."),
      ]),
    CommandSpec(
      command: .encode, usage: ["encode [options] TEXT..."],
      summary: "turn state text into a mask and print it like a mask",
      arguments: [
        ArgumentSpec(
          name: "TEXT",
          help:
            "State text such as \"selected | visited\", \"highlighted disabled\" or \"0x10000\"; "
            + "with --events, event text such as \"touchUpInside | valueChanged\". Consecutive "
            + "words form one text."),
        ArgumentSpec(
          name: "-",
          help: "Stands for the lines of standard input, one text a line, in its place."),
      ]),
    CommandSpec(
      command: .error, usage: ["error [options] INPUT..."],
      summary: "explain errors: payloads, text pasted from logs, codes and names",
      arguments: [
        ArgumentSpec(
          name: "INPUT",
          help:
            "An ErrorPayload JSON document; text pasted from a log or a report: NSError text "
            + "(Apple or Linux), the short form \"(NSURLErrorDomain error -1009.)\", a Swift "
            + "DecodingError, an Xcode \"Domain: ... Code: ...\" report; or \"DOMAIN CODE\", a code "
            + "(-25300, or a four-character code such as '!pri'), or a C or Swift name such as "
            + "ENOENT, errSecItemNotFound, serverRecordChanged."),
        ArgumentSpec(
          name: "-",
          help:
            "Read standard input as it comes: JSON documents or log text, each error printed "
            + "once its text is complete."),
      ]),
    CommandSpec(
      command: .theme, usage: ["theme [options] FILE"],
      summary: "print a theme file's values for every state, and lint it",
      arguments: [
        ArgumentSpec(
          name: "FILE",
          help:
            "A theme file (a StyleSet's JSON): prints the value of every attribute for every "
            + "combination of the state bits it mentions, and lints it (entries that never win, "
            + "ties only precedence decides, states with no value); --strict makes a finding an "
            + "error (exit 65).")
      ], operandsAreFiles: true),
  ]

  /// The global help's `-`, for every command that reads standard input.
  static let standardInput = ArgumentSpec(
    name: "-",
    help:
      "Read standard input as it comes: one mask or text a line; for error, JSON documents or log "
      + "text, each error printed once its text is complete.")

  static func command(_ command: Inspector.Command) -> CommandSpec {
    commands.first { $0.command == command } ?? commands[0]
  }

  /// The words of the options with a fixed list, also held here: a pointer stored in a
  /// multi-payload enum carries the case in its spare bits, which LeakSanitizer does not
  /// recognize, so without an untagged reference the buffers read as leaks in sanitized runs.
  static let colorWords = Inspector.ColorChoice.allCases.map(\.rawValue)
  static let shellWords = Completions.Shell.allCases.map(\.rawValue)

  static let options: [OptionSpec] = {
    let all = Inspector.Command.all
    let masksAndText: [Inspector.Command] = [.masks, .encode]
    let states: [Inspector.Command] = [.masks, .encode, .theme]
    let state = BitLayout.controlState
    var options = [
      OptionSpec(
        name: "--json", commands: all,
        help:
          "Print JSON: one object per mask (JSON Lines), an ErrorPayload per error, one object "
          + "for a theme.",
        action: .json),
      OptionSpec(
        name: "--state", value: .text("NAME=BIT"), commands: states,
        help:
          "Name an application bit (\(bits(state.application)); with --layout, that layout's); "
          + "repeatable.",
        more: "BIT is the absolute bit. At most \(Limits.stateFlags).", action: .state),
      OptionSpec(
        name: "--states", value: .file("FILE"), commands: states,
        help: "Read state names from a JSON object such as {\"visited\": 16}.",
        action: .states),
      OptionSpec(
        name: "--layout", value: .choice("NAME", layoutNames), commands: states,
        help:
          "Masks, text and theme selectors of another toolkit's layout: "
          + "\(alternatives(layoutNames)).",
        more: layoutMore, action: .chooseLayout),
      OptionSpec(
        name: "--c-names", commands: masksAndText,
        help: "Print the layout's C constants (LV_STATE_PRESSED, GTK_STATE_FLAG_ACTIVE) as names.",
        more: "Text is read with either name, with or without it; no effect on UIKit's layouts.",
        action: .constantNames),
    ]
    for layout in otherLayouts {
      options.append(
        OptionSpec(
          name: "--\(layout.noun)s", commands: masksAndText, help: layoutHelp(layout),
          action: .layout(layout)))
      options.append(
        OptionSpec(
          name: "--\(layout.noun)", value: .text("NAME=BIT"), commands: masksAndText,
          help:
            "Name \(article(layout.noun)) \(layout.noun) application bit "
            + "(\(bits(layout.application))); implies --\(layout.noun)s; repeatable.",
          more: "At most \(Limits.stateFlags).", action: .layoutName(layout)))
    }
    options += [
      OptionSpec(
        name: "--errors", value: .file("FILE"), commands: [.error],
        help: "Read an error catalog as ErrorKit exports it.",
        more: "Its entries are searched before the built-in tables.", action: .errors),
      OptionSpec(
        name: "--search", value: .text("WORDS"), commands: [.error],
        help: "List the errors whose name or meaning holds every word.",
        more: "Repeatable; selects the error command when none is given.", action: .search),
      OptionSpec(
        name: "--list", value: .text("DOMAIN"), commands: [.error],
        help: "List a domain's codes (NSURLErrorDomain, OSStatus, HTTP, ...).",
        more: "Repeatable; selects the error command when none is given.", action: .list),
      OptionSpec(
        name: "--strict", commands: states,
        help: "Treat reserved or unnamed bits, or a theme's lint findings, as an error.",
        more: "encode also rejects hex tokens.", action: .strict),
      OptionSpec(
        name: "--color", value: .choice("WHEN", colorWords),
        commands: all,
        help: "Color output: auto (the default; honours NO_COLOR), always or never.",
        more: "auto colors only on a terminal, and never when NO_COLOR is set or TERM is dumb.",
        action: .color),
      OptionSpec(
        name: "--help", short: "-h", commands: all,
        help: "Show this help; after a command, that command's.", action: .help),
      OptionSpec(
        name: "--version", commands: all, help: "Show the version.", action: .version),
      OptionSpec(
        name: "--completion", value: .choice("SHELL", shellWords),
        commands: [],
        help: "Print the completion script for bash, zsh or fish.",
        more: "See the README (Install the command-line tool) for where to put it.",
        action: .completion),
      OptionSpec(
        name: "--man", commands: [], help: "Print the man page (roff).",
        more: "Install it as statekit-inspect.1 (see the README).", action: .man),
      OptionSpec(
        name: "--", commands: all,
        help: "Everything after it is an operand (for negative codes and names that start with -).",
        action: .endOfOptions),
    ]
    return options
  }()

  /// The option spelled `spelling` (`--json`, `-h`).
  static func option(_ spelling: String) -> OptionSpec? {
    options.first { $0.name == spelling || $0.short == spelling }
  }

  static func options(of command: Inspector.Command) -> [OptionSpec] {
    options.filter { !$0.isToolOption && $0.applies(to: command) }
  }

  /// What `--layout` chooses, layout by layout, for the man page and Docs/CLI.md.
  static var layoutMore: String {
    BitLayout.all.map { layout in
      "\(layout.name): \(layout.typeName), application bits \(bits(layout.application))"
    }.joined(separator: "; ") + "."
  }

  /// The help of a layout's option, such as `--events`.
  static func layoutHelp(_ layout: BitLayout) -> String {
    let ranges =
      "application bits \(bits(layout.application)), system reserved \(bits(layout.reservedBits))."
    if layout == .controlEvents {
      return "Masks and text are control events (UIControl.Event's layout): " + ranges
    }
    return "Masks and text are \(layout.typeName) values: " + ranges
  }

  static func article(_ word: String) -> String {
    word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }

  /// `auto, always or never`.
  static func alternatives(_ words: [String]) -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + last
  }

  /// The exit statuses, as help, the man page and Docs/CLI.md list them.
  static let exitStatuses: [(status: ExitStatus, meaning: String)] = [
    (.success, "success"), (.notFound, "a lookup found nothing"), (.usage, "usage error"),
    (.dataError, "malformed input"), (.noInput, "a file that cannot be read"),
    (.ioError, "output that cannot be written"),
  ]
}
