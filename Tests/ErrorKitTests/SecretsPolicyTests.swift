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
    var attributes: [(key: String, value: String)]
  }

  static func exports(of error: any Error) -> Exports {
    let payload = ErrorPayload(error)
    return Exports(
      payload: payload, json: payload.jsonText, chain: ErrorChain(error),
      nsError: payload.nsError, attributes: ErrorChain.logAttributes(of: error))
  }

  /// Every exported text of an error.
  static func texts(_ exports: Exports) -> [String] {
    let userInfo = exports.nsError.userInfo.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
    return [
      exports.json, exports.chain.report, exports.chain.description,
      exports.chain.links.map { $0.payload.details.description }.joined(), userInfo,
      String(describing: exports.payload),
      exports.attributes.map { "\($0.key)=\($0.value)" }.joined(separator: " "),
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

  // MARK: URLs inside URLs, schemes with digits, Windows home folders

  /// The forms a first policy missed, each with what must remain of it: a URL in another's
  /// path (an archive's or a proxy's link), schemes that end in a digit, a Windows home folder
  /// whose name holds a space, and one written in lower case.
  static let hardForms: [(input: String, redacted: String)] = [
    (
      "https://proxy.example/https://alice:pa55@api.example.com/v1?access_token=\(token)",
      "https://proxy.example/https://<redacted>@api.example.com/v1?access_token=<redacted>"
    ),
    (
      "https://web.archive.org/web/2024/https://alice:pa55@example.com/a#token=\(token)",
      "https://web.archive.org/web/2024/https://<redacted>@example.com/a#token=<redacted>"
    ),
    (
      "s3://AKIDEXAMPLE:pa55@bucket/key?X-Amz-Signature=\(token)&X-Amz-Expires=60",
      "s3://<redacted>@bucket/key?X-Amz-Signature=<redacted>&X-Amz-Expires=<redacted>"
    ),
    ("tn3270://alice:pa55@mainframe.example:23", "tn3270://<redacted>@mainframe.example:23"),
    (#"C:\Users\alice Smith\AppData\state.json"#, #"C:\Users\<redacted>\AppData\state.json"#),
    (#"c:\users\alice\AppData\state.json"#, #"c:\users\<redacted>\AppData\state.json"#),
  ]

  /// The texts of ``hardForms`` that must not leave the process.
  static let hardSecrets = [token, "pa55", "alice", "Smith", "AKIDEXAMPLE"]

  @Test func urlsInsideURLsLoseTheirSecrets() {
    let cases: [(String, String)] = [
      ("https://proxy/https://user:pw@host/x", "https://proxy/https://<redacted>@host/x"),
      // As deep as it goes, each one a URL of its own.
      (
        "https://a/https://b/http://u:p@c/d?k=v",
        "https://a/https://b/http://<redacted>@c/d?k=<redacted>"
      ),
      // Where a fragment or a query item without a name would be.
      ("https://a/#https://u:p@h/x", "https://a/#https://<redacted>@h/x"),
      ("https://a/#/go/https://u:p@h/x", "https://a/#/go/https://<redacted>@h/x"),
      ("https://a/?https://u:p@h/x?k=v", "https://a/?https://<redacted>@h/x?k=<redacted>"),
      // A query value, nested URL or not, is a value.
      ("https://a/?next=https://u:p@h/x", "https://a/?next=<redacted>"),
      // The outer URL's credentials too.
      ("https://a:b@proxy/ftp://u:p@h/", "https://<redacted>@proxy/ftp://<redacted>@h/"),
    ]
    for (input, expected) in cases {
      #expect(ErrorPayload.redactingSecrets(in: input) == expected, "\(input)")
    }
  }

  /// A scheme is a letter, then letters, digits, `+`, `-` and `.` (RFC 3986).
  @Test func schemesWithDigitsAndPunctuationAreURLs() {
    let cases: [(String, String)] = [
      ("s3://bucket/key?X-Amz-Signature=abc", "s3://bucket/key?X-Amz-Signature=<redacted>"),
      ("s3://u:p@bucket/key", "s3://<redacted>@bucket/key"),
      ("tn3270://u:p@host", "tn3270://<redacted>@host"),
      ("svn+ssh://u:p@host/repo", "svn+ssh://<redacted>@host/repo"),
      ("x-my.app2://u@host/?t=1", "x-my.app2://<redacted>@host/?t=<redacted>"),
      ("see (s3://u:p@b/k) now", "see (s3://<redacted>@b/k) now"),
      // `3` alone is not a scheme; `::` and `1:` are not either.
      ("3://u:p@h/", "3://u:p@h/"),
      ("a::/x", "a::/x"),
    ]
    for (input, expected) in cases {
      #expect(ErrorPayload.redactingSecrets(in: input) == expected, "\(input)")
    }
  }

  /// A Windows home folder in any case and with its backslashes doubled (as a string literal
  /// prints it); a name with spaces is redacted whole.
  @Test func windowsHomeFoldersInAnyCaseAndWithSpaces() {
    let cases: [(String, String)] = [
      (#"C:\Users\John Smith\AppData\x"#, #"C:\Users\<redacted>\AppData\x"#),
      (#"c:\users\bob\x"#, #"c:\users\<redacted>\x"#),
      (#"D:\USERS\Bob\x"#, #"D:\USERS\<redacted>\x"#),
      (#"C:\\Users\\bob\\x"#, #"C:\\Users\\<redacted>\\x"#),
      // With slashes after a drive, as cross-platform code writes it.
      ("C:/Users/John Smith/AppData/x", "C:/Users/<redacted>/AppData/x"),
      // A backslash ends a name of the other forms too.
      (#"/home/bob\x"#, #"/home/<redacted>\x"#),
      // Without a separator after it, the name takes the rest of the token: no surname is left.
      (#"C:\Users\John Smith"#, #"C:\Users\<redacted>"#),
      (#""C:\Users\John Smith" was not found"#, #""C:\Users\<redacted>" was not found"#),
      (#"C:\Users\bob \x"#, #"C:\Users\<redacted> \x"#),
      // Two paths on one line, each losing its name.
      (#"C:\Users\a b\x; C:\Users\c d\y"#, #"C:\Users\<redacted>\x; C:\Users\<redacted>\y"#),
      // Inside a URL, which holds no space, a space ends the name and the URL; so do the
      // query and the fragment.
      (#"file://C:\Users\bob x"#, #"file://C:\Users\<redacted> x"#),
      ("https://h/Users/bob?k=v#f", "https://h/Users/<redacted>?k=<redacted>#f"),
      // A URL ends a name where its scheme begins, and is read as a URL.
      (#"C:\Users\bob saw https://u:p@h/x"#, #"C:\Users\<redacted> https://<redacted>@h/x"#),
      ("/Users/https://u:p@h/x", "/Users/https://<redacted>@h/x"),
      (#"C:\Users\"#, #"C:\Users\"#),
      (#"C:\Userss\bob\x"#, #"C:\Userss\bob\x"#),
    ]
    for (input, expected) in cases {
      #expect(ErrorPayload.redactingSecrets(in: input) == expected, "\(input)")
    }
  }

  /// The user information ends at the last `@` before the host, not the first: a password with
  /// an `@` in it leaves nothing behind.
  @Test func credentialsEndAtTheLastAtSign() {
    let cases: [(String, String)] = [
      ("https://bob:p@ss@host/x", "https://<redacted>@host/x"),
      ("https://bob:p@ss@word@host:8080/x?k=v", "https://<redacted>@host:8080/x?k=<redacted>"),
      ("https://bob@host/a@b", "https://<redacted>@host/a@b"),
    ]
    for (input, expected) in cases {
      #expect(ErrorPayload.redactingSecrets(in: input) == expected, "\(input)")
    }
  }

  /// A password that holds `/`, `?` or `#` (a cloud key in base64 holds `/` and `+`) still
  /// belongs to the credentials: they end at the `@` before the host, not at the first `/`,
  /// `?` or `#` (issue 49, K2).
  @Test func passwordsWithSlashesQuestionMarksAndHashesAreCredentials() {
    let cases: [(String, String)] = [
      ("https://bob:p/ss@host/x", "https://<redacted>@host/x"),
      ("https://bob:p?ss@example.org/a?k=v", "https://<redacted>@example.org/a?k=<redacted>"),
      ("https://bob:p#ss@host/x#f", "https://<redacted>@host/x#f"),
      (
        "https://AKIDEXAMPLE:wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY=@s3.example.com/bucket",
        "https://<redacted>@s3.example.com/bucket"
      ),
      ("https://bob:p/s@s@host:8443/x", "https://<redacted>@host:8443/x"),
      ("see https://bob:a/b@host/x now", "see https://<redacted>@host/x now"),
      ("https://:p/w@host/", "https://<redacted>@host/"),
      // `+` and `=`, which a first policy already took.
      ("https://bob:a+b=c@host/", "https://<redacted>@host/"),
      // A port, an IPv6 address, a `:` in the path, and a URL in the path are no credentials.
      ("https://host:8080/a@b", "https://host:8080/a@b"),
      ("https://[::1]:8080/a@b", "https://[::1]:8080/a@b"),
      ("https://host/a:b@c", "https://host/a:b@c"),
      ("https://a:b/https://u@h/", "https://a:b/https://<redacted>@h/"),
      ("https://a:b/c d@e", "https://a:b/c d@e"),
    ]
    for (input, expected) in cases {
      #expect(ErrorPayload.redactingSecrets(in: input) == expected, "\(input)")
    }
  }

  /// A request target (a path and a query, without scheme or host) and a query string on its
  /// own are the end of a URL: their values are redacted as a URL's are (issue 50).
  @Test func requestTargetsAndQueryStringsLoseTheirValues() {
    let cases: [(String, String)] = [
      ("/login?api_key=abc123", "/login?api_key=<redacted>"),
      ("GET /v1/x?token=abc HTTP/1.1", "GET /v1/x?token=<redacted> HTTP/1.1"),
      (
        "POST /oauth/token?client_secret=s3&grant_type=code failed",
        "POST /oauth/token?client_secret=<redacted>&grant_type=<redacted> failed"
      ),
      ("query ?sig=ab/cd+ef== was refused", "query ?sig=<redacted> was refused"),
      ("/v1?X-Amz-Signature=ab/cd+ef==&x=1", "/v1?X-Amz-Signature=<redacted>&x=<redacted>"),
      ("/callback#access_token=abc&state=1", "/callback#access_token=<redacted>&state=<redacted>"),
      ("'/login?password=pw'", "'/login?password=<redacted>'"),
      ("/Users/bob/x?passwd=pw", "/Users/<redacted>/x?passwd=<redacted>"),
      ("index.php?session_id=42;auth=x", "index.php?session_id=<redacted>;auth=<redacted>"),
    ]
    for (input, expected) in cases {
      #expect(ErrorPayload.redactingSecrets(in: input) == expected, "\(input)")
    }
  }

  /// Text that looks a little like a secret but holds none is kept as it is.
  @Test func proseWithoutSecretsIsKept() {
    let texts = [
      "ratio 3:4", "at 10:30:15", "Is it done? Yes.", "What?", "issue #12 is open",
      "a=b and c=d", "x ? y = z", "key: value", "bob@example.com wrote", "mailto:bob@example.com",
      "see http://example.org/path", "https://example.org:8080/a@b", #"C:\Windows\System32"#,
      "#define X 1", "Expected '=' after the key?", "/usr/lib/x?", "/search? q=1", "? a=b",
      "Why?! =)", "1?=2",
    ]
    for text in texts {
      #expect(ErrorPayload.redactingSecrets(in: text) == text, "\(text)")
    }
  }

  /// The scans added for credentials with `/`, `?` and `#` and for request targets stay
  /// linear, each on the token that makes it work hardest, at three sizes.
  @Test(
    .enabled(if: GrowthChecks.requested),
    arguments: [
      "https://a:b/", "https://a:b/c@", "https://u:p?q#r/", "?k=v&", "/x?k=", "?a?a=", "#a=b#",
      "a:b/c?d", "?aaaa",
    ])
  func newFormsAreRedactedInLinearTime(_ unit: String) {
    // Sizes in bytes, whatever the unit's length, large enough that the smallest is timed well
    // while other tests run beside it.
    func seconds(_ bytes: Int) -> Double {
      let text = String(repeating: unit, count: bytes / unit.utf8.count) + "://u:p/w@h/?k=v"
      return GrowthChecks.bestSeconds { _ = ErrorPayload.redactingSecrets(in: text) }
    }
    let sizes = [32_000, 128_000, 512_000]
    let times = sizes.map(seconds)
    #expect(times[2] / max(times[0], 1e-6) < 48 || times[2] < 0.05, "\(unit): \(times)")
    #expect(times[1] / max(times[0], 1e-6) < 12 || times[1] < 0.02, "\(unit): \(times)")
  }

  struct FormsError: DescribedError {
    var details: [String: String]
    static let domain = "com.example.Forms"
    var code: Int { 1 }
    var message: String { "The forms failed." }
  }

  /// The hard forms, as NSError user info and as a Swift error's details, on every export
  /// path: the payload, its JSON, its reflection, ErrorChain's links, report and description,
  /// the NSError built from the payload, the log attributes, and a payload redacted after it
  /// was built (`redactingSecrets()`), through a cause and an other cause.
  @Test func hardFormsFollowThePolicyOnEveryExportPath() throws {
    var userInfo: [String: Any] = [NSLocalizedDescriptionKey: "Bad response"]
    var details: [String: String] = [:]
    for (index, form) in Self.hardForms.enumerated() {
      userInfo["form\(index)"] = form.input
      details["form\(index)"] = form.input
    }
    let nsError = NSError(domain: NSURLErrorDomain, code: -1011, userInfo: userInfo)
    let swiftError = ContextualError("fetching", cause: FormsError(details: details))
    for error in [nsError, swiftError as any Error] {
      let exports = Self.exports(of: error)
      for text in Self.texts(exports) {
        for secret in Self.hardSecrets {
          #expect(!text.contains(secret), "\(secret) in \(text)")
        }
      }
      let redacted = exports.payload.chain.last!.details
      for (index, form) in Self.hardForms.enumerated() {
        #expect(redacted["form\(index)"] == form.redacted, "\(form.input)")
      }
    }
    let cause = ErrorPayload(domain: "D", code: 2, details: details)
    var built = ErrorPayload(domain: "D", code: 1, details: details, underlying: cause)
    built.otherCauses = [cause]
    let payload = built.redactingSecrets()
    let json = payload.jsonText
    let encoded = String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    for text in [json, encoded, String(describing: payload)] {
      for secret in Self.hardSecrets {
        #expect(!text.contains(secret), "\(secret) in \(text)")
      }
    }
    for level in [payload, payload.underlying!, payload.otherCauses[0]] {
      for (index, form) in Self.hardForms.enumerated() {
        #expect(level.details["form\(index)"] == form.redacted, "\(form.input)")
      }
    }
  }

  /// Redaction never grows a text by more than the markers it adds, keeps every text without
  /// `://` and home prefixes unchanged, and is idempotent.
  @Test func redactionLaws() {
    let seed = (try? PropertySeed.current.get()) ?? 26
    var rng = SplitMix64(seed: seed)
    let pieces = [
      "https://", "u:p@", "host", "/", "?", "&", "=", "#", "v", " ", "/Users/", "/home/", "bob",
      "\\Users\\", "é", "\"", ":", "//", "x", "s3", "3", "\\users\\", "\\", "C:", "+",
      "C:/Users/",
    ]
    for run in 0..<4_000 {
      let text = (0..<Int.random(in: 0...14, using: &rng)).map { _ in
        pieces.randomElement(using: &rng)!
      }.joined()
      let once = ErrorPayload.redactingSecrets(in: text)
      #expect(
        ErrorPayload.redactingSecrets(in: once) == once, "seed \(seed), case \(run): \(text)")
      if !text.contains("://") && !text.contains("/Users/") && !text.contains("/home/")
        && !text.lowercased().contains("\\users\\") && !Self.startsAQuery(text)
      {
        #expect(once == text, "seed \(seed), case \(run): \(text)")
      }
    }
  }

  /// Whether a `?` or `#` in `text` is followed by a name and `=`, where a query starts outside
  /// a URL (`/login?api_key=…`).
  static func startsAQuery(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() where byte == 0x3F || byte == 0x23 {
      var end = index + 1
      while end < bytes.count,
        bytes[end] < 0x80
          && (Character(UnicodeScalar(bytes[end])).isLetter
            || Character(UnicodeScalar(bytes[end])).isNumber || "_-.[]%".utf8.contains(bytes[end]))
      {
        end += 1
      }
      if end > index + 1, end < bytes.count, bytes[end] == 0x3D { return true }
    }
    return false
  }

  @Test(.enabled(if: GrowthChecks.requested)) func redactionIsLinear() {
    func seconds(_ count: Int) -> Double {
      let text = String(repeating: "https://a@b/c?d=e&", count: count)
      return GrowthChecks.bestSeconds { _ = ErrorPayload.redactingSecrets(in: text) }
    }
    let small = seconds(5_000)
    let large = seconds(40_000)
    #expect(large / max(small, 1e-6) < 24 || large < 0.05, "\(small) s, \(large) s")
  }

  /// The scans behind the hard forms stay linear: URLs nested in URLs, a long scheme-like run
  /// before `://`, a Windows name with spaces and no separator, and many Windows home folders.
  /// Each shape at three sizes; the largest may take at most 16 times the smallest, for 16
  /// times the text, with room for noise.
  @Test(
    .enabled(if: GrowthChecks.requested),
    arguments: [
      "https://a/", "s3://u@b/c?d=e#f=g&", "1a1-", #"\Users\a b "#, #"C:\users\x y\"#,
      "https://a/#https://b/?https:", "x" + #"\\Users\\"# + "é ",
    ])
  func hardFormsAreRedactedInLinearTime(_ unit: String) {
    func seconds(_ count: Int) -> Double {
      let text = String(repeating: unit, count: count) + "://u:p@h/?k=v"
      return GrowthChecks.bestSeconds { _ = ErrorPayload.redactingSecrets(in: text) }
    }
    let sizes = [4_000, 16_000, 64_000]
    let times = sizes.map(seconds)
    #expect(times[2] / max(times[0], 1e-6) < 48 || times[2] < 0.05, "\(unit): \(times)")
    #expect(times[1] / max(times[0], 1e-6) < 12 || times[1] < 0.02, "\(unit): \(times)")
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
