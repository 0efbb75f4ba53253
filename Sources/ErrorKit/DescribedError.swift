@_exported import ErrorKitCore
import Foundation

/// An error that carries its meaning with it: a stable domain and code, a human message, an
/// optional reason, suggestion and cause, and its details as named strings.
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
/// changes when cases are added or reordered. The human message is called ``message`` rather
/// than `localizedDescription`, which `Error` already provides and which would satisfy such a
/// requirement silently.
public protocol DescribedError: LocalizedError, CustomNSError {
  /// The stable domain of the error type, in reverse-DNS form.
  ///
  ///     JSONDecodeError.domain  // "com.example.JSONDecode"
  static var domain: String { get }

  /// The type of ``code``: `Int`, or a type of named codes such as `StateKitError.Code`.
  associatedtype Code: ErrorCodeRepresentable

  /// The stable code of this error within its domain; never the case order.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").code  // 1
  var code: Code { get }

  /// What went wrong, in a sentence for a person.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").message  // "The key \"id\" is missing."
  var message: String { get }

  /// The error that caused this one, if any. Defaults to `nil`.
  ///
  ///     SaveError.writeFailed(underlying: posixError).underlyingError  // posixError
  var underlyingError: (any Error)? { get }

  /// The error's data as named strings, such as an enum case's associated values. Defaults to
  /// the associated values (labelled, or `0`, `1`, … when unlabelled).
  ///
  ///     JSONDecodeError.unexpectedType(key: "age", expected: "Int", actual: "String").details
  ///     // ["key": "age", "expected": "Int", "actual": "String"]
  var details: [String: String] { get }

  /// The name of the case, such as `missingRequiredKey`. Defaults to the enum case's name, or
  /// `nil` for other types.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").name  // "missingRequiredKey"
  var name: String? { get }
}

extension DescribedError {
  /// No underlying error.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").underlyingError  // nil
  public var underlyingError: (any Error)? { nil }

  /// The associated values of an enum case, or the stored properties of a struct, as strings.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").details  // ["0": "id"]
  public var details: [String: String] { _ReflectedError(self).details }

  /// The enum case's name; `nil` for structs and classes.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").name  // "missingRequiredKey"
  public var name: String? { _ReflectedError(self).caseName }

  // MARK: The bridge

  /// ``message``, so `LocalizedError` users see it.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").errorDescription  // "The key \"id\" is missing."
  public var errorDescription: String? { message }

  /// ``domain``, for `NSError`.
  ///
  ///     JSONDecodeError.errorDomain  // "com.example.JSONDecode"
  public static var errorDomain: String { domain }

  /// ``code``, for `NSError`.
  ///
  ///     JSONDecodeError.missingRequiredKey("id").errorCode  // 1
  public var errorCode: Int { code.errorCodeValue }

  /// Everything the error knows, under the keys Foundation reads on every platform:
  /// `NSLocalizedDescriptionKey`, `NSLocalizedFailureReasonErrorKey`,
  /// `NSLocalizedRecoverySuggestionErrorKey` and `NSUnderlyingErrorKey`, plus each detail
  /// under its own name and the case name under ``ErrorKitUserInfoKey/name``.
  ///
  /// On Linux, Foundation ignores `LocalizedError` when a type is also a `CustomNSError` and
  /// reads only this dictionary, which is why every text is in it.
  ///
  ///     (JSONDecodeError.missingRequiredKey("id") as NSError).userInfo[NSLocalizedDescriptionKey]
  ///     // "The key \"id\" is missing."
  public var errorUserInfo: [String: Any] {
    var info: [String: Any] = [:]
    for (key, value) in details { info[key] = value }
    info[NSLocalizedDescriptionKey] = message
    if let failureReason { info[NSLocalizedFailureReasonErrorKey] = failureReason }
    if let recoverySuggestion { info[NSLocalizedRecoverySuggestionErrorKey] = recoverySuggestion }
    if let underlyingError { info[NSUnderlyingErrorKey] = underlyingError as NSError }
    if let name { info[ErrorKitUserInfoKey.name] = name }
    return info
  }

  /// An `NSError` with this error's domain, code and user info, built explicitly.
  ///
  ///     let ns = JSONDecodeError.missingRequiredKey("id").nsError
  ///     ns.localizedDescription  // "The key \"id\" is missing."
  public var nsError: NSError {
    NSError(domain: Self.domain, code: code.errorCodeValue, userInfo: errorUserInfo)
  }
}

/// A code of a ``DescribedError``: an `Int`, or a type of named codes backed by an `Int`.
///
///     struct Code: RawRepresentable, ErrorCodeRepresentable { let rawValue: Int }
///     Code(rawValue: 4).errorCodeValue  // 4
public protocol ErrorCodeRepresentable {
  /// The code as the integer `NSError` carries.
  ///
  ///     7.errorCodeValue  // 7
  var errorCodeValue: Int { get }
}

extension Int: ErrorCodeRepresentable {
  /// The integer itself.
  ///
  ///     7.errorCodeValue  // 7
  public var errorCodeValue: Int { self }
}

extension ErrorCodeRepresentable where Self: RawRepresentable, RawValue == Int {
  /// The raw value.
  ///
  ///     StateKitError.Code.unknownName.errorCodeValue  // 4
  public var errorCodeValue: Int { rawValue }
}

/// The user-info keys ErrorKit adds to the `NSError` of a ``DescribedError``.
///
///     (error as NSError).userInfo[ErrorKitUserInfoKey.name]  // "missingRequiredKey"
public enum ErrorKitUserInfoKey {
  /// The case name of the error (``DescribedError/name``).
  ///
  ///     ErrorKitUserInfoKey.name  // "ErrorKitName"
  public static let name = "ErrorKitName"
}

/// What reflection can tell about an error value: its enum case and associated values.
struct _ReflectedError {
  let caseName: String?
  let details: [String: String]

  init(_ error: some Error) {
    let mirror = Mirror(reflecting: error)
    var details: [String: String] = [:]
    switch mirror.displayStyle {
    case .enum:
      if let payload = mirror.children.first {
        caseName = payload.label
        let fields = Mirror(reflecting: payload.value)
        if fields.displayStyle == .tuple {
          for (offset, field) in fields.children.enumerated() {
            details[Self.key(field.label, offset)] = Self.text(field.value)
          }
        } else {
          details["0"] = Self.text(payload.value)
        }
      } else {
        // A case without values prints as its name, unless the type has its own description;
        // only text that reads as an identifier is taken for the name.
        let text = String(describing: error)
        let isIdentifier =
          text.first.map { $0.isLetter || $0 == "_" } == true
          && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        caseName = isIdentifier ? text : nil
      }
    case .struct, .class:
      caseName = nil
      for (offset, field) in mirror.children.enumerated() {
        details[Self.key(field.label, offset)] = Self.text(field.value)
      }
    default:
      caseName = nil
    }
    self.details = details
  }

  /// A value as a detail: `nil` for errors (they belong in the chain) and empty optionals.
  static func text(_ value: Any) -> String? {
    if value is any Error { return nil }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.flatMap { text($0.value) }
    }
    return String(describing: value)
  }

  /// A tuple label, without the `.0` Swift uses for unlabelled elements.
  static func key(_ label: String?, _ offset: Int) -> String {
    guard let label, !label.hasPrefix(".") else { return String(offset) }
    return label
  }
}
