/// One line for logs: the error and its causes, outermost first, with every cause of a batch,
/// and without the credentials of a URL or the values of its query.
public func logLine(for error: any Error) -> String {
  var parts: [String] = []
  var pending: [any Error] = [error]
  while !pending.isEmpty, parts.count < 64 {
    let error = pending.removeFirst()
    parts.append(redactingCredentials(in: String(describing: error)))
    switch error {
    case let error as RuntimeError: pending += error.underlyingError.map { [$0] } ?? []
    case let error as ClientError: pending.append(error.underlyingError)
    case let error as ServerError: pending.append(error.underlyingError)
    case let error as BatchError: pending += error.underlyingErrors
    default: break
    }
  }
  return parts.joined(separator: ": ")
}

/// A text without the user name and password of its URLs and the values of their query items.
func redactingCredentials(in text: String) -> String {
  var result = ""
  var rest = Substring(text)
  while let scheme = rest.firstRange(of: "://") {
    result += rest[..<scheme.upperBound]
    rest = rest[scheme.upperBound...]
    let end = rest.firstIndex { " \"".contains($0) } ?? rest.endIndex
    var url = String(rest[..<end])
    if let at = url.firstIndex(of: "@"), !url[..<at].contains("/") {
      url = "<redacted>" + url[at...]
    }
    if let query = url.firstIndex(of: "?") {
      let items = url[url.index(after: query)...].split(separator: "&").map {
        $0.split(separator: "=", maxSplits: 1)[0] + "=<redacted>"
      }
      url = url[...query] + items.joined(separator: "&")
    }
    result += url
    rest = rest[end...]
  }
  return result + rest
}
