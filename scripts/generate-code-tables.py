#!/usr/bin/env python3
"""Generate Sources/InspectKit/Tables/CodeTables.swift (the built-in error code tables).

Facts only: each table is the numbers and names of one public header or module, checked in
under scripts/data/codes/*.json with the header's repository, path and commit, so this script
runs offline. The one-line meanings are this project's own words: written in the data file
("meanings" below) for the codes people meet most, otherwise made from the words of the name
(`errSecItemNotFound` -> "Item not found."). Nothing is copied from the headers' comments.

Sources:
  scripts/data/codes/*.json   names and numbers from Apple's headers (each file names its source)
  Python's sqlite3 module      SQLite result codes and extended result codes (NSSQLiteErrorDomain)
  Python's http.HTTPStatus     HTTP status codes and reason phrases

Usage:
  python3 scripts/generate-code-tables.py > Sources/InspectKit/Tables/CodeTables.swift
  python3 scripts/generate-code-tables.py --check Sources/InspectKit/Tables/CodeTables.swift
      (exits 1 with a one-line message if the file differs from the output, 0 otherwise)
  python3 scripts/generate-code-tables.py --extract HEADER --pattern REGEX --table ID \\
      --label LABEL --domain DOMAIN --repository OWNER/NAME --path PATH --commit SHA
      (writes scripts/data/codes/ID.json from a local copy of a header: every `NAME = NUMBER`
       or `#define NAME NUMBER` whose name matches REGEX)

Swift-only tables: a Swift enum that reaches logs as an NSError (StoreKit 2's StoreKitError) has
no C constant. Its data file sets "swift_type" (the type's name, `StoreKitError`) and each row
is [code, Swift case name]; the meanings in MEANINGS are keyed `TYPE.case`
(`StoreKitError.userCancelled`), otherwise made from the case name. The data file's "note" says
how the codes were obtained.
"""

import argparse
import http
import json
import os
import re
import sqlite3
import sys

from generated_output import write_or_check

OUTPUT_PATH = "Sources/InspectKit/Tables/CodeTables.swift"
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "codes")
LINE_LENGTH = 100

