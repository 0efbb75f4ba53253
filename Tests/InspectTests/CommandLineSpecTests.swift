import Foundation
import StateKit
import Testing

@testable import InspectKit

/// The one declaration of the command line (`CommandLineSpec`) and what is made from it: the
/// parser accepts exactly what it declares, each command's help lists exactly its options, the
/// completion scripts and the man page cover every option and command, and Docs/CLI.md's option
/// table is the one the declaration renders.
@Suite("statekit-inspect's command-line declaration")
struct CommandLineSpecTests {
  static let options = CommandLineSpec.options
  static let completed = CommandLineSpec.options.filter(\.completes)
  static let words = CommandLineSpec.commands.compactMap(\.command.word)

  // MARK: The parser

  /// An operand each command accepts.
  static func operand(of command: Inspector.Command) -> String {
    switch command {
    case .masks: "1"
    case .encode: "normal"
    case .error: "ENOENT"
    case .theme: "theme.json"
    }
  }

  /// The command line that gives `option` to `command`, with a value when it takes one.
  static func arguments(_ spelling: String, _ option: OptionSpec, _ command: Inspector.Command)
    -> [String]
  {
    var arguments = command.word.map { [$0] } ?? []
    arguments.append(spelling)
    switch option.action {
    case .state: arguments.append("a=\(BitLayout.controlState.application.lowerBound)")
    case .layoutName(let layout): arguments.append("a=\(layout.application.lowerBound)")
    default:
      switch option.value {
      case .none: break
      case .choice(_, let words): arguments.append(words[0])
      case .file: arguments.append("/nonexistent/statekit-inspect-test.json")
      case .text: arguments.append("x")
      }
    }
    return arguments + [operand(of: command)]
  }

