/// An error that carries its meaning with it, without Foundation: a stable domain and code, a
/// message for people, an optional reason, suggestion and cause, a case name, and the details
/// its type chooses to export.
///
/// Libraries that must not import Foundation (StateKit's own `StateKitError` is one) adopt
/// this protocol. `error as NSError` then has the declared domain and code on every platform,
/// and ErrorKit's bridge (`ErrorPayload(error)`, `ErrorChain`, `NSError(describing:)`,
/// recovery) keeps every text. Types in modules that import Foundation adopt ErrorKit's
/// `DescribedError`, which adds `LocalizedError` and `CustomNSError` so that
/// `error.localizedDescription` is the message too; a Foundation-free library can add
/// `LocalizedError` from another module of its product, as StateKitFoundation does for
/// `StateKitError`.
///
///     enum StorageError: CodedError {
///         case diskFull(needed: Int)
///
///         static let domain = "com.example.Storage"
///         var code: Int { 1 }
///         var message: String { "The disk is full." }
///         var details: [String: String] {
///             switch self {
///             case .diskFull(let needed): ["needed": String(needed)]
///             }
///         }
///     }
///
/// Details are exported only when the type says so: by implementing ``details``, as above, or by
/// adopting ``ReflectsDetails``. Associated values often hold what must not reach a log (a
/// password, a token, a path inside a user's home), so nothing is copied by default.
public protocol CodedError: Error {
  /// The stable domain of the error type, in reverse-DNS form.
  ///
  ///     StorageError.domain  // "com.example.Storage"
  static var domain: String { get }

  /// The type of ``code``: `Int`, another integer type, or a type of named codes such as
  /// `StateKitError.Code`.
  associatedtype Code: ErrorCodeRepresentable

  /// The stable code of this error within its domain; never the case order.
  ///
  ///     StorageError.diskFull(needed: 10).code  // 1
  var code: Code { get }

  /// The type of ``message``: `String`, or `String?` for a type whose message may be missing.
  associatedtype Message = String

  /// What went wrong, in a sentence for a person: a `String`, or a `String?` (an error without
  /// a message then exports none, and `localizedDescription` is Foundation's default).
  ///
  ///     StorageError.diskFull(needed: 10).message  // "The disk is full."
  var message: Message { get }

  /// Why it went wrong, when there is more to say. Defaults to `nil`.
  ///
  ///     StorageError.diskFull(needed: 10).failureReason  // nil
  var failureReason: String? { get }

  /// What to do about it. Defaults to `nil`.
  ///
  ///     StorageError.diskFull(needed: 10).recoverySuggestion  // nil
  var recoverySuggestion: String? { get }

  /// The type of ``underlyingError``: whatever the type declares, read by its shape.
  associatedtype UnderlyingError = (any Error)?

  /// The error that caused this one: an `underlyingError` property the type already has is the
  /// cause, whatever its type (`any Error`, `(any Error)?`, a concrete error type, or an array
  /// of errors, which gives several causes in order), stored or computed. Without one, the
  /// first error among an enum case's values, or of a stored `underlyingErrors` array.
  ///
  ///     StorageError.diskFull(needed: 10).underlyingError  // nil, unless the type gives one
  var underlyingError: UnderlyingError { get }

  /// The errors that caused this one besides ``underlyingError``, in order: a theme file with
  /// five problems has one error with five causes. Defaults to the errors among an enum case's
  /// values, or of a stored `underlyingErrors` array, after the first, when ``underlyingError``
  /// is a `(any Error)?`, and to none otherwise. Reports show them as a tree, payloads keep them
  /// (`otherCauses`), and `NSError` carries them under `NSMultipleUnderlyingErrorsKey`.
  ///
  ///     StorageError.diskFull(needed: 10).otherUnderlyingErrors.isEmpty  // true, unless the type gives some
  var otherUnderlyingErrors: [any Error] { get }

  /// The type of ``details``: `[String: String]`, or what the type already declares.
  associatedtype Details = [String: String]

  /// The data the error exports as named strings: into `NSError` user info, payloads, reports
  /// and logs. Defaults to none; see ``ReflectsDetails`` to export the associated values. A
  /// `details` property the type already has is read by its shape: a dictionary's values as
  /// text (errors and `nil`s left out), anything else as one detail, `details`.
  ///
  ///     StorageError.diskFull(needed: 10).details  // ["needed": "10"]
  var details: Details { get }

