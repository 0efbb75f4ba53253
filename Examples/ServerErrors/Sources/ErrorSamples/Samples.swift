import Courier
import CourierErrorKitFoundation
import CourierHTTP
import Foundation

/// One error in both versions, built from the same values.
public struct Sample: Sendable {
  /// The case, for messages.
  public var name: String
  /// The error as the library shipped it.
  public var handWritten: any Error
  /// The same error with ErrorKit.
  public var errorKit: any Error
  /// How many causes it has in all, at every level.
  public var causes: Int
}

/// The credentials and tokens the samples carry, which no path out may show.
public let secrets = ["s3cret", "k3y", "tok_live", "alice"]

/// A request with a password in its URL, an API key in its query and a bearer token.
let login = Request(
  method: "POST", baseURL: "https://alice:s3cret@api.example.com",
  target: "/v1/login?api_key=k3y", headers: [("Authorization", "Bearer tok_live_123")])

/// A cause from Foundation whose failing URL carries the same credentials.
let refused = NSError(
  domain: NSURLErrorDomain, code: -1004,
  userInfo: [
    NSLocalizedDescriptionKey: "Could not connect to the server.",
    "NSErrorFailingURLStringKey": "https://alice:s3cret@api.example.com/v1/login?api_key=k3y",
  ])

struct DecodingProblem: Error {}

/// Every case of every error type, in both versions.
public let samples: [Sample] = {
  typealias Old = Courier.RuntimeError
  typealias New = CourierErrorKit.RuntimeError
  let runtime: [(String, Old, New, Int)] = [
    (
      "connectionFailed", .connectionFailed(host: "db", underlying: refused),
      .connectionFailed(host: "db", underlying: refused), 1
    ),
    (
      "tlsHandshakeFailed", .tlsHandshakeFailed(host: "db", underlying: CancellationError()),
      .tlsHandshakeFailed(host: "db", underlying: CancellationError()), 1
    ),
    ("dnsLookupFailed", .dnsLookupFailed(host: "db"), .dnsLookupFailed(host: "db"), 0),
    (
      "connectTimedOut", .connectTimedOut(after: .seconds(2)), .connectTimedOut(after: .seconds(2)),
      0
    ),
    ("readTimedOut", .readTimedOut(after: .seconds(5)), .readTimedOut(after: .seconds(5)), 0),
    ("writeTimedOut", .writeTimedOut(after: .seconds(5)), .writeTimedOut(after: .seconds(5)), 0),
    ("invalidURL", .invalidURL("ht!tp"), .invalidURL("ht!tp"), 0),
    ("invalidHeader", .invalidHeader(name: "X Bad"), .invalidHeader(name: "X Bad"), 0),
    ("unsupportedScheme", .unsupportedScheme("gopher"), .unsupportedScheme("gopher"), 0),
    ("bodyTooLarge", .bodyTooLarge(bytes: 20, limit: 10), .bodyTooLarge(bytes: 20, limit: 10), 0),
    (
      "decodingFailed", .decodingFailed(type: Int.self, underlying: DecodingProblem()),
      .decodingFailed(type: Int.self, underlying: DecodingProblem()), 1
    ),
    (
      "encodingFailed", .encodingFailed(type: String.self, underlying: DecodingProblem()),
      .encodingFailed(type: String.self, underlying: DecodingProblem()), 1
    ),
    ("unexpectedStatus", .unexpectedStatus(502), .unexpectedStatus(502), 0),
    ("tooManyRedirects", .tooManyRedirects(limit: 5), .tooManyRedirects(limit: 5), 0),
    ("poolExhausted", .poolExhausted(limit: 8), .poolExhausted(limit: 8), 0),
    (
      "protocolViolation", .protocolViolation("two status lines"),
      .protocolViolation("two status lines"), 0
    ),
    (
      "handlerFailed", .handlerFailed(route: "/v1/items", underlying: CancellationError()),
      .handlerFailed(route: "/v1/items", underlying: CancellationError()), 1
    ),
    ("cancelled", .cancelled, .cancelled, 0),
    ("shutDown", .shutDown, .shutDown, 0),
    ("alreadyShutDown", .alreadyShutDown, .alreadyShutDown, 0),
    ("remoteClosed", .remoteClosed, .remoteClosed, 0),
    ("missingContentLength", .missingContentLength, .missingContentLength, 0),
  ]
  var all = runtime.map { Sample(name: $0.0, handWritten: $0.1, errorKit: $0.2, causes: $0.3) }
  let client = Sample(
    name: "ClientError",
    handWritten: Courier.ClientError(
      underlyingError: Old.connectionFailed(host: "api.example.com", underlying: refused),
      request: login, responseBody: #"{"token": "tok_live_123"}"#),
    errorKit: CourierErrorKit.ClientError(
      underlyingError: New.connectionFailed(host: "api.example.com", underlying: refused),
      request: login, responseBody: #"{"token": "tok_live_123"}"#),
    causes: 2)
  let server = Sample(
    name: "ServerError",
    handWritten: Courier.ServerError(
      underlyingError: Old.handlerFailed(route: "/v1/login", underlying: DecodingProblem()),
      request: login, status: 500),
    errorKit: CourierErrorKit.ServerError(
      underlyingError: New.handlerFailed(route: "/v1/login", underlying: DecodingProblem()),
      request: login, status: 500),
    causes: 2)
  let batch = Sample(
    name: "BatchError",
    handWritten: Courier.BatchError(underlyingErrors: [
      client.handWritten, server.handWritten, Old.cancelled,
    ]),
    errorKit: CourierErrorKit.BatchError(underlyingErrors: [
      client.errorKit, server.errorKit, New.cancelled,
    ]),
    causes: 7)
  all += [client, server, batch]
  return all
}()
