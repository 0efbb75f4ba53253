import ErrorKitCore
import Foundation
import StateKitTesting
import Testing

@testable import ErrorKit

/// The one secrets policy (issue 26): URLs lose their credentials and query values, home
/// directories their user's name, in every export path (payload, payload JSON, ErrorChain's
/// links and report, the NSError built from a payload), for NSError user info and for Swift
/// errors' details alike; a type opts out with ExportsSecretDetails. And nothing leaks through
/// nesting: an error held inside another's reflected values exports only its type and case.
@Suite("One secrets policy, and nothing leaks through nesting")
struct SecretsPolicyTests {
  static let token = "s3cr3t-t0k3n"
  static let failingURLKey = "NSErrorFailingURLStringKey"
  static let url = "https://alice:pa55@api.example.com/v1/items?access_token=\(token)&page=2#frag"
  static let home = "/Users/alice/Library/Application Support/app/state.json"
  static let linuxHome = "/home/alice/.config/app/state.json"

  /// The texts that must not leave the process.
  static let secrets = [token, "pa55", "alice"]

  struct Exports {
    var payload: ErrorPayload
    var json: String
    var chain: ErrorChain
    var nsError: NSError
  }

  static func exports(of error: any Error) -> Exports {
    let payload = ErrorPayload(error)
    return Exports(
      payload: payload, json: payload.jsonText, chain: ErrorChain(error),
      nsError: payload.nsError)
  }

  /// Every exported text of an error.
  static func texts(_ exports: Exports) -> [String] {
    let userInfo = exports.nsError.userInfo.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    return [
      exports.json, exports.chain.report, exports.chain.description,
      exports.chain.links.map { $0.details.description }.joined(), userInfo,
    ]
  }

