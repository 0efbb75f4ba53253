/// The man page (`--man`) and Docs/CLI.md's option table, made from the declaration
/// (`CommandLineSpec`).
enum Reference {
  /// Which commands an option applies to, in words.
  static func commands(of option: OptionSpec) -> String {
    if option.isToolOption { return "any (answered at once)" }
    if option.commands.count == Inspector.Command.all.count { return "all" }
    return option.commands.map(\.title).joined(separator: ", ")
  }

  /// The option's help and its more.
  static func meaning(of option: OptionSpec) -> String {
    option.more.isEmpty ? option.help : option.help + " " + option.more
  }

  // MARK: Docs/CLI.md

  /// The lines that enclose the generated table in Docs/CLI.md.
  static let tableStart =
    "<!-- options: made from Sources/InspectKit/CommandLine/CommandLineSpec.swift; "
    + "checked by CommandLineSpecTests, update with STATEKIT_UPDATE_GOLDEN=1 -->"
  static let tableEnd = "<!-- end of options -->"

  /// The Markdown table of every option, between its markers.
  static var markdownTable: String {
    var text = tableStart + "\n\n| option | commands | meaning |\n|--------|----------|---------|\n"
    for option in CommandLineSpec.options {
      let choices = option.value.choices
      let allowed = choices.isEmpty ? "" : " (\(choices.map { "`\($0)`" }.joined(separator: ", ")))"
      text +=
        "| `\(option.label)`\(allowed) | \(commands(of: option)) | "
        + "\(markdownEscaped(meaning(of: option))) |\n"
    }
    return text + "\n" + tableEnd
  }

  static func markdownEscaped(_ text: String) -> String {
    text.replacing("|", with: "\\|").replacing("<", with: "&lt;")
  }

  // MARK: man page

  /// The man page, in roff (`man -l`, or install it as `statekit-inspect.1`).
  static var manPage: String {
    let spec = CommandLineSpec.self
    var text = """
      .TH STATEKIT\\-INSPECT 1 "" "\(spec.tool) \(Inspector.version)" "User Commands"
      .SH NAME
      \(spec.tool) \\- \(roff(spec.summary))
      .SH SYNOPSIS
      .nf

      """
    for command in spec.commands {
      for usage in command.usage { text += "\\fB\(spec.tool)\\fR \(roffUsage(usage))\n" }
    }
    text += "\\fB\(spec.tool)\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR\n"
    text += """
      .fi
      .SH DESCRIPTION
      \(roff(HelpText.capitalized(spec.summary))).
      Options may come before or after the command and the operands;
      \\fB\\-\\-name=value\\fR and \\fB\\-\\-name value\\fR both work.
      .SH COMMANDS

      """
    for command in spec.commands {
      text += ".TP\n\\fB\(command.command.word ?? "(none)")\\fR\n"
      text += roff(HelpText.capitalized(command.summary)) + ".\n"
    }
    text += ".SH ARGUMENTS\n"
    for command in spec.commands {
      for argument in command.arguments {
        let name = argument.name == "-" ? "\\-" : argument.name
        text += ".TP\n\\fI\(name)\\fR (\(command.command.title))\n\(roff(argument.help))\n"
      }
    }
    text += ".SH OPTIONS\n"
    for option in spec.options {
      let names = option.spellings.map { "\\fB\(roffOption($0))\\fR" }.joined(separator: ", ")
      let value = option.value.name.map { " \\fI\($0)\\fR" } ?? ""
      text += ".TP\n\(names)\(value)\n\(roff(meaning(of: option)))\n"
      if !option.value.choices.isEmpty {
        text +=
          "\(option.value.name ?? "It") is one of: \(option.value.choices.joined(separator: ", ")).\n"
      }
      text += "Commands: \(commands(of: option)).\n"
    }
    text += ".SH EXIT STATUS\n"
    for (status, meaning) in spec.exitStatuses {
      text += ".TP\n.B \(status.rawValue)\n\(roff(HelpText.capitalized(meaning))).\n"
    }
    text += """
      .SH SEE ALSO
      Docs/CLI.md in StateKit's repository, which documents every form of input the \\fBerror\\fR
      command reads.

      """
    return text
  }

  /// Text for a roff line: backslashes escaped, and a line that would start with a control
  /// character made ordinary.
  static func roff(_ text: String) -> String {
    let escaped = text.replacing("\\", with: "\\e")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }

  /// `--json` with its hyphens as roff's minus signs, so it can be typed from the page.
  static func roffOption(_ name: String) -> String {
    name.replacing("-", with: "\\-")
  }

  /// A usage line: options bold, operands italic.
  static func roffUsage(_ usage: String) -> String {
    usage.split(separator: " ").map { word in
      if word.hasPrefix("--") { return "\\fB\(roffOption(String(word)))\\fR" }
      if word == "[options]" { return "[\\fIoptions\\fR]" }
      if word.first?.isUppercase == true { return "\\fI\(word)\\fR" }
      return "\\fB\(word)\\fR"
    }.joined(separator: " ")
  }
}