  /// The type of ``name``: `String?`, or what the type already declares.
  associatedtype Name = String?

  /// The name of the case, such as `diskFull`. Defaults to the enum case's name, or `nil` for
  /// other types; only the name is read, never the associated values. A `name` property the
  /// type already has is the name, whatever its type (`String`, an enum of names).
  ///
  ///     StorageError.diskFull(needed: 10).name  // "diskFull"
  var name: Name { get }
}

extension CodedError {
  /// No reason.
  ///
  ///     StorageError.diskFull(needed: 10).failureReason  // nil
  public var failureReason: String? { nil }

  /// No suggestion.
  ///
  ///     StorageError.diskFull(needed: 10).recoverySuggestion  // nil
  public var recoverySuggestion: String? { nil }

  /// No other causes, for a type that declares its ``underlyingError``.
  ///
  ///     StorageError.diskFull(needed: 10).otherUnderlyingErrors.isEmpty  // true
  public var otherUnderlyingErrors: [any Error] { [] }

  /// ``domain``, as `NSError` reads it when the error is bridged (`error as NSError`).
  ///
  ///     (StorageError.diskFull(needed: 10) as NSError).domain  // "com.example.Storage"
  public var _domain: String { Self.domain }

  /// ``code``, as `NSError` reads it when the error is bridged (`error as NSError`).
  ///
  ///     (StorageError.diskFull(needed: 10) as NSError).code  // 1
  public var _code: Int { code.errorCodeValue }
}

extension CodedError where UnderlyingError == (any Error)? {
  /// The first error among an enum case's values (alone, optional or in an array), or of a
  /// stored `underlyingErrors` array; `nil` when there is none.
  ///
  ///     enum SyncError: CodedError {
  ///         case offline
  ///         case rejected(any Error)
  ///         static let domain = "com.example.Sync"
  ///         var code: Int { 1 }
  ///         var message: String { "The sync failed." }
  ///     }
  ///     SyncError.rejected(CancellationError()).underlyingError is CancellationError  // true
  ///     SyncError.offline.underlyingError == nil  // true
  public var underlyingError: (any Error)? { _ReflectedError.causes(of: self).first }

  /// The errors among an enum case's values, or of a stored `underlyingErrors` array, after
  /// the first.
  ///
  ///     SyncError.rejected(CancellationError()).otherUnderlyingErrors.isEmpty  // true
  public var otherUnderlyingErrors: [any Error] {
    Array(_ReflectedError.causes(of: self).dropFirst())
  }
}

extension CodedError where Details == [String: String] {
  /// No details: a type exports its data only when it says so.
  ///
  ///     enum QuotaError: CodedError {
  ///         case exceeded(limit: Int)
  ///         static let domain = "com.example.Quota"
  ///         var code: Int { 1 }
  ///         var message: String { "Over quota." }
  ///     }
  ///
  ///     QuotaError.exceeded(limit: 10).details  // [:], without an explicit `details`
  public var details: [String: String] { [:] }
}

extension CodedError where Name == String? {
  /// The enum case's name; `nil` for structs and classes.
  ///
  ///     StorageError.diskFull(needed: 10).name  // "diskFull"
  public var name: String? { _ReflectedError.caseName(of: self) }
}

/// A ``CodedError`` that exports the values of its cases (or the stored properties of a struct)
/// as details, each under its label (`0`, `1`, … when unlabelled), by reflection.
///
/// Adopt it only for types whose values are safe to log: every value ends up in `NSError` user
/// info, payloads and reports.
///
///     enum FetchError: CodedError, ReflectsDetails {
///         case notFound(path: String)
///         static let domain = "com.example.Fetch"
///         var code: Int { 1 }
///         var message: String { "Nothing at this address." }
///     }
///     FetchError.notFound(path: "/v1/items").details  // ["path": "/v1/items"]
public protocol ReflectsDetails: CodedError {}

extension ReflectsDetails where Details == [String: String] {
  /// The associated values of an enum case, or the stored properties of a struct, as strings;
  /// errors among them are left to the chain.
  ///
  ///     FetchError.notFound(path: "/v1/items").details  // ["path": "/v1/items"]
  public var details: [String: String] { _ReflectedError.details(of: self) }
}