# Meanings written for this tool, for the codes met most in pasted errors (by C constant).
MEANINGS = {
    "errSecMissingEntitlement": "The app lacks an entitlement the keychain needs (often the keychain-access-groups entitlement, or a simulator without signing).",
    "errSecItemNotFound": "No keychain item matches the query.",
    "errSecDuplicateItem": "A keychain item with these attributes exists already.",
    "errSecInteractionNotAllowed": "The keychain needs the user (the device may be locked), but interaction is not allowed.",
    "errSecParam": "A parameter passed to the function is not valid.",
    "errSecAuthFailed": "Authentication failed: the password or passphrase is wrong.",
    "errSecUserCanceled": "The user cancelled the operation.",
    "errSecDecode": "The data could not be decoded.",
    "errSecNoSuchKeychain": "The keychain does not exist.",
    "errSecUnimplemented": "The function or operation is not implemented.",
    "errSSLXCertChainInvalid": "The server's certificate chain is not valid.",
    "errSSLClosedAbort": "The TLS connection was closed abruptly.",
    "errSSLPeerHandshakeFail": "The TLS handshake failed on the peer's side.",
    "errSSLProtocol": "A TLS protocol error.",
    "errSSLBadCert": "The certificate is bad.",
    "errSSLCertExpired": "The certificate has expired.",
    "errSSLUnknownRootCert": "The certificate chains to a root that is not trusted.",
    "errSSLNoRootCert": "The certificate chain has no root certificate.",
    "errSSLHostNameMismatch": "The certificate does not name the host that was contacted.",
    "errSSLATSViolation": "App Transport Security rejected the connection.",
    "errSSLATSCertificateTrustViolation": "App Transport Security found the server's certificate untrusted.",
    "errSSLATSMinimumVersionViolation": "App Transport Security requires a newer TLS version than the server offers.",
    "CKErrorPartialFailure": "Some items of the operation failed; the errors by item are in the user info.",
    "CKErrorNetworkUnavailable": "No network is available.",
    "CKErrorNetworkFailure": "The network is available but the request failed.",
    "CKErrorNotAuthenticated": "No iCloud account is signed in, or it is not allowed to write.",
    "CKErrorServerRecordChanged": "The record changed on the server since it was fetched; resolve the conflict and save again.",
    "CKErrorZoneNotFound": "The record zone does not exist on the server.",
    "CKErrorQuotaExceeded": "Saving would exceed the user's iCloud quota.",
    "CKErrorRequestRateLimited": "The app sends requests too fast; wait as the user info says and retry.",
    "CKErrorServiceUnavailable": "CloudKit is unavailable; retry later.",
    "CKErrorUnknownItem": "The record does not exist.",
    "CKErrorPermissionFailure": "The user has no permission for this operation.",
    "CKErrorBadContainer": "The container is unknown or not provisioned for this app.",
    "SKErrorUnknown": "An unknown StoreKit error.",
    "SKErrorPaymentCancelled": "The user cancelled the payment.",
    "SKErrorPaymentNotAllowed": "This device or user may not make payments.",
    "SKErrorStoreProductNotAvailable": "The product is not available in the current storefront.",
    "kCLErrorLocationUnknown": "The location is not known yet; Core Location keeps trying.",
    "kCLErrorDenied": "The user denied access to location services.",
    "kCLErrorNetwork": "A network error prevented getting the location.",
    "LAErrorAuthenticationFailed": "The user did not give valid credentials.",
    "LAErrorUserCancel": "The user cancelled authentication.",
    "LAErrorUserFallback": "The user chose the fallback (password) button.",
    "LAErrorSystemCancel": "The system cancelled authentication (another app came forward).",
    "LAErrorPasscodeNotSet": "No passcode is set on the device.",
    "LAErrorBiometryNotAvailable": "Face ID or Touch ID is not available (missing, disabled, or not allowed for this app).",
    "LAErrorBiometryNotEnrolled": "No face or fingerprint is enrolled.",
    "LAErrorBiometryLockout": "Biometry is locked after too many failed attempts; the passcode unlocks it.",
    "AVErrorUnknown": "An unknown AVFoundation error (the underlying error may say more).",
    "NSCoreDataError": "A general Core Data error.",
    "NSMigrationError": "Migrating the store to the current model failed.",
    "NSPersistentStoreIncompatibleVersionHashError": "The store was made with another version of the model; it needs a migration.",
    "NSManagedObjectValidationError": "A managed object failed validation.",
    "NSManagedObjectMergeError": "The merge policy could not merge the changes.",
    "NSValidationMissingMandatoryPropertyError": "A required property has no value.",
    "NSSQLiteError": "SQLite reported an error (the underlying error has its code).",
    "kCFErrorHTTPSProxyConnectionFailure": "The connection to the HTTPS proxy failed.",
    "kCFHostErrorUnknown": "Host name resolution failed (the user info has getaddrinfo's error).",
    "kCFHostErrorHostNotFound": "The host name could not be found.",
    "WKErrorWebContentProcessTerminated": "The web content process ended (crashed or was killed).",
    "WKErrorJavaScriptExceptionOccurred": "The evaluated JavaScript threw an exception.",
    "WKErrorJavaScriptResultTypeIsUnsupported": "The JavaScript result has a type that cannot be returned to the app.",
    "WebKitErrorFrameLoadInterruptedByPolicyChange": "The load was stopped by a navigation policy decision (often a download or a custom scheme).",
    "PHPhotosErrorNetworkAccessRequired": "The asset is in iCloud and network access is needed to get it.",
    "PHPhotosErrorInvalid": "The Photos request is not valid.",
    "KERN_SUCCESS": "Success.",
    "KERN_INVALID_ADDRESS": "The address is not valid in the task's address space.",
    "KERN_PROTECTION_FAILURE": "The memory protection does not allow the access.",
    "KERN_NO_SPACE": "No room in the address space for the allocation.",
    "KERN_INVALID_ARGUMENT": "An argument is not valid.",
    "KERN_FAILURE": "The operation failed.",
    "KERN_RESOURCE_SHORTAGE": "The kernel ran out of a resource.",
    "KERN_NO_ACCESS": "Access was denied.",
    "AVAudioSessionErrorCodeInsufficientPriority": "Another client with higher priority (a phone call, for example) controls the audio session, so the change was refused.",
    "AVAudioSessionErrorCodeCannotStartPlaying": "The app may not start playing now (often: no audio background mode, or a category that cannot play in the background).",
    "AVAudioSessionErrorCodeCannotStartRecording": "The app may not start recording now (for example a mixable recording started from the background).",
    "AVAudioSessionErrorCodeIsBusy": "The session cannot be deactivated or reconfigured while it still plays or records.",
    "AVAudioSessionErrorCodeIncompatibleCategory": "The session's category does not allow this operation.",
    "AVAudioSessionErrorCodeCannotInterruptOthers": "A non-mixable session cannot go active in the background unless the app is the Now Playing app.",
    "AVAudioSessionErrorCodeMissingEntitlement": "The app lacks an entitlement this audio operation needs.",
    "AVAudioSessionErrorCodeSiriIsRecording": "Not allowed while Siri is recording.",
    "AVAudioSessionErrorCodeMediaServicesFailed": "The media services failed; wait for the reset notification and rebuild the audio state.",
    "AVAudioSessionErrorCodeResourceNotAvailable": "The device lacks the audio hardware the operation needs (no audio input, for example).",
    "AVAudioSessionErrorCodeExpiredSession": "The audio session no longer exists.",
    "AVAudioSessionErrorCodeSessionNotActive": "The operation needs an active audio session.",
    "AVAudioSessionErrorCodeUnspecified": "An unspecified audio session error.",
    "AVAudioSessionErrorCodeBadParam": "A property was given a value it does not accept.",
    "kAudioConverterErr_NoHardwarePermission": "The converter would use a hardware codec the app may not use.",
    "kAudioConverterErr_HardwareInUse": "The hardware codec is no longer available (often after an audio interruption).",
    "kAudioConverterErr_FormatNotSupported": "The converter does not support this audio format.",
    "ASAuthorizationErrorUnknown": "The authorization failed and the system gave no reason.",
    "ASAuthorizationErrorCanceled": "The user cancelled the authorization.",
    "ASAuthorizationErrorInvalidResponse": "The authorization got a response that is not valid.",
    "ASAuthorizationErrorNotHandled": "No provider handled the authorization request.",
    "ASAuthorizationErrorFailed": "The authorization attempt failed.",
    "ACErrorUnknown": "An unknown Accounts error.",
    "ACErrorPermissionDenied": "Access to the account was denied.",
    "NSItemProviderUnknownError": "An unknown item provider error.",
    "NSItemProviderItemUnavailableError": "The item provider could not supply the requested data.",
    "NSItemProviderUnexpectedValueClassError": "The item could not be turned into the requested class.",
    "NSItemProviderUnavailableCoercionError": "The item provider cannot convert its data to the requested type.",
    "NEVPNErrorConfigurationInvalid": "The VPN configuration is not valid (settings missing, or used before it was saved or loaded).",
    "NEVPNErrorConfigurationDisabled": "The VPN configuration is not enabled.",
    "NEVPNErrorConnectionFailed": "The connection to the VPN server failed.",
    "NEVPNErrorConfigurationStale": "Another process changed the VPN configuration since it was loaded; load it again.",
    "NEVPNErrorConfigurationReadWriteFailed": "Reading or writing the Network Extension preferences failed.",
    "NEVPNErrorConfigurationUnknown": "An unspecified VPN configuration error.",
    "ALAssetsLibraryUnknownError": "An unknown Assets Library error.",
    "ALAssetsLibraryAccessUserDeniedError": "The user denied access to the photo library.",
    "ALAssetsLibraryAccessGloballyDeniedError": "Access to the photo library is denied for every app.",
    "ALAssetsLibraryWriteDiskSpaceError": "Not enough disk space to write the data.",
    "PHPhotosErrorInternalError": "An internal Photos error with no more detail.",
    "PHPhotosErrorIdentifierNotFound": "No asset or collection has the given identifier.",
    "PHPhotosErrorOperationInterrupted": "The operation was interrupted; retrying may succeed.",
    "PHPhotosErrorMissingResource": "A resource of the asset (its original file, for example) is missing.",
    "PHPhotosErrorNotEnoughSpace": "Not enough storage space for the requested change.",
    "PHPhotosErrorAccessRestricted": "The system's configuration restricts access to the photo library.",
    "PHPhotosErrorAccessUserDenied": "The user denied access to the photo library.",
    "PHPhotosErrorLibraryInFileProviderSyncRoot": "The photo library is in a folder synced by a file provider, which Photos does not support.",
    "WebKitErrorPlugInWillHandleLoad": "A plug-in takes over loading the content, so WebKit stops its own load (not a failure).",
    "WebKitErrorCannotUseRestrictedPort": "The URL uses a port that WebKit blocks.",
    "WebKitErrorFrameLoadBlockedByContentFilter": "A content filter blocked the load.",
    "NSXMLParserInternalError": "The parser failed inside itself.",
    "NSXMLParserOutOfMemoryError": "The parser ran out of memory.",
    "NSXMLParserDocumentStartError": "The parser could not begin reading the document.",
    "NSXMLParserEmptyDocumentError": "The document has no content.",
    "NSXMLParserPrematureDocumentEndError": "The document stops before its elements are closed.",
    "NSXMLParserInvalidCharacterError": "The document holds a character XML does not allow.",
    "NSXMLParserEntityReferenceMissingSemiError": "An entity reference lacks its closing semicolon (often a bare & in text or a URL; write &amp;).",
    "NSXMLParserUndeclaredEntityError": "The document uses an entity that is not declared (HTML entities such as &nbsp; are not XML's).",
    "NSXMLParserLessThanSymbolInAttributeError": "An attribute value contains a bare < character.",
    "NSXMLParserAttributeHasNoValueError": "An attribute has no value.",
    "NSXMLParserAttributeRedefinedError": "An element has the same attribute twice.",
    "NSXMLParserSpaceRequiredError": "A space is missing where XML requires one (between attributes, for example).",
    "NSXMLParserGTRequiredError": "A tag is not closed with >.",
    "NSXMLParserTagNameMismatchError": "A closing tag does not match the element it closes.",
    "NSXMLParserUnfinishedTagError": "A tag is not finished.",
    "NSXMLParserInvalidEncodingError": "The bytes do not match the document's declared encoding.",
    "NSXMLParserNotWellBalancedError": "The elements are not properly nested or closed.",
    "NSXMLParserExtraContentError": "Content follows the end of the root element (often a second root element or text after it).",
    "NSXMLParserMisplacedXMLDeclarationError": "The <?xml ...?> declaration is not at the very start of the document.",
    "NSXMLParserDelegateAbortedParseError": "The delegate stopped the parse (abortParsing was called).",
    "HKNoError": "No error (HealthKit's code 0; the user info may say more).",
    "HKErrorHealthDataUnavailable": "HealthKit is not available on this device.",
    "HKErrorHealthDataRestricted": "A device management profile or restriction blocks HealthKit on this device.",
    "HKErrorInvalidArgument": "An argument passed to HealthKit is not valid.",
    "HKErrorAuthorizationDenied": "The user has not allowed the app to write this kind of data.",
    "HKErrorAuthorizationNotDetermined": "The app has not yet asked the user for permission for these data types.",
    "HKErrorDatabaseInaccessible": "The health data is protected while the device is locked, so it cannot be read or written now.",
    "HKErrorUserCanceled": "The user cancelled the operation.",
    "HKErrorAnotherWorkoutSessionStarted": "A workout session started by this or another app ended this one.",
    "HKErrorUserExitedWorkoutSession": "The user left the app while its workout session was running.",
    "HKErrorRequiredAuthorizationDenied": "The user denied access to one or more of the clinical record types the app requires.",
    "HKErrorNoData": "There is no data for this query and predicate, so no result could be computed.",
    "ARErrorCodeUnsupportedConfiguration": "This device does not support the session's configuration (check the configuration's isSupported first).",
    "ARErrorCodeSensorUnavailable": "A sensor the session needs is not available.",
    "ARErrorCodeSensorFailed": "A sensor the session relies on stopped providing its input.",
    "ARErrorCodeCameraUnauthorized": "The app may not use the camera (permission denied, or NSCameraUsageDescription missing from Info.plist).",
    "ARErrorCodeMicrophoneUnauthorized": "The app may not use the microphone.",
    "ARErrorCodeLocationUnauthorized": "The app may not use the device's location, which geo tracking needs.",
    "ARErrorCodeWorldTrackingFailed": "World tracking failed and cannot continue.",
    "ARErrorCodeGeoTrackingNotAvailableAtLocation": "Geo tracking is not supported where the device is.",
    "ARErrorCodeGeoTrackingFailed": "Geo tracking failed while running.",
    "ARErrorCodeInvalidReferenceImage": "A reference image cannot be used for detection.",
    "ARErrorCodeInvalidReferenceObject": "A reference object could not be used.",
    "ARErrorCodeInvalidWorldMap": "The world map could not be used.",
    "ARErrorCodeInvalidConfiguration": "The configuration holds contradictory or wrong values.",
    "ARErrorCodeInvalidCollaborationData": "Collaboration data received from another device could not be read.",
    "ARErrorCodeInsufficientFeatures": "The scene shows too few visual features for the task.",
    "ARErrorCodeObjectMergeFailed": "A detected object could not be merged.",
    "ARErrorCodeFileIOFailed": "Reading or writing a file failed.",
    "ARErrorCodeRequestFailed": "The request failed.",
    "SKErrorIneligibleForOffer": "The user may not use this subscription offer.",
    "SKErrorUnsupportedPlatform": "This platform does not support the StoreKit feature (an overlay, for example).",
    "SKErrorOverlayPresentedInBackgroundScene": "The StoreKit overlay was presented in a window scene that is not in the foreground.",
    "StoreKitError.unknown": "An unknown StoreKit error.",
    "StoreKitError.userCancelled": "The user cancelled the action (a sign-in or a confirmation, for example).",
    "StoreKitError.networkError": "A network error while talking to the App Store (the URLError is the case's payload).",
    "StoreKitError.systemError": "A system error (the underlying error is the case's payload).",
    "StoreKitError.notAvailableInStorefront": "The product or feature is not available in the user's storefront.",
    "StoreKitError.notEntitled": "The app lacks the entitlement this StoreKit call needs.",
    "Product.PurchaseError.invalidQuantity": "The purchase quantity is not valid.",
    "Product.PurchaseError.productUnavailable": "The product cannot be bought now (not approved, not sold in this storefront, or removed from sale).",
    "Product.PurchaseError.purchaseNotAllowed": "This device or account may not make purchases (Screen Time restrictions, for example).",
    "Product.PurchaseError.ineligibleForOffer": "The user may not use this subscription offer.",
    "Transaction.RefundRequestError.duplicateRequest": "A refund request for this transaction exists already.",
    "Transaction.RefundRequestError.failed": "The refund request failed.",
    "kVTParameterErr": "A parameter passed to Video Toolbox is not valid.",
    "kVTPropertyNotSupportedErr": "The session does not support this property.",
    "kVTInvalidSessionErr": "The compression or decompression session is no longer valid (invalidated, or lost while the app was in the background); create a new one.",
    "kVTCouldNotFindVideoDecoderErr": "No video decoder on this device handles this codec.",
    "kVTCouldNotFindVideoEncoderErr": "No video encoder on this device handles this codec with these settings.",
    "kVTVideoDecoderBadDataErr": "The decoder could not decode the data (damaged or wrongly framed data, or a format description that does not match it).",
    "kVTVideoDecoderUnsupportedDataFormatErr": "The decoder does not support this data format.",
    "kVTVideoDecoderMalfunctionErr": "The video decoder stopped working (often after the app went to the background); create a new decompression session.",
    "kVTVideoEncoderMalfunctionErr": "The video encoder stopped working; create a new compression session.",
    "kVTVideoDecoderNotAvailableNowErr": "The video decoder cannot be used now (the hardware decoder is busy, or the app is in the background).",
    "kVTVideoEncoderNotAvailableNowErr": "The video encoder cannot be used now (the hardware encoder is busy, or the app is in the background).",
    "kVTImageRotationNotSupportedErr": "Pixel rotation is not supported (the older, deprecated name of kVTPixelRotationNotSupportedErr).",
    "kVTVideoDecoderUnknownErr": "The video decoder failed for a reason it does not name.",
    "kVTVideoEncoderMVHEVCVideoLayerIDsMismatchErr": "The MV-HEVC video layer IDs given to the encoder do not match each other.",
    "kCMBlockBufferEmptyBBufErr": "Block buffer: the block buffer is empty where data is needed.",
    "kCMSampleBufferError_DataFailed": "Sample buffer: loading the sample data failed.",
    "kCMSampleBufferError_DataCanceled": "Sample buffer: loading the sample data was cancelled.",
    "MTAudioProcessingTapError.InvalidArgument": "An argument is not valid. Apple's headers give this Core Media status no name; the name is the one .NET's binding gives it for the audio processing tap, but other Core Media callers (camera capture under AVFoundation's -11800, for example) return it too.",
}

