import Foundation

extension ErrorChain {
  /// An error and its causes as flat key-value pairs, for a structured logger (swift-log's
  /// metadata, an OpenTelemetry span event, a JSON log line), with no dependency on either.
  ///
  /// The keys OpenTelemetry's semantic conventions define for an exception come first, then
  /// ErrorKit's own under `errorkit.`:
  ///
  /// | key | value |
  /// |-----|-------|
  /// | `exception.type` | the error's fully qualified Swift type, or an `NSError`'s domain |
  /// | `exception.message` | the outermost error's message |
  /// | `errorkit.domain`, `errorkit.code`, `errorkit.name` | the outermost error's domain, code and case name (no `name` when unknown) |
  /// | `errorkit.details.KEY` | each exported detail, in key order |
  /// | `errorkit.cause.N.domain`, `.code`, `.name`, `.message` | each cause, `N` from 1, outermost first |
  /// | `errorkit.cause.N.parent` | only when an error has several causes: the number of the error it caused (0 for the outermost); causes are then numbered depth first |
  /// | `errorkit.truncated` | `true` when the chain was cut (absent otherwise) |
  ///
  /// ```swift
  /// enum LoadError: DescribedError {
  ///     case unreadable(any Error)
  ///     static let domain = "com.example.Load"
  ///     var code: Int { 2 }
  ///     var message: String { "The settings could not be loaded." }
  ///     var underlyingError: (any Error)? {
  ///         switch self { case .unreadable(let cause): cause }
  ///     }
  /// }
  /// let attributes = ErrorChain.logAttributes(of: LoadError.unreadable(POSIXError(.EACCES)))
  /// attributes.first { $0.key == "exception.message" }?.value  // "The settings could not be loaded."
  /// attributes.first { $0.key == "errorkit.cause.1.code" }?.value  // "13"
  /// ```
  ///
  /// The values are texts the chain already holds: associated values that did not opt in never
  /// appear, and messages and details follow the secrets policy
  /// (``ErrorPayload/redactingSecrets(in:)``) unless a type adopts ``ExportsSecretDetails``.
  ///
  /// - Parameter error: Any error.
  /// - Returns: The pairs, in a fixed order: the same error gives the same list in every run.
  public static func logAttributes(of error: any Error) -> [(key: String, value: String)] {
    let chain = ErrorChain(error)
    let type: String
    if Swift.type(of: error) is NSError.Type {
      type = chain.links.first?.payload.domain ?? "NSError"
    } else {
      type = normalizedDomain(String(reflecting: Swift.type(of: error)))
    }
    var pairs: [(key: String, value: String)] = [("exception.type", type)]
    guard let first = chain.links.first else { return pairs }
    pairs.append(("exception.message", first.message))
    pairs.append(("errorkit.domain", first.payload.domain))
    pairs.append(("errorkit.code", String(first.payload.code)))
    if let name = first.payload.name { pairs.append(("errorkit.name", name)) }
    for key in first.payload.details.keys.sorted() {
      pairs.append(("errorkit.details.\(key)", first.payload.details[key] ?? ""))
    }
    let tree = chain.hasSeveralCauses
    for (index, cause) in chain.causesDepthFirst().enumerated() {
      let prefix = "errorkit.cause.\(index + 1)."
      pairs.append((prefix + "domain", cause.link.payload.domain))
      pairs.append((prefix + "code", String(cause.link.payload.code)))
      if let name = cause.link.payload.name { pairs.append((prefix + "name", name)) }
      pairs.append((prefix + "message", cause.link.message))
      if tree { pairs.append((prefix + "parent", String(cause.parent))) }
    }
    if chain.isTruncated { pairs.append(("errorkit.truncated", "true")) }
    return pairs
  }
}

extension ErrorChain {
  /// Every cause below the outermost error, depth first (an error, then its causes), each with
  /// the number of the error it caused: 0 for the outermost, otherwise its place in this list
  /// counted from 1. Walked with a stack.
  func causesDepthFirst() -> [(link: Link, parent: Int)] {
    var result: [(link: Link, parent: Int)] = []
    // Each entry is a link not yet listed: its chain, its index there, and its parent's number.
    var pending: [(chain: ErrorChain, index: Int, parent: Int)] = []
    func pushCauses(of chain: ErrorChain, at index: Int, number: Int) {
      for other in chain.links[index].otherCauses.reversed() where !other.links.isEmpty {
        pending.append((other, 0, number))
      }
      if index + 1 < chain.links.count { pending.append((chain, index + 1, number)) }
    }
    guard !links.isEmpty else { return result }
    pushCauses(of: self, at: 0, number: 0)
    while let next = pending.popLast() {
      result.append((next.chain.links[next.index], next.parent))
      pushCauses(of: next.chain, at: next.index, number: result.count)
    }
    return result
  }
}
