import Foundation

/// The one place in ErrorKit that turns fields into `NSError` user info, for CodedErrors and for
/// payloads alike: an error's own fields by ErrorKitCore's rule (`_ErrorUserInfoFields`, which
/// StateKitFoundation uses too), plus the cause. Chains are converted innermost first, in a loop,
/// so that a chain of any length neither recurses nor produces more than
/// ``ErrorPayload/maximumDepth`` errors.
enum _NSErrorBridge {
  /// The user info of one error: its own fields by ErrorKitCore's one rule (texts, name and
  /// details, escaped), and the cause.
  static func userInfo(
    message: String?, failureReason: String?, recoverySuggestion: String?, name: String?,
    details: [String: String], underlying: NSError?, otherUnderlying: [NSError] = []
  ) -> [String: Any] {
    var info: [String: Any] = _ErrorUserInfoFields.fields(
      message: message, failureReason: failureReason, recoverySuggestion: recoverySuggestion,
      name: name, details: details)
    if let underlying { info[ErrorUserInfoKey.underlyingError] = underlying }
    if !otherUnderlying.isEmpty { info[ErrorUserInfoKey.otherUnderlyingErrors] = otherUnderlying }
    return info
  }

  /// The user info of a CodedError, with its causes converted without recursion.
  static func userInfo(of error: any CodedError) -> [String: Any] {
    // The causes that are CodedErrors are converted here; the first other error (an NSError,
    // or a Swift error Foundation bridges) ends the walk and is bridged as it is.
    var coded: [any CodedError] = []
    var rest: (any Error)? = error.underlyingError
    var truncated = false
    while let next = rest, let link = next as? any CodedError, !(type(of: next) is NSError.Type) {
      if coded.count + 2 >= ErrorPayload.maximumDepth {
        truncated = true
        rest = nil
        break
      }
      coded.append(link)
      rest = link.underlyingError
    }
    var cause: NSError? =
      truncated ? ErrorChain.marker(.depth).nsError : rest.map { $0 as NSError }
    for link in coded.reversed() {
      cause = NSError(
        domain: type(of: link).domain, code: link.code.errorCodeValue,
        userInfo: fields(of: link, underlying: cause))
    }
    return fields(of: error, underlying: cause)
  }

  private static func fields(of error: any CodedError, underlying: NSError?) -> [String: Any] {
    userInfo(
      message: error.message, failureReason: error.failureReason,
      recoverySuggestion: error.recoverySuggestion, name: error.name, details: error.details,
      underlying: underlying,
      otherUnderlying: error.otherUnderlyingErrors.prefix(ErrorPayload.maximumCount).map {
        $0 as NSError
      })
  }
}