# Acronyms the Swift overlays write in lower case at the start of a name.
LEADING_WORDS = {"XPC": "xpc", "SQLite": "sqlite", "URL": "url", "HTTP": "http", "DNS": "dns", "UUID": "uuid"}

# Prefixes of C constants, longest first, with what the Swift case name keeps.
SWIFT_PREFIXES = [
    "NSXMLParser", "ARErrorCode", "HKError", "AVAudioSessionErrorCode", "ASAuthorizationError", "NSItemProvider", "NEVPNError", "CKError", "SKError", "kCLError", "LAError", "AVError", "PHPhotosError", "CBATTError", "CBError",
    "WKError", "WebKitError", "kCFURLError", "kCFNetServiceError", "kCFErrorHTTP", "kCFError",
    "kCFSOCKS5Error", "kCFSOCKS4Error", "kCFSOCKSError", "kCFFTPError", "kCFHostError",
    "kCFHTTPCookie", "kCFStreamError", "NS",
]

# Tables whose C constants are also their Swift names (no overlay renames them).
SAME_NAME_TABLES = {"accounts", "assets-library", "audio-converter", "security", "secure-transport", "code-signing", "mach", "sqlite", "http", "cfnetwork",
                    "video-toolbox", "coremedia-block-buffer", "coremedia-format-description", "coremedia-sample-buffer",
                    "coremedia-sync", "coremedia-buffer-queue", "coremedia-simple-queue",
                    "coremedia-format-description-bridge", "coremedia-metadata"}


