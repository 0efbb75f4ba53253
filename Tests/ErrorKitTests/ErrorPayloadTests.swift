import ErrorKit
import Foundation
import StateKit
import StateKitTesting
import Testing

/// Generators of payloads and errors, for properties run with StateKitTesting (a fixed seed by
/// default; every failure prints the shrunk counterexample and the command that replays it).
enum Generate {
  static let words = [
    "", "id", "Permission denied", "日本語のテキスト", "a, b", "{x=y}", "quote \"q\"", "line\nbreak", "🙂",
    "\\",
  ]

  static let text: Generator<String> = Gen.zip(
    Gen.element(of: words),
    Gen.frequency((1, Gen.constant("")), (1, Gen.int(in: 0...999).map { String($0) }))
  ).map { $0 + $1 }

  static let optionalText: Generator<String?> = Gen.frequency(
    (1, Gen.constant(nil)), (2, text.map { Optional($0) }))

  /// Detail names that try to pass for the error's own fields, or for escaped names.
  static let reservedNames =
    Array(ErrorUserInfoKey.reserved) + [
      ErrorUserInfoKey.detailPrefix, ErrorUserInfoKey.detailPrefix + "x",
      ErrorUserInfoKey.detailPrefix + ErrorUserInfoKey.description,
    ]

  static let detailName: Generator<String> = Gen.frequency(
    (3, text.map { "k" + $0 }), (1, Gen.element(of: reservedNames)))

  static func details(count: ClosedRange<Int>) -> Generator<[String: String]> {
    Gen.zip(detailName, text).array(count: count).map { pairs in
      Dictionary(pairs, uniquingKeysWith: { _, last in last })
    }
  }

  static let texts = Gen.zip(optionalText, optionalText, Gen.zip(optionalText, optionalText))

  /// Codes JSON carries exactly (within 2^53 - 1), edges included.
  static let code: Generator<Int> = Gen.frequency(
    (4, Gen.int(in: -(1 << 53 - 1)...(1 << 53 - 1))),
    (1, Gen.element(of: [0, 1, -1, 1 << 53 - 1, -(1 << 53 - 1)])))

  /// Payloads with every field, nested up to seven deep.
  static func payload(depth: Int = 0) -> Generator<ErrorPayload> {
    let underlying: Generator<ErrorPayload?> =
      depth < 6
      ? Gen.frequency((1, Gen.constant(nil)), (1, payload(depth: depth + 1).map { Optional($0) }))
      : Gen.constant(nil)
    let head = Gen.zip(text, code, details(count: 0...3))
    return Gen.zip(head, texts, underlying).map { head, texts, underlying in
      ErrorPayload(
        domain: "com.example." + head.0, code: head.1, name: texts.0, message: texts.1,
        failureReason: texts.2.0, recoverySuggestion: texts.2.1, details: head.2,
        underlying: underlying)
    }
  }

  static let payloads = payload()

  /// Checks that a round trip gives every generated payload back, over thousands of cases;
  /// records one issue with the shrunk counterexample and the replay command.
  static func check(
    _ law: String, cases: Int = 5_000, sourceLocation: SourceLocation = #_sourceLocation,
    _ roundTrip: (ErrorPayload) -> ErrorPayload?
  ) {
    forAll(law, payloads, cases: cases, sourceLocation: sourceLocation) { roundTrip($0) == $0 }
  }

  /// A generated error with every field set, nested.
  struct GeneratedError: DescribedError {
    static let domain = "com.example.Generated"
    var code: Int
    var message: String
    var failureReason: String?
    var recoverySuggestion: String?
    var details: [String: String]
    var name: String? { "generated" }
    var cause: (any Error)?
    var underlyingError: (any Error)? { cause }
  }

