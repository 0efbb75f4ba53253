import Foundation

// doc-code: continues DescribedError.swift

/// A ``DescribedError`` that can be rebuilt from an `NSError`: the way back from Foundation, which
/// Linux lacks (`(error as NSError) as? MyError` is `nil` there).
///
///     extension JSONDecodeError: ReflectsDetails, NSErrorRecoverable {
///         init?(code: Int, details: [String: String]) {
///             switch code {
///             case 1: self = .missingRequiredKey(details["0"] ?? "")
///             case 2: self = .unexpectedType(key: details["key"] ?? "", expected: details["expected"] ?? "",
///                                            actual: details["actual"] ?? "")
///             default: return nil
///             }
///         }
///     }
///
///     let ns = JSONDecodeError.missingRequiredKey("id") as NSError
///     JSONDecodeError(recovering: ns)  // .missingRequiredKey("id")
///
/// The associated values come back only from the details the error exports: here through
/// ``ReflectsDetails``; without it, `details["0"]` is `nil` and the key comes back empty. They
/// come back as the secrets policy exported them (a URL's credentials and query values, a home
/// folder's user name as `<redacted>`); a type whose values must come back whole adopts
/// ``ExportsSecretDetails``.
///
/// A `CaseIterable` type whose cases carry no values gets `init(code:details:)` for free.
public protocol NSErrorRecoverable: DescribedError {
  /// Rebuilds the error from its code and details, or returns `nil` for an unknown code.
  ///
  ///     JSONDecodeError(code: 1, details: ["0": "id"])  // .missingRequiredKey("id")
  ///
  /// - Parameters:
  ///   - code: The error's ``CodedError/code``.
  ///   - details: The error's ``CodedError/details``, as read back from the `NSError`.
  init?(code: Int, details: [String: String])
}

extension NSErrorRecoverable {
  /// Recovers the error from any error: itself when it already has this type, otherwise its
  /// `NSError` form when the domain is this type's; `nil` for another domain or an unknown
  /// code.
  ///
  ///     let error: any Error = JSONDecodeError.missingRequiredKey("id") as NSError
  ///     JSONDecodeError(recovering: error)  // .missingRequiredKey("id")
  ///     JSONDecodeError(recovering: NSError(domain: "other", code: 1))  // nil
  ///
  /// - Parameter error: Any error, typically the bridged form of one of this type's errors.
  public init?(recovering error: any Error) {
    if let typed = error as? Self {
      self = typed
      return
    }
    let error = error as NSError
    guard error.domain == Self.domain else { return nil }
    self.init(
      code: error.code,
      details: ErrorPayload(
        domain: error.domain, code: error.code, userInfo: _NSErrorFields(error).entries
      )
      .details)
  }
}

extension NSErrorRecoverable where Self: CaseIterable {
  /// Finds the case with this code; for types whose cases carry no values.
  ///
  ///     enum Fault: Int, DescribedError, CaseIterable, NSErrorRecoverable {
  ///         case offline = 1, timedOut
  ///         static let domain = "com.example.Fault"
  ///         var code: Int { rawValue }
  ///         var message: String { "Fault \(rawValue)." }
  ///     }
  ///
  ///     Fault(code: 2, details: [:])  // .timedOut, the case whose code is 2
  public init?(code: Int, details: [String: String]) {
    guard let match = Self.allCases.first(where: { $0.code.errorCodeValue == code }) else {
      return nil
    }
    self = match
  }
}