def swift_name(table, constant):
    """The name the Swift overlay gives a C constant (`CKErrorServerRecordChanged` ->
    `serverRecordChanged`), or the constant where no overlay renames it."""
    if table in SAME_NAME_TABLES and not constant.startswith("kCFURLError"):
        return constant
    name = constant
    for prefix in SWIFT_PREFIXES:
        if name.startswith(prefix) and len(name) > len(prefix):
            name = name[len(prefix):]
            break
    if table in ("foundation", "coredata") and name.endswith("Error"):
        name = name[: -len("Error")]
    for word, lower in LEADING_WORDS.items():
        if name.startswith(word):
            return lower + name[len(word):]
    match = re.match(r"^([A-Z]+)([A-Z][a-z].*)$", name)
    if match:
        return match.group(1).lower() + match.group(2)
    return name[:1].lower() + name[1:]


def meaning_from_name(name):
    """A sentence made from the words of a name: `errSecItemNotFound` -> "Item not found."."""
    # Core Media names its subject first: `kCMSampleBufferError_BufferNotReady` -> "Sample buffer:
    # buffer not ready.", `kCMBlockBufferBadOffsetParameterErr` -> "Block buffer: bad offset parameter.".
    media = re.match(r"^kCM(\w+?)Error_(\w+)$", name) or re.match(r"^kCM(BlockBuffer)(\w+)Err$", name)
    if media:
        subject = meaning_from_name(media.group(1)).rstrip(".")
        detail = meaning_from_name(media.group(2))
        return f"{subject}: {detail[:1].lower()}{detail[1:]}"
    if re.match(r"^kVT\w+Err$", name):
        return meaning_from_name(name[len("kVT"):-len("Err")])
    core = re.sub(r"^(errSecCS|errSec|errSSL|KERN_|SQLITE_|kAudioConverterErr_|ALAssetsLibrary|ACError)", "", name)
    for prefix in SWIFT_PREFIXES:
        if core.startswith(prefix) and len(core) > len(prefix):
            core = core[len(prefix):]
            break
    if name.startswith(("NS", "ALAssetsLibrary")):
        core = re.sub(r"(?<=[a-z])Error$", "", core)
    if "_" in core:
        words = [w.lower() for w in core.split("_") if w]
    else:
        words = re.findall(r"[A-Z]+(?=[A-Z][a-z]|\d|$)|[A-Z]?[a-z]+|\d+|[A-Z]+", core)
        words = [w if (w.isupper() and len(w) > 1) else w.lower() for w in words]
    if not words:
        return ""
    text = " ".join(words)
    return text[:1].upper() + text[1:] + "."


