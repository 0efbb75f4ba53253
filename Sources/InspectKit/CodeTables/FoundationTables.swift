// Codes of NSCocoaErrorDomain and NSURLErrorDomain, with the names Swift gives them
// (`CocoaError.Code.fileReadNoSuchFile`, `URLError.Code.notConnectedToInternet`) and a short
// explanation written for this tool.

enum CocoaErrorTable {
  static let codes: [(code: Int, name: String, message: String)] = [
    (4, "fileNoSuchFile", "The file does not exist."),
    (255, "fileLocking", "The file could not be locked."),
    (256, "fileReadUnknown", "The file could not be read, for an unknown reason."),
    (257, "fileReadNoPermission", "The file could not be read: permission denied."),
    (258, "fileReadInvalidFileName", "The file could not be read: the file name is invalid."),
    (
      259, "fileReadCorruptFile",
      "The file could not be read: it is corrupt or in an unknown format."
    ),
    (260, "fileReadNoSuchFile", "The file could not be read: it does not exist."),
    (
      261, "fileReadInapplicableStringEncoding",
      "The file could not be read in the requested text encoding."
    ),
    (
      262, "fileReadUnsupportedScheme",
      "The file could not be read: the URL scheme is not supported."
    ),
    (263, "fileReadTooLarge", "The file could not be read: it is too large."),
    (
      264, "fileReadUnknownStringEncoding",
      "The file could not be read: its text encoding could not be determined."
    ),
    (512, "fileWriteUnknown", "The file could not be written, for an unknown reason."),
    (513, "fileWriteNoPermission", "The file could not be written: permission denied."),
    (514, "fileWriteInvalidFileName", "The file could not be written: the file name is invalid."),
    (516, "fileWriteFileExists", "The file could not be written: a file with that name exists."),
    (
      517, "fileWriteInapplicableStringEncoding",
      "The file could not be written in the requested text encoding."
    ),
    (
      518, "fileWriteUnsupportedScheme",
      "The file could not be written: the URL scheme is not supported."
    ),
    (640, "fileWriteOutOfSpace", "The file could not be written: the volume is full."),
    (642, "fileWriteVolumeReadOnly", "The file could not be written: the volume is read-only."),
    (768, "fileManagerUnmountUnknown", "The volume could not be unmounted, for an unknown reason."),
    (769, "fileManagerUnmountBusy", "The volume could not be unmounted: it is in use."),
    (1024, "keyValueValidation", "A value failed key-value validation."),
    (2048, "formatting", "A value could not be formatted or parsed."),
    (3072, "userCancelled", "The user cancelled the operation."),
    (3328, "featureUnsupported", "The feature is not supported."),
    (3584, "executableNotLoadable", "The executable could not be loaded."),
    (3585, "executableArchitectureMismatch", "The executable has no code for this architecture."),
    (3586, "executableRuntimeMismatch", "The executable needs another Objective-C runtime."),
    (3587, "executableLoad", "The executable could not be loaded: it is damaged or incomplete."),
    (3588, "executableLink", "The executable could not be linked."),
    (
      3840, "propertyListReadCorrupt",
      "The data is not in the expected format (property list or JSON)."
    ),
    (3841, "propertyListReadUnknownVersion", "The property list has an unknown version."),
    (3842, "propertyListReadStream", "The property list stream could not be read."),
    (3851, "propertyListWriteStream", "The property list stream could not be written."),
    (3852, "propertyListWriteInvalid", "The value cannot be written as a property list."),
    (4097, "xpcConnectionInterrupted", "The XPC connection was interrupted."),
    (4099, "xpcConnectionInvalid", "The XPC connection is invalid."),
    (4101, "xpcConnectionReplyInvalid", "The XPC reply is invalid."),
    (4353, "ubiquitousFileUnavailable", "The iCloud file is not available."),
    (
      4354, "ubiquitousFileNotUploadedDueToQuota",
      "The iCloud file was not uploaded: the quota is exceeded."
    ),
    (4355, "ubiquitousFileUbiquityServerNotAvailable", "The iCloud server is not available."),
    (4608, "userActivityHandoffFailed", "Handoff of the user activity failed."),
    (4609, "userActivityConnectionUnavailable", "Handoff is not available: no connection."),
    (4610, "userActivityRemoteApplicationTimedOut", "Handoff failed: the remote app timed out."),
    (4611, "userActivityHandoffUserInfoTooLarge", "Handoff failed: the user info is too large."),
    (4864, "coderReadCorrupt", "The data could not be decoded: it is corrupt."),
    (4865, "coderValueNotFound", "The data could not be decoded: a value is missing."),
    (4866, "coderInvalidValue", "The value could not be encoded."),
  ]
}

