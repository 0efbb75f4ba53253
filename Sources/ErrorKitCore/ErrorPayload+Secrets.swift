extension ErrorPayload {
  /// The text that replaces a secret: a URL's credentials, a query value, a user's name in a
  /// home-directory path.
  ///
  ///     ErrorPayload.redactionMarker  // "<redacted>"
  public static let redactionMarker = "<redacted>"

  /// A detail value as it may leave the process, by the package's one secrets policy:
  ///
  /// - a URL keeps its scheme, host, port and path; the user name and password before its host
  ///   (up to the last `@` there) and the value of every query item (and of every `name=value`
  ///   item of its fragment) become ``redactionMarker``: tokens, signatures and session keys
  ///   travel there. A URL is a scheme as RFC 3986 spells it (a letter, then letters, digits,
  ///   `+`, `-`, `.`: `https`, `s3`, `tn3270`) followed by `://`. A URL inside another, in its
  ///   path or where a query or fragment item would be (a proxy's or an archive's link,
  ///   `https://proxy/https://user:pw@host/…`), is a URL of its own, and loses its secrets too;
  /// - a home-directory path (`/Users/NAME/`, `/home/NAME/`, `C:\Users\NAME\`) keeps everything
  ///   but the user's name, which is personal data and says nothing about the error. The Windows
  ///   form matches in any case (`c:\users\NAME\`), with doubled backslashes (as a string
  ///   literal prints it) and with slashes after a drive (`C:/Users/NAME/`); in running text its
  ///   name may hold spaces (`C:\Users\John Smith\`), so it runs to the next separator, or,
  ///   when none follows, to the end of the token (a quote, a control character, the end of the
  ///   text);
  /// - everything else is kept: a path outside a home directory, a host name, a number, a key
  ///   name, all of which a person needs to understand the error.
  ///
  /// ```swift
  /// let url = ErrorPayload.redactingSecrets(in: "https://bob:pw@example.com/v1?token=abc&page=2")
  /// url  // "https://<redacted>@example.com/v1?token=<redacted>&page=<redacted>"
  /// ErrorPayload.redactingSecrets(in: "/Users/bob/state.json")  // "/Users/<redacted>/state.json"
  /// ```
  ///
  /// ``redactingSecrets()`` applies it to every detail of a chain; `ErrorPayload(error)`,
  /// ``ErrorChain`` (in ErrorKit) and `statekit-inspect error` apply it to every error they
  /// describe, unless the error's type opts out with ``ExportsSecretDetails``. The text is read
  /// once, left to right: the time is linear in its length.
  ///
  /// - Parameter text: A detail value.
  /// - Returns: The value with its secrets replaced.
  public static func redactingSecrets(in text: String) -> String {
    let bytes = Array(text.utf8)
    guard bytes.count >= 6 else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var position = 0
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
      output.append(bytes[position])
      position += 1
    }
    return changed ? String(decoding: output, as: UTF8.self) : text
  }

  /// The payload with ``redactingSecrets(in:)`` applied to the details of every error of its
  /// tree of causes; its other fields are kept.
  ///
  ///     let payload = ErrorPayload(
  ///         domain: "NSURLErrorDomain", code: -1009,
  ///         details: ["NSErrorFailingURLStringKey": "https://x.example/a?key=1"])
  ///     let redacted = payload.redactingSecrets()
  ///     redacted.details["NSErrorFailingURLStringKey"]  // "https://x.example/a?key=<redacted>"
  ///
  /// - Returns: The payload without secrets in its details.
  public func redactingSecrets() -> ErrorPayload {
    var levels = chain
    for index in levels.indices {
      levels[index].underlying = nil
      for (key, value) in levels[index].details {
        levels[index].details[key] = Self.redactingSecrets(in: value)
      }
      levels[index].otherCauses = levels[index].otherCauses.map { $0.redactingSecrets() }
    }
    return ErrorPayload(linking: levels) ?? self
  }
}

/// A ``CodedError`` whose details leave the process as they are, secrets included: URLs with
/// their query values, home-directory paths with the user's name. Adopt it only for an error
/// whose details are known to hold none, or that never leaves a trusted place.
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
    // The authority: credentials end at the last `@` before the path.
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
          return (output, cursor, changed)
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
    return (output, cursor, changed)
  }
}