def load_data():
    tables = []
    for file in sorted(os.listdir(DATA)):
        if file.endswith(".json"):
            with open(os.path.join(DATA, file), encoding="utf-8") as f:
                tables.append(json.load(f))
    return tables


def rows_of(table):
    """(code, Swift name, C constant, meaning, domains) for each row of a data table."""
    result = []
    swift_type = table.get("swift_type")
    for row in table["rows"]:
        code, constant = row[0], row[1]
        if swift_type:
            # A Swift-only table: the row names a case, and there is no C constant.
            name = constant
            meaning = MEANINGS.get(f"{swift_type}.{name}") or meaning_from_name(name)
        else:
            name = row[2] if len(row) > 2 and row[2] else swift_name(table["table"], constant)
            meaning = MEANINGS.get(constant) or meaning_from_name(constant)
        domains = table["domains"]
        if table["table"] == "cfnetwork" and not constant.startswith("kCFURLError"):
            domains = ["kCFErrorDomainCFNetwork"]
        for domain in domains:
            result.append((code, domain, name, "" if constant == name else constant, meaning))
    return result


SQLITE_PRIMARY_MEANINGS = {
    "OK": "Success.", "ERROR": "A generic SQL error or missing database.", "INTERNAL": "An internal logic error in SQLite.",
    "PERM": "Access permission denied.", "ABORT": "A callback asked to abort.", "BUSY": "The database file is locked by another connection.",
    "LOCKED": "A table in the database is locked.", "NOMEM": "Out of memory.", "READONLY": "An attempt to write a read-only database.",
    "INTERRUPT": "The operation was interrupted.", "IOERR": "A disk I/O error.", "CORRUPT": "The database file is malformed.",
    "NOTFOUND": "An unknown opcode or a file that was not found.", "FULL": "The database or disk is full.",
    "CANTOPEN": "The database file could not be opened.", "PROTOCOL": "A locking protocol error.", "EMPTY": "Internal use only.",
    "SCHEMA": "The database schema changed.", "TOOBIG": "A string or blob is too large.", "CONSTRAINT": "A constraint was violated.",
    "MISMATCH": "A data type mismatch.", "MISUSE": "The library was used incorrectly.", "NOLFS": "Large files are not supported.",
    "AUTH": "Authorization denied.", "FORMAT": "Not used.", "RANGE": "A bind parameter index is out of range.",
    "NOTADB": "The file is not a database.", "NOTICE": "A notice from sqlite3_log.", "WARNING": "A warning from sqlite3_log.",
    "ROW": "A step has another row ready.", "DONE": "A step has finished executing.",
}