  @Test func nsErrorUserInfoFollowsThePolicy() {
    let error = NSError(
      domain: NSURLErrorDomain, code: -1011,
      userInfo: [
        Self.failingURLKey: Self.url,
        NSFilePathErrorKey: Self.home,
        "LinuxPath": Self.linuxHome,
        NSLocalizedDescriptionKey: "Bad response",
      ])
    let exports = Self.exports(of: error)
    for text in Self.texts(exports) {
      for secret in Self.secrets {
        #expect(!text.contains(secret), "\(secret) in \(text)")
      }
    }
    let details = exports.payload.details
    #expect(
      details[Self.failingURLKey]
        == "https://<redacted>@api.example.com/v1/items?access_token=<redacted>&page=<redacted>#frag"
    )
    #expect(
      details[NSFilePathErrorKey] == "/Users/<redacted>/Library/Application Support/app/state.json")
    #expect(details["LinuxPath"] == "/home/<redacted>/.config/app/state.json")
    // What a person needs stays: the host, the path, the key names, the message.
    #expect(exports.chain.links[0].message == "Bad response")
  }

  enum FetchError: DescribedError {
    case failed(url: String, path: String)
    static let domain = "com.example.Fetch"
    var code: Int { 1 }
    var message: String { "The download failed." }
    var details: [String: String] {
      switch self {
      case .failed(let url, let path): ["url": url, "path": path]
      }
    }
  }

  enum TrustedFetchError: DescribedError, ExportsSecretDetails {
    case failed(url: String)
    static let domain = "com.example.Fetch"
    var code: Int { 2 }
    var message: String { "The download failed." }
    var details: [String: String] {
      switch self {
      case .failed(let url): ["url": url]
      }
    }
  }

  @Test func swiftErrorDetailsFollowTheSamePolicyUnlessTheTypeOptsOut() {
    let exports = Self.exports(of: FetchError.failed(url: Self.url, path: Self.home))
    for text in Self.texts(exports) {
      for secret in Self.secrets {
        #expect(!text.contains(secret), "\(secret) in \(text)")
      }
    }
    #expect(exports.payload.details["url"]?.hasPrefix("https://<redacted>@api.example.com") == true)
    let trusted = ErrorPayload(TrustedFetchError.failed(url: Self.url))
    #expect(trusted.details["url"] == Self.url)
  }

  @Test func redactionRules() {
    let cases: [(String, String)] = [
      ("no secrets here", "no secrets here"),
      ("https://example.com/a/b", "https://example.com/a/b"),
      ("see https://example.com/?q=1 and more", "see https://example.com/?q=<redacted> and more"),
      ("ftp://user@host/x", "ftp://<redacted>@host/x"),
      ("https://h/p?abc123", "https://h/p?<redacted>"),
      ("https://h/p?a=&b", "https://h/p?a=&<redacted>"),
      (
        "https://h/#access_token=x&type=bearer",
        "https://h/#access_token=<redacted>&type=<redacted>"
      ),
      ("file:///Users/bob/x.txt", "file:///Users/<redacted>/x.txt"),
      (#"C:\Users\bob\AppData\x"#, #"C:\Users\<redacted>\AppData\x"#),
      ("/Users/Shared/x", "/Users/Shared/x"),
      ("/var/lib/app/state.json", "/var/lib/app/state.json"),
      ("/Users/", "/Users/"),
      ("mailto:bob@example.com", "mailto:bob@example.com"),
      ("\"/home/bob\" and /home/carol/", "\"/home/<redacted>\" and /home/<redacted>/"),
    ]
    for (input, expected) in cases {
      #expect(ErrorPayload.redactingSecrets(in: input) == expected, "\(input)")
    }
  }

  /// Redaction never grows a text by more than the markers it adds, keeps every text without
  /// `://` and home prefixes unchanged, and is idempotent.
  @Test func redactionLaws() {
    let seed = (try? PropertySeed.current.get()) ?? 26
    var rng = SplitMix64(seed: seed)
    let pieces = [
      "https://", "u:p@", "host", "/", "?", "&", "=", "#", "v", " ", "/Users/", "/home/", "bob",
      "\\Users\\", "é", "\"", ":", "//", "x",
    ]
    for run in 0..<4_000 {
      let text = (0..<Int.random(in: 0...14, using: &rng)).map { _ in
        pieces.randomElement(using: &rng)!
      }.joined()
      let once = ErrorPayload.redactingSecrets(in: text)
      #expect(
        ErrorPayload.redactingSecrets(in: once) == once, "seed \(seed), case \(run): \(text)")
      if !text.contains("://") && !text.contains("/Users/") && !text.contains("/home/")
        && !text.contains("\\Users\\")
      {
        #expect(once == text, "seed \(seed), case \(run): \(text)")
      }
    }
  }

  @Test func redactionIsLinear() {
    func seconds(_ count: Int) -> Double {
      let text = String(repeating: "https://a@b/c?d=e&", count: count)
      let start = ContinuousClock.now
      _ = ErrorPayload.redactingSecrets(in: text)
      let elapsed = ContinuousClock.now - start
      return Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds)
    }
    let small = (0..<3).map { _ in seconds(5_000) }.min()!
    let large = (0..<3).map { _ in seconds(40_000) }.min()!
    #expect(large / max(small, 1e-6) < 24 || large < 0.05, "\(small) s, \(large) s")
  }

  // MARK: Nesting

  enum InnerError: Error {
    case rejected(password: String)
  }

  struct Attempt {
    var user: String
    var error: InnerError
  }

  enum OuterError: DescribedError, ReflectsDetails {
    case many(errors: [InnerError])
    case attempt(Attempt)
    case optional(InnerError?)
    static let domain = "com.example.Outer"
    var code: Int { 1 }
    var message: String { "Several things failed." }
  }

  @Test(arguments: [
    OuterError.many(errors: [.rejected(password: "hunter2"), .rejected(password: "hunter2")]),
    .attempt(Attempt(user: "bob", error: .rejected(password: "hunter2"))),
    .optional(.rejected(password: "hunter2")),
  ])
  func anErrorInsideAReflectedValueExportsOnlyItsTypeAndCase(_ error: OuterError) {
    for text in Self.texts(Self.exports(of: error)) {
      #expect(!text.contains("hunter2"), "\(text)")
    }
    let details = ErrorPayload(error).details
    switch error {
    case .many: #expect(details["errors"] == "[InnerError.rejected, InnerError.rejected]")
    case .attempt: #expect(details["0"] == "Attempt(user: bob, error: InnerError.rejected)")
    case .optional: #expect(details["0"] == nil)
    }
  }
}