  /// Errors with every field set, caused by other generated errors or by NSErrors.
  static func error(depth: Int = 0) -> Generator<any Error> {
    let nsError: Generator<any Error> = Gen.zip(Gen.int(in: 0...99), text).map { code, text in
      NSError(
        domain: "NSPOSIXErrorDomain", code: code, userInfo: [NSLocalizedDescriptionKey: text])
    }
    let cause: Generator<(any Error)?> =
      depth < 5
      ? Gen.frequency(
        (3, Gen.constant(nil)), (1, nsError.map { Optional($0) }),
        (2, error(depth: depth + 1).map { Optional($0) }))
      : Gen.constant(nil)
    let head = Gen.zip(Gen.int(in: Int.min...Int.max), text, details(count: 0...2))
    return Gen.zip(head, Gen.zip(optionalText, optionalText), cause).map { head, texts, cause in
      GeneratedError(
        code: head.0, message: head.1, failureReason: texts.0, recoverySuggestion: texts.1,
        details: head.2, cause: cause)
    }
  }

  static let errors = error()
}

@Suite("ErrorPayload")
struct ErrorPayloadTests {
  @Test func jsonKeysAreTheContract() throws {
    let payload = ErrorPayload(JSONDecodeError.missingRequiredKey("id"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(payload), as: UTF8.self)
    #expect(
      json
        == #"{"code":100,"description":"The key \"id\" is missing.","details":{"0":"id"},"domain":"com.example.JSONDecode","failureReason":"The document has no value for a required key.","name":"missingRequiredKey","recoverySuggestion":"Check the document against its schema.","underlying":null}"#
    )
  }

  /// Payloads go through JSONEncoder and JSONDecoder, through `nsError`, and through
  /// `jsonText` unchanged.
  @Test func roundTripsAreIdentity() {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    // 1,500 cases: see the jsonText checks below.
    Generate.check("JSONEncoder -> JSONDecoder", cases: 1_500) { payload in
      (try? encoder.encode(payload)).flatMap { try? decoder.decode(ErrorPayload.self, from: $0) }
    }
    // Payloads with and without messages, with details named like the reserved keys.
    Generate.check("payload.nsError -> ErrorPayload") { ErrorPayload($0.nsError) }
    // 1,500 cases each: the payloads are built from a few words, numbers and nesting levels,
    // which that many cases cover many times over.
    Generate.check("jsonText -> init(json:)", cases: 1_500) { try? ErrorPayload(json: $0.jsonText) }
    Generate.check("jsonText -> JSONDecoder", cases: 1_500) {
      try? JSONDecoder().decode(ErrorPayload.self, from: Data($0.jsonText.utf8))
    }
  }

  @Test func errorThroughNSErrorKeepsDomainCodeTextsAndChain() {
    let fields = { (p: ErrorPayload) in
      p.chain.map {
        [
          $0.domain, String($0.code), $0.message ?? "-", $0.failureReason ?? "-",
          $0.recoverySuggestion ?? "-",
        ]
      }
    }
    forAll("ErrorPayload(error) == ErrorPayload(error as NSError)", Generate.errors) { error in
      let direct = ErrorPayload(error)
      let bridged = ErrorPayload(error as NSError)
      return fields(direct) == fields(bridged)
        && direct.chain.map(\.details) == bridged.chain.map(\.details)
        // And back again: payload -> NSError -> payload.
        && ErrorPayload(direct.nsError) == direct
    }
  }

