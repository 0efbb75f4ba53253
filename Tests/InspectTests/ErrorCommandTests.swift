import ErrorKitCore
import Foundation
import StateKitTesting
import Testing

@testable import InspectKit

@Suite("statekit-inspect error")
struct ErrorCommandTests {
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func fixture(_ name: String) throws -> String {
    try String(contentsOf: corpus.appendingPathComponent(name), encoding: .utf8)
  }

  /// Apple's text with a nested chain, Linux's as JSON, and a log line with text around the
  /// error.
  @Test func appleAndLinuxTextAndLogLines() throws {
    let text =
      #"Error Domain=NSCocoaErrorDomain Code=513 "You don’t have permission to save the file “state.json” in the folder “app”." UserInfo={NSFilePath=/Users/me/Library/app/state.json, NSUnderlyingError=0x600000c1a0f0 {Error Domain=NSPOSIXErrorDomain Code=13 "Permission denied"}}"#
    let run = try Run(["error", text])
    #expect(
      (run.status, run.stdout)
        == (
          0,
          """
          NSCocoaErrorDomain 513 fileWriteNoPermission
            description: You don’t have permission to save the file “state.json” in the folder “app”.
            NSFilePath: /Users/<redacted>/Library/app/state.json
            caused by: NSPOSIXErrorDomain 13 EACCES
              description: Permission denied

          """
        ))

