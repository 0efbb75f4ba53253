/// A request as the library keeps it: its URL may carry a user name and password and query
/// values such as an API key, and its headers a bearer token.
public struct Request: Sendable {
  /// The method, such as `GET`.
  public var method: String
  /// The scheme and authority the request is sent to, credentials included.
  public var baseURL: String
  /// The path and query.
  public var target: String
  /// The header fields, in order.
  public var headers: [(name: String, value: String)]

  /// Creates a request.
  public init(
    method: String, baseURL: String, target: String, headers: [(name: String, value: String)] = []
  ) {
    self.method = method
    self.baseURL = baseURL
    self.target = target
    self.headers = headers
  }
}

extension Request: CustomStringConvertible {
  /// The method and the path, without the query, the credentials or the headers.
  public var description: String {
    "\(method) \(target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? "")"
  }
}
