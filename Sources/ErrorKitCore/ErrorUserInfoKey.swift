/// The user-info keys an `NSError` carries its texts, name and cause under: Foundation's standard
/// keys (the values of `NSLocalizedDescriptionKey` and friends, spelled out so that code without
/// Foundation can read NSError text and payloads) and ErrorKit's own key for the case name.
///
///     ErrorUserInfoKey.description  // "NSLocalizedDescription", as NSLocalizedDescriptionKey
///     ErrorUserInfoKey.name         // "ErrorKitName"
///
/// Details of an error never take one of these keys: a detail whose name is one of them is
/// stored under `ErrorKitDetail.` and its name, and read back under its own name.
public enum ErrorUserInfoKey {
  /// What went wrong: `NSLocalizedDescriptionKey`.
  public static let description = "NSLocalizedDescription"
  /// Why it went wrong: `NSLocalizedFailureReasonErrorKey`.
  public static let failureReason = "NSLocalizedFailureReason"
  /// What to do about it: `NSLocalizedRecoverySuggestionErrorKey`.
  public static let recoverySuggestion = "NSLocalizedRecoverySuggestion"
  /// The cause: `NSUnderlyingErrorKey`.
  public static let underlyingError = "NSUnderlyingError"
  /// The causes besides the first: `NSMultipleUnderlyingErrorsKey`, an array of errors.
  ///
  ///     ErrorUserInfoKey.otherUnderlyingErrors  // "NSMultipleUnderlyingErrorsKey"
  public static let otherUnderlyingErrors = "NSMultipleUnderlyingErrorsKey"
  /// The case name of the error (``CodedError/name``), ErrorKit's own key.
  public static let name = "ErrorKitName"

  /// The keys whose values are an error's fields rather than its details.
  ///
  ///     ErrorUserInfoKey.reserved.contains("NSLocalizedDescription")  // true
  package static let reserved: Set<String> = [
    description, failureReason, recoverySuggestion, underlyingError, otherUnderlyingErrors, name,
  ]

  /// The prefix of a detail's user-info key when its name is reserved or already starts with
  /// this prefix.
  ///
  ///     ErrorUserInfoKey.detailPrefix  // "ErrorKitDetail."
  package static let detailPrefix = "ErrorKitDetail."

  /// The user-info key a detail is stored under: its own name, unless that name is reserved
  /// (or already escaped), in which case ``detailPrefix`` goes in front. The mapping is one to
  /// one, so a detail can never replace the message, name, reason, suggestion or cause.
  ///
  ///     ErrorUserInfoKey.escapedDetailKey("path")                    // "path"
  ///     ErrorUserInfoKey.escapedDetailKey("NSLocalizedDescription")  // "ErrorKitDetail.NSLocalizedDescription"
  ///
  /// - Parameter detail: The name of a detail.
  /// - Returns: The user-info key to store it under.
  package static func escapedDetailKey(_ detail: String) -> String {
    reserved.contains(detail) || detail.hasPrefix(detailPrefix) ? detailPrefix + detail : detail
  }

  /// The detail name stored under a user-info key, or `nil` for the reserved keys; the inverse of
  /// ``escapedDetailKey(_:)``.
  ///
  ///     let key = ErrorUserInfoKey.escapedDetailKey("NSLocalizedDescription")
  ///     ErrorUserInfoKey.detailKey(fromUserInfoKey: key)  // "NSLocalizedDescription"
  ///     ErrorUserInfoKey.detailKey(fromUserInfoKey: "NSLocalizedDescription")  // nil
  ///
  /// - Parameter key: A user-info key.
  /// - Returns: The detail's name, or `nil` when the key holds one of the error's own fields.
  package static func detailKey(fromUserInfoKey key: String) -> String? {
    if reserved.contains(key) { return nil }
    return key.hasPrefix(detailPrefix) ? String(key.dropFirst(detailPrefix.count)) : key
  }
}
