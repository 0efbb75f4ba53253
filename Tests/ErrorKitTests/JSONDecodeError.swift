import ErrorKit
import Foundation

/// The seed example of the docs: a JSON decode error written with ErrorKit.
/// Its values are safe to log, so it opts into exporting them as details.
enum JSONDecodeError: DescribedError, ReflectsDetails, CaseIterable, NSErrorRecoverable, Equatable {
  case missingRequiredKey(String)
  case unexpectedType(key: String, expected: String, actual: String)

  static let domain = "com.example.JSONDecode"

  // Codes differ from the runtime tags on purpose: bridging must use these.
  var code: Int {
    switch self {
    case .missingRequiredKey: 100
    case .unexpectedType: 200
    }
  }

  var message: String {
    switch self {
    case .missingRequiredKey(let key): "The key \"\(key)\" is missing."
    case .unexpectedType(let key, let expected, let actual):
      "The value of \"\(key)\" is \(actual), not \(expected)."
    }
  }

  var failureReason: String? {
    switch self {
    case .missingRequiredKey: "The document has no value for a required key."
    case .unexpectedType: "The document has a value of the wrong type."
    }
  }

  var recoverySuggestion: String? { "Check the document against its schema." }

  static var allCases: [JSONDecodeError] {
    [.missingRequiredKey("key"), .unexpectedType(key: "key", expected: "Int", actual: "String")]
  }

  init?(code: Int, details: [String: String]) {
    switch code {
    case 100: self = .missingRequiredKey(details["0"] ?? "")
    case 200:
      self = .unexpectedType(
        key: details["key"] ?? "", expected: details["expected"] ?? "",
        actual: details["actual"] ?? "")
    default: return nil
    }
  }
}

/// An error with a cause, to build chains.
struct LoadError: DescribedError {
  static let domain = "com.example.Load"
  var code: Int { 7 }
  var path: String
  var cause: (any Error)?
  var message: String { "Could not load \(path)." }
  var underlyingError: (any Error)? { cause }
}
