extension ErrorPayload {
  /// The text that replaces a secret: a URL's credentials, a query value, a user's name in a
  /// home-directory path.
  static let redactionMarker = "<redacted>"

  /// A text of an error (its message, failure reason, recovery suggestion, name or a detail) as
  /// it may leave the process, by the package's one secrets policy:
  ///
  /// - a URL keeps its scheme, host, port and path; the user name and password before its host
  ///   and the value of every query item (and of every `name=value` item of its fragment) become
  ///   `<redacted>`: tokens, signatures and session keys travel there. A URL is a scheme
  ///   as RFC 3986 spells it (a letter, then letters, digits, `+`, `-`, `.`: `https`, `s3`,
  ///   `tn3270`) followed by `://`. The credentials end at the last `@` before the host; a
  ///   password may hold `@`, and `/`, `?` and `#` too (a cloud key in base64:
  ///   `https://bob:p/ss@host/`), when the authority is a name, `:` and no port. A URL inside
  ///   another, in its path or where a query or fragment item would be (a proxy's or an
  ///   archive's link, `https://proxy/https://user:pw@host/…`), is a URL of its own, and loses
  ///   its secrets too;
  /// - a request target, a path with a query and no scheme nor host (`/login?api_key=…`,
  ///   `GET /v1/items?token=…`), and a query string on its own (`?sig=…`, `#access_token=…`)
  ///   lose their values as a URL's query does: a query starts at a `?` or `#` that a name and
  ///   `=` follow, so the `?` and `#` of prose ("done?", "issue #12") are kept;
  /// - a home-directory path (`/Users/NAME/`, `/home/NAME/`, `C:\Users\NAME\`) keeps everything
  ///   but the user's name, which is personal data and says nothing about the error. The Windows
  ///   form matches in any case (`c:\users\NAME\`), with doubled backslashes (as a string
  ///   literal prints it) and with slashes after a drive (`C:/Users/NAME/`); in running text its
  ///   name may hold spaces (`C:\Users\John Smith\`), so it runs to the next separator, or,
  ///   when none follows, to the end of the token (a quote, a control character, the end of the
  ///   text);
  /// - everything else is kept: a path outside a home directory, a host name, a number, a key
  ///   name, prose (`ratio 3:4`, `a=b`), all of which a person needs to understand the error.
  ///
  /// ```swift
  /// let url = ErrorPayload.redactingSecrets(in: "https://bob:pw@example.com/v1?token=abc&page=2")
  /// url  // "https://<redacted>@example.com/v1?token=<redacted>&page=<redacted>"
  /// let target = ErrorPayload.redactingSecrets(in: "GET /login?api_key=abc failed")
  /// target  // "GET /login?api_key=<redacted> failed"
  /// ErrorPayload.redactingSecrets(in: "/Users/bob/state.json")  // "/Users/<redacted>/state.json"
  /// ```
  ///
  /// It is applied on every path out: ``redactingSecrets()`` to every text of a payload;
  /// `ErrorPayload(error)`, ``ErrorChain`` and its report and log attributes (in ErrorKit) to
  /// every error they describe; ErrorKit's bridge to `NSError` (`error as NSError` of a
  /// `DescribedError`, `NSError(describing:)`) to the user info it writes and to the
  /// `NSError` causes it hands on; `statekit-inspect error` to every error it reads from text
  /// and to the inputs its messages name. An error whose type adopts ``ExportsSecretDetails``
  /// leaves as it is. The text is read once, left to right, and a text without `://`, `?`, `#`,
  /// `\` or a home prefix is returned without a copy: the time is linear in its length.
  ///
  /// - Parameter text: A text of an error.
  /// - Returns: The text with its secrets replaced.
  public static func redactingSecrets(in text: String) -> String {
    // Most texts hold none of the bytes a secret starts at: they are kept without a copy, and
    // the bytes before the first such place are copied as they are.
    guard let start = SecretScan.firstPlaceOfSecret(in: text) else { return text }
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    output.append(contentsOf: bytes[..<start])
    var position = start
    var changed = false
    let marker = Array(redactionMarker.utf8)
    while position < bytes.count {
      if let name = SecretScan.homeUser(in: bytes, at: position, inURL: false) {
        // The prefix (`/Users/`), the marker, then the separator after the name.
        output.append(contentsOf: bytes[position..<name.lowerBound])
        output.append(contentsOf: marker)
        position = name.upperBound
        changed = true
        continue
      }
      if bytes[position] == UInt8(ascii: ":"), SecretScan.startsURL(bytes, at: position) {
        let redacted = SecretScan.url(bytes, from: position, marker: marker)
        output.append(contentsOf: redacted.bytes)
        changed = changed || redacted.changed
        position = redacted.end
        continue
      }
      if bytes[position] == UInt8(ascii: "?") || bytes[position] == UInt8(ascii: "#"),
        SecretScan.startsQuery(bytes, at: position)
      {
        // A request target's query (`/login?api_key=…`), or a query string on its own.
        position = SecretScan.appendQuery(
          bytes, from: position, marker: marker, into: &output, changed: &changed)
        continue
      }
      output.append(bytes[position])
      position += 1
    }
    return changed ? String(decoding: output, as: UTF8.self) : text
  }