enum URLErrorTable {
  static let codes: [(code: Int, name: String, message: String)] = [
    (-1, "unknown", "An unknown URL loading error."),
    (-999, "cancelled", "The request was cancelled."),
    (
      -995, "backgroundSessionRequiresSharedContainer",
      "The background session needs a shared container."
    ),
    (
      -996, "backgroundSessionInUseByAnotherProcess",
      "The background session is in use by another process."
    ),
    (-997, "backgroundSessionWasDisconnected", "The background session was disconnected."),
    (-1000, "badURL", "The URL is malformed."),
    (-1001, "timedOut", "The request timed out."),
    (-1002, "unsupportedURL", "The URL scheme is not supported."),
    (-1003, "cannotFindHost", "The host name could not be resolved."),
    (-1004, "cannotConnectToHost", "The host could not be reached."),
    (-1005, "networkConnectionLost", "The network connection was lost during the request."),
    (-1006, "dnsLookupFailed", "The DNS lookup failed."),
    (-1007, "httpTooManyRedirects", "The request was redirected too many times."),
    (-1008, "resourceUnavailable", "The resource is not available."),
    (-1009, "notConnectedToInternet", "The device is not connected to the internet."),
    (
      -1010, "redirectToNonExistentLocation",
      "The request was redirected to a location that does not exist."
    ),
    (-1011, "badServerResponse", "The server sent a response that could not be used."),
    (-1012, "userCancelledAuthentication", "The user cancelled authentication."),
    (-1013, "userAuthenticationRequired", "The resource needs authentication."),
    (-1014, "zeroByteResource", "The resource is empty."),
    (-1015, "cannotDecodeRawData", "The response data could not be decoded."),
    (-1016, "cannotDecodeContentData", "The response content could not be decoded."),
    (-1017, "cannotParseResponse", "The response could not be parsed."),
    (-1018, "internationalRoamingOff", "International roaming is off."),
    (-1019, "callIsActive", "A phone call is active."),
    (-1020, "dataNotAllowed", "Cellular data is not allowed."),
    (
      -1021, "requestBodyStreamExhausted",
      "The request had to send its body again (after a redirect or an authentication"
        + " challenge) and no new body stream was given for it."
    ),
    (
      -1022, "appTransportSecurityRequiresSecureConnection",
      "App Transport Security requires a secure connection."
    ),
    (-1100, "fileDoesNotExist", "The file does not exist."),
    (-1101, "fileIsDirectory", "The file is a directory."),
    (-1102, "noPermissionsToReadFile", "The file cannot be read: permission denied."),
    (-1103, "dataLengthExceedsMaximum", "The resource is larger than allowed."),
    (-1104, "fileOutsideSafeArea", "The file is outside the allowed area."),
    (-1200, "secureConnectionFailed", "The secure connection failed."),
    (
      -1201, "serverCertificateHasBadDate",
      "The server's certificate has expired or is not valid yet."
    ),
    (-1202, "serverCertificateUntrusted", "The server's certificate is not trusted."),
    (-1203, "serverCertificateHasUnknownRoot", "The server's certificate has an unknown root."),
    (-1204, "serverCertificateNotYetValid", "The server's certificate is not valid yet."),
    (-1205, "clientCertificateRejected", "The server rejected the client certificate."),
    (-1206, "clientCertificateRequired", "The server needs a client certificate."),
    (
      -2000, "cannotLoadFromNetwork",
      "The resource must be loaded from the network, which is not allowed."
    ),
    (-3000, "cannotCreateFile", "The download file could not be created."),
    (-3001, "cannotOpenFile", "The download file could not be opened."),
    (-3002, "cannotCloseFile", "The download file could not be closed."),
    (-3003, "cannotWriteToFile", "The download file could not be written."),
    (-3004, "cannotRemoveFile", "The download file could not be removed."),
    (-3005, "cannotMoveFile", "The download file could not be moved."),
    (-3006, "downloadDecodingFailedMidStream", "The download could not be decoded midway."),
    (-3007, "downloadDecodingFailedToComplete", "The download could not be decoded to the end."),
  ]
}
