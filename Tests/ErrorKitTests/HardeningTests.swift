import Foundation
import Testing

@testable import ErrorKit

/// Errors keep secrets, cannot be spoofed, and survive hostile shapes (issue 11). Each test here
/// failed, crashed or hung before ErrorKitCore took over the vocabulary.
@Suite("Errors keep secrets and cannot be spoofed")
struct HardeningTests {
  enum AuthError: DescribedError {
    case badCredentials(user: String, password: String)
    static let domain = "com.example.Auth"
    var code: Int { 1 }
    var message: String { "The user name or password is wrong." }
  }

  /// The same error, for a type that decided its values are safe to log.
  enum LoggedAuthError: DescribedError, ReflectsDetails {
    case badCredentials(user: String, password: String)
    static let domain = "com.example.Auth"
    var code: Int { 1 }
    var message: String { "The user name or password is wrong." }
  }

  enum PlainAuthError: Error {
    case badCredentials(user: String, password: String)
  }

  struct Holder: Error {
    var token: String
  }

  /// Associated values are not exported unless the type opts in, and details cannot replace
  /// the error's own fields.
  @Test func associatedValuesStayAndDetailsCannotReplaceTheErrorsOwnFields() {
    let secret = "hunter2"
    let errors: [any Error] = [
      AuthError.badCredentials(user: "bob", password: secret),
      PlainAuthError.badCredentials(user: "bob", password: secret),
      Holder(token: secret),
    ]
    for error in errors {
      let ns = error as NSError
      let exported: [String] = [
        ErrorPayload(error).jsonText, ErrorChain(error).report, ErrorChain(error).description,
        "\(ns.userInfo)", "\(NSError(describing: error).userInfo)",
        "\(ErrorPayload(error).nsError.userInfo)",
      ]
      let leaked: [String] = exported.filter { $0.contains(secret) }
      #expect(leaked == [], "\(type(of: error)) exported its secret")
    }
    let names: [String?] = [
      ErrorPayload(AuthError.badCredentials(user: "bob", password: secret)).name,
      ErrorChain.message(of: PlainAuthError.badCredentials(user: "bob", password: secret)),
    ]
    let expectedNames: [String?] = ["badCredentials", "PlainAuthError.badCredentials"]
    #expect(names == expectedNames)
    // Opting in exports them.
    let logged = LoggedAuthError.badCredentials(user: "bob", password: secret)
    let exported: ([String: String], String?) = (
      logged.details, (logged as NSError).userInfo["password"] as? String
    )
    let expectedExported: ([String: String], String?) = (
      ["user": "bob", "password": secret], secret
    )
    #expect(exported == expectedExported)

    let payload = ErrorPayload(
      domain: "D", code: 1,
      details: [
        ErrorUserInfoKey.description: "spoofed message", ErrorUserInfoKey.name: "spoofedName",
        ErrorUserInfoKey.failureReason: "spoofed reason",
        ErrorUserInfoKey.recoverySuggestion: "spoofed suggestion",
        ErrorUserInfoKey.underlyingError: "spoofed cause",
        ErrorUserInfoKey.detailPrefix + ErrorUserInfoKey.description: "an escaped-looking name",
      ])
    let ns = payload.nsError
    #expect(
      (
        ns.userInfo[NSLocalizedDescriptionKey] == nil, ns.userInfo[NSUnderlyingErrorKey] == nil,
        ns.localizedFailureReason
      ) == (true, true, nil))
    let back = ErrorPayload(ns)
    #expect(
      [back.message, back.name, back.failureReason, back.recoverySuggestion]
        == [nil, nil, nil, nil] && back.underlying == nil && back == payload, "\(back)")
    // A DescribedError's details are escaped the same way.
    struct Sneaky: DescribedError {
      static let domain = "com.example.Sneaky"
      var code: Int { 1 }
      var message: String { "Real message." }
      var details: [String: String] { [NSLocalizedDescriptionKey: "Fake message."] }
    }
    #expect(
      ((Sneaky() as NSError).localizedDescription, ErrorPayload(Sneaky() as NSError).details)
        == ("Real message.", [NSLocalizedDescriptionKey: "Fake message."]))
  }

  /// A user info that contains the error itself; a described-error chain twenty thousand deep
  /// converts.
  @Test func userInfoThatContainsTheErrorItselfAndDeepChainsConvert() throws {
    let array = NSMutableArray()
    let dictionary = NSMutableDictionary()
    let ns = NSError(
      domain: JSONDecodeError.domain, code: 100,
      userInfo: [
        "0": "id", "items": array, "table": dictionary, NSLocalizedDescriptionKey: "Loops.",
      ])
    array.add(ns)
    array.add(array)
    dictionary["self"] = ns
    let chain = ErrorChain(ns)
    let described: (Int, String?, String?, String?) = (
      chain.links.count, chain.links[0].payload.details["items"],
      chain.links[0].payload.details["table"], ErrorPayload(ns).message
    )
    let expectedDescribed: (Int, String?, String?, String?) = (
      1, "(2 elements)", "(1 entry)", "Loops."
    )
    #expect(described == expectedDescribed)
    let recovered: JSONDecodeError? = JSONDecodeError(recovering: ns)
    #expect(recovered == .missingRequiredKey("id"))
    array.removeAllObjects()
    dictionary.removeAllObjects()

    var error: any Error = JSONDecodeError.missingRequiredKey("root")
    for level in 0..<20_000 { error = LoadError(path: "/\(level)", cause: error) }
    for ns in [error as NSError, NSError(describing: error)] {
      var depth = 0
      var last: NSError? = ns
      var current: NSError? = ns
      while let next = current {
        depth += 1
        last = next
        current = next.userInfo[NSUnderlyingErrorKey] as? NSError
      }
      let name = last?.userInfo[ErrorUserInfoKey.name] as? String
      #expect(
        (depth, last?.domain, name)
          == (ErrorPayload.maximumDepth, ContextualError.domain, "chainTooDeep"))
    }
    #expect(ErrorPayload(error).chain.count == ErrorPayload.maximumDepth)
  }

  @Test func payloadsBuiltPastTheLimitEncodeCompareAndFree() throws {
    func chain(_ depth: Int, innermost: Int) -> ErrorPayload {
      var payload = ErrorPayload(domain: "D", code: innermost)
      for level in 0..<depth {
        payload = ErrorPayload(domain: "D", code: level, underlying: payload)
      }
      return payload
    }
    let depth = 300_000
    let a = chain(depth, innermost: -1)
    let b = chain(depth, innermost: -1)
    let c = chain(depth, innermost: -2)
    let text = a.jsonText
    let closing: String = String(repeating: "}", count: 100)
    let hasUnderlying: Bool = a.nsError.userInfo[NSUnderlyingErrorKey] != nil
    let built: (Bool, Bool, Int, Bool, Bool) = (
      a == b, a != c, a.chain.count, hasUnderlying, text.hasSuffix(closing)
    )
    let expectedBuilt: (Bool, Bool, Int, Bool, Bool) = (true, true, depth + 1, true, true)
    #expect(built == expectedBuilt)
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(a) }
    #expect(throws: JSONFormatError.self) { try ErrorPayload(json: text) }
  }

  @Test(.timeLimit(.minutes(1)))
  func normalizingADomainIsLinear() {
    let domains: [String] = [
      "App.(unknown context at $10a3c).Failure",
      "App.(unknown context at $1).(unknown context at $2).F", "App.(unknown context at $1",
    ]
    #expect(
      domains.map(ErrorChain.normalizedDomain)
        == ["App.Failure", "App.F", "App.(unknown context at $1"])
    // Eight megabytes of markers, closed and unclosed: about a second in a debug build now;
    // each removal used to search the whole string again, which took 1.7 s for one megabyte,
    // 26 s for four and would take minutes for eight (measured on the code before issue 11).
    let closed = String(repeating: "(unknown context at $1).", count: 8 << 20 / 24)
    let open = String(repeating: "(unknown context at ", count: 8 << 20 / 20)
    let mixed = open + "x)." + closed
    #expect(
      [closed + "F", open, mixed].map(ErrorChain.normalizedDomain) == ["F", open, ""])
  }

  @Test(arguments: [
    #"{"domain":"D","code":1}"#, #"{"domain":"D","code":1.0}"#, #"{"domain":"D","code":1e2}"#,
    #"{"domain":"D","code":-0}"#, #"{"domain":"D","code":1.5}"#, #"{"domain":"D","code":1e400}"#,
    #"{"domain":"D","code":99999999999999999999}"#, #"{"domain":"D","code":9223372036854775807}"#,
    #"{"domain":"D","code":-9223372036854775808}"#, #"{"domain":"D","code":1,"code":2}"#,
    #"{"domain":"A","domain":"B","code":1}"#,
    #"{"domain":"D","code":1,"details":{"k":"first","k":"second"}}"#,
    #"{"domain":"D","code":1,"description":"a","description":null}"#,
    #"{"domain":"D","code":"1"}"#, #"{"domain":"D","code":true}"#,
  ])
  func theToolAndFoundationReadADocumentAlike(json: String) {
    let ours = try? ErrorPayload(json: json)
    let foundation = try? JSONDecoder().decode(ErrorPayload.self, from: Data(json.utf8))
    #expect(
      ours == foundation,
      "\(json): \(String(describing: ours)) vs \(String(describing: foundation))")
  }
}
