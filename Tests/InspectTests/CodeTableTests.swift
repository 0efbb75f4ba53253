import ErrorKitCore
import Foundation
import Testing

@testable import InspectKit

/// Look-ups in the generated code tables (`scripts/generate-code-tables.py`): by code, by C and
/// Swift name, by four-character code, by words and by domain.
@Suite("statekit-inspect error: code tables")
struct CodeTableTests {
  @Test func aCodeAloneFindsEveryDomain() throws {
    let run = try Run(["error", "--", "-25300"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        NSOSStatusErrorDomain -25300 errSecItemNotFound
          description: No keychain item matches the query.

        """)
  }

  @Test func cAndSwiftNames() throws {
    let c = try Run(["error", "CKErrorServerRecordChanged"])
    let swift = try Run(["error", "serverRecordChanged"])
    #expect(c.status == 0)
    #expect(c.stdout == swift.stdout)
    #expect(swift.stdout.hasPrefix("CKErrorDomain 14 serverRecordChanged\n"))
    #expect(swift.stdout.contains("  C name: CKErrorServerRecordChanged\n"))
    let keychain = try Run(["error", "--json", "errSecMissingEntitlement"])
    #expect(
      keychain.stdout.hasPrefix(
        #"{"domain": "NSOSStatusErrorDomain", "code": -34018, "name": "errSecMissingEntitlement""#))
  }

  @Test(arguments: [
    ("NSCocoaErrorDomain 134110", "NSCocoaErrorDomain 134110 migration"),
    (
      "kCFErrorDomainCFNetwork 310",
      "kCFErrorDomainCFNetwork 310 kCFErrorHTTPSProxyConnectionFailure"
    ),
    ("kCFStreamErrorDomainSSL -9802", "kCFStreamErrorDomainSSL -9802 errSSLFatalAlert"),
    ("OSStatus -9807", "NSOSStatusErrorDomain -9807 errSSLXCertChainInvalid"),
    ("SKErrorDomain 2", "SKErrorDomain 2 paymentCancelled"),
    ("kCLErrorDomain 1", "kCLErrorDomain 1 denied"),
    ("com.apple.LocalAuthentication -7", "com.apple.LocalAuthentication -7 biometryNotEnrolled"),
    ("AVFoundationErrorDomain -11800", "AVFoundationErrorDomain -11800 unknown"),
    ("PHPhotosErrorDomain 3164", "PHPhotosErrorDomain 3164 networkAccessRequired"),
    ("WKErrorDomain 4", "WKErrorDomain 4 javaScriptExceptionOccurred"),
    ("WebKitErrorDomain 102", "WebKitErrorDomain 102 frameLoadInterruptedByPolicyChange"),
    ("CBErrorDomain 14", "CBErrorDomain 14 peerRemovedPairingInformation"),
    ("CBATTErrorDomain 14", "CBATTErrorDomain 14 unlikelyError"),
    ("NSSQLiteErrorDomain 2067", "NSSQLiteErrorDomain 2067 SQLITE_CONSTRAINT_UNIQUE"),
    ("NSMachErrorDomain 1", "NSMachErrorDomain 1 KERN_INVALID_ADDRESS"),
    ("HTTP 404", "HTTP 404 NOT_FOUND"),
    ("CKErrorDomain 2", "CKErrorDomain 2 partialFailure"),
    ("OSStatus 561017449", "NSOSStatusErrorDomain 561017449 insufficientPriority"),
    (
      "OSStatus 1885696621",
      "NSOSStatusErrorDomain 1885696621 kAudioConverterErr_NoHardwarePermission"
    ),
    (
      "com.apple.AuthenticationServices.AuthorizationError 1001",
      "com.apple.AuthenticationServices.AuthorizationError 1001 canceled"
    ),
    ("com.apple.accounts 7", "com.apple.accounts 7 ACErrorPermissionDenied"),
    ("NEVPNErrorDomain 5", "NEVPNErrorDomain 5 configurationReadWriteFailed"),
    ("NSItemProviderErrorDomain -1000", "NSItemProviderErrorDomain -1000 itemUnavailableError"),
    ("ALAssetsLibraryErrorDomain -1", "ALAssetsLibraryErrorDomain -1 ALAssetsLibraryUnknownError"),
    ("PHPhotosErrorDomain 3303", "PHPhotosErrorDomain 3303 missingResource"),
    ("WebKitErrorDomain 204", "WebKitErrorDomain 204 plugInWillHandleLoad"),
    (
      "NSXMLParserErrorDomain 23",
      "NSXMLParserErrorDomain 23 entityReferenceMissingSemiError"
    ),
    ("NSXMLParserErrorDomain 512", "NSXMLParserErrorDomain 512 delegateAbortedParseError"),
    ("com.apple.healthkit 4", "com.apple.healthkit 4 errorAuthorizationDenied"),
    ("HKErrorDomain 6", "HKErrorDomain 6 errorDatabaseInaccessible"),
    ("com.apple.arkit.error 102", "com.apple.arkit.error 102 sensorFailed"),
    ("ARErrorDomain 103", "ARErrorDomain 103 cameraUnauthorized"),
  ])
  func domainAndCode(input: String, heading: String) throws {
    let run = try Run(["error", input])
    #expect(run.status == 0, "\(run)")
    #expect(run.stdout.hasPrefix(heading + "\n"), "\(run)")
  }

  @Test func fourCharacterCodes() throws {
    let quoted = try Run(["error", "'!pri'"])
    let number = try Run(["error", "561017449"])
    #expect(quoted.status == 0)
    #expect(quoted.stdout == number.stdout)
    #expect(quoted.stdout.contains("four-char code: '!pri'"))
    #expect(ErrorLookup.fourCharCode(561_017_449) == "!pri")
    #expect(ErrorLookup.code(fourCharCode: "'!pri'") == 561_017_449)
    #expect(ErrorLookup.fourCharCode(-50) == nil)
    #expect(ErrorLookup.code(fourCharCode: "'!pr'") == nil)
  }

  @Test func posixShowsBothNumberings() throws {
    let run = try Run(["error", "NSPOSIXErrorDomain 57"])
    #expect(run.stdout.hasPrefix("NSPOSIXErrorDomain 57 ENOTCONN\n"))
    #expect(run.stdout.contains("  source: Darwin errno\n"))
    #expect(run.stdout.contains("NSPOSIXErrorDomain 57 EBADSLT\n"))
    #expect(run.stdout.contains("  source: Linux errno\n"))
    // Pasted text from an Apple platform keeps Darwin's meaning alone.
    let pasted = try Run([
      "error", #"Error Domain=NSPOSIXErrorDomain Code=57 "Socket is not connected" UserInfo={}"#,
    ])
    #expect(pasted.stdout.hasPrefix("NSPOSIXErrorDomain 57 ENOTCONN\n"))
    #expect(!pasted.stdout.contains("source:"))
  }

  @Test func pastedChainsAreNamedAtEveryLevel() throws {
    let text =
      #"Error Domain=CKErrorDomain Code=2 "Partial Failure" UserInfo={NSUnderlyingError=0x1 {Error Domain=NSOSStatusErrorDomain Code=-34018 "(null)"}}"#
    let run = try Run(["error", "--json", text])
    #expect(run.stdout.contains(#""name": "partialFailure""#))
    #expect(run.stdout.contains(#""name": "errSecMissingEntitlement""#))
  }

  @Test func searchByWords() throws {
    let run = try Run(["error", "--search", "not connected"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("NSURLErrorDomain -1009 notConnectedToInternet\n"))
    #expect(run.stdout.contains("CBErrorDomain 3 notConnected\n"))
    let none = try Run(["error", "--search", "zzzz qqqq"])
    #expect(none.status == 1)
    #expect(none.stderr == "statekit-inspect: error: no error matches \"zzzz qqqq\"\n")
  }

  /// NSXMLParser, HealthKit and ARKit by C name, Swift name and domain list.
  @Test func xmlParserHealthKitAndARKit() throws {
    let c = try Run(["error", "NSXMLParserEntityReferenceMissingSemiError"])
    let swift = try Run(["error", "entityReferenceMissingSemiError"])
    #expect(c.status == 0)
    #expect(c.stdout == swift.stdout)
    #expect(swift.stdout.hasPrefix("NSXMLParserErrorDomain 23 entityReferenceMissingSemiError\n"))
    #expect(swift.stdout.contains("  C name: NSXMLParserEntityReferenceMissingSemiError\n"))
    let xml = try Run(["error", "--list", "NSXMLParserErrorDomain"])
    #expect(xml.status == 0)
    let lines = xml.stdout.split(separator: "\n")
    #expect(lines.count == 93)
    #expect(lines.first?.hasPrefix("NSXMLParserErrorDomain 1 internalError  ") == true)
    #expect(lines.last?.hasPrefix("NSXMLParserErrorDomain 512 delegateAbortedParseError  ") == true)
    let health = try Run(["error", "HKErrorDatabaseInaccessible"])
    #expect(health.stdout.hasPrefix("com.apple.healthkit 6 errorDatabaseInaccessible\n"))
    #expect(health.stdout.contains("HKErrorDomain 6 errorDatabaseInaccessible\n"))
    let ar = try Run(["error", "--list", "com.apple.arkit.error"])
    #expect(ar.stdout.split(separator: "\n").count == 18)
    let pasted = try Run([
      "error",
      #"Error Domain=com.apple.arkit.error Code=102 "Required sensor failed." UserInfo={NSUnderlyingError=0x1 {Error Domain=AVFoundationErrorDomain Code=-11800 "x" UserInfo={NSUnderlyingError=0x2 {Error Domain=NSOSStatusErrorDomain Code=-12780 "(null)"}}}}"#,
    ])
    #expect(pasted.stdout.hasPrefix("com.apple.arkit.error 102 sensorFailed\n"), "\(pasted)")
    // No public header names -12780: the level is shown without a name, never with a guess.
    #expect(pasted.stdout.contains("NSOSStatusErrorDomain -12780\n"), "\(pasted)")
  }

  @Test func listADomain() throws {
    let run = try Run(["error", "--list", "CKErrorDomain"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 35)
    #expect(lines.first == "CKErrorDomain 1 internalError  Internal error.")
    #expect(
      lines.contains(
        "CKErrorDomain 9 notAuthenticated  No iCloud account is signed in, or it is not allowed to write."
      ))
    let short = try Run(["error", "--list", "OSStatus", "--json"])
    #expect(short.stdout.split(separator: "\n").count > 400)
    let none = try Run(["error", "--list", "com.example.Nothing"])
    #expect(none.status == 1)
    #expect(
      none.stderr
        == "statekit-inspect: error: no built-in table or catalog lists \"com.example.Nothing\"\n")
    let misplaced = try Run(["encode", "selected", "--list", "CKErrorDomain"])
    #expect(misplaced.status == 64)
  }

  /// A catalog of 400,000 entries: every look-up goes through the indexes (the benchmark line in
  /// Benchmarks/cli/run.py times the same look-ups through the tool).
  @Test func largeCatalogsAreIndexed() {
    var lookup = ErrorLookup()
    var entries: [ErrorCatalog.Entry] = []
    entries.reserveCapacity(400_000)
    for index in 0..<400_000 {
      entries.append(
        .init(
          domain: "com.example.D\(index % 100)", code: index, name: "case\(index)",
          description: "Case \(index)."))
    }
    lookup.add(entries)
    #expect(lookup.entries(named: "case399999").map(\.code) == [399_999])
    #expect(lookup.entries(domain: "com.example.D42", code: 1_042).map(\.name) == ["case1042"])
    #expect(lookup.entries(domain: "com.example.D43", code: 1_042).isEmpty)
    #expect(lookup.entries(code: 250_000).first?.name == "case250000")
    // The catalog names an error in pasted text before the built-in tables do.
    lookup.add([.init(domain: "NSOSStatusErrorDomain", code: -25300, name: "mine", description: "")]
    )
    #expect(lookup.entries(domain: "NSOSStatusErrorDomain", code: -25300).map(\.name) == ["mine"])
  }

  @Test func everyTableHasRowsAndASource() {
    for table in CodeTables.all {
      #expect(!table.rows.isEmpty, "\(table.label) \(table.domain)")
      #expect(
        table.source.description.hasPrefix("https://")
          || table.source.description.hasPrefix("Python"))
    }
  }
}
