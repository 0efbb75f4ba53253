/// The completion scripts of `--completion bash|zsh|fish`, made from the declaration
/// (`CommandLineSpec`): they complete the commands, the options a command takes (every option
/// before the command is known), the words of `--color` and `--completion`, and files where a
/// file is expected (`--states`, `--errors`, the theme).
enum Completions {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  static var tool: String { CommandLineSpec.tool }
  static var completed: [OptionSpec] { CommandLineSpec.options.filter(\.completes) }
  static var named: [CommandSpec] { CommandLineSpec.commands.filter { $0.command.word != nil } }

  /// The options offered after `command`'s word: its own and the tool's.
  static func offered(after command: Inspector.Command) -> [OptionSpec] {
    completed.filter { $0.applies(to: command) }
  }

  /// The first clause of a help text (up to a `.`, `;` or `:` and a space outside brackets and
  /// quotes), for the shells that show a description.
  static func description(_ text: String) -> String {
    var depth = 0
    var quoted = false
    var clause = ""
    for (character, next) in zip(text, text.dropFirst().map(Optional.some) + [nil]) {
      switch character {
      case "\"": quoted.toggle()
      case "(", "{", "[": depth += 1
      case ")", "}", "]": depth -= 1
      case _ where ".;:".contains(character) && depth == 0 && !quoted && next ?? " " == " ":
        return clause
      default: break
      }
      clause.append(character)
    }
    return clause
  }

