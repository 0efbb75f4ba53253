import Foundation
import Testing

@Suite("statekit-inspect usage and files")
struct UsageTests {
  @Test(arguments: [
    ([], "missing MASK; see --help"),
    (["encode"], "missing TEXT; see --help"),
    (["error"], "missing INPUT; see --help"),
    (["--bogus", "1"], "unknown option \"--bogus\"; see --help"),
    (["-x", "1"], "unknown option \"-x\"; see --help"),
    // A paste that starts with `-` reads as an option: the message says how to pass it.
    (
      ["error", "-1009 The Internet connection appears to be offline."],
      "unknown option \"-1009 The Internet connection appears to be offline.\"; to read it as"
        + " error text, put -- before it (error -- TEXT) or pipe it to error -"
    ),
    (
      ["error", "--> Error Domain=NSURLErrorDomain Code=-1001"],
      "unknown option \"--> Error Domain=NSURLErrorDomain Code=-1001\"; to read it as error"
        + " text, put -- before it (error -- TEXT) or pipe it to error -"
    ),
    (
      ["-[AVCaptureSession startRunning]:", "x"],
      "unknown option \"-[AVCaptureSession startRunning]:\"; to read it as error text, put --"
        + " before it (error -- TEXT) or pipe it to error -"
    ),
    (["--state"], "--state needs a value"),
    (["--state", "visited", "1"], "--state needs NAME=BIT, not \"visited\""),
    (["--state", "=16", "1"], "--state needs NAME=BIT, not \"=16\""),
    (
      ["--state", "visited=x", "1"],
      "--state needs NAME=BIT with BIT a number from 16 to 23, not \"visited=x\""
    ),
    (["--json=yes", "1"], "--json takes no value"),
    (["--man=page"], "--man takes no value"),
    (
      ["error", "--strict", "ENOENT"],
      "--strict does not apply to the error command; see statekit-inspect error --help"
    ),
    (
      ["--state", "a=16", "error", "ENOENT"],
      "--state does not apply to the error command; see statekit-inspect error --help"
    ),
    (
      ["--errors", "catalog.json", "1"],
      "--errors belongs to the error command; see statekit-inspect error --help"
    ),
    (["--color=sometimes", "1"], "--color must be auto, always or never, not \"sometimes\""),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let run = try Run(arguments)
    #expect(
      (run.status, run.stdout, run.stderr) == (64, "", "statekit-inspect: error: \(message)\n"))
  }

  @Test(arguments: [
    (
      ["--state", "visited=24", "1"],
      "\"--state visited=24\": bit 24 is outside the application range 16...23"
    ),
    (
      ["--state", "selected=16", "1"],
      "\"--state selected=16\": it clashes with the system name \"selected\""
    ),
    (
      ["--state", "a=16", "--state", "b=16", "1"],
      "\"--state b=16\": this declaration claims bit 16 (0x10000) as \"b\", but an earlier declaration claims it as \"a\""
    ),
    (
      ["--state", "a=16", "--state", "a=17", "1"],
      "\"--state a=17\": this declaration claims the name for bit 17 (0x20000), but an earlier declaration claims it for bit 16 (0x10000)"
    ),
  ])
  func badStateFlagsExit65(arguments: [String], message: String) throws {
    let run = try Run(arguments)
    #expect((run.status, run.stderr) == (65, "statekit-inspect: error: \(message)\n"))
  }

  /// Repeating the same state is fine, up to 64 flags; unreadable files exit 66, malformed ones
  /// 65.
  @Test func tooManyStateFlagsAndBadFilesAreRefused() throws {
    #expect(try Run(["--state", "a=16", "--state", "a=16", "1"]).status == 0)
    let flags = (0..<65).flatMap { _ in ["--state", "a=16"] }
    let run = try Run(flags + ["1"])
    #expect(
      (run.status, run.stderr)
        == (65, "statekit-inspect: error: too many --state flags: 65, the limit is 64\n"))

