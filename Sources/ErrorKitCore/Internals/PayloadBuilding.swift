/// The package's one way from the parts of an error, as any source gives them (a pasted text's
/// user info, an `NSError`'s user info, a report's blocks, a JSON document), to an
/// ``ErrorPayload``: one mapping from user-info entries to fields, and one chain builder with the
/// one depth rule. Every reader of statekit-inspect and ErrorKit's `ErrorChain` use these.
extension ErrorPayload {
  /// The domain of the marker errors that end a cut chain.
  package static let markerDomain = "dev.statekit.ErrorKit"
  /// The code of the marker that ends a chain cut for depth.
  package static let depthMarkerCode = 1
  /// The code of the marker that ends a chain cut because an error is its own cause.
  package static let cycleMarkerCode = 2

  /// The marker that ends a chain longer than ``maximumDepth``.
  package static var depthMarker: ErrorPayload {
    ErrorPayload(
      domain: markerDomain, code: depthMarkerCode, name: "chainTooDeep",
      message: "error chain cut after \(maximumDepth - 1) errors")
  }

  /// The code of the marker that ends a tree cut at ``maximumCount`` errors.
  package static let sizeMarkerCode = 4

  /// The marker that ends a tree of causes cut at ``maximumCount`` errors.
  package static var sizeMarker: ErrorPayload {
    ErrorPayload(
      domain: markerDomain, code: sizeMarkerCode, name: "treeTooLarge",
      message: "error tree cut after \(maximumCount - 1) errors")
  }

  /// The marker that ends a chain in which an error is its own cause.
  package static var cycleMarker: ErrorPayload {
    ErrorPayload(
      domain: markerDomain, code: cycleMarkerCode, name: "chainCycle",
      message: "error chain cut: an error is its own cause")
  }

  /// Links errors, outermost first, each the cause of the one before; `nil` for none. A list
  /// longer than ``maximumDepth`` keeps its first `maximumDepth - 1` errors and ends with
  /// ``depthMarker``, so whatever is built reads back through the JSON reader.
  package init?(linking levels: some BidirectionalCollection<ErrorPayload>) {
    guard !levels.isEmpty else { return nil }
    var kept = Array(levels.prefix(Self.maximumDepth))
    if levels.count > Self.maximumDepth {
      kept.removeLast()
      kept.append(Self.depthMarker)
    }
    var payload = kept.removeLast()
    payload.underlying = nil
    while var outer = kept.popLast() {
      outer.underlying = payload
      payload = outer
    }
    self = payload
  }

  /// One error from its domain and code, the text printed in quotes next to them, and its
  /// user-info entries as text, by the one rule for every source:
  ///
  /// - `NSLocalizedDescription` is the message; without it, the quoted text, unless it is
  ///   Foundation's placeholder `(null)`. swift-corelibs-foundation prints the failure reason in
  ///   quotes, not the description: with `quotedIsFailureReason`, the quoted text is the failure
  ///   reason instead;
  /// - `NSLocalizedFailureReason`, `NSLocalizedRecoverySuggestion` and `ErrorKitName` are their
  ///   fields; `NSUnderlyingError` is the caller's (it is the cause, linked by
  ///   ``init(linking:)``);
  /// - every other entry is a detail under ``ErrorUserInfoKey/detailKey(fromUserInfoKey:)``;
  ///   a key given twice keeps its last value, as a dictionary printed twice would.
  package init(
    domain: String, code: Int, quoted: String? = nil, quotedIsFailureReason: Bool = false,
    userInfo: some Sequence<(key: String, value: String)>
  ) {
    let quoted = quoted == "(null)" || quoted?.isEmpty == true ? nil : quoted
    self.init(domain: domain, code: code)
    for (key, value) in userInfo {
      switch key {
      case ErrorUserInfoKey.description: message = value
      case ErrorUserInfoKey.failureReason: failureReason = value
      case ErrorUserInfoKey.recoverySuggestion: recoverySuggestion = value
      case ErrorUserInfoKey.name: name = value
      case ErrorUserInfoKey.underlyingError, ErrorUserInfoKey.otherUnderlyingErrors: break
      default:
        if let detail = ErrorUserInfoKey.detailKey(fromUserInfoKey: key) { details[detail] = value }
      }
    }
    if quotedIsFailureReason {
      failureReason = failureReason ?? quoted
    } else {
      message = message ?? quoted
    }
  }
}