  @Test(arguments: [
    #"{"code":1}"#, #"{"domain":"D"}"#, #"{"domain":1,"code":1}"#, #"{"domain":"D","code":"1"}"#,
    #"{"domain":"D","code":1,"details":{"a":1}}"#, #"{"domain":"D","code":1,"underlying":5}"#, "[]",
  ])
  func malformedPayloadsAreDecodingErrors(json: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ErrorPayload.self, from: Data(json.utf8))
    }
  }

  /// Decoding accepts missing optional keys; nesting beyond the limit is a decoding error.
  @Test func decodingAcceptsMissingKeysButNotNestingBeyondTheLimit() throws {
    let payload = try JSONDecoder().decode(
      ErrorPayload.self, from: Data(#"{"domain":"D","code":-1}"#.utf8))
    #expect(payload == ErrorPayload(domain: "D", code: -1))
    func nested(_ depth: Int) -> String {
      String(repeating: #"{"domain":"D","code":1,"underlying":"#, count: depth - 1)
        + #"{"domain":"D","code":1}"#
        + String(repeating: "}", count: depth - 1)
    }
    let ok = try JSONDecoder().decode(
      ErrorPayload.self, from: Data(nested(ErrorPayload.maximumDepth).utf8))
    #expect(ok.chain.count == ErrorPayload.maximumDepth)
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        ErrorPayload.self, from: Data(nested(ErrorPayload.maximumDepth + 1).utf8))
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription.contains("limit of 64"))
  }

  /// A message about a payload names its input quoted and cut after 80 characters, however
  /// long the domain or key: a 100 KB key makes a short line, not a 100 KB one. The reader
  /// decodes an escaped surrogate pair to its character.
  @Test func aHundredKilobyteKeyIsCutAndASurrogatePairDecodes() throws {
    let key = String(repeating: "k", count: 100_000)
    let domain = String(repeating: "D", count: 100_000)
    let text = #"{"domain": "\#(domain)", "code": 1, "details": {"\#(key)": 1}}"#
    let error = #expect(throws: JSONFormatError.self) { try ErrorPayload(json: text) }
    let message = error?.message ?? ""
    #expect(
      (message.count < 200, message)
        == (
          true,
          #""details" must map names to strings; ""# + String(repeating: "k", count: 80)
            + #"…" is a number"#
        ), "\(message.prefix(300))")

    // The package's JSON reader, which payloads are read with, decodes an escaped surrogate pair
    // to the one character it encodes.
    let payload = try ErrorPayload(
      json: #"{"domain": "\ud83d\ude00", "code": 1, "details": {"k": "a\uD83D\uDE00b"}}"#)
    // The highest pair, and a lone or reversed half, which is not a character.
    let highest = try ErrorPayload(json: #"{"domain": "\udbff\udfff", "code": 1}"#).domain
    #expect(
      (payload.domain, payload.domain.unicodeScalars.map(\.value), payload.details["k"], highest)
        == ("\u{1F600}", [0x1F600], "a\u{1F600}b", "\u{10FFFF}"))
    for bad in [#""\ud83d""#, #""\ude00\ud83d""#, #""\ud83d\u0041""#] {
      #expect(throws: JSONFormatError.self) {
        try ErrorPayload(json: #"{"domain": \#(bad), "code": 1}"#)
      }
    }
  }
}