def sqlite_rows():
    """SQLite's primary result codes and the extended codes built on them (primary | n << 8)."""
    primary = {}
    for key in SQLITE_PRIMARY_MEANINGS:
        value = getattr(sqlite3, "SQLITE_" + key, None)
        if isinstance(value, int):
            primary[key] = value
    rows = []
    for name in dir(sqlite3):
        if not name.startswith("SQLITE_"):
            continue
        value = getattr(sqlite3, name)
        short = name[len("SQLITE_"):]
        if short in primary:
            rows.append((value, name, SQLITE_PRIMARY_MEANINGS[short]))
            continue
        base = short.split("_")[0]
        if base in primary and "_" in short and value & 0xFF == primary[base] and value > 0xFF:
            detail = " ".join(short.split("_")[1:]).lower()
            rows.append((value, name, SQLITE_PRIMARY_MEANINGS[base].rstrip(".") + f" ({detail})."))
    rows.sort()
    return [(code, "NSSQLiteErrorDomain", name, "", meaning) for code, name, meaning in rows]


def http_rows():
    rows = []
    for status in http.HTTPStatus:
        for domain in ("HTTP", "com.google.HTTPStatus"):
            rows.append((status.value, domain, status.name, "", status.phrase + "."))
    return rows


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class TextBlob:
    """The text of every row in one string: each piece is found by its UTF-8 offset and length,
    so the rows are integers only and the compiler lays them out as constant data (no pointer
    to relocate at load, nothing built on first use)."""

    def __init__(self):
        self.pieces = []
        self.size = 0
        self.at = {}

    def add(self, text):
        if not text:
            return (0, 0)
        if text in self.at:
            return self.at[text]
        assert text == text.strip() and not any(ord(c) < 0x20 for c in text), repr(text)
        place = (self.size, len(text.encode("utf-8")))
        self.at[text] = place
        self.pieces.append(text)
        self.size += place[1]
        return place

    def swift_lines(self):
        """The pieces as the lines of a multi-line string literal, at the closing delimiter's
        indentation, each but the last ended by a backslash so that no line break enters the
        text (the last line's break is not part of a multi-line literal)."""
        assert self.pieces, "no text: a multi-line literal needs at least one line"
        lines = ["    " + piece.replace("\\", "\\\\").replace('"', '\\"') for piece in self.pieces]
        return [line + "\\\n" for line in lines[:-1]] + [lines[-1] + "\n"]


