import ErrorKitCore

/// Everything that can go wrong while the runtime connects, sends, receives or serves.
public enum RuntimeError: CodedError, CustomStringConvertible {
  case connectionFailed(host: String, underlying: any Error)
  case tlsHandshakeFailed(host: String, underlying: any Error)
  case dnsLookupFailed(host: String)
  case connectTimedOut(after: Duration)
  case readTimedOut(after: Duration)
  case writeTimedOut(after: Duration)
  case invalidURL(String)
  case invalidHeader(name: String)
  case unsupportedScheme(String)
  case bodyTooLarge(bytes: Int, limit: Int)
  case decodingFailed(type: Any.Type, underlying: any Error)
  case encodingFailed(type: Any.Type, underlying: any Error)
  case unexpectedStatus(Int)
  case tooManyRedirects(limit: Int)
  case poolExhausted(limit: Int)
  case protocolViolation(String)
  case handlerFailed(route: String, underlying: any Error)
  case cancelled
  case shutDown
  case alreadyShutDown
  case remoteClosed
  case missingContentLength

  // The domain and codes Foundation showed before: Swift's, kept as they shipped.
  public static let domain = "Courier.RuntimeError"
  public var code: Int { swiftDefaultCode }
  public var description: String { message }

  public var message: String {
    switch self {
    case .connectionFailed(let host, _): "Could not connect to \(host)."
    case .tlsHandshakeFailed(let host, _): "The TLS handshake with \(host) failed."
    case .dnsLookupFailed(let host): "Could not resolve \(host)."
    case .connectTimedOut(let after): "No connection within \(after)."
    case .readTimedOut(let after): "Nothing was read within \(after)."
    case .writeTimedOut(let after): "Nothing was written within \(after)."
    case .invalidURL(let url): "\(url) is not a URL."
    case .invalidHeader(let name): "The header \(name) is not valid."
    case .unsupportedScheme(let scheme): "The scheme \(scheme) is not supported."
    case .bodyTooLarge(let bytes, let limit): "The body has \(bytes) bytes, over \(limit)."
    case .decodingFailed(let type, _): "Could not decode \(type)."
    case .encodingFailed(let type, _): "Could not encode \(type)."
    case .unexpectedStatus(let status): "The server answered \(status)."
    case .tooManyRedirects(let limit): "More than \(limit) redirects."
    case .poolExhausted(let limit): "All \(limit) connections are in use."
    case .protocolViolation(let what): "The peer broke the protocol: \(what)."
    case .handlerFailed(let route, _): "The handler of \(route) failed."
    case .cancelled: "The request was cancelled."
    case .shutDown: "The runtime is shutting down."
    case .alreadyShutDown: "The runtime is shut down."
    case .remoteClosed: "The peer closed the connection."
    case .missingContentLength: "The response has no length."
    }
  }
}
