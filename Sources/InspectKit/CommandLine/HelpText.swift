/// `--help`, made from the declaration (`CommandLineSpec`): the global help lists every command,
/// argument and option; a command's help (`statekit-inspect error --help`) lists that command's.
enum HelpText {
  /// The width help is wrapped to.
  static let width = 100

  /// The column descriptions start at (after the two spaces of indentation): the longest
  /// label, of every option and argument, and two spaces, so every help aligns the same way.
  static let column: Int = {
    let labels =
      CommandLineSpec.options.map(\.label)
      + CommandLineSpec.commands.flatMap { $0.arguments.map(\.name) }
    return (labels.map(\.count).max() ?? 0) + 2
  }()

  /// The help of the whole tool.
  static var global: String {
    let spec = CommandLineSpec.self
    var text = "\(spec.tool): \(spec.summary)\n\nUSAGE:\n"
    for command in spec.commands {
      for usage in command.usage { text += "  \(spec.tool) \(usage)\n" }
    }
    text += "  \(spec.tool) COMMAND --help\n\nCOMMANDS:\n"
    for command in spec.commands {
      guard let word = command.command.word else { continue }
      text += row(word, capitalized(command.summary) + ".")
    }
    text += "\nARGUMENTS:\n"
    for command in spec.commands {
      for argument in command.arguments where argument.name != "-" {
        text += row(argument.name, argument.help)
      }
    }
    text += row(spec.standardInput.name, spec.standardInput.help)
    text += "\nOPTIONS:\n"
    for option in spec.options {
      var help = option.help
      // An option of a single named command says which.
      if option.commands.count == 1, let word = option.commands[0].word {
        help = "\(word): " + uncapitalized(help)
      }
      text += row(option.label, help)
    }
    return text + footer
  }

  /// The help of one command.
  static func of(_ command: Inspector.Command) -> String {
    let spec = CommandLineSpec.self
    let declared = spec.command(command)
    let name = command.word.map { "\(spec.tool) \($0)" } ?? spec.tool
    var text = "\(name): \(declared.summary)\n\nUSAGE:\n"
    for usage in declared.usage { text += "  \(spec.tool) \(usage)\n" }
    text += "\nARGUMENTS:\n"
    for argument in declared.arguments { text += row(argument.name, argument.help) }
    text += "\nOPTIONS:\n"
    for option in spec.options(of: command) { text += row(option.label, option.help) }
    return text + footer
  }

  static var footer: String {
    "\nOptions may come before or after the command and the operands.\n\nEXIT CODES:\n"
      + wrap(
        CommandLineSpec.exitStatuses.map { "\($0.status.rawValue) \($0.meaning)" }.joined(
          separator: ", ") + ".", indent: 2) + "\n"
  }

  /// One line of a list (more when the text wraps): the label, padded to the column, and the
  /// text.
  static func row(_ label: String, _ text: String) -> String {
    let head = "  " + label + String(repeating: " ", count: max(0, column - label.count))
    let indent = 2 + column
    guard head.count <= indent else {
      // A label too long for the column: the text starts on the next line.
      return "  \(label)\n" + wrap(text, indent: indent) + "\n"
    }
    let wrapped = wrap(text, indent: indent)
    return head + wrapped.dropFirst(indent) + "\n"
  }

  /// `text` in lines of at most `width` characters (a longer word has a line of its own), each
  /// indented by `indent` spaces; no final line feed.
  static func wrap(_ text: String, indent: Int) -> String {
    let margin = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty, indent + line.count + 1 + word.count > width {
        lines.append(margin + line)
        line = ""
      }
      line += line.isEmpty ? String(word) : " " + word
    }
    lines.append(margin + line)
    return lines.joined(separator: "\n")
  }

  /// "Read an error catalog" to "read an error catalog"; "ErrorPayload" stays as it is.
  static func uncapitalized(_ text: String) -> String {
    let head = text.prefix(2)
    guard head.count == 2, head.first?.isUppercase == true, head.last?.isLowercase == true else {
      return text
    }
    return head.prefix(1).lowercased() + text.dropFirst()
  }

  static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
