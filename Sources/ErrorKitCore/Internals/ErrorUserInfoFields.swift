/// The one rule by which an error's own fields become `NSError` user info, written without
/// Foundation so that every bridge of the package uses it: ErrorKit's (`_NSErrorBridge`, which
/// adds the cause) and StateKitFoundation's (`StateKitError`'s `errorUserInfo` where Foundation
/// has `CustomNSError`).
///
/// The texts go under Foundation's standard keys, the case name under ``ErrorUserInfoKey/name``,
/// and each exported detail under its own name, escaped by ``ErrorUserInfoKey/escapedDetailKey(_:)``
/// when that name is reserved, so a detail never replaces a text. Only the details the error
/// exports are written: the opt-in is ``CodedError/details``, never reflection here. A
/// CodedError's texts and details follow the secrets policy, as in every export, unless its
/// type adopts ``ExportsSecretDetails`` (``ErrorPayload/init(exportedFieldsOf:)``).
package enum _ErrorUserInfoFields {
  /// The user info of one error's own fields, without its cause.
  package static func fields(
    message: String?, failureReason: String?, recoverySuggestion: String?, name: String?,
    details: [String: String]
  ) -> [String: String] {
    var info: [String: String] = [:]
    for (key, value) in details { info[ErrorUserInfoKey.escapedDetailKey(key)] = value }
    if let message { info[ErrorUserInfoKey.description] = message }
    if let failureReason { info[ErrorUserInfoKey.failureReason] = failureReason }
    if let recoverySuggestion { info[ErrorUserInfoKey.recoverySuggestion] = recoverySuggestion }
    if let name { info[ErrorUserInfoKey.name] = name }
    return info
  }

  /// The user info of a CodedError's own fields as they leave the process, without its cause.
  package static func fields(of error: some CodedError) -> [String: String] {
    let exported = ErrorPayload(exportedFieldsOf: error)
    return fields(
      message: exported.message, failureReason: exported.failureReason,
      recoverySuggestion: exported.recoverySuggestion, name: exported.name,
      details: exported.details)
  }
}
