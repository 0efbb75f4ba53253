import Testing

@testable import InspectKit

/// Forty rows of the built-in tables checked by hand against the sources they come from: the name,
/// the number and the source (for a header, its path in the SDK snapshot named in
/// `scripts/data/sdk/codes.tsv`; for the other sources, the file or module). Each was compared
/// with the declaration in the header (or list) when the tables were generated from the SDK
/// extract. The test holds the tables to those facts: a change of extractor or data that moves a
/// name, a number or a source fails here.
@Suite("statekit-inspect error: rows checked against their sources")
struct SpotCheckTests {
  /// A row as its source declares it: domain, number, the name the tool shows, the C constant
  /// when it differs, and the end of the source's address.
  struct Checked: Sendable, CustomStringConvertible {
    var domain: String
    var code: Int
    var name: String
    var constant: String
    var source: String
    var description: String { "\(domain) \(code) \(name)" }
  }

  static let checked: [Checked] = [
    Checked(
      domain: "HMErrorDomain", code: 4, name: "accessoryNotReachable",
      constant: "HMErrorCodeAccessoryNotReachable",
      source: "HomeKit.framework/Versions/A/Headers/HMError.h"),
    Checked(
      domain: "HMErrorDomain", code: 79, name: "addAccessoryFailed",
      constant: "HMErrorCodeAddAccessoryFailed",
      source: "HomeKit.framework/Versions/A/Headers/HMError.h"),
    Checked(
      domain: "VZErrorDomain", code: 1, name: "internalError", constant: "VZErrorInternal",
      source: "Virtualization.framework/Versions/A/Headers/VZError.h"),
    Checked(
      domain: "VZErrorDomain", code: 2, name: "invalidVirtualMachineConfiguration",
      constant: "VZErrorInvalidVirtualMachineConfiguration",
      source: "Virtualization.framework/Versions/A/Headers/VZError.h"),
    Checked(
      domain: "com.apple.ScreenCaptureKit.SCStreamErrorDomain", code: -3801, name: "userDeclined",
      constant: "SCStreamErrorUserDeclined",
      source: "ScreenCaptureKit.framework/Versions/A/Headers/SCError.h"),
    Checked(
      domain: "UNErrorDomain", code: 1, name: "notificationsNotAllowed",
      constant: "UNErrorCodeNotificationsNotAllowed",
      source: "UserNotifications.framework/Versions/A/Headers/UNError.h"),
    Checked(
      domain: "com.apple.ReplayKit.RPRecordingErrorDomain", code: -5803, name: "failedToStart",
      constant: "RPRecordingErrorFailedToStart",
      source: "ReplayKit.framework/Versions/A/Headers/RPError.h"),
    Checked(
      domain: "com.apple.ReplayKit.RPRecordingErrorDomain", code: -5801, name: "userDeclined",
      constant: "RPRecordingErrorUserDeclined",
      source: "ReplayKit.framework/Versions/A/Headers/RPError.h"),
    Checked(
      domain: "BGTaskSchedulerErrorDomain", code: 1, name: "unavailable",
      constant: "BGTaskSchedulerErrorCodeUnavailable",
      source: "BackgroundTasks.framework/Versions/A/Headers/BGTaskScheduler.h"),
    Checked(
      domain: "BGTaskSchedulerErrorDomain", code: 3, name: "notPermitted",
      constant: "BGTaskSchedulerErrorCodeNotPermitted",
      source: "BackgroundTasks.framework/Versions/A/Headers/BGTaskScheduler.h"),
    Checked(
      domain: "com.apple.CoreML", code: 0, name: "generic", constant: "MLModelErrorGeneric",
      source: "CoreML.framework/Versions/A/Headers/MLModelError.h"),
    Checked(
      domain: "EKErrorDomain", code: 25, name: "sourceDoesNotAllowEvents",
      constant: "EKErrorSourceDoesNotAllowEvents",
      source: "EventKit.framework/Versions/A/Headers/EKError.h"),
    Checked(
      domain: "CNErrorDomain", code: 100, name: "authorizationDenied",
      constant: "CNErrorCodeAuthorizationDenied",
      source: "Contacts.framework/Versions/A/Headers/CNError.h"),
    Checked(
      domain: "MKErrorDomain", code: 2, name: "serverFailure", constant: "MKErrorServerFailure",
      source: "MapKit.framework/Versions/A/Headers/MKTypes.h"),
    Checked(
      domain: "GKErrorDomain", code: 2, name: "cancelled", constant: "GKErrorCancelled",
      source: "GameKit.framework/Versions/A/Headers/GKError.h"),
    Checked(
      domain: "WCErrorDomain", code: 7007, name: "notReachable",
      constant: "WCErrorCodeNotReachable",
      source: "WatchConnectivity.framework/Versions/A/Headers/WCError.h"),
    Checked(
      domain: "PKPassKitErrorDomain", code: 1, name: "invalidDataError",
      constant: "PKInvalidDataError", source: "PassKit.framework/Versions/A/Headers/PKError.h"),
    Checked(
      domain: "OSSystemExtensionErrorDomain", code: 9, name: "validationFailed",
      constant: "OSSystemExtensionErrorValidationFailed",
      source: "SystemExtensions.framework/Versions/A/Headers/SystemExtensions.h"),
    Checked(
      domain: "OSSystemExtensionErrorDomain", code: 8, name: "codeSignatureInvalid",
      constant: "OSSystemExtensionErrorCodeSignatureInvalid",
      source: "SystemExtensions.framework/Versions/A/Headers/SystemExtensions.h"),
    Checked(
      domain: "com.apple.AuthenticationServices.WebAuthenticationSession", code: 3,
      name: "presentationContextInvalid",
      constant: "ASWebAuthenticationSessionErrorCodePresentationContextInvalid",
      source: "AuthenticationServices.framework/Versions/A/Headers/ASWebAuthenticationSession.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -10868, name: "kAudioUnitErr_FormatNotSupported",
      constant: "", source: "AudioToolbox.framework/Versions/A/Headers/AUComponent.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -10851, name: "kAudioUnitErr_InvalidPropertyValue",
      constant: "", source: "AudioToolbox.framework/Versions/A/Headers/AUComponent.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: 1_954_115_647,
      name: "kAudioFileUnsupportedFileTypeError", constant: "",
      source: "AudioToolbox.framework/Versions/A/Headers/AudioFile.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -43, name: "kAudioFileFileNotFoundError", constant: "",
      source: "AudioToolbox.framework/Versions/A/Headers/AudioFile.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: 1_718_449_215,
      name: "kAudioFormatUnsupportedDataFormatError", constant: "",
      source: "AudioToolbox.framework/Versions/A/Headers/AudioFormat.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -43, name: "fnfErr", constant: "",
      source: "CarbonCore.framework/Versions/A/Headers/MacErrors.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -128, name: "userCanceledErr", constant: "",
      source: "CarbonCore.framework/Versions/A/Headers/MacErrors.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -50, name: "paramErr", constant: "",
      source: "CarbonCore.framework/Versions/A/Headers/MacErrors.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -10814, name: "kLSApplicationNotFoundErr",
      constant: "", source: "LaunchServices.framework/Versions/A/Headers/LSConstants.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -10810, name: "kLSUnknownErr", constant: "",
      source: "LaunchServices.framework/Versions/A/Headers/LSConstants.h"),
    Checked(
      domain: "NSOSStatusErrorDomain", code: -10811, name: "kLSNotAnApplicationErr", constant: "",
      source: "LaunchServices.framework/Versions/A/Headers/LSConstants.h"),
    Checked(
      domain: "NSMachErrorDomain", code: -536_870_174, name: "kIOReturnNotPermitted", constant: "",
      source: "IOKit.framework/Versions/A/Headers/IOReturn.h"),
    Checked(
      domain: "NSMachErrorDomain", code: -536_870_206, name: "kIOReturnBadArgument", constant: "",
      source: "IOKit.framework/Versions/A/Headers/IOReturn.h"),
    Checked(
      domain: "kNWErrorDomainDNS", code: -65554, name: "kDNSServiceErr_NoSuchRecord", constant: "",
      source: "usr/include/dns_sd.h"),
    Checked(
      domain: "kNWErrorDomainDNS", code: -65563, name: "kDNSServiceErr_ServiceNotRunning",
      constant: "", source: "usr/include/dns_sd.h"),
    Checked(
      domain: "NEHotspotConfigurationErrorDomain", code: 8, name: "internal",
      constant: "NEHotspotConfigurationErrorInternal",
      source: "NetworkExtension.framework/Versions/A/Headers/NEHotspotConfigurationManager.h"),
    Checked(
      domain: "NSURLErrorDomain", code: -998, name: "kCFURLErrorUnknown", constant: "",
      source: "CFNetworkErrors.h"),
    Checked(
      domain: "kCFErrorDomainCFNetwork", code: -72002, name: "kCFNetServiceErrorNotFound",
      constant: "", source: "CFNetworkErrors.h"),
    Checked(
      domain: "NSSQLiteErrorDomain", code: 12, name: "SQLITE_NOTFOUND", constant: "",
      source: "sqlite3 module"),
    Checked(
      domain: "org.swift.Foundation.WindowsError", code: 193, name: "ERROR_BAD_EXE_FORMAT",
      constant: "", source: "mingw-w64-headers/include/winerror.h"),
  ]

