import Testing

@testable import InspectKit

/// The meanings of the generated code tables (`scripts/data/meanings.tsv`): a well-known code
/// says what went wrong, beyond its name, and `--search` finds codes by the words of their
/// meanings.
@Suite("statekit-inspect error: meanings of the code tables")
struct CodeMeaningTests {
  /// The meaning of a table row with the code and name, or nil.
  private func meaning(_ domain: String, _ code: Int, _ name: String) -> String? {
    for index in CodeTables.tables(inDomain: domain) {
      let table = CodeTable(at: index)
      for row in table.rows where row.code == code && row.name.description == name {
        return row.meaning.description
      }
    }
    return nil
  }

  @Test(arguments: [
    ("NSOSStatusErrorDomain", -43, "fnfErr", "folder"),
    ("NSOSStatusErrorDomain", -43, "kAudioFileFileNotFoundError", "audio file"),
    ("NSOSStatusErrorDomain", -25299, "errSecDuplicateItem", "keychain item"),
    ("NSOSStatusErrorDomain", -54, "permErr", "Permission was denied"),
    ("NSOSStatusErrorDomain", -10868, "kAudioUnitErr_FormatNotSupported", "stream format"),
    ("NSOSStatusErrorDomain", -9813, "errSSLNoRootCert", "root certificate"),
    ("NSURLErrorDomain", -1022, "appTransportSecurityRequiresSecureConnection", "HTTPS"),
    ("NSCocoaErrorDomain", 134_110, "migration", "model"),
    ("NSCocoaErrorDomain", 4097, "xpcConnectionInterrupted", "exited or crashed"),
    ("CKErrorDomain", 21, "changeTokenExpired", "from the start"),
    ("SKErrorDomain", 0, "unknown", "App Store"),
    ("AVFoundationErrorDomain", -11819, "mediaServicesWereReset", "daemon restarted"),
    ("kCLErrorDomain", 8, "geocodeFoundNoResult", "no place"),
    ("WKErrorDomain", 3, "webViewInvalidated", "deallocated"),
    ("WebKitErrorDomain", 101, "cannotShowURL", "scheme"),
    ("EKErrorDomain", 29, "eventStoreNotAuthorized", "access to calendars"),
    ("GKErrorDomain", 15, "gameUnrecognized", "bundle ID"),
    ("HTTP", 429, "TOO_MANY_REQUESTS", "Retry-After"),
    ("org.swift.Foundation.WindowsError", 32, "ERROR_SHARING_VIOLATION", "another process"),
  ])
  func wellKnownCodesSayWhatWentWrong(
    domain: String, code: Int, name: String, words: String
  ) throws {
    let text = try #require(meaning(domain, code, name), "\(domain) \(code) \(name)")
    #expect(text.contains(words), "\(domain) \(code) \(name): \(text)")
  }

  /// Every name printed for OSStatus -43 comes with its meaning, not only where it is declared.
  @Test func anOSStatusPrintsTheMeaningOfEachName() throws {
    let run = try Run(["error", "NSOSStatusErrorDomain -43"])
    #expect(
      (
        run.status,
        run.stdout.lacking([
          "NSOSStatusErrorDomain -43 fnfErr\n  description: The file or folder was not found.\n",
          "kAudioFileFileNotFoundError\n  description: The audio file was not found.\n",
        ]), run.stdout.contains("declared in:")
      ) == (0, [], false), "\(run)")
  }

  /// Words that only the meanings hold find their codes.
  @Test(arguments: [
    ("captive portal", "HTTP 511 NETWORK_AUTHENTICATION_REQUIRED\n"),
    ("keychain exists already", "NSOSStatusErrorDomain -25299 errSecDuplicateItem\n"),
    ("write protected", "NSOSStatusErrorDomain -44 wPrErr\n"),
    (
      "Background App Refresh",
      "NSURLErrorDomain 1 NSURLErrorCancelledReasonBackgroundUpdatesDisabled\n"
    ),
  ])
  func searchFindsCodesByTheirMeanings(words: String, line: String) throws {
    let run = try Run(["error", "--search", words])
    #expect(
      run.status == 0 && run.stdout.contains(line), "\(words): \(run.stdout.prefix(400))")
  }
}