  /// Every option the declaration gives a command is read by the parser for that command, and
  /// one given to another command is a usage error that names it.
  @Test func theParserReadsWhatIsDeclared() {
    let quiet: [OptionAction] = [.help, .version, .completion, .man]
    for option in Self.options where !quiet.contains(option.action) {
      for spelling in option.spellings {
        for command in Inspector.Command.all {
          var inspector = Inspector()
          let arguments = Self.arguments(spelling, option, command)
          do throws(Failure) {
            _ = try inspector.parse(arguments)
            #expect(option.applies(to: command), "\(arguments) was accepted")
          } catch {
            // A file that cannot be read (66) is fine: the option itself was read. One given to
            // another command is a usage error that names it.
            #expect(
              option.applies(to: command)
                ? error.status != .usage
                : error.status == .usage && error.message.contains(spelling),
              "\(arguments): \(error.status) \(error.message)")
          }
        }
      }
    }
  }

  /// The declaration itself: one option per spelling, and every option documented. The parser
  /// takes `--` before it looks options up (start-up builds no table for it): that is right
  /// only while the declaration makes it a flag that ends the options of every command.
  @Test func everyOptionIsDeclaredOnceAndTheEndOfOptionsIsTheDeclaredOne() throws {
    let end = try #require(CommandLineSpec.option("--"))
    #expect(
      (end.action, end.value, Inspector.Command.all.allSatisfy(end.applies))
        == (.endOfOptions, .none, true))
    var inspector = Inspector()
    #expect(try inspector.parse(["error", "--", "--json", "--", "-x"]) == nil)
    #expect((inspector.operands, inspector.json) == (["--json", "--", "-x"], false))

    let spellings = Self.options.flatMap(\.spellings)
    #expect(Set(spellings).count == spellings.count, "\(spellings)")
    let undocumented: [String] = Self.options.filter { $0.help.isEmpty || !$0.help.hasSuffix(".") }
      .map { "\($0.name): \($0.help)" }
    #expect(undocumented == [])
    // Every layout of BitLayout.all is a word of --layout; one whose members are not states
    // (events) also has its two options, and one of states is named with --state.
    #expect(CommandLineSpec.option("--layout")?.value.choices == BitLayout.all.map(\.name))
    for layout in BitLayout.all where layout.noun != BitLayout.controlState.noun {
      #expect(
        [
          CommandLineSpec.option("--\(layout.noun)s")?.action,
          CommandLineSpec.option("--\(layout.noun)")?.action,
        ] == [.layout(layout), .layoutName(layout)])
    }
    #expect(CommandLineSpec.otherLayouts == [.controlEvents])
  }

  // MARK: Help

  /// The labels of a help's OPTIONS section.
  static func optionLabels(_ help: String) -> [String] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
    var labels: [String] = []
    for line in lines[(start + 1)...] {
      guard !line.isEmpty else { break }
      let label = line.dropFirst(2)
      // A continuation line starts in the description column.
      guard label.first != " " else { continue }
      labels.append(String(label.prefix(HelpText.column)).trimmingCharacters(in: .whitespaces))
    }
    return labels
  }

  @Test(arguments: [Inspector.Command.encode, .error, .theme])
  func aCommandsHelpListsExactlyItsOptions(command: Inspector.Command) throws {
    let word = try #require(command.word)
    let expected = CommandLineSpec.options(of: command).map(\.label)
    for arguments in [[word, "--help"], ["--help", word], ["--json", word, "-h", "x"]] {
      let run = try Run(arguments)
      #expect(
        (run.status, run.stderr, run.stdout, Self.optionLabels(run.stdout))
          == (0, "", HelpText.of(command), expected), "\(arguments)")
    }
    #expect(HelpText.of(command).hasPrefix("statekit-inspect \(word): "))
    // Each option the command does not take is absent from its help.
    let labels = Self.optionLabels(HelpText.of(command))
    let others: [String] = Self.options.map(\.label).filter { !expected.contains($0) }
    #expect(others.filter(labels.contains) == [])
  }

  /// The global help lists every option and command, in lines of the help's width; the man
  /// page documents them all too.
  @Test func theGlobalHelpAndTheManPageDocumentEveryOptionAndCommand() throws {
    let run = try Run(["--help"])
    #expect(
      (run.stdout, Self.optionLabels(run.stdout)) == (HelpText.global, Self.options.map(\.label)))
    let commands: [String] = Self.words.map { "\n  \($0) " }
    let wide: [Substring] = run.stdout.split(separator: "\n").filter { $0.count > HelpText.width }
    #expect((run.stdout.lacking(commands), wide) == ([], []))

    let man = try Run(["--man"])
    #expect((man.status, man.stdout) == (0, Reference.manPage))
    let page = man.stdout
    #expect(page.hasPrefix(".TH STATEKIT\\-INSPECT 1 "))
    var parts: [String] = Self.words.map { ".TP\n\\fB\($0)\\fR\n" }
    for option in Self.options {
      let names = option.spellings.map { "\\fB" + $0.replacing("-", with: "\\-") + "\\fR" }
      parts.append(".TP\n" + names.joined(separator: ", "))
      parts += option.value.choices
    }
    parts += CommandLineSpec.exitStatuses.map { ".B \($0.0.rawValue)\n" }
    // No line starts with a character roff would read as a request, except the requests.
    let requests = [
      ".TH", ".SH", ".TP", ".B ", ".nf", ".fi",
    ]
    let stray = page.split(separator: "\n").filter { line in
      (line.hasPrefix(".") || line.hasPrefix("'")) && !requests.contains { line.hasPrefix($0) }
    }
    #expect((page.lacking(parts), stray) == ([], []))
  }

  // MARK: Completions

  static func script(_ shell: String) throws -> String {
    let run = try Run(["--completion", shell])
    #expect((run.status, run.stderr) == (0, ""))
    return run.stdout
  }

  /// Runs a shell command and returns its standard output, or `nil` when it fails.
  static func shell(_ arguments: [String], directory: URL? = nil) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  /// The bash script parses (`bash -n`), and completing with it offers each command's options,
  /// the commands, the fixed words and files.
  @Test func bashCompletesEveryCommandAndOption() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "completion-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let script = directory.appendingPathComponent("statekit-inspect.bash")
    try Data(try Self.script("bash").utf8).write(to: script)
    let files = directory.appendingPathComponent("files")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    try Data("{}".utf8).write(to: files.appendingPathComponent("theme-file.json"))
    let (syntax, message) = try Self.shell(["bash", "-n", script.path])
    #expect(syntax == 0, "\(message)")

    /// What the script offers for a command line whose last word is being completed.
    func complete(_ words: [String]) throws -> Set<String> {
      let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
      let (status, output) = try Self.shell(
        [
          "bash", "-c",
          "source \(script.path); COMP_WORDS=(statekit-inspect \(quoted)); "
            + "COMP_CWORD=\(words.count); _statekit_inspect; printf '%s\\n' \"${COMPREPLY[@]}\"",
        ], directory: files)
      #expect(status == 0, "\(output)")
      return Set(output.split(separator: "\n").map(String.init))
    }

    #expect(try complete([""]) == Set(Self.words))
    #expect(try complete(["-"]) == Set(Self.completed.flatMap(\.spellings)))
    for command in Inspector.Command.all {
      let expected = Self.completed.filter { $0.applies(to: command) }.flatMap(\.spellings)
      let before = command.word ?? Self.operand(of: .masks)
      #expect(try complete([before, "-"]) == Set(expected), "\(command)")
    }
    for option in Self.completed {
      let offered = try complete([option.name, ""])
      switch option.value {
      case .none: #expect(offered == Set(Self.words), "\(option.name)")
      case .choice(_, let words): #expect(offered == Set(words), "\(option.name)")
      case .file: #expect(offered == ["theme-file.json"], "\(option.name)")
      case .text: #expect(offered.isEmpty, "\(option.name)")
      }
    }
    #expect(try complete(["theme", "th"]) == ["theme-file.json"])
  }

  /// zsh's and fish's scripts name every command, option and fixed word (their syntax and
  /// fish's completions are checked in .ci/run, which installs both shells); a bad shell is a
  /// usage error.
  @Test func zshAndFishNameEveryCommandAndOptionAndABadShellIsAUsageError() throws {
    let zsh = try Self.script("zsh")
    let fish = try Self.script("fish")
    #expect(zsh.hasPrefix("#compdef statekit-inspect\n"))
    var inZsh: [String] = Self.words.map { "'\($0):" }
    var inFish: [String] = Self.words.map { " -a \($0) -d " }
    for option in Self.completed {
      inZsh += option.spellings.map { "'\($0):" }
      let long = option.name.dropFirst(2)
      inFish.append(" -l \(long) ")
      if let short = option.short { inFish.append(" -s \(short.dropFirst()) ") }
      switch option.value {
      case .none: break
      case .choice(_, let words):
        inZsh.append("(\(option.name)) compadd -- \(words.joined(separator: " "));")
        inFish.append("-l \(long) -x -a '\(words.joined(separator: " "))'")
      case .file:
        inZsh.append("(\(option.name)) _files;")
        inFish.append("-l \(long) -r -F")
      case .text:
        inZsh.append("(\(option.name)) _message")
        inFish.append("-l \(long) -x")
      }
    }
    #expect([zsh.lacking(inZsh), fish.lacking(inFish)] == [[], []])

    for arguments in [["--completion", "tcsh"], ["--completion=\u{1B}[2J"], ["--completion"]] {
      let run = try Run(arguments)
      #expect(
        (run.status, run.stdout, run.stderr.lines.count, run.stderr.contains("\u{1B}"))
          == (64, "", 1, false), "\(arguments)")
    }
    let run = try Run(["--completion", "tcsh"])
    #expect(
      run.stderr
        == "statekit-inspect: error: --completion must be bash, zsh or fish, not \"tcsh\"\n")
  }

  // MARK: The man page

  // MARK: Docs/CLI.md

  /// Docs/CLI.md's option table is the declaration's; `STATEKIT_UPDATE_GOLDEN=1` rewrites it
  /// (and still fails, so that a run that updates is never taken for a passing one).
  @Test func docsOptionTableMatchesTheDeclaration() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../Docs/CLI.md").standardized
    let document = try String(contentsOf: url, encoding: .utf8)
    let start = try #require(
      document.firstRange(of: Reference.tableStart),
      "Docs/CLI.md has no line \(Reference.tableStart)")
    let end = try #require(
      document[start.lowerBound...].firstRange(of: Reference.tableEnd),
      "Docs/CLI.md has no line \(Reference.tableEnd) after the table")
    let current = String(document[start.lowerBound..<end.upperBound])
    guard current != Reference.markdownTable else { return }
    if ProcessInfo.processInfo.environment["STATEKIT_UPDATE_GOLDEN"] == "1" {
      let updated = document.replacingCharacters(
        in: start.lowerBound..<end.upperBound, with: Reference.markdownTable)
      try Data(updated.utf8).write(to: url)
      Issue.record("rewrote Docs/CLI.md's option table; review the diff, then run again")
      return
    }
    Issue.record(
      "Docs/CLI.md's option table differs from the declaration (Sources/InspectKit/CommandLine/CommandLineSpec.swift); run STATEKIT_UPDATE_GOLDEN=1 swift test --filter CommandLineSpecTests to rewrite it"
    )
  }
}