  /// The payload with ``redactingSecrets(in:)`` applied to every text of every error of its
  /// tree of causes: the message, failure reason, recovery suggestion, name and details; the
  /// domain, the code and the details' names are kept.
  ///
  ///     let payload = ErrorPayload(
  ///         domain: "NSURLErrorDomain", code: -1009,
  ///         message: "Could not load https://x.example/a?key=1",
  ///         details: ["NSErrorFailingURLStringKey": "https://x.example/a?key=1"])
  ///     let redacted = payload.redactingSecrets()
  ///     redacted.message  // "Could not load https://x.example/a?key=<redacted>"
  ///     redacted.details["NSErrorFailingURLStringKey"]  // "https://x.example/a?key=<redacted>"
  ///
  /// - Returns: The payload without secrets in its texts.
  public func redactingSecrets() -> ErrorPayload {
    var levels = chain
    for index in levels.indices {
      levels[index].underlying = nil
      levels[index]._redactOwnSecrets()
      levels[index].otherCauses = levels[index].otherCauses.map { $0.redactingSecrets() }
    }
    return ErrorPayload(linking: levels) ?? self
  }

  /// Applies ``redactingSecrets(in:)`` to this error's own texts, and leaves its causes as they
  /// are. The one list of what an error exports as text: every capture (`ErrorChain`, so
  /// `ErrorPayload(error)`), every bridge to `NSError` and statekit-inspect redact through it.
  package mutating func _redactOwnSecrets() {
    message = message.map(Self.redactingSecrets(in:))
    failureReason = failureReason.map(Self.redactingSecrets(in:))
    recoverySuggestion = recoverySuggestion.map(Self.redactingSecrets(in:))
    name = name.map(Self.redactingSecrets(in:))
    for (key, value) in details { details[key] = Self.redactingSecrets(in: value) }
  }

  /// The fields of a CodedError as they leave the process, without its causes: by the secrets
  /// policy, unless its type adopts ``ExportsSecretDetails``.
  init(exportedFieldsOf error: some CodedError) {
    self.init(
      domain: type(of: error).domain, code: error.code.errorCodeValue, name: error._nameText,
      message: error._messageText, failureReason: error.failureReason,
      recoverySuggestion: error.recoverySuggestion, details: error._detailStrings)
    if !(error is any ExportsSecretDetails) { _redactOwnSecrets() }
  }
}

