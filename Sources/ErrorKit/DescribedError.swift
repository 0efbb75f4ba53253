@_exported import ErrorKitCore
import Foundation

/// A ``CodedError`` that also bridges to Foundation implicitly: a stable domain and code, a
/// human message, an optional reason, suggestion and cause, and the details it chooses to export.
///
/// Conforming is enough for the error to bridge to `NSError` correctly on Linux and on Apple
/// platforms: `error.localizedDescription`, `(error as NSError).localizedFailureReason`,
/// `.localizedRecoverySuggestion`, `.domain`, `.code` and the `NSUnderlyingErrorKey` chain all
/// come from these properties.
///
///     enum JSONDecodeError: DescribedError {
///         case missingRequiredKey(String)
///         case unexpectedType(key: String, expected: String, actual: String)
///
///         static let domain = "com.example.JSONDecode"
///
///         var code: Int {
///             switch self {
///             case .missingRequiredKey: 1
///             case .unexpectedType: 2
///             }
///         }
///
///         var message: String {
///             switch self {
///             case .missingRequiredKey(let key): "The key \"\(key)\" is missing."
///             case .unexpectedType(let key, let expected, let actual):
///                 "The value of \"\(key)\" is \(actual), not \(expected)."
///             }
///         }
///     }
///
///     let error: any Error = JSONDecodeError.missingRequiredKey("id")
///     error.localizedDescription        // "The key \"id\" is missing."
///     (error as NSError).code           // 1
///     (error as NSError).domain         // "com.example.JSONDecode"
///
/// Give every case an explicit code: Swift's default code is the runtime tag of the case, which
/// changes when cases are added or reordered. The human message is called ``CodedError/message`` rather
/// than `localizedDescription`, which `Error` already provides and which would satisfy such a
/// requirement silently.
///
/// The associated values (`"id"` above) are not exported unless the type says so, with an
/// explicit `details` or by adopting ``ReflectsDetails``: a `badCredentials(user:password:)` case
/// must not put the password into user info, payloads and logs. See <doc:ModelingErrors>.
public protocol DescribedError: CodedError, LocalizedError, CustomNSError {}

extension DescribedError {
  // Defaults that both CodedError and Foundation's protocols offer, chosen here once.

  /// No reason.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").failureReason  // nil, unless the type gives one
  public var failureReason: String? { nil }

  /// No suggestion.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").recoverySuggestion  // nil, unless the type gives one
  public var recoverySuggestion: String? { nil }

  /// ``CodedError/domain``, as `NSError` reads it.
  ///
  ///     (JSONDecodeError.missingRequiredKey("id") as NSError).domain  // "com.example.JSONDecode"
  public var _domain: String { Self.domain }

  /// ``CodedError/code``, as `NSError` reads it.
  ///
  ///     (JSONDecodeError.missingRequiredKey("id") as NSError).code  // 1
  public var _code: Int { code.errorCodeValue }

  // MARK: The bridge

  /// ``CodedError/message``, so `LocalizedError` users see it.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").errorDescription  // "The key \"id\" is missing."
  public var errorDescription: String? { _messageText }

  /// ``CodedError/domain``, for `NSError`.
  ///
  ///     JSONDecodeError.errorDomain  // "com.example.JSONDecode"
  public static var errorDomain: String { domain }

  /// ``CodedError/code``, for `NSError`.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").errorCode  // 1
  public var errorCode: Int { code.errorCodeValue }

  /// Everything the error exports, under the keys Foundation reads on every platform:
  /// `NSLocalizedDescriptionKey`, `NSLocalizedFailureReasonErrorKey`,
  /// `NSLocalizedRecoverySuggestionErrorKey` and `NSUnderlyingErrorKey`, the case name under
  /// ``ErrorUserInfoKey/name``, and each detail under its own name (with the prefix
  /// `ErrorKitDetail.` when the name is one of these keys).
  ///
  /// On Linux, Foundation ignores `LocalizedError` when a type is also a `CustomNSError` and
  /// reads only this dictionary, which is why every text is in it. The texts and details follow
  /// the secrets policy (``ErrorPayload/redactingSecrets(in:)``), and so does a cause that is an
  /// `NSError`, unless the type adopts ``ExportsSecretDetails``: so `error.localizedDescription`
  /// and `print(error as NSError)` show no password, token or user's name. The causes are converted
  /// one after the other, not recursively, and a chain longer than
  /// ``ErrorPayload/maximumDepth`` ends with a marker error.
  ///
  ///     let ns = JSONDecodeError.missingRequiredKey("id") as NSError
  ///     ns.userInfo[NSLocalizedDescriptionKey] as? String  // "The key \"id\" is missing."
  ///     ns.userInfo[ErrorUserInfoKey.name] as? String      // "missingRequiredKey"
  public var errorUserInfo: [String: Any] { _NSErrorBridge.userInfo(of: self) }
}