    let linuxText =
      #"Error Domain=com.example.Store Code=3 "(null)"UserInfo={NSUnderlyingError=Error Domain=NSCocoaErrorDomain Code=513 "You don’t have permission."UserInfo={NSUnderlyingError=Error Domain=NSPOSIXErrorDomain Code=13 "Permission denied", NSFilePath=/var/lib/app/state.json}, NSLocalizedDescription=Could not save your changes., NSLocalizedRecoverySuggestion=Check the folder's permissions, then try again.}"#
    let linux = try Run(["error", "--json", linuxText])
    #expect(
      (linux.status, linux.stdout)
        == (
          0,
          #"{"domain": "com.example.Store", "code": 3, "name": null, "description": "Could not save your changes.", "failureReason": null, "recoverySuggestion": "Check the folder's permissions, then try again.", "details": {}, "underlying": {"domain": "NSCocoaErrorDomain", "code": 513, "name": "fileWriteNoPermission", "description": null, "failureReason": "You don’t have permission.", "recoverySuggestion": null, "details": {"NSFilePath": "/var/lib/app/state.json"}, "underlying": {"domain": "NSPOSIXErrorDomain", "code": 13, "name": "EACCES", "description": null, "failureReason": "Permission denied", "recoverySuggestion": null, "details": {}, "underlying": null}}}"#
            + "\n"
        ))

    let line =
      #"2026-11-20 10:15:02.114 MyApp[812:40211] Save failed: Error Domain=com.example.Store Code=3 "Could not save your changes." UserInfo={NSLocalizedRecoverySuggestion=Check the folder's permissions, then try again., NSUnderlyingError=0x6000039a5c80 {Error Domain=NSCocoaErrorDomain Code=513 "You don’t have permission." UserInfo={NSFilePath=/tmp/state.json, NSUnderlyingError=0x6000039a5d10 {Error Domain=NSPOSIXErrorDomain Code=13 "Permission denied"}}}} (will retry)"#
    let logged = try Run(["error", "--json", line])
    #expect((logged.status, logged.stdout.split(separator: "\n").count) == (0, 1))
    #expect(
      logged.stdout.hasPrefix(
        #"{"domain": "com.example.Store", "code": 3, "name": null, "description": "Could not save your changes.", "failureReason": null, "recoverySuggestion": "Check the folder's permissions, then try again.", "details": {}, "underlying": {"domain": "NSCocoaErrorDomain""#
      ) && logged.stdout.contains(#""details": {"NSFilePath": "/tmp/state.json"}"#), "\(logged)")
  }

  /// Values with commas, braces, URLs and other scripts; values of several lines and the old
  /// pointer form; and every NSError of a log, whatever its platform.
  @Test func valuesOfEveryShapeAndEveryNSErrorInALog() throws {
    let text =
      #"Error Domain=jp.example.Sync Code=7 "サーバーが応答しません"UserInfo={NSLocalizedFailureReason=サーバーが応答しません, NSURL=https://example.com/a?b=1&c=2, Note={x=y}, a, b, NSLocalizedDescription=同期に失敗しました。}"#
    let run = try Run(["error", "--json", text])
    #expect(
      (run.status, run.stdout)
        == (
          0,
          #"{"domain": "jp.example.Sync", "code": 7, "name": null, "description": "同期に失敗しました。", "failureReason": "サーバーが応答しません", "recoverySuggestion": null, "details": {"NSURL": "https://example.com/a?b=<redacted>&c=<redacted>", "Note": "{x=y}, a, b"}, "underlying": null}"#
            + "\n"
        ))

    let multiLine =
      "Error Domain=NSCocoaErrorDomain Code=4865 \"The data couldn’t be read because it is missing.\" UserInfo={NSCodingPath=(\n    \"CodingKeys(stringValue: \\\"id\\\", intValue: nil)\"\n), NSDebugDescription=No value.}\n"
      + #"Error Domain=NSCocoaErrorDomain Code=4 "“notes.txt” couldn’t be removed." UserInfo=0x1700f3b00 {NSFilePath=/var/mobile/notes.txt, NSUnderlyingError=0x1700e0a80 "The operation couldn’t be completed. No such file or directory"}"#
    let piped = try Run(["error", "--json", "-"], stdin: Data(multiLine.utf8))
    let lines = piped.stdout.lines
    #expect((piped.status, lines.count) == (0, 2), "\(piped)")
    #expect(
      lines.first?.lacking([
        #""name": "coderValueNotFound""#,
        #""NSCodingPath": "(\n    \"CodingKeys(stringValue: \\\"id\\\", intValue: nil)\"\n)""#,
      ]) == [])
    #expect(
      lines.last?.contains(
        #""underlying": {"domain": "", "code": 0, "name": null, "description": "The operation couldn’t be completed. No such file or directory""#
      ) == true)

    let log =
      try Self.fixture("nserror-linux.txt") + "noise line\n"
      + (try Self.fixture("nserror-apple.txt"))
    let all = try Run(["error", "--json", "-"], stdin: Data(log.utf8))
    #expect((all.status, all.stdout.split(separator: "\n").count) == (0, 12), "\(all)")
    #expect(
      all.stdout.lacking([
        #""domain": "NSURLErrorDomain", "code": -1001, "name": "timedOut""#,
        #""domain": "kCFErrorDomainCFNetwork", "code": -1001, "name": "timedOut", "description": null"#,
      ]) == [])
  }

  /// A payload prints back unchanged, from an argument or standard input, with all its causes;
  /// its tree shows them all.
  @Test func payloadsPrintBackUnchangedWithAllTheirCauses() throws {
    let payload =
      #"{"domain": "com.example.JSONDecode", "code": 100, "name": "missingRequiredKey", "description": "The key \"id\" is missing.", "failureReason": null, "recoverySuggestion": null, "details": {"0": "id"}, "underlying": {"domain": "D", "code": -1, "name": null, "description": "Ünïcödé\n2", "failureReason": "r", "recoverySuggestion": "s", "details": {}, "underlying": null}}"#
    let run = try Run(["error", "--json", payload])
    let fromStdin = try Run(["error", "--json", "-"], stdin: Data(payload.utf8))
    #expect((run.status, run.stdout, fromStdin.stdout) == (0, payload + "\n", payload + "\n"))
    let human = try Run(["error", payload])
    #expect(
      human.stdout == """
        com.example.JSONDecode 100 missingRequiredKey
          description: The key "id" is missing.
          0: id
          caused by: D -1
            description: Ünïcödé
              2
            reason: r
            suggestion: s

        """)

    let several =
      #"{"domain": "com.example.Theme", "code": 1, "name": null, "description": "The theme has 3 problems.", "failureReason": null, "recoverySuggestion": null, "details": {}, "underlying": {"domain": "P", "code": 1, "name": null, "description": "first", "failureReason": null, "recoverySuggestion": null, "details": {}, "underlying": null}, "otherCauses": [{"domain": "P", "code": 2, "name": null, "description": "second", "failureReason": null, "recoverySuggestion": null, "details": {}, "underlying": {"domain": "NSPOSIXErrorDomain", "code": 2, "name": null, "description": "No such file or directory", "failureReason": null, "recoverySuggestion": null, "details": {}, "underlying": null}}, {"domain": "P", "code": 3, "name": null, "description": "third", "failureReason": null, "recoverySuggestion": null, "details": {}, "underlying": null}]}"#
    let json = try Run(["error", "--json", several])
    let tree = try Run(["error", several])
    #expect(
      (json.status, json.stdout, tree.stdout)
        == (
          0, several + "\n",
          """
          com.example.Theme 1
            description: The theme has 3 problems.
            caused by: P 1
              description: first
            also caused by: P 2
              description: second
              caused by: NSPOSIXErrorDomain 2
                description: No such file or directory
            also caused by: P 3
              description: third

          """
        ))
  }

  /// Several causes, in Linux's text and in whatever this platform's Foundation prints (Apple's
  /// array in quotes, Linux's in brackets), are all kept.
  @Test func severalCausesInEitherPlatformsTextAreKept() throws {
    // What swift-corelibs-foundation 6.3.1 prints on Linux for this error (keys in the order
    // of SWIFT_DETERMINISTIC_HASHING=1):
    //   let refused = NSError(domain: NSURLErrorDomain, code: -1004, userInfo: [
    //     NSLocalizedDescriptionKey: "Could not connect to the server.",
    //     NSURLErrorFailingURLStringErrorKey: "https://api.example.com/v1/items?api_key=s3cret"])
    //   let missing = NSError(domain: NSPOSIXErrorDomain, code: 2, userInfo: [
    //     NSLocalizedDescriptionKey: "No such file or directory",
    //     NSFilePathErrorKey: "/var/lib/app/cache.db"])
    //   let timeout = NSError(domain: NSURLErrorDomain, code: -1001, userInfo: [
    //     NSLocalizedDescriptionKey: "The request timed out."])
    //   let retry = NSError(domain: "com.example.Retry", code: 3, userInfo: [
    //     NSLocalizedDescriptionKey: "2 attempts failed.", NSUnderlyingErrorKey: timeout,
    //     "NSMultipleUnderlyingErrorsKey": [refused]])
    //   print(NSError(domain: "com.example.Batch", code: 1, userInfo: [
    //     NSLocalizedDescriptionKey: "3 requests failed.", NSUnderlyingErrorKey: missing,
    //     "NSMultipleUnderlyingErrorsKey": [retry, refused]]))
    let text = try Self.fixture("nserror-linux-several-causes.txt")
    let json = try Run(["error", "--json", text])
    #expect(json.status == 0)
    let payload = try ErrorPayload(json: json.stdout)
    #expect(
      [RealPasteTests.tree(payload), payload.otherCauses[1].details["NSErrorFailingURLStringKey"]]
        == [
          "com.example.Batch 1 {com.example.Retry 3 {NSURLErrorDomain -1004} > NSURLErrorDomain -1001, NSURLErrorDomain -1004} > NSPOSIXErrorDomain 2",
          "https://api.example.com/v1/items?api_key=<redacted>",
        ])
    let human = try Run(["error", text])
    #expect(
      (human.stdout, human.stderr) == (
        """
        com.example.Batch 1
          description: 3 requests failed.
          caused by: NSPOSIXErrorDomain 2 ENOENT
            description: No such file or directory
            reason: No such file or directory
            NSFilePath: /var/lib/app/cache.db
          also caused by: com.example.Retry 3
            description: 2 attempts failed.
            caused by: NSURLErrorDomain -1001 timedOut
              description: The request timed out.
            also caused by: NSURLErrorDomain -1004 cannotConnectToHost
              description: Could not connect to the server.
              NSErrorFailingURLStringKey: https://api.example.com/v1/items?api_key=<redacted>
          also caused by: NSURLErrorDomain -1004 cannotConnectToHost
            description: Could not connect to the server.
            NSErrorFailingURLStringKey: https://api.example.com/v1/items?api_key=<redacted>

        """, ""
      ))

    // Whatever Foundation runs the test prints: Apple's array in quotes, Linux's in brackets.
    let missing = NSError(
      domain: NSPOSIXErrorDomain, code: 2,
      userInfo: [NSLocalizedDescriptionKey: "No such file or directory"])
    let timeout = NSError(
      domain: NSURLErrorDomain, code: -1001,
      userInfo: [NSLocalizedDescriptionKey: "The request \"timed\" out, again."])
    let inner = NSError(
      domain: "com.example.Retry", code: 3,
      userInfo: [ErrorUserInfoKey.otherUnderlyingErrors: [timeout, missing]])
    let outer = NSError(
      domain: "com.example.Batch", code: 1,
      userInfo: [
        NSUnderlyingErrorKey: missing, ErrorUserInfoKey.otherUnderlyingErrors: [inner, timeout],
      ])
    let run = try Run(["error", "--json", String(describing: outer)])
    let native = try ErrorPayload(json: run.stdout)
    #expect(
      [RealPasteTests.tree(native), native.otherCauses[1].message]
        == [
          "com.example.Batch 1 {com.example.Retry 3 {NSURLErrorDomain -1001, NSPOSIXErrorDomain 2}, NSURLErrorDomain -1001} > NSPOSIXErrorDomain 2",
          "The request \"timed\" out, again.",
        ], "\(outer)")
  }

  /// Too many other causes end with the size marker; an array that holds no errors is kept as a
  /// detail.
  @Test func otherCausesAreCappedAndMustBeErrors() throws {
    let element = #"Error Domain=E Code=2 "y"UserInfo={k=v}"#
    let text =
      #"Error Domain=D Code=1 "x"UserInfo={NSMultipleUnderlyingErrorsKey=["#
      + Array(repeating: element, count: 2_000).joined(separator: ", ") + "]}"
    let run = try Run(["error", "--json", text])
    #expect(run.status == 0)
    let payload = try ErrorPayload(json: run.stdout)
    let count = payload.otherCauses.count
    #expect(
      count < ErrorPayload.maximumCount && count > ErrorPayload.maximumCount * 9 / 10
        && payload.otherCauses.last == ErrorPayload.sizeMarker, "\(count)")

    let noErrors =
      #"Error Domain=D Code=1 "x" UserInfo={NSMultipleUnderlyingErrorsKey=(1, 2), k=v}"#
    let kept = try ErrorPayload(json: try Run(["error", "--json", noErrors]).stdout)
    #expect(
      (kept.otherCauses.count, kept.details)
        == (0, ["NSMultipleUnderlyingErrorsKey": "(1, 2)", "k": "v"]))
  }

  /// Look-ups by name, by domain and code, and by code alone; good errors still print after a
  /// bad one.
  @Test func lookupsByNameDomainAndCodeEvenAfterABadOne() throws {
    let byName = try Run(["error", "ENOENT"])
    let twoWords = try Run(["error", "NSPOSIXErrorDomain", "13"])
    #expect(
      [byName.stdout, twoWords.stdout] == [
        "NSPOSIXErrorDomain 2 ENOENT\n  description: No such file or directory\n",
        "NSPOSIXErrorDomain 13 EACCES\n  description: Permission denied\n",
      ])
    let swiftName = try Run(["error", "--json", "fileReadNoSuchFile"])
    #expect(
      swiftName.stdout.hasPrefix(
        #"{"domain": "NSCocoaErrorDomain", "code": 260, "name": "fileReadNoSuchFile""#))
    let headings = try [
      "notConnectedToInternet", "NSCocoaErrorDomain 260", "dev.statekit.StateKit 4",
    ]
    .map { try Run(["error", $0]).stdout.firstLine }
    #expect(
      headings == [
        "NSURLErrorDomain -1009 notConnectedToInternet",
        "NSCocoaErrorDomain 260 fileReadNoSuchFile",
        "dev.statekit.StateKit 4 unknownName",
      ])
    let code = try Run(["error", "--json", "13"])
    #expect(
      code.stdout.lacking([#""name": "EACCES""#, #""name": "notSingleApplicationBit""#]) == [],
      "every domain with code 13")
    let afterABadOne = try Run(["error", "EFOO", "ENOENT", "{"])
    #expect(
      (afterABadOne.status, afterABadOne.stdout.firstLine, afterABadOne.stderr.lines.count)
        == (1, "NSPOSIXErrorDomain 2 ENOENT", 2))
  }

  /// Apple's text uses Darwin's errno, where a look-up shows both numberings, labelled,
  /// Darwin's first; a catalog names errors by name and in text.
  @Test func appleTextUsesDarwinErrnoAndCatalogsNameErrors() throws {
    let apple = try Run([
      "error",
      #"Error Domain=NSPOSIXErrorDomain Code=35 "Resource temporarily unavailable" UserInfo={}"#,
    ])
    // A look-up shows both numberings, labelled, Darwin's first.
    let both = try Run(["error", "NSPOSIXErrorDomain 35"])
    #expect(
      (apple.stdout.firstLine, both.stdout)
        == (
          "NSPOSIXErrorDomain 35 EAGAIN",
          """
          NSPOSIXErrorDomain 35 EAGAIN
            description: Resource temporarily unavailable
            source: Darwin errno

          NSPOSIXErrorDomain 35 EDEADLK
            description: Resource deadlock avoided
            source: Linux errno

          NSPOSIXErrorDomain 35 EDEADLOCK
            description: Resource deadlock avoided
            source: Linux errno

          """
        ))

    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "errors-\(UUID().uuidString).json")
    try Data(
      #"{"errors": [{"domain": "com.example.JSONDecode", "code": 100, "name": "missingRequiredKey", "description": "A key is missing."}]}"#
        .utf8
    ).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let byName = try Run(["error", "--errors", file.path, "missingRequiredKey"])
    let inText = try Run([
      "error", "--errors", file.path, "--json",
      #"Error Domain=com.example.JSONDecode Code=100 "(null)""#,
    ])
    #expect(
      byName.stdout
        == "com.example.JSONDecode 100 missingRequiredKey\n  description: A key is missing.\n"
        && inText.stdout.contains(#""name": "missingRequiredKey", "description": null"#),
      "\(byName)\n\(inText)")
  }

  @Test(arguments: [
    (["error", "EFOO"], Int32(1), "no error is named \"EFOO\""),
    (["error", "99999"], 1, "no error has code 99999"),
    (["error", "NSCocoaErrorDomain 99999"], 1, "no entry for \"NSCocoaErrorDomain\" code 99999"),
    (
      ["error", "hello world foo"], 65,
      "\"hello world foo\" is not an error payload, an Xcode report, NSError text, a Swift DecodingError, Foundation's short form or a domain with its code in another layout, \"DOMAIN CODE\", a code or a name"
    ),
    (
      ["error", "{\"domain\": 1}"], 65,
      "\"{\\\"domain\\\": 1}\": an error payload needs a string \"domain\""
    ),
    (
      ["error", "{\"domain\": \"D\", \"code\": 1.5}"], 65,
      "\"{\\\"domain\\\": \\\"D\\\", \\\"code\\\": 1.5}\": an error payload needs an integer \"code\""
    ),
    (["error", "{"], 65, "\"{\": invalid JSON at byte 1: expected a key in an object"),
    (
      ["error", "Error Domain=X"], 65,
      "\"Error Domain=X\": cannot read NSError text at byte 14: the text ends before \"Code=\""
    ),
    (
      ["error", "Error Domain=X Code=99999999999999999999"], 65,
      "\"Error Domain=X Code=99999999999999999999\": cannot read NSError text at byte 40: expected an integer code that fits in 64 bits"
    ),
  ])
  func badInputs(arguments: [String], status: Int32, message: String) throws {
    let run = try Run(arguments)
    #expect(
      (run.status, run.stdout, run.stderr) == (status, "", "statekit-inspect: error: \(message)\n"))
  }

  /// An argument is read as standard input is, its text the only lines: the same errors, the
  /// same status and as many messages, whatever the form (look-ups aside, which only an argument
  /// is).
  @Test(arguments: [
    "{ code = 4; domain = WKErrorDomain; }",
    #"{"level": 3, "message": "Error Domain=NSCocoaErrorDomain Code=4 \"x\""#,
    #"{"domain": "com.example.D", "code": 1, "extra": "\q"}"#,
    #"{"domain": "com.example.D", "code": 1.5}"#,
    "{\n  \"domain\": \"D\",\n  \"code\": 2\n}",
    "Error Domain=A Code=1 \"x\"\n{\"domain\":\"B\",\"code\":2}",
    "{\n    code = 4;\n    domain = WKErrorDomain;\n}",
    "{ nothing here", "{", "hello world",
    "Error Domain=D Code=1 \"x\" UserInfo={a=b,\nc=d}\nThe operation couldn’t be completed. (Cocoa error 4.)",
  ])
  func anArgumentIsReadAsStandardInputIs(input: String) throws {
    let argument = try Run(["error", "--json", input])
    let piped = try Run(["error", "--json", "-"], stdin: Data(input.utf8))
    #expect(
      (argument.stdout, argument.status, argument.stderr.lines.count)
        == (piped.stdout, piped.status, piped.stderr.lines.count), "\(argument)\n\(piped)")
  }

  // MARK: The secrets policy on every form the tool reads and prints

  /// Details that a first policy let through: a URL in another's path, schemes that end in a
  /// digit, a password with an `@`, a Windows home folder whose name holds a space, one in
  /// lower case, and one with its backslashes doubled; each with what the tool must print.
  static let hardForms: [(key: String, value: String, printed: String)] = [
    (
      "proxy", "https://proxy.example/https://alice:pa55@api.example.com/v1?sig=s3cr3t",
      "https://proxy.example/https://<redacted>@api.example.com/v1?sig=<redacted>"
    ),
    (
      "archive", "https://web.archive.org/web/2024/#https://alice:pa55@example.com/a",
      "https://web.archive.org/web/2024/#https://<redacted>@example.com/a"
    ),
    (
      "s3", "s3://AKIDEXAMPLE:pa55@bucket/key?X-Amz-Signature=s3cr3t",
      "s3://<redacted>@bucket/key?X-Amz-Signature=<redacted>"
    ),
    (
      "tn3270", "tn3270://alice:pa55@mainframe.example:23",
      "tn3270://<redacted>@mainframe.example:23"
    ),
    ("at", "https://alice:pa55@word@host.example/x", "https://<redacted>@host.example/x"),
    (
      "home", #"C:\Users\alice Smith\AppData\state.json"#,
      #"C:\Users\<redacted>\AppData\state.json"#
    ),
    ("lower", #"c:\users\alice\AppData\state.json"#, #"c:\users\<redacted>\AppData\state.json"#),
    ("doubled", #"C:\\Users\\alice\\x"#, #"C:\\Users\\<redacted>\\x"#),
  ]

  /// What must not leave the tool.
  static let secrets = ["alice", "pa55", "word@", "s3cr3t", "Smith", "AKIDEXAMPLE"]

  /// The hard forms as the user info of NSError text, under a cause.
  static var hardText: String {
    let userInfo = hardForms.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
    return #"Error Domain=NSURLErrorDomain Code=-1011 "Bad response" UserInfo={"#
      + #"NSUnderlyingError=0x6000 {Error Domain=NSPOSIXErrorDomain Code=13 "Permission denied" "#
      + "UserInfo={" + userInfo + "}}, " + userInfo + "}"
  }

  /// Every text the tool prints for the errors it finds: for each, the tree and the JSON line.
  static func printed(_ arguments: [String], stdin: String = "") throws -> [String] {
    let input = Data(stdin.utf8)
    let human = try Run(arguments, stdin: input)
    let json = try Run(arguments + ["--json"], stdin: input)
    // Trees are set apart by a blank line; a value's lines are indented, so none is blank.
    let trees = human.stdout.components(separatedBy: "\n\n")
    let lines = json.stdout.split(separator: "\n").map { String($0) + "\n" }
    #expect(trees.count == lines.count, "\(human)\n\(json)")
    return zip(trees, lines).map { $0 + ($0.hasSuffix("\n") ? "" : "\n") + $1 }
  }

  static func expectRedacted(_ texts: [String], _ comment: String) {
    let forms: [String] = hardForms.map { "  \($0.key): \($0.printed)\n" }
    // The secrets each text holds and the printed forms it lacks.
    let wrong: [[String]] = texts.map { $0.holding(secrets) + $0.lacking(forms) }
    #expect(
      (texts.isEmpty, wrong) == (false, Array(repeating: [], count: texts.count)),
      "\(comment): \(texts)")
  }

  /// In process, on every way the tool reads an error: an argument of NSError text, a log line
  /// around it, the same text inside a JSON log line's string (read from its unescaped copy),
  /// and standard input as a stream; each error and its cause, as a tree and as JSON. Then the
  /// tool end to end: an argument, `--json`, and `error -`.
  @Test func hardFormsAreRedactedOnEveryReading() throws {
    let text = Self.hardText
    let line = "2026-11-20 10:15:02.114 MyApp[812:40211] Fetch failed: " + text + " (will retry)"
    var escaped = ""
    for character in text {
      switch character {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      default: escaped.append(character)
      }
    }
    let jsonLine = #"{"level": 3, "message": ""# + escaped + #""}"#
    for (name, input) in [("argument", text), ("log line", line), ("JSON log line", jsonLine)] {
      let texts = try Self.printed(["error", input])
      Self.expectRedacted(texts, name)
      // The cause's details too.
      let fewRedactions = texts.filter {
        $0.components(separatedBy: "<redacted>").count <= 2 * Self.hardForms.count
      }
      #expect(fewRedactions == [], "\(name)")
    }
    let texts = try Self.printed(["error", "-"], stdin: line + "\n" + jsonLine + "\n")
    #expect(texts.count == 2)
    Self.expectRedacted(texts, "stream")

    let runs = [
      try Run(["error", text]), try Run(["error", "--json", text]),
      try Run(["error", "-"], stdin: Data((text + "\n").utf8)),
    ]
    let leaks: [String] = runs.flatMap { $0.leaking(Self.secrets) }
    #expect((runs.map(\.status), leaks) == ([0, 0, 0], []), "\(runs)")
    let forms: [String] = Self.hardForms.map { "  \($0.key): \($0.printed)\n" }
    let jsonForms: [String] = Self.hardForms.map { form in
      var json = JSONWriter()
      json.string(form.printed)
      return #"""# + form.key + #"": "# + String(decoding: json.bytes, as: UTF8.self)
    }
    #expect(
      [
        runs[0].stdout.lacking(forms), runs[1].stdout.lacking(jsonForms),
        runs[2].stdout.lacking(forms),
      ]
        == [[], [], []], "\(runs)")
  }

  // MARK: The secrets policy on an error's texts, and on the tool's own messages

  /// What must not leave the tool when an error's texts hold secrets.
  static let textSecrets = ["alice", "pw3", "SECRET3", "KEY4", "p/ss", "TOKEN5"]

  /// Apple's form, whose quoted text is the description, and Linux's, whose quoted text is the
  /// failure reason; each with a cause whose text holds a request target.
  static let textForms: [(name: String, text: String)] = [
    (
      "Apple",
      #"Error Domain=NSURLErrorDomain Code=-1011 "Could not load https://alice:pw3@example.org/?sig=SECRET3" UserInfo={NSLocalizedFailureReason=The server refused /login?api_key=KEY4 today., NSLocalizedRecoverySuggestion=Check https://bob:p/ss@example.org/v1 then retry., NSErrorFailingURLStringKey=https://alice:pw3@example.org/?sig=SECRET3, NSUnderlyingError=0x600000c1a0f0 {Error Domain=NSPOSIXErrorDomain Code=13 "GET /v1/x?token=TOKEN5 was refused"}}"#
    ),
    (
      "Linux",
      #"Error Domain=NSURLErrorDomain Code=-1011 "The server refused /login?api_key=KEY4 today."UserInfo={NSLocalizedDescription=Could not load https://alice:pw3@example.org/?sig=SECRET3, NSLocalizedRecoverySuggestion=Check https://bob:p/ss@example.org/v1 then retry., NSErrorFailingURLStringKey=https://alice:pw3@example.org/?sig=SECRET3, NSUnderlyingError=Error Domain=NSPOSIXErrorDomain Code=13 "GET /v1/x?token=TOKEN5 was refused"}"#
    ),
  ]

  /// An error's description, failure reason and recovery suggestion are redacted as its details
  /// are (issue 49, K1), as a tree and as JSON, on Apple's and Linux's text.
  @Test(arguments: textForms.map(\.text))
  func descriptionsReasonsAndSuggestionsAreRedacted(_ text: String) throws {
    let tree = try Run(["error", text])
    let json = try Run(["error", "--json", text])
    let streamed = try Run(["error", "--json", "-"], stdin: Data((text + "\n").utf8))
    #expect(
      (tree.status, json.status, streamed.stdout) == (0, 0, json.stdout),
      "\(tree)\n\(json)\n\(streamed)")
    #expect(
      tree.stdout == """
        NSURLErrorDomain -1011 badServerResponse
          description: Could not load https://<redacted>@example.org/?sig=<redacted>
          reason: The server refused /login?api_key=<redacted> today.
          suggestion: Check https://<redacted>@example.org/v1 then retry.
          NSErrorFailingURLStringKey: https://<redacted>@example.org/?sig=<redacted>
          caused by: NSPOSIXErrorDomain 13 EACCES
            \(text.contains("UserInfo={NSLocalizedDescription") ? "reason" : "description"): GET /v1/x?token=<redacted> was refused

        """)
    #expect(
      json.stdout.contains(
        #""description": "Could not load https://<redacted>@example.org/?sig=<redacted>", "failureReason": "The server refused /login?api_key=<redacted> today.", "recoverySuggestion": "Check https://<redacted>@example.org/v1 then retry.""#
      ), "\(json)")
    #expect([tree, json, streamed].map { $0.leaking(Self.textSecrets) } == [[], [], []])
  }

  /// The tool's own messages name an input by its text: that text follows the policy too, before
  /// it is shortened, so no half of a password is left at the cut.
  @Test func messagesThatNameAnInputAreRedacted() throws {
    let runs = [
      // Not an error: the failure quotes the argument.
      try Run(["error", "https://alice:pw3@example.org/?sig=SECRET3"]),
      try Run(["error", "see /login?api_key=KEY4 now"]),
      // An error whose text ends inside its user info: the warning names the argument.
      try Run([
        "error",
        #"Error Domain=D Code=1 "https://alice:pw3@example.org/?sig=SECRET3" UserInfo={NSFilePath=/tmp/x"#,
      ]),
      try Run(["error", "--search", "https://alice:pw3@example.org/?sig=SECRET3"]),
    ]
    let leaks: [[String]] = runs.map { $0.leaking(Self.textSecrets) }
    #expect(
      (runs.map { $0.stderr.isEmpty }, leaks)
        == ([false, false, false, false], [[], [], [], []]), "\(runs)")
    #expect(
      runs[0].stderr.contains(#""https://<redacted>@example.org/?sig=<redacted>""#), "\(runs[0])")
  }
}