def row_line(row, blob):
    code, domain, name, constant, meaning = row
    (ns, nc), (cs, cc), (ms, mc) = blob.add(name), blob.add(constant), blob.add(meaning)
    return (f"    .init(code: {code}, nameStart: {ns}, nameCount: {nc}, constantStart: {cs}, "
            f"constantCount: {cc}, meaningStart: {ms}, meaningCount: {mc}),  // {name}\n")


def generate():
    tables = []
    for table in load_data():
        source = table["source"]
        tables.append((table["table"], table["label"], source["url"], rows_of(table)))
    tables.append(("sqlite", "SQLite", f"Python {sys.version_info[0]}.{sys.version_info[1]} sqlite3 module", sqlite_rows()))
    tables.append(("http", "HTTP", "Python http.HTTPStatus", http_rows()))
    out = [
        "// Generated by scripts/generate-code-tables.py from the headers named in scripts/data/codes/*.json\n",
        "// (names and numbers), Python's sqlite3 module and http.HTTPStatus. The meanings are this\n",
        "// project's own words. Do not edit by hand; regenerate with:\n",
        f"//   python3 scripts/generate-code-tables.py > {OUTPUT_PATH}\n",
        "// swift-format-ignore-file\n",
        "\n",
        "/// The built-in code tables, one per source.\n",
        "enum CodeTables {\n",
        "  static let all: [CodeTable] = [\n",
    ]
    # All rows in one Swift array, so that the first look-up sets up one constant array rather
    # than one per table; a table names its run of rows. A table whose domains share their rows
    # (TLS codes under three domains, HTTP under two) names one run for all of them.
    entries = []
    runs = {}
    row_lines = []
    blob = TextBlob()
    for ident, label, url, rows in tables:
        by_domain = {}
        for row in rows:
            by_domain.setdefault(row[1], []).append(row_line(row, blob))
        for domain, lines in by_domain.items():
            key = tuple(lines)
            if key not in runs:
                start = len(row_lines)
                row_lines.append(f"    // {label}, {domain}\n")
                row_lines.extend(lines)
                runs[key] = (start - len(runs), start - len(runs) + len(lines))
            entries.append((label, domain, url, runs[key]))
    for label, domain, url, (start, end) in entries:
        out.append(f"    CodeTable(label: {swift_string(label)}, domain: {swift_string(domain)}, source: {swift_string(url)}, rowRange: {start}..<{end}),\n")
    out.append("  ]\n")
    out.append("\n")
    out.append("  /// The rows of every table, table by table (`CodeTable.rowRange` says which are whose).\n")
    out.append("  static let rows: [CodeRow] = [\n")
    out.extend(row_lines)
    out.append("  ]\n")
    out.append("\n")
    out.append("  /// The names, constants and meanings of every row, each once, end to end.\n")
    out.append("  static var text: StaticString {\n")
    out.append('    """\n')
    out.extend(blob.swift_lines())
    out.append('    """\n')
    out.append("  }\n")
    out.append("\n")
    out.append("  /// The length of ``text`` in UTF-8 bytes, which a test compares with the literal's.\n")
    out.append(f"  static let textCount = {blob.size}\n")
    out.append("}\n")
    return "".join(out)


