import ErrorKit
import Foundation
import InspectKit
import Testing

// Error types shaped as real libraries ship them before adopting ErrorKit: their
// `underlyingError`, `message`, `name`, `details` and `code` are public API that cannot be
// renamed. Each must conform unchanged, and each cause must reach every path out.

/// A cause that carries a secret, as a URL error's failing URL does.
private let refused = NSError(
  domain: NSURLErrorDomain, code: -1004,
  userInfo: [
    NSLocalizedDescriptionKey: "Could not connect to the server.",
    "NSErrorFailingURLStringKey": "https://api.example.com/v1/items?api_key=s3cret",
  ])

/// Internal, not private: a private type's bridged domain names its address.
struct UpstreamTimeout: Error {}

/// An HTTP client's error: a public, non-optional `underlyingError`, stored.
private struct ClientError: DescribedError {
  let underlyingError: any Error
  let baseURL: String
  static let domain = "com.example.Client"
  var code: Int { 1 }
  var message: String { "The request to \(baseURL) failed." }
}

/// A server's error: the cause behind a computed `any Error`, and a `message: String?`.
private struct ServerError: CodedError {
  let message: String?
  let failure: UpstreamTimeout
  static let domain = "com.example.Server"
  var code: Int { 2 }
  var underlyingError: any Error { failure }
}

/// A runtime error enum whose cases wrap errors, without declaring a cause.
private enum RuntimeError: DescribedError {
  case connectionFailed(any Error)
  case requestFailed(target: String, error: ClientError?)
  case retriesExhausted([any Error])
  case shutDown

  static let domain = "com.example.Runtime"
  var code: Int {
    switch self {
    case .connectionFailed: 1
    case .requestFailed: 2
    case .retriesExhausted: 3
    case .shutDown: 4
    }
  }
  var message: String { "The runtime failed." }
}

/// An error with several causes kept in a stored `underlyingErrors`.
private struct BatchError: DescribedError {
  let underlyingErrors: [any Error]
  static let domain = "com.example.Batch"
  var code: Int { 5 }
  var message: String { "\(underlyingErrors.count) requests failed." }
}

/// Several causes behind an `underlyingError` that is an array.
private struct GroupError: CodedError {
  let underlyingError: [any Error]
  static let domain = "com.example.Group"
  var code: Int { 6 }
  var message: String { "The group failed." }
}

/// A `name` that is not optional, `details` of another type, a code of another integer type.
private struct HeaderError: DescribedError {
  let name: String
  let details: [String: any Sendable]
  let code: UInt16
  static let domain = "com.example.Header"
  var message: String { "A header is invalid." }
}

/// What `statekit-inspect error` prints for a text, in this process.
private func inspect(_ arguments: [String]) -> (status: Int32, stdout: String) {
  let terminal = Terminal(input: [], environment: [:], isOutputATerminal: false)
  let status = Inspector.main(
    rawArguments: (["error"] + arguments).map { Array($0.utf8) }, terminal: terminal)
  return (status.rawValue, String(decoding: terminal.output, as: UTF8.self))
}

@Suite("Properties a type already has")
struct ExistingPropertiesTests {
  /// Checks that `error`'s causes, with the domains and codes given, reach the payload (and its
  /// JSON, read back by the tool, in text and as JSON), the chain, and the bridged NSError; and
  /// that no secret does.
  private func expectCauses(
    of error: any Error, _ expected: [(domain: String, code: Int)],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let payload = ErrorPayload(error)
    let domains: [String] = expected.map(\.domain)
    let codes: [Int] = expected.map(\.code)
    let payloadDomains: [String] = payload.causes.map(\.domain)
    let payloadCodes: [Int] = payload.causes.map(\.code)
    #expect(payloadDomains == domains, "payload", sourceLocation: sourceLocation)
    #expect(payloadCodes == codes, "payload", sourceLocation: sourceLocation)

    let chain = ErrorChain(error)
    let firstCause: [String] = chain.links.dropFirst().prefix(1).map(\.payload.domain)
    let otherCauses: [String] = chain.links[0].otherCauses.map { $0.links[0].payload.domain }
    let chainCauses: [String] = firstCause + otherCauses
    #expect(chainCauses == domains, "chain", sourceLocation: sourceLocation)

    // A CodedError that is not a DescribedError reaches NSError through ErrorKit's bridge: on
    // Linux, Foundation's own reads no user info from it.
    let ns = error is any DescribedError ? error as NSError : NSError(describing: error)
    var bridged: [NSError] = []
    if let first = ns.userInfo[NSUnderlyingErrorKey] as? NSError { bridged.append(first) }
    bridged += ns.userInfo[ErrorUserInfoKey.otherUnderlyingErrors] as? [NSError] ?? []
    #expect(
      bridged.map(\.domain) == expected.map(\.domain), "NSError", sourceLocation: sourceLocation)
    #expect(bridged.map(\.code) == expected.map(\.code), "NSError", sourceLocation: sourceLocation)
    let printed = String(describing: ns) + ns.localizedDescription
    #expect(!printed.contains("s3cret"), "NSError", sourceLocation: sourceLocation)