    for arguments in [["--states"], ["error", "--errors"]] {
      let run = try Run(arguments + ["/nonexistent/file.json", "1"])
      #expect(
        (run.status, run.stderr)
          == (
            66,
            "statekit-inspect: error: cannot read \"/nonexistent/file.json\": No such file or directory\n"
          ))
    }

    let directory = FileManager.default.temporaryDirectory
    let cases: [(String, String, String)] = [
      (
        "--states", "[1]",
        "a states file is a JSON object of names and bits, such as {\"visited\": 16}"
      ),
      (
        "--states", #"{"visited": "16"}"#, "the bit of \"visited\" must be an integer from 16 to 23"
      ),
      ("--states", "{", "invalid JSON at byte 1: expected a key in an object"),
      (
        "--errors", #"{"errors": [{"code": 1}]}"#,
        "entry 0 of \"errors\" needs a string \"domain\" and an integer \"code\""
      ),
      ("--errors", "[]", "an error catalog is an object with an \"errors\" array"),
    ]
    for (option, content, message) in cases {
      let file = directory.appendingPathComponent("bad-\(UUID().uuidString).json")
      try Data(content.utf8).write(to: file)
      defer { try? FileManager.default.removeItem(at: file) }
      let command = option == "--errors" ? ["error"] : []
      let run = try Run(command + [option, file.path, "1"])
      #expect(
        (run.status, run.stderr) == (65, "statekit-inspect: error: \"\(file.path)\": \(message)\n"),
        "\(content)")
    }
  }

  /// The whole --help text, written out: the help is part of the tool's contract, so any
  /// change to it must change this test too.
  static let expectedHelp = """
    statekit-inspect: decode control-state and control-event masks and explain errors

    USAGE:
      statekit-inspect [options] MASK...
      statekit-inspect --events [options] MASK...
      statekit-inspect --layout NAME [options] MASK...
      statekit-inspect encode [options] TEXT...
      statekit-inspect error [options] INPUT...
      statekit-inspect theme [options] FILE
      statekit-inspect COMMAND --help

    COMMANDS:
      encode              Turn state text into a mask and print it like a mask.
      error               Explain errors: payloads, text pasted from logs, codes and names.
      theme               Print a theme file's values for every state, and lint it.

    ARGUMENTS:
      MASK                A mask in hex (0x00010004), decimal (65540) or binary (0b100), up to 64 bits.
      TEXT                State text such as "selected | visited", "highlighted disabled" or "0x10000";
                          with --events, event text such as "touchUpInside | valueChanged". Consecutive
                          words form one text.
      INPUT               An ErrorPayload JSON document; text pasted from a log or a report: NSError
                          text (Apple or Linux), the short form "(NSURLErrorDomain error -1009.)", a
                          Swift DecodingError, an Xcode "Domain: ... Code: ..." report; or "DOMAIN
                          CODE", a code (-25300, or a four-character code such as '!pri'), or a C or
                          Swift name such as ENOENT, errSecItemNotFound, serverRecordChanged.
      FILE                A theme file (a StyleSet's JSON): prints the value of every attribute for
                          every combination of the state bits it mentions, and lints it (entries that
                          never win, ties only precedence decides, states with no value); --strict makes
                          a finding an error (exit 65).
      -                   Read standard input as it comes: one mask or text a line; for error, JSON
                          documents or log text, each error printed once its text is complete.

    OPTIONS:
      --json              Print JSON: one object per mask (JSON Lines), an ErrorPayload per error, one
                          object for a theme.
      --state NAME=BIT    Name an application bit (16...23; with --layout, that layout's); repeatable.
      --states FILE       Read state names from a JSON object such as {"visited": 16}.
      --layout NAME       Masks, text and theme selectors of another toolkit's layout: state, events,
                          lvgl, lvgl-9.5 or gtk.
      --c-names           Print the layout's C constants (LV_STATE_PRESSED, GTK_STATE_FLAG_ACTIVE) as
                          names.
      --events            Masks and text are control events (UIControl.Event's layout): application bits
                          24...27, system reserved 28...31.
      --event NAME=BIT    Name an event application bit (24...27); implies --events; repeatable.
      --errors FILE       error: read an error catalog as ErrorKit exports it.
      --search WORDS      error: list the errors whose name or meaning holds every word.
      --list DOMAIN       error: list a domain's codes (NSURLErrorDomain, OSStatus, HTTP, ...).
      --strict            Treat reserved or unnamed bits, or a theme's lint findings, as an error.
      --color WHEN        Color output: auto (the default; honours NO_COLOR), always or never.
      -h, --help          Show this help; after a command, that command's.
      --version           Show the version.
      --completion SHELL  Print the completion script for bash, zsh or fish.
      --man               Print the man page (roff).
      --                  Everything after it is an operand (for negative codes and names that start
                          with -).

    Options may come before or after the command and the operands.

    EXIT CODES:
      0 success, 1 a lookup found nothing, 64 usage error, 65 malformed input, 66 a file that cannot be
      read, 74 output that cannot be written.

    """

  /// A command's help, written out too: its usage, its arguments and only its options.
  static let expectedThemeHelp = """
    statekit-inspect theme: print a theme file's values for every state, and lint it

    USAGE:
      statekit-inspect theme [options] FILE

    ARGUMENTS:
      FILE                A theme file (a StyleSet's JSON): prints the value of every attribute for
                          every combination of the state bits it mentions, and lints it (entries that
                          never win, ties only precedence decides, states with no value); --strict makes
                          a finding an error (exit 65).

    OPTIONS:
      --json              Print JSON: one object per mask (JSON Lines), an ErrorPayload per error, one
                          object for a theme.
      --state NAME=BIT    Name an application bit (16...23; with --layout, that layout's); repeatable.
      --states FILE       Read state names from a JSON object such as {"visited": 16}.
      --layout NAME       Masks, text and theme selectors of another toolkit's layout: state, events,
                          lvgl, lvgl-9.5 or gtk.
      --strict            Treat reserved or unnamed bits, or a theme's lint findings, as an error.
      --color WHEN        Color output: auto (the default; honours NO_COLOR), always or never.
      -h, --help          Show this help; after a command, that command's.
      --version           Show the version.
      --                  Everything after it is an operand (for negative codes and names that start
                          with -).

    Options may come before or after the command and the operands.

    EXIT CODES:
      0 success, 1 a lookup found nothing, 64 usage error, 65 malformed input, 66 a file that cannot be
      read, 74 output that cannot be written.

    """

  /// The global help and a command's, as each way of asking prints them.
  @Test(arguments: [
    (["--help"], false), (["-h"], false), (["--help", "0x4"], false),
    (["--help", "--", "error"], false), (["theme", "--help"], true), (["--help", "theme"], true),
    (["--json", "theme", "x.json", "-h"], true),
  ])
  func helpPrintsTheWholeText(arguments: [String], ofTheme: Bool) throws {
    let help = try Run(arguments)
    #expect(
      (help.status, help.stdout, help.stderr)
        == (0, ofTheme ? Self.expectedThemeHelp : Self.expectedHelp, ""))
  }
}