  /// Text in single quotes for bash and zsh.
  static func shellQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: "'\\''") + "'"
  }

  /// Text in single quotes for fish, whose single quotes escape `\` and `'`.
  static func fishQuoted(_ text: String) -> String {
    "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
  }

  /// The spellings of options whose value is a separate word, as one `case` pattern.
  static var valuePattern: String {
    completed.filter { $0.value != .none }.flatMap(\.spellings).joined(separator: "|")
  }

  // MARK: bash

  static var bash: String {
    let words = named.compactMap(\.command.word)
    var text = """
      # bash completion for \(tool); made by `\(tool) --completion bash`.
      _statekit_inspect() {
          local cur="${COMP_WORDS[COMP_CWORD]}" prev="" command="" i word options
          (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
          # The command is the first operand when it is a command's name.
          for (( i = 1; i < COMP_CWORD; i++ )); do
              word="${COMP_WORDS[i]}"
              case "$word" in
                  --) break ;;
                  \(valuePattern)) (( i++ )) ;;
                  -?*) ;;
                  \(words.joined(separator: "|"))) command="$word"; break ;;
                  *) command=\(Inspector.Command.masks.title); break ;;
              esac
          done
          case "$prev" in

      """
    for option in completed where option.value != .none {
      let pattern = option.spellings.joined(separator: "|")
      switch option.value {
      case .none: break
      case .choice(_, let choices):
        text += """
                  \(pattern))
                      COMPREPLY=($(compgen -W "\(choices.joined(separator: " "))" -- "$cur"))
                      return ;;

          """
      case .file:
        text += """
                  \(pattern))
                      _statekit_inspect_files
                      return ;;

          """
      case .text:
        text += "        \(pattern)) return ;;\n"
      }
    }
    text += """
          esac
          if [[ "$cur" == -* ]]; then
              case "$command" in

      """
    for command in CommandLineSpec.commands {
      let options = offered(after: command.command).flatMap(\.spellings)
      text +=
        "            \(command.command.title)) options=\"\(options.joined(separator: " "))\" ;;\n"
    }
    text += """
                  *) options="\(completed.flatMap(\.spellings).joined(separator: " "))" ;;
              esac
              COMPREPLY=($(compgen -W "$options" -- "$cur"))
              return
          fi
          case "$command" in
              "") COMPREPLY=($(compgen -W "\(words.joined(separator: " "))" -- "$cur")) ;;

      """
    for command in named where command.operandsAreFiles {
      guard let word = command.command.word else { continue }
      text += "        \(word)) _statekit_inspect_files ;;\n"
    }
    text += """
          esac
      }

      # File names, one a line (a name may hold spaces).
      _statekit_inspect_files() {
          local IFS=$'\\n'
          compopt -o filenames 2>/dev/null
          COMPREPLY=($(compgen -f -- "$cur"))
      }

      complete -F _statekit_inspect \(tool)

      """
    return text
  }

  // MARK: zsh

  static var zsh: String {
    let words = named.compactMap(\.command.word)
    var text = """
      #compdef \(tool)
      # zsh completion for \(tool); made by `\(tool) --completion zsh`. Put it in a directory of
      # $fpath as _\(tool), or source it.

      _statekit-inspect() {
          local command="" i word
          local -a options commands
          # The command is the first operand when it is a command's name.
          for (( i = 2; i < CURRENT; i++ )); do
              word="${words[i]}"
              case "$word" in
                  (--) break ;;
                  (\(valuePattern)) (( i++ )) ;;
                  (-?*) ;;
                  (\(words.joined(separator: "|"))) command="$word"; break ;;
                  (*) command=\(Inspector.Command.masks.title); break ;;
              esac
          done
          case "${words[CURRENT-1]}" in

      """
    for option in completed where option.value != .none {
      let pattern = option.spellings.joined(separator: "|")
      switch option.value {
      case .none: break
      case .choice(_, let choices):
        text += "        (\(pattern)) compadd -- \(choices.joined(separator: " ")); return ;;\n"
      case .file:
        text += "        (\(pattern)) _files; return ;;\n"
      case .text(let name):
        text += "        (\(pattern)) _message \(shellQuoted(name)); return ;;\n"
      }
    }
    text += """
          esac
          if [[ "${words[CURRENT]}" == -* ]]; then
              case "$command" in

      """
    func entries(_ options: [OptionSpec]) -> String {
      options.flatMap { option in
        option.spellings.map { shellQuoted("\($0):\(description(option.help))") }
      }.joined(separator: " ")
    }
    for command in CommandLineSpec.commands {
      text +=
        "            (\(command.command.title)) "
        + "options=(\(entries(offered(after: command.command)))) ;;\n"
    }
    text += """
                  (*) options=(\(entries(completed))) ;;
              esac
              _describe -t options option options
              return
          fi
          case "$command" in
              ("")
                  commands=(\(named.compactMap { command in
                    command.command.word.map { shellQuoted("\($0):\(HelpText.capitalized(command.summary))") }
                  }.joined(separator: " ")))
                  _describe -t commands command commands ;;

      """
    for command in named where command.operandsAreFiles {
      guard let word = command.command.word else { continue }
      text += "        (\(word)) _files ;;\n"
    }
    text += """
          esac
      }

      if [[ "${funcstack[1]}" == _statekit-inspect ]]; then
          _statekit-inspect "$@"
      else
          compdef _statekit-inspect \(tool)
      fi

      """
    return text
  }

  // MARK: fish

  static var fish: String {
    let words = named.compactMap(\.command.word)
    let valueOptions = completed.filter { $0.value != .none }.flatMap(\.spellings)
    var text = """
      # fish completion for \(tool); made by `\(tool) --completion fish`.
      complete -c \(tool) -f

      # The command given so far: the first operand when it is a command's name, \(Inspector.Command.masks.title)
      # when it is another operand; nothing before the first operand.
      function __statekit_inspect_command
          set -l tokens (commandline -opc)
          set -e tokens[1]
          set -l skip 0
          for token in $tokens
              if test $skip = 1
                  set skip 0
                  continue
              end
              switch $token
                  case --
                      return
                  case \(valueOptions.joined(separator: " "))
                      set skip 1
                  case -
                      echo \(Inspector.Command.masks.title)
                      return
                  case '-*'
                  case \(words.joined(separator: " "))
                      echo $token
                      return
                  case '*'
                      echo \(Inspector.Command.masks.title)
                      return
              end
          end
      end

      # Whether the command given so far is one of the arguments (or none is given yet).
      function __statekit_inspect_takes
          set -l command (__statekit_inspect_command)
          test (count $command) -eq 0; or contains -- $command $argv
      end


      """
    for command in named {
      guard let word = command.command.word else { continue }
      text +=
        "complete -c \(tool) -n 'test (count (__statekit_inspect_command)) -eq 0' -a \(word) -d "
        + fishQuoted(HelpText.capitalized(command.summary)) + "\n"
    }
    for option in completed {
      var line = "complete -c \(tool)"
      // An option of some commands is offered after those, or before any command is given.
      if !option.isToolOption, option.commands.count < Inspector.Command.all.count {
        line +=
          " -n "
          + fishQuoted(
            "__statekit_inspect_takes " + option.commands.map(\.title).joined(separator: " "))
      }
      if let short = option.short { line += " -s \(short.dropFirst())" }
      line += " -l \(option.name.dropFirst(2))"
      switch option.value {
      case .none: break
      case .choice(_, let choices): line += " -x -a " + fishQuoted(choices.joined(separator: " "))
      case .file: line += " -r -F"
      case .text: line += " -x"
      }
      text += line + " -d " + fishQuoted(description(option.help)) + "\n"
    }
    for command in named where command.operandsAreFiles {
      guard let word = command.command.word else { continue }
      text +=
        "complete -c \(tool) -n "
        + fishQuoted("contains -- (__statekit_inspect_command) \(word)") + " -F\n"
    }
    return text
  }
}
