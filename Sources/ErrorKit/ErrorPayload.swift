import ErrorKitCore
import Foundation

extension ErrorPayload {
  /// Captures any error and its chain of causes (cut, with a marker, after
  /// ``ErrorChain/maximumDepth`` errors or at a cycle).
  ///
  ///     let payload = ErrorPayload(error)
  ///
  /// - Parameter error: Any error.
  public init(_ error: any Error) {
    self.init(ErrorChain(error))
  }

  /// Captures a described chain.
  ///
  ///     let payload = ErrorPayload(ErrorChain(error))
  ///
  /// - Parameter chain: An error chain.
  public init(_ chain: ErrorChain) {
    var payload: ErrorPayload?
    for link in chain.links.reversed() {
      payload = ErrorPayload(
        domain: link.domain, code: link.code, name: link.name, message: link.message,
        failureReason: link.failureReason, recoverySuggestion: link.recoverySuggestion,
        details: link.details, underlying: payload)
    }
    // ErrorChain always holds at least the error it was made from.
    self = payload ?? ErrorPayload(domain: ErrorChain.markerDomain, code: 0)
  }

  /// An `NSError` with the payload's domain, code, texts, details and causes.
  ///
  ///     ErrorPayload(domain: "D", code: 3, message: "Broken").nsError.localizedDescription  // "Broken"
  public var nsError: NSError {
    var info: [String: Any] = [:]
    for (key, value) in details { info[key] = value }
    if let message { info[NSLocalizedDescriptionKey] = message }
    if let failureReason { info[NSLocalizedFailureReasonErrorKey] = failureReason }
    if let recoverySuggestion { info[NSLocalizedRecoverySuggestionErrorKey] = recoverySuggestion }
    if let name { info[ErrorKitUserInfoKey.name] = name }
    if let underlying { info[NSUnderlyingErrorKey] = underlying.nsError }
    return NSError(domain: domain, code: code, userInfo: info)
  }

}