  @Test func fortyRowsAreChecked() {
    #expect(Self.checked.count == 40)
    #expect(Set(Self.checked.map(\.description)).count == 40)
  }

  @Test(arguments: checked)
  func theTablesHoldTheRowAsItsSourceDeclaresIt(_ checked: Checked) {
    let lookFor = checked.constant.isEmpty ? checked.name : checked.constant
    var matches: [String] = []
    for (index, exact) in CodeTables.rows(named: lookFor) where exact {
      let row = CodeRow(at: index)
      for table in CodeTables.tables(holding: index).map(CodeTable.init(at:)) {
        matches.append("\(table.domain) \(row.code) \(row.name) \(row.constant) \(table.source)")
        if table.domain.description == checked.domain, row.code == checked.code,
          row.name.description == checked.name, row.constant.description == checked.constant,
          table.source.description.hasSuffix(checked.source)
        {
          return
        }
      }
    }
    Issue.record("\(checked) from \(checked.source) is not in the tables; found: \(matches)")
  }

  /// The four meanings and names found wrong in the tables, as the sources have them.
  @Test func theFourCorrections() {
    let lookup = CodeDirectory()
    let notFound = lookup.found(domain: "NSSQLiteErrorDomain", code: 12).first
    #expect(notFound?.entry.name == "SQLITE_NOTFOUND")
    #expect(notFound?.entry.description.contains("opcode") == true)
    #expect(
      notFound?.entry.description.contains("does not use this code for a missing file") == true)
    let bodyStream = lookup.found(domain: "NSURLErrorDomain", code: -1021).first
    #expect(bodyStream?.entry.name == "requestBodyStreamExhausted")
    #expect(bodyStream?.entry.description.contains("no new body stream was given") == true)
    let unused = lookup.found(domain: "kCFErrorDomainCFNetwork", code: -72002).first
    #expect(unused?.entry.name == "kCFNetServiceErrorNotFound")
    #expect(unused?.entry.description.hasPrefix("Not used") == true)
    // URLError.Code.unknown is -1; -998 has only CFNetwork's constant.
    #expect(
      lookup.found(domain: "NSURLErrorDomain", code: -998).map(\.entry.name) == [
        "kCFURLErrorUnknown"
      ])
    #expect(lookup.found(domain: "NSURLErrorDomain", code: -1).first?.entry.name == "unknown")
  }

  /// A code whose meaning would only repeat its name shows where it is declared and how Swift
  /// spells it instead.
  @Test func aRowWithoutAMeaningShowsItsDeclaration() throws {
    let run = try Run(["error", "HMErrorDomain", "104"])
    #expect(
      run.stdout == """
        HMErrorDomain 104 partialCommunicationFailure
          C name: HMErrorCodePartialCommunicationFailure
          Swift: HMError.Code.partialCommunicationFailure
          added in: iOS 17.4 SDK
          declared in: HomeKit.framework, HMError.h (macOS 15.5 SDK)

        """, "\(run)")
  }
}