def lower_camel(text):
    parts = [p for p in re.split(r"[_\-.]", text) if p]
    return parts[0].lower() + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def extract(args):
    with open(args.extract, encoding="utf-8", errors="replace") as f:
        text = f.read()
    pattern = re.compile(args.pattern)
    rows, seen = [], set()
    for match in re.finditer(r"(?m)^\s*(?:#define\s+)?(\w+)\s*=?\s*\(?\s*(-?(?:0x[0-9A-Fa-f]+|\d+))L?\s*\)?\s*[,;]?", text):
        name, number = match.group(1), match.group(2)
        if not pattern.fullmatch(name) or name in seen:
            continue
        seen.add(name)
        rows.append([int(number, 0), name])
    data = {
        "table": args.table, "label": args.label, "domains": args.domain,
        "source": {"url": f"https://github.com/{args.repository}/blob/{args.commit}/{args.path}",
                   "repository": args.repository, "path": args.path, "commit": args.commit},
        "rows": rows,
    }
    with open(os.path.join(DATA, args.table + ".json"), "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{args.table}: {len(rows)} rows", file=sys.stderr)
    return 0


def main():
    parser = argparse.ArgumentParser(description="Generate the Swift code tables.")
    parser.add_argument("--check", metavar="FILE", help="exit 1 if FILE differs from the output")
    parser.add_argument("--extract", metavar="HEADER")
    parser.add_argument("--pattern")
    parser.add_argument("--table")
    parser.add_argument("--label")
    parser.add_argument("--domain", action="append")
    parser.add_argument("--repository")
    parser.add_argument("--path")
    parser.add_argument("--commit")
    args = parser.parse_args()
    if args.extract:
        return extract(args)
    return write_or_check(generate(), args.check, "generate-code-tables.py")

if __name__ == "__main__":
    sys.exit(main())