extension ErrorCommandTests {
  /// The chain of each top-level error of a JSON Lines output, as "domain code > domain code".
  static func chains(_ stdout: String) throws -> [String] {
    try stdout.split(separator: "\n").map { line in
      try ErrorPayload(json: String(line)).chain.map { "\($0.domain) \($0.code)" }
        .joined(separator: " > ")
    }
  }

  /// NSError text as people retype or re-render it: `code=` in lower case, quotes written as
  /// `&quot;` by a page that escaped them.
  @Test(arguments: [
    #"Error Domain=NSCocoaErrorDomain code=4 "“a.txt” couldn’t be removed." UserInfo={NSUnderlyingError=0x600 {Error Domain=NSPOSIXErrorDomain code=2 "No such file or directory"}}"#,
    #"Error Domain=NSCocoaErrorDomain Code=4 &quot;“a.txt” couldn’t be removed.&quot; UserInfo={NSUnderlyingError=0x600 {Error Domain=NSPOSIXErrorDomain Code=2 &quot;No such file or directory&quot;}}"#,
  ])
  func retypedNSErrorText(_ text: String) throws {
    let run = try Run(["error", "--json", "-"], stdin: Data(text.utf8))
    #expect(
      (run.status, try Self.chains(run.stdout))
        == (0, ["NSCocoaErrorDomain 4 > NSPOSIXErrorDomain 2"]), "\(run)")
    #expect(
      run.stdout.contains(#""description": "“a.txt” couldn’t be removed.""#)
        && !run.stderr.contains("warning"), "\(run)")
  }
}

