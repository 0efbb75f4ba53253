import ErrorKitCore
import Foundation
import Testing

@testable import InspectKit

/// Look-ups in the generated code tables (`scripts/generate-code-tables.py`): by code, by C and
/// Swift name, by four-character code, by words and by domain.
@Suite("statekit-inspect error: code tables")
struct CodeTableTests {
  /// Security's name comes first, with its meaning; Carbon's older keychain name for the same
  /// number follows, with its own. POSIX codes show both numberings, but pasted text from an
  /// Apple platform keeps Darwin's meaning alone, and pasted chains are named at every level.
  @Test func aCodeAloneFindsEveryDomainAndPastedTextOnlyItsOwn() throws {
    let run = try Run(["error", "--", "-25300"])
    #expect(
      (run.status, run.stdout)
        == (
          0,
          """
          NSOSStatusErrorDomain -25300 errSecItemNotFound
            description: No keychain item matches the query.
            source: Security

          NSOSStatusErrorDomain -25300 errKCItemNotFound
            description: No keychain item matches the search (Carbon's older name for errSecItemNotFound).
            source: Carbon (MacErrors.h)

          """
        ))
    let posix = try Run(["error", "NSPOSIXErrorDomain 57"])
    #expect(posix.stdout.firstLine == "NSPOSIXErrorDomain 57 ENOTCONN", "\(posix)")
    #expect(
      posix.stdout.lacking([
        "  source: Darwin errno\n", "NSPOSIXErrorDomain 57 EBADSLT\n", "  source: Linux errno\n",
      ]) == [])
    let pasted = try Run([
      "error", #"Error Domain=NSPOSIXErrorDomain Code=57 "Socket is not connected" UserInfo={}"#,
    ])
    #expect(
      pasted.stdout.firstLine == "NSPOSIXErrorDomain 57 ENOTCONN"
        && !pasted.stdout.contains("source:"), "\(pasted)")
    let text =
      #"Error Domain=CKErrorDomain Code=2 "Partial Failure" UserInfo={NSUnderlyingError=0x1 {Error Domain=NSOSStatusErrorDomain Code=-34018 "(null)"}}"#
    let chain = try Run(["error", "--json", text])
    #expect(
      chain.stdout.lacking([#""name": "partialFailure""#, #""name": "errSecMissingEntitlement""#])
        == [])
  }

  /// A C name and a Swift name find the same code, as a four-character code and its number do.
  @Test func cSwiftAndFourCharacterNamesFindTheSameCode() throws {
    let c = try Run(["error", "CKErrorServerRecordChanged"])
    let swift = try Run(["error", "serverRecordChanged"])
    #expect(
      (c.status, c.stdout, swift.stdout.firstLine)
        == (0, swift.stdout, "CKErrorDomain 14 serverRecordChanged"))
    #expect(swift.stdout.contains("  C name: CKErrorServerRecordChanged\n"))
    let keychain = try Run(["error", "--json", "errSecMissingEntitlement"])
    #expect(
      keychain.stdout.hasPrefix(
        #"{"domain": "NSOSStatusErrorDomain", "code": -34018, "name": "errSecMissingEntitlement""#))
    let quoted = try Run(["error", "'!pri'"])
    let number = try Run(["error", "561017449"])
    #expect((quoted.status, quoted.stdout) == (0, number.stdout))
    #expect(quoted.stdout.contains("four-char code: '!pri'"))
    #expect(
      (CodeDirectory.fourCharCode(561_017_449), CodeDirectory.fourCharCode(-50))
        == ("!pri", nil))
    #expect(
      (CodeDirectory.code(fourCharCode: "'!pri'"), CodeDirectory.code(fourCharCode: "'!pr'"))
        == (561_017_449, nil))
  }

  /// Each input and the heading `statekit-inspect error` prints for it.
  static let headings: [(input: String, heading: String)] = [
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
    ("SKErrorDomain 20", "SKErrorDomain 20 overlayPresentedInBackgroundScene"),
    ("StoreKit.StoreKitError 2", "StoreKit.StoreKitError 2 unknown"),
    ("StoreKit.Product.PurchaseError 2", "StoreKit.Product.PurchaseError 2 purchaseNotAllowed"),
    (
      "StoreKit.Transaction.RefundRequestError 1",
      "StoreKit.Transaction.RefundRequestError 1 failed"
    ),
    ("OSStatus -12911", "NSOSStatusErrorDomain -12911 kVTVideoDecoderMalfunctionErr"),
    ("OSStatus -12210", "NSOSStatusErrorDomain -12210 kVTVideoDecoderAuthorizationErr"),
    ("OSStatus -12703", "NSOSStatusErrorDomain -12703 kCMBlockBufferBadOffsetParameterErr"),
    ("OSStatus -12718", "NSOSStatusErrorDomain -12718 kCMFormatDescriptionError_ValueNotAvailable"),
    ("OSStatus -16750", "NSOSStatusErrorDomain -16750 kCMSampleBufferError_DataFailed"),
    ("OSStatus -12751", "NSOSStatusErrorDomain -12751 kCMTimebaseError_TimerIntervalTooShort"),
    ("OSStatus -12764", "NSOSStatusErrorDomain -12764 kCMBufferQueueError_QueueIsFull"),
    ("OSStatus -12773", "NSOSStatusErrorDomain -12773 kCMSimpleQueueError_QueueIsFull"),
  ]

  @Test(arguments: Self.headings)
  func domainAndCode(input: String, heading: String) throws {
    let run = try Run(["error", input])
    let read: (Int32, String?) = (run.status, run.stdout.firstLine)
    let expected: (Int32, String?) = (0, heading)
    #expect(read == expected, "\(run)")
  }

  /// NSXMLParser, HealthKit and ARKit by C name, Swift name and domain list.
  @Test func xmlParserHealthKitAndARKit() throws {
    let c = try Run(["error", "NSXMLParserEntityReferenceMissingSemiError"])
    let swift = try Run(["error", "entityReferenceMissingSemiError"])
    #expect(
      (c.status, c.stdout, swift.stdout.firstLine)
        == (0, swift.stdout, "NSXMLParserErrorDomain 23 entityReferenceMissingSemiError"))
    #expect(swift.stdout.contains("  C name: NSXMLParserEntityReferenceMissingSemiError\n"))
    let xml = try Run(["error", "--list", "NSXMLParserErrorDomain"])
    let lines = xml.stdout.split(separator: "\n")
    #expect(
      (xml.status, lines.count, lines.first)
        == (0, 93, "NSXMLParserErrorDomain 1 internalError  The XML parser hit an internal error."))
    #expect(lines.last?.hasPrefix("NSXMLParserErrorDomain 512 delegateAbortedParseError  ") == true)
    let health = try Run(["error", "HKErrorDatabaseInaccessible"])
    #expect(
      health.stdout.firstLine == "com.apple.healthkit 6 errorDatabaseInaccessible"
        && health.stdout.contains("HKErrorDomain 6 errorDatabaseInaccessible\n"), "\(health)")
    let ar = try Run(["error", "--list", "com.apple.arkit.error"])
    // The 18 codes of the macOS 11.3 SDK's header and the two the macOS 14.0 SDK added.
    #expect(ar.stdout.split(separator: "\n").count == 20)
    let pasted = try Run([
      "error",
      #"Error Domain=com.apple.arkit.error Code=102 "Required sensor failed." UserInfo={NSUnderlyingError=0x1 {Error Domain=AVFoundationErrorDomain Code=-11800 "x" UserInfo={NSUnderlyingError=0x2 {Error Domain=NSOSStatusErrorDomain Code=-12780 "(null)"}}}}"#,
    ])
    // No public header names -12780: the level is shown without a name, never with a guess.
    #expect(
      pasted.stdout.firstLine == "com.apple.arkit.error 102 sensorFailed"
        && pasted.stdout.contains("NSOSStatusErrorDomain -12780\n"), "\(pasted)")
  }

  /// One of the tables added last (StoreKit 1's newer codes, StoreKit 2's Swift errors, Video
  /// Toolbox, Core Media): a name that finds one of its codes, the heading that name gives, the
  /// domain `--list` prints with its number of lines and one line of it, and a pasted NSError of
  /// the domain with the heading it gets.
  struct AddedTable: Sendable, CustomStringConvertible {
    var name: String
    var heading: String
    var list: String
    var lines: Int
    var line: String
    var pasted: String
    var pastedHeading: String
    var description: String { name }
  }

  @Test(arguments: [
    AddedTable(
      name: "SKErrorUnsupportedPlatform", heading: "SKErrorDomain 19 unsupportedPlatform",
      list: "SKErrorDomain", lines: 21,
      line: "SKErrorDomain 18 ineligibleForOffer  The user may not use this subscription offer.",
      pasted: #"Error Domain=SKErrorDomain Code=16 "(null)""#,
      pastedHeading: "SKErrorDomain 16 overlayInvalidConfiguration"),
    AddedTable(
      name: "notAvailableInStorefront",
      heading: "StoreKit.StoreKitError 4 notAvailableInStorefront",
      // The six cases of StoreKit 2's first SDKs, and `unsupported` from the macOS 15.4 SDK in
      // a table of its own, so each line names its table.
      list: "StoreKit.StoreKitError", lines: 7,
      line:
        "StoreKit.StoreKitError 0 networkError  A network error while talking to the App Store (the URLError is the case's payload). (StoreKit 2 (StoreKitError))",
      pasted: #"Error Domain=StoreKit.StoreKitError Code=2 "(null)""#,
      pastedHeading: "StoreKit.StoreKitError 2 unknown"),
    AddedTable(
      name: "invalidOfferSignature",
      heading: "StoreKit.Product.PurchaseError 6 invalidOfferSignature",
      list: "StoreKit.Product.PurchaseError", lines: 8,
      line: "StoreKit.Product.PurchaseError 0 invalidQuantity  The purchase quantity is not valid.",
      pasted: "The operation couldn’t be completed. (StoreKit.Product.PurchaseError error 1.)",
      pastedHeading: "StoreKit.Product.PurchaseError 1 productUnavailable"),
    AddedTable(
      name: "duplicateRequest",
      heading: "StoreKit.Transaction.RefundRequestError 0 duplicateRequest",
      list: "StoreKit.Transaction.RefundRequestError", lines: 2,
      line:
        "StoreKit.Transaction.RefundRequestError 1 failed  Submitting the refund request did not succeed.",
      pasted: #"Error Domain=StoreKit.Transaction.RefundRequestError Code=0 "(null)""#,
      pastedHeading: "StoreKit.Transaction.RefundRequestError 0 duplicateRequest"),
    AddedTable(
      name: "kVTVideoDecoderBadDataErr",
      heading: "NSOSStatusErrorDomain -12909 kVTVideoDecoderBadDataErr",
      list: "OSStatus", lines: 0,
      line:
        "NSOSStatusErrorDomain -17695 kVTVideoDecoderCallbackMessagingErr (Video Toolbox)",
      pasted:
        #"Error Domain=AVFoundationErrorDomain Code=-11821 "Cannot Decode" UserInfo={NSUnderlyingError=0x1 {Error Domain=NSOSStatusErrorDomain Code=-12909 "(null)"}}"#,
      pastedHeading: "AVFoundationErrorDomain -11821 decodeFailed"),
    AddedTable(
      name: "kCMSampleBufferError_BufferNotReady",
      heading: "NSOSStatusErrorDomain -12733 kCMSampleBufferError_BufferNotReady",
      list: "OSStatus", lines: 0,
      line:
        "NSOSStatusErrorDomain -12745 kCMClockError_MissingRequiredParameter  A required parameter of the clock call is missing. (Core Media (CMSync))",
      pasted: #"Error Domain=NSOSStatusErrorDomain Code=-12710 "(null)""#,
      pastedHeading: "NSOSStatusErrorDomain -12710 kCMFormatDescriptionError_InvalidParameter"),
  ])
  func addedTables(table: AddedTable) throws {
    let named = try Run(["error", table.name])
    let listed = try Run(["error", "--list", table.list])
    let pasted = try Run(["error", table.pasted])
    #expect(
      (named.status, listed.status, pasted.status, named.stdout.firstLine, pasted.stdout.firstLine)
        == (0, 0, 0, table.heading, table.pastedHeading), "\(named)\n\(listed)\n\(pasted)")
    let lines = listed.stdout.lines
    // OSStatus holds every OSStatus table (each line ends with its table's label), so only the
    // new lines are checked there.
    if table.lines > 0 { #expect(lines.count == table.lines) }
    #expect(lines.contains(table.line), "\(listed)")
  }

  /// StoreKit 1's codes keep their C name beside the Swift one; StoreKit 2's Swift errors have
  /// none; Video Toolbox's and Core Media's OSStatus constants are their own Swift names. The
  /// iOS 18.0 SDK's `VTErrors.h` names -12914 twice; both names are shown.
  @Test func storeKitVideoToolboxAndCoreMediaNames() throws {
    let c = try Run(["error", "SKErrorOverlayPresentedInBackgroundScene"])
    let swift = try Run(["error", "overlayPresentedInBackgroundScene"])
    #expect((c.status, c.stdout) == (0, swift.stdout))
    #expect(swift.stdout.contains("  C name: SKErrorOverlayPresentedInBackgroundScene\n"))
    let storeKit2 = try Run(["error", "--json", "purchaseNotAllowed"])
    #expect(
      storeKit2.stdout.hasPrefix(
        #"{"domain": "StoreKit.Product.PurchaseError", "code": 2, "name": "purchaseNotAllowed""#)
        && !storeKit2.stdout.contains("C name"), "\(storeKit2)")
    let video = try Run(["error", "kVTInvalidSessionErr"])
    #expect(
      video.stdout.firstLine == "NSOSStatusErrorDomain -12903 kVTInvalidSessionErr"
        && !video.stdout.contains("C name:"), "\(video)")
    // The message Foundation prints for a Swift error names the type and the code.
    let message = try Run([
      "error", "The operation couldn’t be completed. (StoreKit.StoreKitError error 1.)",
    ])
    #expect(message.stdout.firstLine == "StoreKit.StoreKitError 1 systemError", "\(message)")
    let twoNames = try Run(["error", "OSStatus -12914"])
    #expect(
      twoNames.stdout.firstLine == "NSOSStatusErrorDomain -12914 kVTImageRotationNotSupportedErr"
        && twoNames.stdout.contains(
          "NSOSStatusErrorDomain -12914 kVTPixelRotationNotSupportedErr\n")
        && !twoNames.stdout.contains("source:"), "\(twoNames)")
  }

  /// A code the newer headers added, in each table taken from them (Video Toolbox from the iOS
  /// 18.0 SDK's `VTErrors.h`, Core Media's `CMFormatDescriptionBridge.h` and `CMMetadata.h`,
  /// StoreKit's `SKError.h` of iOS 17.0): the number and the name give the same heading, the
  /// built-in table with that label and source holds the row, and `--list` prints its line (with
  /// the label where the list mixes tables, as OSStatus does).
  struct NewerHeaderCode: Sendable, CustomStringConvertible {
    var number: String
    var name: String
    var heading: String
    var label: String
    var header: String
    var list: String
    var line: String
    var description: String { name }
  }

  @Test(arguments: [
    NewerHeaderCode(
      number: "OSStatus -17697", name: "kVTExtensionDisabledErr",
      heading: "NSOSStatusErrorDomain -17697 kVTExtensionDisabledErr",
      label: "Video Toolbox",
      header:
        "iPhoneOS18.0.sdk/System/Library/Frameworks/VideoToolbox.framework/Headers/VTErrors.h",
      list: "OSStatus",
      line:
        "NSOSStatusErrorDomain -17697 kVTExtensionDisabledErr (Video Toolbox)"),
    NewerHeaderCode(
      number: "OSStatus -12714",
      name: "kCMFormatDescriptionBridgeError_InvalidSerializedSampleDescription",
      heading:
        "NSOSStatusErrorDomain -12714 kCMFormatDescriptionBridgeError_InvalidSerializedSampleDescription",
      label: "Core Media (CMFormatDescriptionBridge)",
      header: "CoreMedia.framework/Headers/CMFormatDescriptionBridge.h",
      list: "OSStatus",
      line:
        "NSOSStatusErrorDomain -12714 kCMFormatDescriptionBridgeError_InvalidSerializedSampleDescription  The serialized sample description is not valid (for example its size is wrong). (Core Media (CMFormatDescriptionBridge))"
    ),
    NewerHeaderCode(
      number: "OSStatus -16313", name: "kCMMetadataDataTypeRegistryError_DataTypeAlreadyRegistered",
      heading:
        "NSOSStatusErrorDomain -16313 kCMMetadataDataTypeRegistryError_DataTypeAlreadyRegistered",
      label: "Core Media (CMMetadata)", header: "CoreMedia.framework/Headers/CMMetadata.h",
      list: "OSStatus",
      line:
        "NSOSStatusErrorDomain -16313 kCMMetadataDataTypeRegistryError_DataTypeAlreadyRegistered  A metadata data type with this identifier was registered before. (Core Media (CMMetadata))"
    ),
    NewerHeaderCode(
      number: "SKErrorDomain 17", name: "SKErrorOverlayTimeout",
      heading: "SKErrorDomain 17 overlayTimeout",
      label: "StoreKit",
      header: "iPhoneOS17.0.sdk/System/Library/Frameworks/StoreKit.framework/Headers/SKError.h",
      list: "SKErrorDomain",
      line: "SKErrorDomain 17 overlayTimeout  The App Store overlay took too long to load."),
  ])
  func newerHeaderCodes(code: NewerHeaderCode) throws {
    let byNumber = try Run(["error", code.number])
    let byName = try Run(["error", code.name])
    // The number may have other names in other headers (the iOS 17.0 SDK names -17697
    // differently); the name finds its own row first.
    #expect(
      (byNumber.status, byName.status, byNumber.stdout.firstLine, byName.stdout.firstLine)
        == (0, 0, code.heading, code.heading), "\(byNumber)\n\(byName)")
    // The Swift overlay renames StoreKit's constants, so the C name is printed beside the Swift one.
    if code.name != String(code.heading.split(separator: " ")[2]) {
      #expect(byName.stdout.contains("  C name: \(code.name)\n"), "\(byName)")
    }
    let table = CodeTables.all.first { "\($0.label)" == code.label }
    let source = table.map { "\($0.source)" } ?? "no table labelled \(code.label)"
    #expect(source.hasSuffix(code.header), "\(code.label)")
    let codeNumber = Int(code.number.split(separator: " ")[1])
    #expect(
      table?.rows.contains {
        $0.code == codeNumber && "\($0.constant)\($0.name)".contains(code.name)
      } == true)
    let listed = try Run(["error", "--list", code.list])
    #expect(listed.stdout.lines.contains(code.line), "\(listed)")
  }

  /// Lists of domains, and searches by words; each says so when nothing matches.
  @Test func listADomainAndSearchByWords() throws {
    let run = try Run(["error", "--list", "CKErrorDomain"])
    let lines = run.stdout.split(separator: "\n")
    // The 35 codes of the macOS 11.0 SDK's header, the one the macOS 14.0 SDK added and the one
    // the iOS 26.0 SDK added.
    #expect(
      (run.status, lines.count, lines.first)
        == (
          0, 37,
          "CKErrorDomain 1 internalError  CloudKit hit an unrecoverable internal error; file a bug if it repeats."
        ))
    #expect(
      lines.contains(
        "CKErrorDomain 9 notAuthenticated  No iCloud account is signed in, or it is not allowed to write."
      ))
    // A code without a meaning of this project's is listed by name alone.
    let home = try Run(["error", "--list", "HMErrorDomain"])
    #expect(home.stdout.firstLine == "HMErrorDomain -1 unexpectedError")
    let short = try Run(["error", "--list", "OSStatus", "--json"])
    #expect(short.stdout.split(separator: "\n").count > 400)
    let none = try Run(["error", "--list", "com.example.Nothing"])
    let misplaced = try Run(["encode", "selected", "--list", "CKErrorDomain"])
    #expect(
      (none.status, none.stderr, misplaced.status)
        == (
          1,
          "statekit-inspect: error: no built-in table or catalog lists \"com.example.Nothing\"\n",
          64
        ))

    let words = try Run(["error", "--search", "not connected"])
    #expect(words.status == 0)
    #expect(
      words.stdout.lacking([
        "NSURLErrorDomain -1009 notConnectedToInternet\n", "CBErrorDomain 3 notConnected\n",
      ]) == [])
    let noWords = try Run(["error", "--search", "zzzz qqqq"])
    #expect(
      (noWords.status, noWords.stderr)
        == (1, "statekit-inspect: error: no error matches \"zzzz qqqq\"\n"))
  }

  /// A catalog of 400,000 entries: every look-up goes through the indexes (the benchmark line in
  /// Benchmarks/cli/run.py times the same look-ups through the tool).
  @Test func largeCatalogsAreIndexed() {
    var lookup = CodeDirectory()
    var entries: [ErrorCatalog.Entry] = []
    entries.reserveCapacity(400_000)
    for index in 0..<400_000 {
      entries.append(
        .init(
          domain: "com.example.D\(index % 100)", code: index, name: "case\(index)",
          description: "Case \(index)."))
    }
    lookup.add(entries)
    let found: [[String?]] = [
      lookup.entries(named: "case399999").map { "\($0.code)" },
      lookup.entries(domain: "com.example.D42", code: 1_042).map(\.name),
      lookup.entries(domain: "com.example.D43", code: 1_042).map(\.name),
      lookup.entries(code: 250_000).prefix(1).map(\.name),
    ]
    #expect(found == [["399999"], ["case1042"], [], ["case250000"]])
    // The catalog names an error in pasted text before the built-in tables do.
    lookup.add([.init(domain: "NSOSStatusErrorDomain", code: -25300, name: "mine", description: "")]
    )
    #expect(lookup.entries(domain: "NSOSStatusErrorDomain", code: -25300).map(\.name) == ["mine"])
  }

  /// Every table has rows and a source. The rows' texts are places in one string literal of
  /// continued lines: the literal has exactly the bytes the generator counted (an escape or a
  /// line break gone wrong changes the count), and every place lies inside it and holds a whole
  /// trimmed text. A row without a meaning says where it is declared (a header's row) or where
  /// its name was seen (a row of an observed table), so that no look-up shows a bare name.
  @Test func everyTableHasRowsOfPlacedTextsAndASource() {
    #expect(CodeTables.text.utf8CodeUnitCount == CodeTables.textCount)
    let identifier = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_".utf8)
    var misplaced: [String] = []
    var badNames: [String] = []
    var untrimmed: [String] = []
    for row in CodeTables.rows {
      for text in [row.name, row.constant, row.meaning]
      where Int(text.start) + text.utf8CodeUnitCount > CodeTables.textCount {
        misplaced.append("\(row.code) \(row.name)")
      }
      let name = Array(row.name.description.utf8)
      let constant = Array(row.constant.description.utf8)
      if name.isEmpty || !name.allSatisfy(identifier.contains)
        || !constant.allSatisfy(identifier.contains)
      {
        badNames.append("\(row.code) \(row.name) \(row.constant)")
      }
      let meaning = row.meaning.description
      if meaning.first == " " || meaning.last == " " || meaning.contains("\n") {
        untrimmed.append("\(row.code) \(row.name): \(meaning)")
      }
    }
    var bare: [String] = []
    var badTables: [String] = []
    for table in CodeTables.all {
      for row in table.rows where row.meaning.isEmpty {
        if row.declaration.isEmpty && table.kind != .observed {
          bare.append("\(table.domain) \(row.code) \(row.name)")
        }
      }
      if table.rows.isEmpty
        || !(table.source.description.hasPrefix("https://")
          || table.source.description.hasPrefix("Python"))
      {
        badTables.append("\(table.label) \(table.domain) \(table.source)")
      }
    }
    #expect([misplaced, badNames, untrimmed, bare, badTables] == [[], [], [], [], []])
  }
}