extension UsageTests {
  /// The version; `--` ends the options, and what the message of a paste that starts with `-`
  /// says to do works.
  @Test func versionAndPasteAfterDoubleDash() throws {
    let version = try Run(["error", "--version"])
    #expect((version.status, version.stdout) == (0, "statekit-inspect 0.2.0\n"))
    let code = try Run(["error", "--", "-1009"])
    #expect(code.status == 0 && code.stdout.contains("notConnectedToInternet"), "\(code)")
    let paste = "-1009 The Internet connection appears to be offline."
    let run = try Run(["error", "--", paste])
    #expect(run.status == 0 && run.stdout.contains("notConnectedToInternet"), "\(run)")
    // A small number that starts a sentence is no code.
    #expect(try Run(["error", "2 files were lost"]).status == 65)
    // A paste with an error in it reads the same after `--` and through standard input.
    let log =
      "-[RNCamera initializeAudioCaptureSessionInput]: Error Domain=AVFoundationErrorDomain"
      + " Code=-11814 \"Cannot Record\""
    let argument = try Run(["error", "--json", "--", log])
    let piped = try Run(["error", "--json", "-"], stdin: Data(log.utf8))
    #expect(
      (argument.status, argument.stdout.contains("\"AVFoundationErrorDomain\""), piped.stdout)
        == (0, true, argument.stdout), "\(argument)")
  }
}
