import ErrorKit
import Foundation
import StateKit
import Testing

/// An error as key-value pairs for a structured logger, with OpenTelemetry's names (issue 26).
@Suite("Errors as log attributes")
struct LogAttributesTests {
  func value(_ key: String, in pairs: [(key: String, value: String)]) -> String? {
    pairs.first { $0.key == key }?.value
  }

  /// The theme-loading story: a decoding error with a StateKitError inside, wrapped with
  /// context, logged as key-values.
  @Test func aThemeLoadingFailureLogsItsWholeChain() throws {
    struct Theme: Decodable { var state: ControlState }
    let json = Data(#"{"state": "highlited"}"#.utf8)
    var thrown: (any Error)?
    do {
      _ = try withContext("loading the theme at /Users/alice/theme.json") {
        try JSONDecoder().decode(Theme.self, from: json)
      }
    } catch {
      thrown = error
    }
    let error = try #require(thrown)
    let pairs = ErrorChain.logAttributes(of: error)
    #expect(pairs.first?.key == "exception.type")
    #expect(pairs.first?.value == "ErrorKit.ContextualError")
    // The context is a text of the error, and follows the secrets policy as details do.
    #expect(
      value("exception.message", in: pairs) == "loading the theme at /Users/<redacted>/theme.json")
    #expect(value("errorkit.domain", in: pairs) == "dev.statekit.ErrorKit")
    #expect(value("errorkit.code", in: pairs) == "3")
    // The decoding error, then the StateKitError inside it.
    #expect(value("errorkit.cause.1.name", in: pairs) == "dataCorrupted")
    #expect(value("errorkit.cause.2.domain", in: pairs) == StateKitError.domain)
    #expect(value("errorkit.cause.2.message", in: pairs)?.contains("highlited") == true)
    #expect(value("errorkit.truncated", in: pairs) == nil)
    // Every key is unique, and the list is the same on every call.
    #expect(Set(pairs.map(\.key)).count == pairs.count)
    #expect(ErrorChain.logAttributes(of: error).map(\.key) == pairs.map(\.key))
  }

  @Test func anNSErrorIsTypedByItsDomainAndItsDetailsFollowThePolicy() {
    let error = NSError(
      domain: NSURLErrorDomain, code: -1009,
      userInfo: [
        NSLocalizedDescriptionKey: "The Internet connection appears to be offline.",
        "NSErrorFailingURLStringKey": "https://api.example.com/v1?token=abc",
      ])
    let pairs = ErrorChain.logAttributes(of: error)
    #expect(value("exception.type", in: pairs) == NSURLErrorDomain)
    #expect(
      value("errorkit.details.NSErrorFailingURLStringKey", in: pairs)
        == "https://api.example.com/v1?token=<redacted>")
    #expect(!pairs.contains { $0.value.contains("abc") })
  }

  @Test func aCutChainSaysSo() {
    var error: NSError = NSError(domain: "Root", code: 0)
    for depth in 1...100 {
      error = NSError(domain: "D", code: depth, userInfo: [NSUnderlyingErrorKey: error])
    }
    let pairs = ErrorChain.logAttributes(of: error)
    #expect(value("errorkit.truncated", in: pairs) == "true")
  }
}