extension CodeTableTests {
  /// Codes the base SDK snapshot (macOS 14.0, iOS 17.0) lacks come from the newer SDKs that
  /// declare them, each marked with the release that added it; the snapshot's own codes of the
  /// domain stay as they were, unmarked. A code only the iOS 26 SDK declares is named, with the
  /// meaning its header gives, and marked with the release its availability gives. `--list`
  /// marks the codes added after the snapshot at the end of their line, and only them.
  @Test func codesNewerThanTheSnapshotAreMarkedWithTheirRelease() throws {
    let stopped = try Run(["error", "SCStreamErrorDomain -3821"])
    #expect(
      (stopped.status, stopped.stdout)
        == (
          0,
          """
          SCStreamErrorDomain -3821 systemStoppedStream
            description: The system, not the user, stopped the screen capture stream.
            C name: SCStreamErrorSystemStoppedStream
            Swift: SCStreamError.Code.systemStoppedStream
            added in: macOS 15.0 SDK

          """
        ))
    // The row says which SDK it was read from (shown when a row has no meaning).
    let rows = (0..<CodeTables.rowCount).map(CodeRow.init(at:))
    let declared = rows.filter { $0.code == -3821 && $0.name.description == "systemStoppedStream" }
    let declarations: [String] = declared.flatMap {
      [$0.declaration.description, $0.added.description]
    }
    #expect(
      declarations == ["ScreenCaptureKit.framework, SCError.h (macOS 15.5 SDK)", "macOS 15.0 SDK"])
    let microphone = try Run(["error", "SCStreamErrorDomain -3820"])
    #expect(
      microphone.stdout.hasPrefix("SCStreamErrorDomain -3820 failedToStartMicrophoneCapture")
        && microphone.stdout.contains("  added in: macOS 15.0 SDK\n"), "\(microphone)")
    let user = try Run(["error", "SCStreamErrorDomain -3817"])
    #expect(
      user.stdout.hasPrefix("SCStreamErrorDomain -3817 userStopped")
        && !user.stdout.contains("added in"), "\(user)")

    let invited = try Run(["error", "CKErrorDomain 37"])
    #expect(
      (invited.status, invited.stdout)
        == (
          0,
          """
          CKErrorDomain 37 participantAlreadyInvited
            description: The user is already invited to this share and must accept that invitation first.
            C name: CKErrorParticipantAlreadyInvited
            Swift: CKError.Code.participantAlreadyInvited
            added in: iOS 26.0 SDK

          """
        ))
    let json = try Run(["error", "--json", "CKErrorDomain 37"])
    #expect(json.stdout.contains(#""added in": "iOS 26.0 SDK""#))

    let list = try Run(["error", "--list", "SCStreamErrorDomain"])
    let lines = list.stdout.lines
    let marked: [String] = lines.filter { $0.contains("(added in ") }
    #expect(list.status == 0, "\(list)")
    let last: String =
      "SCStreamErrorDomain -3821 systemStoppedStream  The system, not the user, stopped the"
      + " screen capture stream. (added in macOS 15.0 SDK)"
    #expect((lines.last, marked.count) == (last, 2))
    // A code of the snapshot has no mark, whatever its meaning says.
    #expect(
      lines.contains {
        $0.hasPrefix("SCStreamErrorDomain -3817 userStopped") && !$0.contains("(added in ")
      })
    let cloudKit = try Run(["error", "--list", "CKErrorDomain"])
    #expect(
      cloudKit.stdout.contains(
        "CKErrorDomain 37 participantAlreadyInvited  The user is already invited to this share and"
          + " must accept that invitation first. (added in iOS 26.0 SDK)\n"))
  }
}
