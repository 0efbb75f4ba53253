import ErrorKitCore
import Foundation

/// Swift's and Foundation's own errors, described by what they carry: a `DecodingError`'s case,
/// coding path (also leading its message: `buttons[2].title: Expected to decode String…`), debug
/// description and underlying error as the cause; an `EncodingError`'s the same without
/// its value; Foundation's `CocoaError`, `URLError` and `POSIXError` by Foundation's text.
enum StandardErrors {
  /// The description of `error` and its cause, or `nil` when it is none of these types.
  static func describe(_ error: any Error) -> (payload: ErrorPayload, cause: (any Error)?)? {
    switch error {
    case let decoding as DecodingError: describe(decoding)
    case let encoding as EncodingError: describe(encoding)
    case is CocoaError, is URLError, is POSIXError: describeFoundation(error as NSError)
    default: nil
    }
  }

  /// A coding path as people write it: `theme.buttons[2].title`.
  static func path(_ codingPath: [any CodingKey]) -> String {
    var text = ""
    for key in codingPath {
      if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue.isEmpty {
        text += "[\(index)]"
      } else {
        if !text.isEmpty { text += "." }
        text += key.stringValue
      }
    }
    return text
  }

  private static func payload(
    code: Int, name: String, codingPath: [any CodingKey], debugDescription: String,
    underlying: (any Error)?, extra: [String: String]
  ) -> (payload: ErrorPayload, cause: (any Error)?) {
    var details = extra
    var message = debugDescription.isEmpty ? "\(name) while decoding" : debugDescription
    if !codingPath.isEmpty {
      // The path leads the message, so a one-line report says where the data went wrong.
      details["codingPath"] = path(codingPath)
      message = "\(path(codingPath)): \(message)"
    }
    let payload = ErrorPayload(
      domain: NSCocoaErrorDomain, code: code, name: name, message: message, details: details)
    return (payload, underlying)
  }

  private static func payload(
    code: Int, name: String, context: DecodingError.Context, extra: [String: String]
  ) -> (payload: ErrorPayload, cause: (any Error)?) {
    payload(
      code: code, name: name, codingPath: context.codingPath,
      debugDescription: context.debugDescription, underlying: context.underlyingError,
      extra: extra)
  }

  /// Foundation bridges `keyNotFound` and `valueNotFound` to 4865, the others to 4864.
  private static func describe(_ error: DecodingError) -> (ErrorPayload, (any Error)?) {
    switch error {
    case .typeMismatch(let type, let context):
      payload(code: 4864, name: "typeMismatch", context: context, extra: ["type": "\(type)"])
    case .valueNotFound(let type, let context):
      payload(code: 4865, name: "valueNotFound", context: context, extra: ["type": "\(type)"])
    case .keyNotFound(let key, let context):
      payload(code: 4865, name: "keyNotFound", context: context, extra: ["key": key.stringValue])
    case .dataCorrupted(let context):
      payload(code: 4864, name: "dataCorrupted", context: context, extra: [:])
    @unknown default:
      (ErrorPayload(domain: NSCocoaErrorDomain, code: (error as NSError).code), nil)
    }
  }

  /// The value that could not be encoded is never exported: it may be a secret.
  private static func describe(_ error: EncodingError) -> (ErrorPayload, (any Error)?) {
    switch error {
    case .invalidValue(let value, let context):
      payload(
        code: 4866, name: "invalidValue", codingPath: context.codingPath,
        debugDescription: context.debugDescription, underlying: context.underlyingError,
        extra: ["type": "\(type(of: value))"])
    @unknown default:
      (ErrorPayload(domain: NSCocoaErrorDomain, code: (error as NSError).code), nil)
    }
  }

  /// Foundation's text without the generic sentence swift-corelibs-foundation puts before it
  /// ("The operation could not be completed. The file doesn’t exist."), and the user info by
  /// the one mapping.
  private static func describeFoundation(_ ns: NSError) -> (ErrorPayload, (any Error)?) {
    let fields = _NSErrorFields(ns)
    var payload = ErrorPayload(domain: ns.domain, code: ns.code, userInfo: fields.entries)
    if payload.message == nil {
      var text = ns.localizedDescription
      for prefix in [
        "The operation could not be completed. ", "The operation couldn’t be completed. ",
      ] where text.hasPrefix(prefix) && text.count > prefix.count && !text.hasSuffix(".)") {
        text.removeFirst(prefix.count)
      }
      payload.message = text
    }
    return (payload, fields.underlying)
  }
}
