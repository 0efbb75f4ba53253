import ErrorKitCore
import Foundation

extension ErrorPayload {
  /// Captures any error and its chain of causes (cut, with a marker, past ``maximumDepth``
  /// errors or at a cycle).
  ///
  ///     let payload = ErrorPayload(CocoaError(.fileNoSuchFile))
  ///     payload.domain  // "NSCocoaErrorDomain"
  ///     payload.code    // 4
  ///
  /// A ``CodedError`` gives its own fields and only the details it exports; an `NSError` its
  /// user info; any other error its type and case name, never its associated values. Every text
  /// follows the secrets policy (``redactingSecrets(in:)``) unless the error's type adopts
  /// ``ExportsSecretDetails``.
  ///
  /// - Parameter error: Any error.
  public init(_ error: any Error) {
    self.init(levels: ErrorChain.capture(error).links.map(\.payloadWithOtherCauses))
  }

  /// Captures a described chain.
  ///
  ///     let payload = ErrorPayload(ErrorChain(CocoaError(.fileNoSuchFile)))
  ///
  /// - Parameter chain: An error chain.
  public init(_ chain: ErrorChain) {
    self.init(
      levels: chain.links.map {
        var payload = $0.payload
        payload.message = $0.message
        payload.otherCauses = $0.otherCauses.map(ErrorPayload.init(_:))
        return payload
      })
  }

  /// Links single-level payloads, outermost first, into one chain.
  private init(levels: [ErrorPayload]) {
    // A capture always holds at least the error it was made from.
    self = ErrorPayload(linking: levels) ?? ErrorPayload.depthMarker
  }

  /// An `NSError` with the payload's domain, code, texts, name, details and causes (the first
  /// under `NSUnderlyingErrorKey`, the others under `NSMultipleUnderlyingErrorsKey`); the chain
  /// of first causes is built without recursion, and cut with a marker past ``maximumDepth``
  /// errors.
  ///
  ///     ErrorPayload(domain: "D", code: 3, message: "Broken").nsError.localizedDescription  // "Broken"
  ///
  /// The payload's texts are written as they are: a captured payload followed the secrets policy
  /// already, and ``redactingSecrets()`` applies it to any other.
  ///
  /// Details keep their names even when a name is one of the user-info keys of
  /// ``ErrorUserInfoKey`` (such a detail is stored under `ErrorKitDetail.` and its name), so
  /// `ErrorPayload(payload.nsError) == payload` for every payload within the depth limit.
  public var nsError: NSError {
    // Linked again by the one builder, so a chain deeper than the limit ends with its marker.
    // (Only the first errors count: the builder keeps `maximumDepth` of them, and one more says
    // whether it cuts.)
    let levels = ErrorPayload(linking: chainPrefix(Self.maximumDepth + 1))?.chain ?? [self]
    var cause: NSError?
    for level in levels.reversed() {
      cause = NSError(
        domain: level.domain, code: level.code,
        userInfo: _NSErrorBridge.userInfo(
          message: level.message, failureReason: level.failureReason,
          recoverySuggestion: level.recoverySuggestion, name: level.name, details: level.details,
          underlying: cause, otherUnderlying: level.otherCauses.map(\.nsError)))
    }
    return cause ?? NSError(domain: domain, code: code)
  }
}
