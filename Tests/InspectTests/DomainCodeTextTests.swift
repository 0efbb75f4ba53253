import ErrorKitCore
import StateKitTesting
import Testing

@testable import InspectKit

/// The structural reader (``DomainCodeText``) and NSError text inside string literals, in-process:
/// each layout people write a domain and a code in, the texts that must not be read as errors,
/// and the escaped text whose cause was lost before.
@Suite("Reading a domain and a code in any layout")
struct DomainCodeTextTests {
  static func chains(_ text: String) -> [String] {
    ErrorScanner.findAll(in: PastedText(text)).map(ErrorStreamTests.summary)
  }

  /// `error -25300` goes to the tables without the scanner (start-up): that is only right if
  /// the scanner finds nothing in a number alone, in any form `Int` reads, nor in a word
  /// without a word anchor.
  @Test func aNumberOrAWordWithoutAWordAnchorHoldsNoPastedError() {
    var generator = SplitMix64(seed: 24)
    var numbers: [String] = ["0", "-0", "+0", "\(Int.min)", "\(Int.max)", "+25300", "007"]
    for _ in 0..<3_000 {
      let magnitude =
        Int.random(in: 0...Int.max, using: &generator)
        >> Int.random(
          in: 0...62, using: &generator)
      let sign = ["", "-", "+"].randomElement(using: &generator) ?? ""
      numbers.append(sign + String(magnitude))
    }
    // Numbers Int does not read, numbers the scanner reads an error in, numbers it scans.
    let wrong: [[String]] = [
      numbers.filter { Int($0) == nil }, numbers.filter { !Self.chains($0).isEmpty },
      numbers.filter { ErrorScanner.mayFindError(in: Array($0.utf8)) },
    ]
    #expect(wrong == [[], [], []])

    // `error errSecItemNotFound` goes to the tables without the scanner too, when the word
    // holds none of the anchors a code or a name can hold: that is only right if that list is
    // every anchor made of such bytes, and if the scanner finds nothing in the words it turns
    // away (every table's names, and words made of pieces of anchors).
    let wordAnchors = ErrorScanner.anchors.map(\.bytes).filter {
      $0.allSatisfy(ErrorScanner.isWordByte)
    }
    #expect(Set(wordAnchors) == Set(ErrorScanner.wordAnchors.map { Array($0.description.utf8) }))
    var words = ErrnoTable.linux.map(\.name) + ErrnoTable.darwin.map(\.name)
    words += CocoaErrorTable.codes.map(\.name) + URLErrorTable.codes.map(\.name)
    for table in CodeTables.all {
      words += table.rows.flatMap { [$0.name.description, $0.constant.description] }
    }
    let pieces = [
      "omain", "Domain", "main", "CKErr", "CKError", "OSStat", "OSStatus", "Status", "Error",
      "error",
      "Code", "Cocoa", "_", "-", "+", "0", "12", "-25300", "e", "x",
    ]
    generator = SplitMix64(seed: 25)
    for _ in 0..<3_000 {
      words.append(
        (0..<Int.random(in: 1...5, using: &generator)).map { _ in
          pieces.randomElement(using: &generator) ?? ""
        }.joined())
    }
    let turnedAway = words.filter { !$0.isEmpty && !ErrorScanner.mayFindError(in: Array($0.utf8)) }
    // The words the scanner read an error in.
    #expect(turnedAway.filter { !Self.chains($0).isEmpty } == [])
    #expect(turnedAway.count > 2_000)
    // The names looked up most go to the tables; a word the scanner reads does not.
    let scanned: [Bool] = ["errSecItemNotFound", "NSFileNoSuchFileError", "OSStatusError34018"]
      .map { ErrorScanner.mayFindError(in: Array($0.utf8)) }
    #expect(
      (scanned, Self.chains("OSStatusError34018"))
        == ([false, false, true], ["NSOSStatusErrorDomain 34018"]))
  }

  /// Shapes taken from the corpus's real pastes (shortened), with the chain each must give.
  static let layouts: [(text: String, chain: String)] = [
    (
      "Domain: NSURLErrorDomain Code: -1001 NSLocalizedDescription: The request timed out.",
      "NSURLErrorDomain -1001"
    ),
    (
      "Snapshot failed: <NSError: 0x2812dd680; domain: FBSSceneSnapshotErrorDomain; code: 2; reason: \"denied\">",
      "FBSSceneSnapshotErrorDomain 2"
    ),
    ("error\tNSError *\tdomain: @\"NSPOSIXErrorDomain\" - code: 65", "NSPOSIXErrorDomain 65"),
    (
      "@\"NSUnderlyingError\" : domain: @\"kCFErrorDomainCFNetwork\" - code: 18446744073709550612",
      "kCFErrorDomainCFNetwork -1004"
    ),
    ("iOS.Domain = NSPOSIXErrorDomain, Code = 4", "NSPOSIXErrorDomain 4"),
    ("error domain=kAFAssistantErrorDomain Code=1101\"(null)\"", "kAFAssistantErrorDomain 1101"),
    ("Error domain=nsposixerrordomain code=1", "NSPOSIXErrorDomain 1"),
    (
      " Domain: NSURLErrorDomain \nError Code:-1004 \nDescription: Could not connect",
      "NSURLErrorDomain -1004"
    ),
    ("Domain: com.apple.dtdevicekit\n\nCode: -402653150", "com.apple.dtdevicekit -402653150"),
    (#"{"code": 3840, "domain": "NSCocoaErrorDomain"}"#, "NSCocoaErrorDomain 3840"),
    ("[Crashlytics] NSURLErrorDomain -1001", "NSURLErrorDomain -1001"),
    ("returned error NSCocoaErrorDomain (134110)", "NSCocoaErrorDomain 134110"),
    ("**NSError** in **NSCocoaErrorDomain (4)**", "NSCocoaErrorDomain 4"),
    ("ios 12 NSURLErrorDomain Code=-3003", "NSURLErrorDomain -3003"),
    ("NSPosixErrorDomain Code 1 (Operation Not Permitted)", "NSPOSIXErrorDomain 1"),
    ("NSURLErrorDomain error -1012", "NSURLErrorDomain -1012"),
    ("(PHPhotosError-Domain error 3303.)", "PHPhotosErrorDomain 3303"),
    ("HTTP load failed (kCFStreamErrorDomainSSL, -9802)", "kCFStreamErrorDomainSSL -9802"),
    ("=== error: error NSPOSIXErrorDomain / 25  ===", "NSPOSIXErrorDomain 25"),
    ("unsupported type (WKErrorDomain:5:{NSLocalizedDescription: x}), null)", "WKErrorDomain 5"),
    ("mostly \"SKErrorDomain Error 0\"", "SKErrorDomain 0"),
    ("CKErrorDomain 2 (partialFailure)", "CKErrorDomain 2"),
    (
      "PlatformException(Error 17011, FIRAuthErrorDomain, There is no user record.)",
      "FIRAuthErrorDomain 17011"
    ),
    ("Domain=NSOSStatusErrorDomainCode=-9807\"(null)\"", "NSOSStatusErrorDomain -9807"),
    ("<CKError 0x16e798a0: \"Not Authenticated\" (9/1002); \"denied\">", "CKErrorDomain 9"),
    ("get CKError - \"Internal Error\" (1/4000); \"No certificate\"", "CKErrorDomain 1"),
    ("like `.serviceUnavailable (CKError 6/2009)`", "CKErrorDomain 6"),
    // No server code: the code alone in parentheses after the description (fresh4/054).
    (
      "`<CKError 0x6180: \"Operation Cancelled\" (20); \"op (3) was cancelled\">`",
      "CKErrorDomain 20"
    ),
    ("OSStatus error:[-34018] Internal error", "NSOSStatusErrorDomain -34018"),
    ("OSStatus error: [-34018] Security error", "NSOSStatusErrorDomain -34018"),
    ("\"Operation couldn't be completed Cocoa Error 3840\"", "NSCocoaErrorDomain 3840"),
    ("Error : Operation could not be completed(KCLErrorDomain error 0)", "kCLErrorDomain 0"),
    (
      "ERROR: Failed to install the app. (com.apple.dt.CoreDeviceError error 3002 (0xBBA))",
      "com.apple.dt.CoreDeviceError 3002"
    ),
    // A `code` key before its `domain` key: in one object, or on the lines just before.
    (
      "{\n    \"class\": \"NSError\",\n    \"code\": 3840,\n    \"domain\": \"NSCocoaErrorDomain\"\n}",
      "NSCocoaErrorDomain 3840"
    ),
    (
      "WARNING_{\n    code = 4;\n    domain = WKErrorDomain;\n    userInfo =     {\n        a = 1;\n    };\n}",
      "WKErrorDomain 4"
    ),
    (
      "{ code: 'E-999',\n  userInfo:\n   { NSErrorFailingURLKey: null,\n     k: 'v' },\n"
        + "  message: 'Cannot connect',\n  domain: 'NSURLErrorDomain' }",
      "NSURLErrorDomain -999"
    ),
    (
      "errorCode = \"Error 17011\"\nerrorMessage = \"FIRAuthErrorDomain\"",
      "FIRAuthErrorDomain 17011"
    ),
    ("Code: 5\nDomain: com.example.sync", "com.example.sync 5"),
    (
      #"{"code": 3840, "domain": "NSCocoaErrorDomain", "userInfo": {"code": 1}}"#,
      "NSCocoaErrorDomain 3840"
    ),
  ]

  /// Every layout gives its chain; so does a pair inside prose, and a description that lost
  /// its value keeps the cause. A domain mention next to the full text is not reported again.
  @Test func everyLayoutGivesItsChain() {
    let wrong = Self.layouts.filter { Self.chains($0.text) != [$0.chain] }.map(\.text)
    #expect(wrong == [])
    let lostValue =
      #"Error Domain=AVFoundationErrorDomain Code=-11823 "Cannot Save" UserInfo={NSLocalizedDescription=NSUnderlyingError=0x283e60570 {Error Domain=NSOSStatusErrorDomain Code=-12412 "(null)"}}"#
    let mentioned =
      #"NSURLErrorDomain -1009: Error Domain=NSURLErrorDomain Code=-1009 "offline" UserInfo={a=b}"#
    // `DOMAIN CODE` alone is a look-up in the tables (the CLI tests cover it); in prose it is read.
    let chains: [[String]] = [lostValue, mentioned, "see NSCocoaErrorDomain 260 here"].map(
      Self.chains)
    #expect(
      chains == [
        ["AVFoundationErrorDomain -11823 > NSOSStatusErrorDomain -12412"],
        ["NSURLErrorDomain -1009"], ["NSCocoaErrorDomain 260"],
      ])
  }

  /// Words that look like parts of an error but are not one.
  @Test(arguments: [
    "the domain of the site is wrong, code 5 fails",
    "domain: example.com code: 200",
    "MyErrorDomain",
    "NSURLErrorDomain 2.5 seconds",
    "CKError without a code (see docs)",
    "CKErrorDomain",
    "OSStatus is a type; error handling",
    "Cocoa errors are documented",
    "errorDomain: X, code: 1",
    // A code in another object, or too far before a domain outside any object.
    "{ code: 1 } { domain: 'NSURLErrorDomain' }",
    "code: 1\na\nb\nc\nd\ndomain: NSURLErrorDomain",
    "exit code: 1\nthe app failed with NSCocoaErrorDomain",
    "exitCode=1 and lastErrorCode=2, value=SomeError Code=3",
  ])
  func textThatIsNotAnError(_ text: String) {
    #expect(Self.chains(text) == [], "\(text)")
  }

  /// Foundation's short form names some domains by a word of their own: `POSIX` is
  /// NSPOSIXErrorDomain (not the Mach domain), `Mach` NSMachErrorDomain, in a paste and in a
  /// look-up alike.
  @Test func shortFormDomainWordsNameTheirOwnDomains() {
    let words = [
      "POSIX": "NSPOSIXErrorDomain", "Mach": "NSMachErrorDomain",
      "Cocoa": "NSCocoaErrorDomain", "OSStatus": "NSOSStatusErrorDomain",
    ]
    for (word, domain) in words {
      #expect(
        (
          KnownDomains.shortNames[word], KnownDomains.canonical(word),
          Self.chains("The operation couldn’t be completed. (\(word) error 4.)")
        ) == (domain, domain, ["\(domain) 4"]), "\(word)")
    }
    let lookup = CodeDirectory()
    #expect(
      [
        lookup.found(domain: KnownDomains.canonical("POSIX"), code: 2, darwin: nil)
          .map(\.entry.name),
        lookup.found(domain: KnownDomains.canonical("Mach"), code: 4, darwin: nil)
          .map(\.entry.name),
      ] == [["ENOENT"], ["KERN_INVALID_ARGUMENT"]])
  }

  @Test func chainsOfCommandLineToolsKeepTheirTexts() throws {
    let simctl = ErrorScanner.findAll(
      in: PastedText(
        "An error was encountered processing the command (domain=NSPOSIXErrorDomain, code=1):\nFirst text.\n"
          + "Underlying error (domain=com.apple.SimError, code=2):\n\tSecond text.\n\tMore.\nnext log line\n"
      ))
    let chain = try #require(simctl.first?.payload).chain
    let devicectl = ErrorScanner.findAll(
      in: PastedText(
        "ERROR: Failed. (D error 1 (0x1))\n  K = v\n----------\nERROR: Deeper. (E error 2 (0x2))\n"
      ))
    let levels = try #require(devicectl.first?.payload).chain
    // Without the dashes line, the second error is its own.
    #expect(
      [
        chain.map(\.message), levels.map(\.message), [levels.first?.details["K"]],
        Self.chains("ERROR: A. (D error 1 (0x1))\nERROR: B. (E error 2 (0x2))\n"),
      ] == [
        ["First text.", "Second text. More."], ["Failed.", "Deeper."], ["v"], ["D 1", "E 2"],
      ])
  }

  // MARK: NSError text inside string literals

  /// Escaped text keeps its cause, Objective-C's escapes are decoded, an escaped error longer
  /// than the first window is read whole, and surrogate pairs and bad escapes are safe.
  @Test func escapedTextIsDecodedAndKeepsItsCause() throws {
    let text =
      #"{"message": "Error Domain=NSURLErrorDomain Code=-1009 \"The Internet connection appears to be offline.\" UserInfo={NSUnderlyingError=0x1c0257340 {Error Domain=kCFErrorDomainCFNetwork Code=-1009 \"(null)\" UserInfo={_kCFStreamErrorCodeKey=50}}, NSLocalizedDescription=The Internet connection appears to be offline.}", "level": 3}"#
    let found = ErrorScanner.findAll(in: PastedText(text))
    let payload = try #require(found.first?.payload)
    // The range ends at the string's closing quote, not inside the JSON after it.
    let range = try #require(found.first?.range)
    #expect(
      (found.map(ErrorStreamTests.summary), payload.message, text.utf8.count - range.upperBound)
        == (
          ["NSURLErrorDomain -1009 > kCFErrorDomainCFNetwork -1009"],
          "The Internet connection appears to be offline.", #"", "level": 3}"#.utf8.count
        ))

    let objectiveC =
      #"NSError = "Error Domain=NSCocoaErrorDomain Code=513 \"\U201cx.tmp\U201d couldn\U2019t be moved.\" UserInfo={NSUserStringVariant=(\n    Move\n), NSUnderlyingError=0x280384240 {Error Domain=NSPOSIXErrorDomain Code=1 \"Operation not permitted\"}}";"#
    let decoded = ErrorScanner.findAll(in: PastedText(objectiveC))
    let moved = try #require(decoded.first?.payload)
    #expect(
      [
        decoded.map(ErrorStreamTests.summary).first, moved.message,
        moved.details["NSUserStringVariant"],
      ]
        == [
          "NSCocoaErrorDomain 513 > NSPOSIXErrorDomain 1", "“x.tmp” couldn’t be moved.",
          "(\n    Move\n)",
        ] && decoded.count == 1)

    let long = String(repeating: "k=v, ", count: 400)
    let longText =
      #"log "Error Domain=D Code=1 \"x\" UserInfo={"# + long
      + #"NSUnderlyingError=0x1 {Error Domain=E Code=2 \"y\"}}" end"#
    #expect(Self.chains(longText) == ["D 1 > E 2"])

    let surrogates = #"x "Error Domain=D Code=1 \"\ud83d\ude00 \uZZZZ \ud800 end\" UserInfo={a=b}""#
    let safe = try #require(ErrorScanner.findAll(in: PastedText(surrogates)).first?.payload)
    #expect(
      safe.chain.map(\.code) == [1] && safe.message?.hasPrefix("😀 \\uZZZZ ") == true,
      "\(safe.message ?? "nil")")
  }
}