extension ErrorCommandTests {
  /// The forms read since issue 47 stay linear in their worst tokens.
  @Test(.enabled(if: GrowthChecks.requested)) func retypedFormsAreLinear() {
    ErrorStreamTests.expectLinear("domains of words that never reach Code=") {
      String(repeating: "Error Domain=a b c d e f g h i j k l m n o p ", count: $0 / 40) + "\n"
    }
    ErrorStreamTests.expectLinear("&quot; quotes that never close") {
      String(repeating: #"Error Domain=D Code=1 &quot;x &amp; "#, count: $0 / 30) + "\n"
    }
    ErrorStreamTests.expectLinear("lower-case keys with open descriptions") {
      String(repeating: #"domain=NSCocoaErrorDomain code=1 "a "#, count: $0 / 30) + "\n"
    }
    ErrorStreamTests.expectLinear("type names before `error` without a code") {
      String(repeating: "a.BError error x com.apple.C.DError error ", count: $0 / 40) + "\n"
    }
    ErrorStreamTests.expectLinear("short forms broken by a hyphen at every line end") {
      String(repeating: "(a.Au-\nthorizationError error 1.) x-\ny error 2) ", count: $0 / 45)
    }
    ErrorStreamTests.expectLinear("domains broken by a hyphen before no code") {
      String(repeating: "Error Domain=com.apple.A-\nuth Cod ", count: $0 / 34) + "\n"
    }
  }
}