@Suite("ErrorCatalog")
struct ErrorCatalogTests {
  /// A catalog lists every case, and reports duplicate codes within a domain
  /// (`reportsDuplicateCodesWithinADomain`).
  @Test func listsEveryCaseAndReportsDuplicateCodes() throws {
    let catalog = ErrorCatalog(JSONDecodeError.self)
    #expect(
      catalog.entries == [
        .init(
          domain: "com.example.JSONDecode", code: 100, name: "missingRequiredKey",
          description: "The key \"key\" is missing."),
        .init(
          domain: "com.example.JSONDecode", code: 200, name: "unexpectedType",
          description: "The value of \"key\" is String, not Int."),
      ])
    let back = try JSONDecoder().decode(ErrorCatalog.self, from: Data(catalog.jsonText.utf8))
    #expect(
      [back, try ErrorCatalog(json: catalog.jsonText)] == [catalog, catalog]
        && catalog.duplicateCodes.isEmpty && catalog.jsonText.hasPrefix(#"{"errors": ["#))
    #expect(
      (
        catalog.entries.first { $0.name == "unexpectedType" }?.code,
        catalog.entries.filter { $0.domain == "com.example.JSONDecode" && $0.code == 100 }.count
      ) == (200, 1))
    reportsDuplicateCodesWithinADomain()
  }

  enum Clashing: DescribedError, CaseIterable {
    case first, second, third
    static let domain = "com.example.Clash"
    var code: Int { self == .third ? 2 : 1 }
    var message: String { "\(self)" }
  }

  func reportsDuplicateCodesWithinADomain() {
    var catalog = ErrorCatalog(Clashing.self)
    catalog.add(JSONDecodeError.self)
    #expect(
      catalog.duplicateCodes.map(\.description)
        == ["com.example.Clash code 1 is used by first, second"])
  }

  /// A runtime error as server libraries write them: cases that hold errors and metatypes, so
  /// not `CaseIterable`.
  enum RuntimeFailure: DescribedError {
    case connectionFailed(host: String, any Error)
    case decodingFailed(type: Any.Type, any Error)
    case shutDown

    static let domain = "com.example.Runtime"
    var code: Int {
      switch self {
      case .connectionFailed: 1
      case .decodingFailed: 2
      case .shutDown: 3
      }
    }
    var message: String {
      switch self {
      case .connectionFailed(let host, _): "Could not connect to \(host)."
      case .decodingFailed(let type, _): "Could not decode \(type)."
      case .shutDown: "The runtime is shut down."
      }
    }
  }

  static let runtimeCases: [ErrorCatalog.Case<Int>] = [
    (1, "connectionFailed", "Could not connect to {host}."),
    (2, "decodingFailed", "Could not decode {type}."),
    (3, "shutDown", "The runtime is shut down."),
  ]

  /// Cases without instances are listed, named codes too.
  @Test func listsCasesWithoutInstancesAndNamedCodes() throws {
    var catalog = ErrorCatalog()
    catalog.add(RuntimeFailure.self, cases: Self.runtimeCases)
    #expect(
      catalog.entries == [
        .init(
          domain: "com.example.Runtime", code: 1, name: "connectionFailed",
          description: "Could not connect to {host}."),
        .init(
          domain: "com.example.Runtime", code: 2, name: "decodingFailed",
          description: "Could not decode {type}."),
        .init(
          domain: "com.example.Runtime", code: 3, name: "shutDown",
          description: "The runtime is shut down."),
      ])
    #expect(try ErrorCatalog(json: catalog.jsonText) == catalog)
    // Every error the type makes is listed as it is.
    let samples: [RuntimeFailure] = [
      .connectionFailed(host: "db.local", CancellationError()),
      .decodingFailed(type: Int.self, CancellationError()), .shutDown,
    ]
    #expect(samples.map { catalog.entry(for: $0)?.code } == [1, 2, 3])
    // A case listed under another name or code is not its entry.
    var misnamed = ErrorCatalog()
    misnamed.add(RuntimeFailure.self, cases: [(3, "stopped", "Stopped.")])
    #expect(misnamed.entry(for: RuntimeFailure.shutDown) == nil)
    var both = catalog
    both.add(RuntimeFailure.self, cases: [(3, "stopped", "Stopped.")])
    #expect(both.duplicateCodes.map(\.names) == [["shutDown", "stopped"]])
    // Named codes list their cases too.
    var named = ErrorCatalog()
    named.add(
      StateKitError.self, cases: [(.unknownName, "unknownName", "unknown state name {token}")])
    #expect(
      (named.entries.first?.code, named.entries.first?.domain) == (4, "dev.statekit.StateKit"))
  }

  /// The codes and names are a published contract (Docs/Errors.md, statekit-inspect's lookups),
  /// so they are written out here rather than derived from `allCases`: a renumbered, renamed,
  /// missing or extra code fails.
  @Test func stateKitCatalogIsTheDocumentedTable() {
    let documented: [(Int, String)] = [
      (1, "applicationBitOutOfRange"), (2, "emptyText"), (3, "emptySegment"),
      (4, "unknownName"), (5, "invalidHex"), (6, "hexOverflow"), (7, "hexNotAllowed"),
      (8, "unnamedBits"), (9, "invalidName"), (10, "reservedName"), (11, "nameAlreadyDeclared"),
      (12, "bitAlreadyDeclared"), (13, "notSingleApplicationBit"), (14, "conflictingSelector"),
      (15, "repeatedKey"), (16, "invalidTheme"),
    ]
    let catalog = ErrorCatalog.stateKit
    #expect(
      (catalog.entries.map(\.code), catalog.entries.map(\.name))
        == (documented.map(\.0), documented.map { $0.1 as String? }))
    #expect(
      catalog.entries.filter { $0.domain != "dev.statekit.StateKit" || $0.description.isEmpty }
        == [])
  }
}