/// A ``CodedError`` whose texts and details leave the process as they are, secrets included:
/// URLs with their credentials and query values, home-directory paths with the user's name, in
/// its message, failure reason, recovery suggestion and details, on every path out (payloads,
/// ``ErrorChain``, log attributes, `NSError`). Adopt it only for an error whose texts and
/// details are known to hold none, or that never leaves a trusted place. Its causes follow the
/// policy of their own types.
///
///     enum CacheError: DescribedError, ExportsSecretDetails {
///         case stale(url: String)
///         static let domain = "com.example.Cache"
///         var code: Int { 1 }
///         var message: String { "The cached copy is stale." }
///         var details: [String: String] {
///             switch self { case .stale(let url): ["url": url] }
///         }
///     }
public protocol ExportsSecretDetails: CodedError {}

/// The byte-level scans behind ``ErrorPayload/redactingSecrets(in:)``.
enum SecretScan {
  /// The home prefixes of macOS and Linux, as written (``homeUser(in:at:inURL:)``).
  static let posixHomePrefixes: [[UInt8]] = ["/Users/", "/home/"].map { Array($0.utf8) }
  /// The folder of Windows home directories, in lower case: `\Users\` matches in any case.
  static let windowsUsers = Array("users".utf8)
  static let backslash = UInt8(ascii: "\\")

