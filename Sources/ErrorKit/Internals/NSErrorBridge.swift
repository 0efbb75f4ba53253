import Foundation

/// The one place in ErrorKit that turns fields into `NSError` user info, for CodedErrors and for
/// payloads alike: an error's own fields by ErrorKitCore's rule (`_ErrorUserInfoFields`, which
/// StateKitFoundation uses too), plus the cause. Chains are converted innermost first, in a loop,
/// so that a chain of any length neither recurses nor produces more than
/// ``ErrorPayload/maximumDepth`` errors.
///
/// A CodedError leaves by the secrets policy (unless its type adopts ``ExportsSecretDetails``),
/// and so do its causes that are not CodedErrors: an `NSError` cause (a `URLError`'s failing URL
/// with its `api_key`) is handed on as ``exported(_:)`` makes it. A payload is converted as it
/// is: it was captured under the policy already.
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
    // or a Swift error Foundation bridges) ends the walk and is bridged as it is. Each error's
    // causes are read once: the first is walked, the others go under
    // NSMultipleUnderlyingErrorsKey.
    var coded: [(error: any CodedError, others: ArraySlice<any Error>)] = []
    var causes = error._causes
    let others = causes.dropFirst()
    var rest = causes.first
    var truncated = false
    while let next = rest, let link = next as? any CodedError, !(type(of: next) is NSError.Type) {
      if coded.count + 2 >= ErrorPayload.maximumDepth {
        truncated = true
        rest = nil
        break
      }
      causes = link._causes
      coded.append((link, causes.dropFirst()))
      rest = causes.first
    }
    // The error is at depth 0, `coded[index]` at `index + 1`, the rest after them.
    var cause: NSError? =
      truncated
      ? ErrorChain.marker(.depth).nsError
      : rest.map { exported($0, atDepth: coded.count + 1) }
    for (index, link) in coded.enumerated().reversed() {
      cause = NSError(
        domain: type(of: link.error).domain, code: link.error.code.errorCodeValue,
        userInfo: fields(
          of: link.error, others: link.others, atDepth: index + 1, underlying: cause))
    }
    return fields(of: error, others: others, atDepth: 0, underlying: cause)
  }

  /// A CodedError's own fields as they leave the process, its cause and its other causes (one
  /// level deeper than the error, at `depth`).
  private static func fields(
    of error: any CodedError, others: ArraySlice<any Error>, atDepth depth: Int,
    underlying: NSError?
  ) -> [String: Any] {
    var info: [String: Any] = _ErrorUserInfoFields.fields(of: error)
    if let underlying { info[ErrorUserInfoKey.underlyingError] = underlying }
    let others = others.prefix(ErrorPayload.maximumCount).map {
      exported($0, atDepth: depth + 1)
    }
    if !others.isEmpty { info[ErrorUserInfoKey.otherUnderlyingErrors] = others }
    return info
  }

  // MARK: Causes as they leave

  /// A cause as it leaves the process with the error it caused, by the secrets policy
  /// (``ErrorPayload/redactingSecrets(in:)``): the strings and URLs of its user info, the texts
  /// Foundation gives it without user info (a `LocalizedError`'s, a domain's value provider's),
  /// and its own causes, under `NSUnderlyingError` and `NSMultipleUnderlyingErrorsKey`. An
  /// `NSError` without a secret is handed on as it is, the same object; one with a secret is
  /// copied with its domain, code and every other value, a URL staying a URL (its markers
  /// percent-encoded). An error whose type adopts ``ExportsSecretDetails`` is bridged as it is.
  ///
  /// The causes are walked as a capture walks them: the first causes in a loop, the others one
  /// level deeper, at most ``ErrorPayload/maximumDepth`` deep and ``ErrorPayload/maximumCount``
  /// in all; a cause met again on the path from the top, or past those bounds, is replaced by the
  /// marker a capture would end with.
  ///
  /// - Parameters:
  ///   - error: The cause.
  ///   - depth: How many errors are above it on its path from the top, which counts toward the
  ///     depth limit.
  static func exported(_ error: any Error, atDepth depth: Int) -> NSError {
    let ns = error as NSError
    if error is any ExportsSecretDetails { return ns }
    var budget = ErrorPayload.maximumCount
    return exported(ns, atDepth: depth, ancestors: [], budget: &budget)
  }

  /// ``exported(_:)`` for the chain that starts with `error`, `depth` errors below the first.
  private static func exported(
    _ error: NSError, atDepth depth: Int, ancestors: [ObjectIdentifier], budget: inout Int
  ) -> NSError {
    var levels: [NSError] = []
    var path = ancestors
    // The marker that replaces the rest of a cut chain.
    var end: NSError?
    var current: NSError? = error
    while let ns = current {
      let next = (ns.userInfo[ErrorUserInfoKey.underlyingError] as? any Error).map {
        $0 as NSError
      }
      if path.contains(ObjectIdentifier(ns)) {
        end = ErrorChain.marker(.cycle).nsError
      } else if budget <= 1 {
        end = ErrorChain.marker(.size).nsError
        // Full: the other causes still to come are left out, as a capture leaves them.
        budget = 0
      } else if depth + levels.count == ErrorPayload.maximumDepth - 1, next != nil {
        end = ErrorChain.marker(.depth).nsError
      }
      if end != nil { break }
      budget -= 1
      path.append(ObjectIdentifier(ns))
      levels.append(ns)
      current = next
    }
    var cause = end
    for (offset, ns) in levels.enumerated().reversed() {
      let level = depth + offset
      var info = ns.userInfo
      var changed = false
      if let cause, cause !== ns.userInfo[ErrorUserInfoKey.underlyingError] as AnyObject? {
        info[ErrorUserInfoKey.underlyingError] = cause
        changed = true
      }
      for (key, value) in ns.userInfo where key != ErrorUserInfoKey.underlyingError {
        if key == ErrorUserInfoKey.otherUnderlyingErrors, let array = value as? NSArray {
          let ancestry = Array(path.prefix(ancestors.count + offset + 1))
          if let others = exported(
            others: array, atDepth: level + 1, ancestors: ancestry, budget: &budget)
          {
            info[key] = others
            changed = true
          }
        } else if let redacted = redacted(value) {
          info[key] = redacted
          changed = true
        }
      }
      cause = exported(ns, info: info, changed: changed)
    }
    return cause ?? error
  }

  /// The other causes of an error as they leave, or `nil` when none of them changes. The
  /// array is read element by element, as ``_NSErrorFields`` reads it: bridging it whole never
  /// ends when it holds itself. Elements that are not errors are kept; those past
  /// ``ErrorPayload/maximumCount``, or after the budget of errors is spent, are left out.
  private static func exported(
    others array: NSArray, atDepth depth: Int, ancestors: [ObjectIdentifier], budget: inout Int
  ) -> [Any]? {
    var elements: [Any] = []
    var changed = array.count > ErrorPayload.maximumCount
    for index in 0..<min(array.count, ErrorPayload.maximumCount) {
      let element = array.object(at: index)
      guard let error = element as AnyObject as? NSError else {
        elements.append(element)
        continue
      }
      guard budget > 0 else {
        changed = true
        break
      }
      let copy = exported(error, atDepth: depth, ancestors: ancestors, budget: &budget)
      changed = changed || copy !== error
      elements.append(copy)
    }
    return changed ? elements : nil
  }

  /// A user-info value by the policy, or `nil` when it holds no secret: a string redacted, a URL
  /// redacted and percent-encoded where the markers stand (or as text when no URL reads it).
  private static func redacted(_ value: Any) -> Any? {
    if let text = value as? String {
      let redacted = ErrorPayload.redactingSecrets(in: text)
      return redacted == text ? nil : redacted
    }
    if let url = value as? URL {
      let text = url.absoluteString
      let redacted = ErrorPayload.redactingSecrets(in: text)
      guard redacted != text else { return nil }
      return URL(string: redacted) ?? redacted
    }
    return nil
  }

  /// One error of a cause's chain as it leaves: `error` itself when nothing changed, otherwise a
  /// copy with `info`. The texts Foundation gives the error without user info are kept, redacted,
  /// where the copy would give others: a `LocalizedError`'s or a value provider's texts hold
  /// secrets, or are lost to a plain copy.
  private static func exported(_ error: NSError, info: [String: Any], changed: Bool) -> NSError {
    var info = info
    let texts: [(key: String, text: (NSError) -> String?)] = [
      (ErrorUserInfoKey.description, { $0.localizedDescription }),
      (ErrorUserInfoKey.failureReason, { $0.localizedFailureReason }),
      (ErrorUserInfoKey.recoverySuggestion, { $0.localizedRecoverySuggestion }),
    ]
    let candidate =
      changed ? NSError(domain: error.domain, code: error.code, userInfo: info) : error
    var pinned = false
    for (key, text) in texts where !(info[key] is String) {
      guard let original = text(error) else { continue }
      let redacted = ErrorPayload.redactingSecrets(in: original)
      if text(candidate) != redacted {
        info[key] = redacted
        pinned = true
      }
    }
    guard pinned else { return candidate }
    return NSError(domain: error.domain, code: error.code, userInfo: info)
  }
}
