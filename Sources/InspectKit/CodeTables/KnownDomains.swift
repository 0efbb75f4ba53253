/// The one spelling of a domain (``canonical(_:)``), wherever the tool reads or looks one up:
/// Foundation's short names (`Cocoa`, `OSStatus`, `POSIX`, `Mach`), `http` for the HTTP status
/// table, and the error domains of Apple's and common third-party frameworks, spelled as the
/// frameworks spell them, so a domain that a person retyped (`NSPosixErrorDomain`,
/// `nsposixerrordomain`, `KCLErrorDomain`, `PHPhotosError-Domain`) is read as the domain it names.
///
/// Only letters and digits are compared, without case: a spelling that differs in more than case
/// and punctuation is kept as written.
enum KnownDomains {
  /// Foundation's short names for its domains, as its short form prints them (`(Cocoa error
  /// 4.)`), in their exact case.
  static let shortNames = [
    "Cocoa": "NSCocoaErrorDomain", "OSStatus": "NSOSStatusErrorDomain",
    "OSstatus": "NSOSStatusErrorDomain", "Mach": "NSMachErrorDomain",
    "POSIX": "NSPOSIXErrorDomain",
  ]

  static let names: [String] = [
    // Foundation and Core Foundation.
    "NSCocoaErrorDomain", "NSPOSIXErrorDomain", "NSOSStatusErrorDomain", "NSMachErrorDomain",
    "NSURLErrorDomain", "NSStreamSocketSSLErrorDomain", "NSStreamSOCKSErrorDomain",
    "NSXMLParserErrorDomain", "NSItemProviderErrorDomain", "NSSQLiteErrorDomain",
    "kCFErrorDomainCFNetwork", "kCFErrorDomainPOSIX", "kCFErrorDomainOSStatus",
    "kCFErrorDomainMach", "kCFErrorDomainCocoa", "kCFStreamErrorDomainSSL",
    "kCFStreamErrorDomainSOCKS", "kCFStreamErrorDomainHTTP", "kCFStreamErrorDomainNetDB",
    "kCFStreamErrorDomainNetServices", "kCFStreamErrorDomainMach", "kCFStreamErrorDomainFTP",
    "kCFStreamErrorDomainSystemConfiguration",
    // Frameworks.
    "CKErrorDomain", "CKInternalErrorDomain", "SKErrorDomain", "SKANErrorDomain",
    "ASDErrorDomain", "AMSErrorDomain", "StoreKit.StoreKitError", "kCLErrorDomain",
    "CLLocationPushServiceErrorDomain", "com.apple.LocalAuthentication", "LAErrorDomain",
    "AVFoundationErrorDomain", "AVKitErrorDomain", "PHPhotosErrorDomain",
    "ALAssetsLibraryErrorDomain", "WKErrorDomain", "WebKitErrorDomain", "CBErrorDomain",
    "CBATTErrorDomain", "MKErrorDomain", "GKErrorDomain", "HKErrorDomain", "com.apple.healthkit",
    "UNErrorDomain",
    "ASAuthorizationErrorDomain", "com.apple.AuthenticationServices.AuthorizationError",
    "ASWebAuthenticationSessionErrorDomain",
    "SFAuthenticationErrorDomain", "NEVPNErrorDomain", "NEHotspotConfigurationErrorDomain",
    "NWErrorDomain", "kNWErrorDomainPOSIX", "kNWErrorDomainDNS", "kNWErrorDomainTLS",
    "MPErrorDomain", "MTLLibraryErrorDomain", "MTLCommandBufferErrorDomain", "CoreMLErrorDomain",
    "com.apple.CoreML", "VNErrorDomain", "SFSpeechErrorDomain", "kAFAssistantErrorDomain",
    "kLSRErrorDomain", "SiriSpeechErrorDomain", "INIntentErrorDomain", "EKErrorDomain",
    "CNErrorDomain", "WCErrorDomain", "ARErrorDomain", "com.apple.arkit.error",
    "PKPassKitErrorDomain",
    "PKPaymentErrorDomain", "QLThumbnailErrorDomain", "NSFileProviderErrorDomain",
    "UIPrintErrorDomain", "UIDocumentBrowserErrorDomain", "UISceneErrorDomain",
    "BGTaskSchedulerErrorDomain", "NFCErrorDomain", "AVAudioSessionErrorDomain",
    "com.apple.coreaudio.avfaudio", "RBSAssertionErrorDomain", "RBSRequestErrorDomain",
    "FBSOpenApplicationServiceErrorDomain", "FBSOpenApplicationErrorDomain",
    "BSServiceConnectionErrorDomain", "OSLaunchdErrorDomain", "NSXPCConnectionErrorDomain",
    "com.apple.dt.CoreDeviceError", "com.apple.dtdevicekit", "IDEFoundationErrorDomain",
    "DVTDeviceErrorDomain", "com.apple.security.sos.error",
    // Third parties met in real pastes.
    "FIRAuthErrorDomain", "FIRStorageErrorDomain", "FIRFirestoreErrorDomain",
    "FIRMessagingErrorDomain", "FIRDatabaseErrorDomain", "FIRFunctionsErrorDomain",
    "com.google.GIDSignIn", "com.facebook.sdk.core", "com.facebook.sdk.login",
    "AFURLResponseSerializationErrorDomain",
    "com.alamofire.error.serialization.response", "SDWebImageErrorDomain",
    "RLMErrorDomain", "io.realm", "GRPCErrorDomain", "com.google.HTTPStatus",
  ]

  /// The folded spelling (letters and digits, lower case) of each name.
  private static let byFolded: [String: String] = {
    var result: [String: String] = [:]
    for name in names { result[fold(name[...])] = result[fold(name[...])] ?? name }
    return result
  }()

  private static func fold(_ text: Substring) -> String {
    // ASCII text (every name above, and most domains) is folded byte by byte, without the
    // Unicode property tables, which cost more than the rest of a look-up.
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(text.utf8.count)
      for byte in text.utf8 {
        switch byte {
        case 0x30...0x39, 0x61...0x7A: bytes.append(byte)
        case 0x41...0x5A: bytes.append(byte | 0x20)
        default: continue
        }
      }
      return String(decoding: bytes, as: UTF8.self)
    }
    return String(
      String.UnicodeScalarView(
        text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
          .flatMap { $0.properties.lowercaseMapping.unicodeScalars }))
  }

  /// The domain a spelling names, as the tables spell it: a short name's domain, `HTTP` for
  /// `http` in any case, the framework's spelling of a known domain written differently, or the
  /// domain as written.
  ///
  ///     KnownDomains.canonical("OSStatus")  // "NSOSStatusErrorDomain"
  ///     KnownDomains.canonical("nsposixerrordomain")  // "NSPOSIXErrorDomain"
  ///     KnownDomains.canonical("com.example")  // "com.example"
  static func canonical(_ domain: String) -> String {
    if let short = shortNames[domain] { return short }
    guard domain.utf8.count <= 64 else { return domain }
    if domain.utf8.count == 4, domain.lowercased() == "http" { return "HTTP" }
    return byFolded[fold(domain[...])] ?? domain
  }

  /// Whether ``canonical(_:)`` knows a word as a domain: a short name, `http`, or a known domain
  /// however it is spelled.
  static func recognizes(_ word: String) -> Bool {
    shortNames[word] != nil || (word.utf8.count == 4 && word.lowercased() == "http")
      || isKnown(word)
  }

  /// Whether a domain is one of the known ones, however it is spelled.
  static func isKnown(_ domain: String) -> Bool {
    domain.utf8.count <= 64 && byFolded[fold(domain[...])] != nil
  }
}
