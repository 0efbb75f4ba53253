import ErrorKit
import Foundation
import StateKit
import Testing

/// Seeded generation of payloads and errors, with the seed printed on failure.
enum Generate {
  static let seed: UInt64 = {
    if let text = ProcessInfo.processInfo.environment["STATEKIT_SEED"], let seed = UInt64(text) {
      return seed
    }
    return UInt64.random(in: .min ... .max)
  }()

  static let words = [
    "", "id", "Permission denied", "日本語のテキスト", "a, b", "{x=y}", "quote \"q\"", "line\nbreak", "🙂",
    "\\",
  ]

  static func text(_ rng: inout SplitMix64) -> String {
    words[Int(rng.next() % UInt64(words.count))]
      + (rng.next() % 2 == 0 ? "" : String(rng.next() % 1000))
  }

  static func optionalText(_ rng: inout SplitMix64) -> String? {
    rng.next() % 3 == 0 ? nil : text(&rng)
  }

  /// Detail names that try to pass for the error's own fields, or for escaped names.
  static let reservedNames =
    Array(ErrorUserInfoKey.reserved) + [
      ErrorUserInfoKey.detailPrefix, ErrorUserInfoKey.detailPrefix + "x",
      ErrorUserInfoKey.detailPrefix + ErrorUserInfoKey.description,
    ]

  static func detailName(_ rng: inout SplitMix64) -> String {
    rng.next() % 4 == 0
      ? reservedNames[Int(rng.next() % UInt64(reservedNames.count))] : "k" + text(&rng)
  }

  static func payload(_ rng: inout SplitMix64, depth: Int = 0) -> ErrorPayload {
    var details: [String: String] = [:]
    for _ in 0..<(rng.next() % 4) { details[detailName(&rng)] = text(&rng) }
    return ErrorPayload(
      domain: "com.example." + text(&rng), code: Int(truncatingIfNeeded: rng.next()),
      name: optionalText(&rng),
      message: optionalText(&rng), failureReason: optionalText(&rng),
      recoverySuggestion: optionalText(&rng),
      details: details,
      underlying: depth < 6 && rng.next() % 2 == 0 ? payload(&rng, depth: depth + 1) : nil)
  }

  /// Checks that a round trip gives every generated payload back, over thousands of cases;
  /// records one issue naming the first counterexample and the seed.
  static func check(
    _ law: String, stream: UInt64, cases: Int = 5_000,
    _ roundTrip: (ErrorPayload) -> ErrorPayload?
  ) {
    var rng = SplitMix64(seed: seed ^ stream)
    for index in 0..<cases {
      let payload = self.payload(&rng)
      let back = roundTrip(payload)
      if back != payload {
        Issue.record(
          "\(law): case \(index), seed \(seed) (replay with STATEKIT_SEED=\(seed)): \(payload) came back as \(String(describing: back))"
        )
        return
      }
    }
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

  static func error(_ rng: inout SplitMix64, depth: Int = 0) -> any Error {
    var details: [String: String] = [:]
    for _ in 0..<(rng.next() % 3) { details[detailName(&rng)] = text(&rng) }
    let cause: (any Error)? =
      depth < 5 && rng.next() % 2 == 0
      ? (rng.next() % 3 == 0
        ? NSError(
          domain: "NSPOSIXErrorDomain", code: Int(rng.next() % 100),
          userInfo: [NSLocalizedDescriptionKey: text(&rng)])
        : error(&rng, depth: depth + 1))
      : nil
    return GeneratedError(
      code: Int(truncatingIfNeeded: rng.next()), message: text(&rng),
      failureReason: optionalText(&rng),
      recoverySuggestion: optionalText(&rng), details: details, cause: cause)
  }
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

  @Test func jsonRoundTripIsIdentity() {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    Generate.check("JSONEncoder -> JSONDecoder", stream: 0) { payload in
      (try? encoder.encode(payload)).flatMap { try? decoder.decode(ErrorPayload.self, from: $0) }
    }
  }

  @Test func errorThroughNSErrorKeepsDomainCodeTextsAndChain() {
    var rng = SplitMix64(seed: Generate.seed ^ 1)
    for index in 0..<2_000 {
      let error = Generate.error(&rng)
      let direct = ErrorPayload(error)
      let bridged = ErrorPayload(error as NSError)
      let fields = { (p: ErrorPayload) in
        p.chain.map {
          [
            $0.domain, String($0.code), $0.message ?? "-", $0.failureReason ?? "-",
            $0.recoverySuggestion ?? "-",
          ]
        }
      }
      if fields(direct) != fields(bridged)
        || direct.chain.map(\.details) != bridged.chain.map(\.details)
      {
        Issue.record("case \(index), seed \(Generate.seed): \(direct) != \(bridged)")
        return
      }
      // And back again: payload -> NSError -> payload.
      if ErrorPayload(direct.nsError) != direct {
        Issue.record(
          "case \(index), seed \(Generate.seed): payload -> NSError -> payload changed \(direct)")
        return
      }
    }
  }

  @Test func payloadThroughNSErrorIsIdentity() {
    // Payloads with and without messages, with details named like the reserved keys.
    Generate.check("payload.nsError -> ErrorPayload", stream: 2) { ErrorPayload($0.nsError) }
  }

  @Test func jsonTextRoundTripIsIdentity() {
    Generate.check("jsonText -> init(json:)", stream: 3) { try? ErrorPayload(json: $0.jsonText) }
    Generate.check("jsonText -> JSONDecoder", stream: 4) {
      try? JSONDecoder().decode(ErrorPayload.self, from: Data($0.jsonText.utf8))
    }
  }

  @Test func decodingAcceptsMissingOptionalKeys() throws {
    let payload = try JSONDecoder().decode(
      ErrorPayload.self, from: Data(#"{"domain":"D","code":-1}"#.utf8))
    #expect(payload == ErrorPayload(domain: "D", code: -1))
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

  @Test func nestingBeyondTheLimitIsADecodingError() throws {
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
}

@Suite("ErrorCatalog")
struct ErrorCatalogTests {
  @Test func listsEveryCase() throws {
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
    #expect(catalog.duplicateCodes.isEmpty)
    let back = try JSONDecoder().decode(ErrorCatalog.self, from: catalog.jsonData())
    #expect(back == catalog)
    #expect(try ErrorCatalog(json: catalog.jsonText) == catalog)
    #expect(catalog.jsonText.hasPrefix(#"{"errors": ["#))
    #expect(catalog.entries(named: "unexpectedType").first?.code == 200)
    #expect(catalog.entries(domain: "com.example.JSONDecode", code: 100).count == 1)
  }

  enum Clashing: DescribedError, CaseIterable {
    case first, second, third
    static let domain = "com.example.Clash"
    var code: Int { self == .third ? 2 : 1 }
    var message: String { "\(self)" }
  }

  @Test func reportsDuplicateCodesWithinADomain() {
    var catalog = ErrorCatalog(Clashing.self)
    catalog.add(JSONDecodeError.self)
    #expect(catalog.duplicateCodes.count == 1)
    #expect(
      catalog.duplicateCodes.first?.description
        == "com.example.Clash code 1 is used by first, second")
  }

  @Test func stateKitCatalogIsComplete() {
    let catalog = ErrorCatalog.stateKit
    #expect(catalog.entries.count == StateKitError.Code.allCases.count)
    #expect(catalog.duplicateCodes.isEmpty)
    #expect(catalog.entries.allSatisfy { $0.domain == "dev.statekit.StateKit" && $0.name != nil })
    #expect(Set(catalog.entries.map(\.code)) == Set(1...14))
  }
}
