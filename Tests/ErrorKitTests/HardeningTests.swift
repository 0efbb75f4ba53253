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

  @Test func associatedValuesAreNotExportedUnlessTheTypeOptsIn() {
    let secret = "hunter2"
    let errors: [any Error] = [
      AuthError.badCredentials(user: "bob", password: secret),
      PlainAuthError.badCredentials(user: "bob", password: secret),
      Holder(token: secret),
    ]
    for error in errors {
      let ns = error as NSError
      let exported = [
        ErrorPayload(error).jsonText, ErrorChain(error).report, ErrorChain(error).description,
        "\(ns.userInfo)", "\(NSError(describing: error).userInfo)",
        "\(ErrorPayload(error).nsError.userInfo)",
      ]
      for text in exported {
        #expect(!text.contains(secret), "\(type(of: error)) exported its secret: \(text)")
      }
    }
    #expect(
      ErrorPayload(AuthError.badCredentials(user: "bob", password: secret)).name == "badCredentials"
    )
    #expect(
      ErrorChain.message(of: PlainAuthError.badCredentials(user: "bob", password: secret))
        == "PlainAuthError.badCredentials")
    // Opting in exports them.
    let logged = LoggedAuthError.badCredentials(user: "bob", password: secret)
    #expect(logged.details == ["user": "bob", "password": secret])
    #expect((logged as NSError).userInfo["password"] as? String == secret)
  }

  @Test func detailsCannotReplaceTheErrorsOwnFields() {
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
    #expect(ns.userInfo[NSLocalizedDescriptionKey] == nil)
    #expect(ns.userInfo[NSUnderlyingErrorKey] == nil)
    #expect(ns.localizedFailureReason == nil)
    let back = ErrorPayload(ns)
    #expect(back.message == nil && back.name == nil && back.failureReason == nil)
    #expect(back.recoverySuggestion == nil && back.underlying == nil)
    #expect(back == payload)
    // A DescribedError's details are escaped the same way.
    struct Sneaky: DescribedError {
      static let domain = "com.example.Sneaky"
      var code: Int { 1 }
      var message: String { "Real message." }
      var details: [String: String] { [NSLocalizedDescriptionKey: "Fake message."] }
    }
    #expect((Sneaky() as NSError).localizedDescription == "Real message.")
    #expect(
      ErrorPayload(Sneaky() as NSError).details == [NSLocalizedDescriptionKey: "Fake message."])
  }

  @Test func userInfoThatContainsTheErrorItself() throws {
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
    #expect(chain.links.count == 1)
    #expect(chain.links[0].payload.details["items"] == "(2 elements)")
    #expect(chain.links[0].payload.details["table"] == "(1 entry)")
    #expect(ErrorPayload(ns).message == "Loops.")
    #expect(JSONDecodeError(ns) == .missingRequiredKey("id"))
    #expect(JSONDecodeError(recovering: ns) == .missingRequiredKey("id"))
    array.removeAllObjects()
    dictionary.removeAllObjects()
  }

  @Test func aDescribedErrorChainTwentyThousandDeepConverts() {
    var error: any Error = JSONDecodeError.missingRequiredKey("root")
    for level in 0..<20_000 { error = LoadError(path: "/\(level)", cause: error) }
    for ns in [error as NSError, (error as? LoadError)?.nsError, NSError(describing: error)] {
      guard let ns else { continue }
      var depth = 0
      var last: NSError? = ns
      var current: NSError? = ns
      while let next = current {
        depth += 1
        last = next
        current = next.userInfo[NSUnderlyingErrorKey] as? NSError
      }
      #expect(depth == ErrorPayload.maximumDepth)
      #expect(last?.domain == ErrorChain.markerDomain)
      #expect(last?.code == ErrorChain.depthMarkerCode)
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
    #expect(a == b)
    #expect(a != c)
    #expect(a.chain.count == depth + 1)
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(a) }
    #expect(a.nsError.userInfo[NSUnderlyingErrorKey] != nil)
    let text = a.jsonText
    #expect(text.hasSuffix(String(repeating: "}", count: 100)))
    #expect(throws: JSONFormatError.self) { try ErrorPayload(json: text) }
  }

  @Test(.timeLimit(.minutes(1)))
  func normalizingADomainIsLinear() {
    #expect(ErrorChain.normalizedDomain("App.(unknown context at $10a3c).Failure") == "App.Failure")
    #expect(
      ErrorChain.normalizedDomain("App.(unknown context at $1).(unknown context at $2).F")
        == "App.F")
    #expect(
      ErrorChain.normalizedDomain("App.(unknown context at $1") == "App.(unknown context at $1")
    // Eight megabytes of markers, closed and unclosed: about a second in a debug build now;
    // each removal used to search the whole string again, which took 1.7 s for one megabyte,
    // 26 s for four and would take minutes for eight (measured on the code before issue 11).
    let closed = String(repeating: "(unknown context at $1).", count: 8 << 20 / 24)
    #expect(ErrorChain.normalizedDomain(closed + "F") == "F")
    let open = String(repeating: "(unknown context at ", count: 8 << 20 / 20)
    #expect(ErrorChain.normalizedDomain(open) == open)
    let mixed = open + "x)." + closed
    #expect(ErrorChain.normalizedDomain(mixed) == "")
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