  /// Where the first secret of a text may start, as a UTF-8 offset, or `nil` when it holds
  /// none: the `:` of a URL's `://`, a query's or a fragment's `?` or `#`, the `/` of a home
  /// folder's `/U` or `/h`, a `\`. Read from the text as it is stored, without a copy, so a
  /// text without them (most messages) costs one pass and no allocation; every scan of
  /// ``ErrorPayload/redactingSecrets(in:)`` starts at such a byte, and only looks back from it.
  static func firstPlaceOfSecret(in text: String) -> Int? {
    var previous: UInt8 = 0
    var offset = 0
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "?"), UInt8(ascii: "#"), backslash: return offset
      case UInt8(ascii: "/") where previous == UInt8(ascii: ":"): return offset - 1
      case UInt8(ascii: "U"), UInt8(ascii: "h"):
        if previous == UInt8(ascii: "/") { return offset - 1 }
      default: break
      }
      previous = byte
      offset += 1
    }
    return nil
  }

  /// Whether a query or a fragment starts at the `?` or `#` at `position` outside a URL: one
  /// that a name and `=` follow (`?api_key=`, `#access_token=`), as in a request target
  /// (`GET /v1/items?token=…`) or a query string on its own. A `?` or `#` of prose ("done?",
  /// "issue #12", "? a=b") is followed by no name and `=`. A name holds no `?` or `#`, so the
  /// names read from two of them never overlap: the scans of a text are linear in its length.
  static func startsQuery(_ bytes: [UInt8], at position: Int) -> Bool {
    var index = position + 1
    while index < bytes.count, isQueryNameByte(bytes[index]) { index += 1 }
    return index > position + 1 && index < bytes.count && bytes[index] == UInt8(ascii: "=")
  }

  /// Whether a byte may stand in a query item's name: letters, digits, `_`, `-`, `.`, `[`, `]`
  /// and `%`.
  static func isQueryNameByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]")
      || byte == UInt8(ascii: "%")
  }

  static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  /// Where the credentials of a URL end when its password holds `/`, `?` or `#`
  /// (`https://bob:p/ss@host/`, a cloud key in base64), which end the authority before its
  /// `@`: the `@` before the host, or `nil` when the URL has no such credentials.
  ///
  /// They are credentials when the authority (from `start` to `authorityEnd`, without an `@`)
  /// is a name, `:` and something that is not a port (digits) nor an IPv6 address, and an `@`
  /// follows in the same token before any other URL; they end at the last `@` before the next
  /// `/`, `?` or `#` after it, so an `@` in the password after the `/` goes too. So
  /// `https://host:8080/a@b` and `https://host/a:b@c` keep everything. Each byte is read at
  /// most twice: the scan stops where the next URL of the token begins.
  static func credentialsPastAuthority(_ bytes: [UInt8], from start: Int, authorityEnd: Int)
    -> Int?
  {
    guard authorityEnd < bytes.count, !endsToken(bytes[authorityEnd]), start < authorityEnd,
      bytes[start] != UInt8(ascii: "["),
      let colon = bytes[start..<authorityEnd].firstIndex(of: UInt8(ascii: ":")),
      bytes[(colon + 1)..<authorityEnd].contains(where: { !isDigit($0) })
    else { return nil }
    var index = authorityEnd
    var end: Int?
    while index < bytes.count, !endsToken(bytes[index]) {
      if bytes[index] == UInt8(ascii: "@") {
        end = index
        break
      }
      if bytes[index] == UInt8(ascii: ":"), startsURL(bytes, at: index) { return nil }
      index += 1
    }
    guard var at = end else { return nil }
    index = at + 1
    while index < bytes.count, !endsToken(bytes[index]), bytes[index] != UInt8(ascii: "/"),
      bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#")
    {
      if bytes[index] == UInt8(ascii: "@") { at = index }
      index += 1
    }
    return at
  }

  /// Whether a byte ends a URL or a path segment in running text.
  static func endsToken(_ byte: UInt8) -> Bool {
    byte <= 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
      || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "`")
  }

  /// The user's name when a home directory starts at `position`: the range from the end of its
  /// prefix to the end of the name.
  ///
  /// - `/Users/NAME/` and `/home/NAME/`, as written: the name ends at a separator (`/` or `\`)
  ///   or at the end of the token (a space, a quote, a control character).
  /// - Windows forms: `\Users\NAME\` in any case (`c:\users\bob\`), each backslash written
  ///   once or twice (a string literal's `C:\\Users\\bob\\`), and `/Users/NAME/` after a drive
  ///   (`C:/Users/NAME/`). In running text a Windows name may hold spaces
  ///   (`C:\Users\John Smith\`): it ends at its separator or at the end of the token other than
  ///   a space, and the spaces before its end are left out, so that without a separator after
  ///   it, it takes the rest of the token and no surname is left behind.
  /// - Inside a URL (`inURL`), which holds no space, a space ends a name, and so do the URL's
  ///   query and fragment (`?`, `#`) and, for `\Users\`, a `/`, where the authority ends: the
  ///   name never moves where the URL's parts begin, so redacting twice changes nothing.
  /// - A URL ends a name where its scheme begins (`/Users/https://…`, `C:\Users\bob saw
  ///   https://…`): it is read as a URL of its own, never taken for part of a name and left
  ///   half read.
  ///
  /// `/Users/Shared/` holds no one's name and is no match.
  static func homeUser(in bytes: [UInt8], at position: Int, inURL: Bool) -> Range<Int>? {
    let start: Int
    // Whether a `/` ends the name, and whether a space does not (a `\` always ends it).
    let slashEnds: Bool
    let spaced: Bool
    switch bytes[position] {
    case UInt8(ascii: "/"):
      guard let prefix = posixHomePrefixes.first(where: { matches(bytes, $0, at: position) })
      else { return nil }
      start = position + prefix.count
      // `C:/Users/`: a Windows path written with slashes.
      let drive =
        prefix == posixHomePrefixes[0] && position >= 2
        && bytes[position - 1] == UInt8(ascii: ":") && isLetter(bytes[position - 2])
      slashEnds = true
      spaced = drive && !inURL
    case backslash:
      guard let nameStart = windowsNameStart(in: bytes, at: position) else { return nil }
      start = nameStart
      slashEnds = inURL
      spaced = !inURL
    default:
      return nil
    }
    // `end` follows the last byte of the name that is not a space.
    var end = start
    var cursor = start
    scan: while cursor < bytes.count {
      switch bytes[cursor] {
      case UInt8(ascii: "?"), UInt8(ascii: "#"): if inURL { break scan }
      case UInt8(ascii: "/"): if slashEnds { break scan }
      case backslash: break scan
      case 0x20: if !spaced { break scan }
      case UInt8(ascii: ":") where startsURL(bytes, at: cursor):
        end = cursor
        while end > start, isSchemeByte(bytes[end - 1]) { end -= 1 }
        while end > start, bytes[end - 1] == 0x20 { end -= 1 }
        break scan
      case let byte where endsToken(byte): break scan
      default: break
      }
      if bytes[cursor] != 0x20 { end = cursor + 1 }
      cursor += 1
    }
    guard end > start, end - start != 6 || !matches(bytes, Array("Shared".utf8), at: start)
    else { return nil }
    return start..<end
  }

  /// Where the user's name starts when `\Users\` stands at `position`, in any case, each
  /// backslash written once or twice.
  static func windowsNameStart(in bytes: [UInt8], at position: Int) -> Int? {
    var index = position + 1
    if index < bytes.count, bytes[index] == backslash { index += 1 }
    guard index + windowsUsers.count < bytes.count else { return nil }
    for (offset, letter) in windowsUsers.enumerated() {
      let byte = bytes[index + offset]
      // ASCII upper case to lower case; no other byte becomes a lower-case letter.
      let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
      guard lower == letter else { return nil }
    }
    index += windowsUsers.count
    guard bytes[index] == backslash else { return nil }
    index += 1
    if index < bytes.count, bytes[index] == backslash { index += 1 }
    return index
  }

  static func matches(_ bytes: [UInt8], _ literal: [UInt8], at position: Int) -> Bool {
    guard position + literal.count <= bytes.count else { return false }
    for (offset, byte) in literal.enumerated() where bytes[position + offset] != byte {
      return false
    }
    return true
  }

  /// Whether a byte may stand in a URL scheme: a letter, a digit, `+`, `-` or `.` (RFC 3986).
  static func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  /// Whether `://` stands at `position` after a scheme: by RFC 3986 a letter, then letters,
  /// digits, `+`, `-` and `.`. So `s3://`, `tn3270://` and `svn+ssh://` are URLs, and `3://`
  /// is not. In running text the scheme starts at a letter that only scheme bytes separate
  /// from `:`; the walk back stops at the first letter, so every `:` costs at most the digits,
  /// `+`, `-` and `.` right before it.
  static func startsURL(_ bytes: [UInt8], at position: Int) -> Bool {
    guard position >= 1, position + 2 < bytes.count, bytes[position + 1] == UInt8(ascii: "/"),
      bytes[position + 2] == UInt8(ascii: "/")
    else { return false }
    var index = position - 1
    while index >= 0, isSchemeByte(bytes[index]) {
      if isLetter(bytes[index]) { return true }
      index -= 1
    }
    return false
  }

  /// A URL from its `://` at `position`: the text up to its end, with its credentials and its
  /// query and fragment values replaced.
  static func url(_ bytes: [UInt8], from position: Int, marker: [UInt8]) -> (
    bytes: [UInt8], end: Int, changed: Bool
  ) {
    var output: [UInt8] = Array("://".utf8)
    var cursor = position + 3
    var changed = false
    // The authority: credentials end at the last `@` before the path, or, for a password that
    // holds `/`, `?` or `#`, past them (``credentialsPastAuthority(_:from:authorityEnd:)``).
    var authorityEnd = cursor
    var at: Int?
    while authorityEnd < bytes.count,
      !endsToken(bytes[authorityEnd]) || matches(bytes, marker, at: authorityEnd),
      bytes[authorityEnd] != UInt8(ascii: "/"), bytes[authorityEnd] != UInt8(ascii: "?"),
      bytes[authorityEnd] != UInt8(ascii: "#")
    {
      if matches(bytes, marker, at: authorityEnd) {
        authorityEnd += marker.count
        continue
      }
      if bytes[authorityEnd] == UInt8(ascii: "@") { at = authorityEnd }
      authorityEnd += 1
    }
    if at == nil {
      at = credentialsPastAuthority(bytes, from: cursor, authorityEnd: authorityEnd)
    }
    if let at {
      output.append(contentsOf: marker)
      cursor = at
      changed = true
    }
    // The host and path, kept (a home directory in a `file://` path loses its name).
    while cursor < bytes.count, !endsToken(bytes[cursor]) || matches(bytes, marker, at: cursor),
      bytes[cursor] != UInt8(ascii: "?"), bytes[cursor] != UInt8(ascii: "#")
    {
      if matches(bytes, marker, at: cursor) {
        // A marker of an earlier redaction is part of the URL: redacting twice changes nothing.
        output.append(contentsOf: marker)
        cursor += marker.count
        continue
      }
      if bytes[cursor] == UInt8(ascii: ":"), startsURL(bytes, at: cursor) {
        // A URL in this one's path (a proxy's or an archive's link) ends this one at its `:`:
        // the caller reads it as a URL of its own, credentials, query and all.
        return (output, cursor, changed)
      }
      if let name = homeUser(in: bytes, at: cursor, inURL: true) {
        output.append(contentsOf: bytes[cursor..<name.lowerBound])
        output.append(contentsOf: marker)
        cursor = name.upperBound
        changed = true
        continue
      }
      output.append(bytes[cursor])
      cursor += 1
    }
    // The query and the fragment: every item's value.
    cursor = appendQuery(bytes, from: cursor, marker: marker, into: &output, changed: &changed)
    return (output, cursor, changed)
  }

  /// Appends a query and a fragment from their `?` or `#` at `start` to `output`, every item's
  /// value replaced by `marker`, and returns where they end: at the end of the token, or at the
  /// `:` of a URL where an item's name would be. A URL's end, a request target's
  /// (`/login?api_key=…`) and a query string on its own are read by this one rule.
  static func appendQuery(
    _ bytes: [UInt8], from start: Int, marker: [UInt8], into output: inout [UInt8],
    changed: inout Bool
  ) -> Int {
    var cursor = start
    while cursor < bytes.count, !endsToken(bytes[cursor]) {
      let part = bytes[cursor]  // `?` or `#`
      output.append(part)
      cursor += 1
      var itemStart = cursor
      var named = false
      while cursor <= bytes.count {
        if cursor < bytes.count, matches(bytes, marker, at: cursor) {
          cursor += marker.count
          continue
        }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") { named = true }
        if !named, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ":"),
          startsURL(bytes, at: cursor)
        {
          // A URL where an item's name or a value without a name would be (`#https://…`,
          // `?https://…`) ends this one at its `:`, as in the path.
          output.append(contentsOf: bytes[itemStart..<cursor])
          return cursor
        }
        let atEnd =
          cursor == bytes.count || endsToken(bytes[cursor])
          || (bytes[cursor] == UInt8(ascii: "#") && part == UInt8(ascii: "?"))
        if atEnd || bytes[cursor] == UInt8(ascii: "&") || bytes[cursor] == UInt8(ascii: ";") {
          let item = bytes[itemStart..<cursor]
          if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
            output.append(contentsOf: bytes[itemStart...equals])
            if equals + 1 < cursor {
              output.append(contentsOf: marker)
              changed = true
            }
          } else if part == UInt8(ascii: "?"), !item.isEmpty {
            // A query without names (`?abc123`) is a value.
            output.append(contentsOf: marker)
            changed = true
          } else {
            output.append(contentsOf: item)
          }
          if atEnd { break }
          output.append(bytes[cursor])
          cursor += 1
          itemStart = cursor
          named = false
          continue
        }
        cursor += 1
      }
      if cursor >= bytes.count || endsToken(bytes[cursor]) { break }
    }
    return cursor
  }
}