    let json = inspect(["--json", payload.jsonText])
    #expect(json.status == 0, sourceLocation: sourceLocation)
    #expect(
      try ErrorPayload(json: json.stdout) == payload, "statekit-inspect --json",
      sourceLocation: sourceLocation)
    let text = inspect([payload.jsonText]).stdout
    for (offset, cause) in expected.enumerated() {
      let heading = (offset == 0 ? "caused by: " : "also caused by: ") + cause.domain
      #expect(text.contains(heading), "statekit-inspect", sourceLocation: sourceLocation)
    }
    #expect(!(json.stdout + text).contains("s3cret"), sourceLocation: sourceLocation)
  }

  /// The causes an error already holds are its causes, however it holds them: a stored
  /// non-optional `underlyingError`, a computed one, an enum case wrapping one error or several,
  /// stored `underlyingErrors`, and an `underlyingError` that is an array.
  @Test func existingCausePropertiesAreTheCauses() throws {
    let error = ClientError(underlyingError: refused, baseURL: "https://bob:pw@api.example.com")
    try expectCauses(of: error, [(NSURLErrorDomain, -1004)])
    #expect(
      [ErrorPayload(error).underlying?.message, ErrorPayload(error).message]
        == [
          "Could not connect to the server.",
          "The request to https://<redacted>@api.example.com failed.",
        ])

    let server = ServerError(message: "Overloaded.", failure: UpstreamTimeout())
    let domain = (UpstreamTimeout() as NSError).domain
    try expectCauses(of: server, [(domain, 1)])

    try expectCauses(of: RuntimeError.connectionFailed(refused), [(NSURLErrorDomain, -1004)])
    let client = ClientError(underlyingError: refused, baseURL: "https://api.example.com")
    let nested = RuntimeError.requestFailed(target: "/login?api_key=s3cret", error: client)
    try expectCauses(of: nested, [("com.example.Client", 1)])
    // The whole chain: the client error's own cause comes next.
    #expect(
      ErrorChain(nested).links.map(\.payload.domain) == [
        "com.example.Runtime", "com.example.Client", NSURLErrorDomain,
      ])
    try expectCauses(of: RuntimeError.requestFailed(target: "/", error: nil), [])
    try expectCauses(of: RuntimeError.shutDown, [])

    let several = RuntimeError.retriesExhausted([refused, CancellationError()])
    let cancelled = (CancellationError() as NSError)
    try expectCauses(
      of: several, [(NSURLErrorDomain, -1004), (cancelled.domain, cancelled.code)])

    let timeout = UpstreamTimeout() as NSError
    let batch = BatchError(underlyingErrors: [refused, UpstreamTimeout(), refused])
    try expectCauses(
      of: batch,
      [(NSURLErrorDomain, -1004), (timeout.domain, timeout.code), (NSURLErrorDomain, -1004)])
    #expect(
      (batch.underlyingError as? NSError === refused, batch.otherUnderlyingErrors.count)
        == (true, 2))

    let group = GroupError(underlyingError: [UpstreamTimeout(), refused])
    try expectCauses(of: group, [(timeout.domain, timeout.code), (NSURLErrorDomain, -1004)])
  }

  /// An optional message is the message or none; a name, details and a code of other types are
  /// read.
  @Test func anOptionalMessageANameDetailsAndACodeOfOtherTypesAreRead() {
    let said = ServerError(message: "Overloaded.", failure: UpstreamTimeout())
    let silent = ServerError(message: nil, failure: UpstreamTimeout())
    // The chain still says something: the domain and code.
    #expect(
      (
        ErrorPayload(said).message, NSError(describing: said).localizedDescription,
        NSError(describing: silent).userInfo[NSLocalizedDescriptionKey] == nil,
        ErrorChain(silent).links[0].message
      ) == ("Overloaded.", "Overloaded.", true, "com.example.Server error 2"))

    let error = HeaderError(
      name: "invalidHeader",
      details: [
        "header": "Authorization", "length": 4097, "cause": UpstreamTimeout(),
        "none": String?.none as any Sendable,
      ],
      code: 431)
    let payload = ErrorPayload(error)
    let ns = error as NSError
    #expect(
      (payload.name, payload.details, payload.code, ns.code)
        == ("invalidHeader", ["header": "Authorization", "length": "4097"], 431, 431))
    #expect(
      [ns.userInfo[ErrorUserInfoKey.name] as? String, ns.userInfo["header"] as? String]
        == ["invalidHeader", "Authorization"])
  }
}
