extension ErrorPayload {
  /// The text that replaces a secret: a URL's credentials, a query value, a user's name in a
  /// home-directory path.
  ///
  ///     ErrorPayload.redactionMarker  // "<redacted>"
  public static let redactionMarker = "<redacted>"

  /// A detail value as it may leave the process, by the package's one secrets policy:
  ///
  /// - a URL keeps its scheme, host, port and path; the user name and password before its host
  ///   and the value of every query item (and of every `name=value` item of its fragment) become
  ///   ``redactionMarker``: tokens, signatures and session keys travel there;
  /// - a home-directory path (`/Users/NAME/`, `/home/NAME/`, `C:\Users\NAME\`) keeps everything
  ///   but the user's name, which is personal data and says nothing about the error;
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
      if let end = SecretScan.homeUser(in: bytes, at: position) {
        // The prefix (`/Users/`), the marker, then the separator after the name.
        output.append(contentsOf: bytes[position..<SecretScan.nameStart(in: bytes, at: position)])
        output.append(contentsOf: marker)
        position = end
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
  static let homePrefixes: [[UInt8]] = ["/Users/", "/home/", "\\Users\\"].map { Array($0.utf8) }

  /// Whether a byte ends a URL or a path segment in running text.
  static func endsToken(_ byte: UInt8) -> Bool {
    byte <= 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
      || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "`")
  }

  /// Where a home-directory prefix at `position` ends (the name starts there).
  static func nameStart(in bytes: [UInt8], at position: Int) -> Int {
    for prefix in homePrefixes where matches(bytes, prefix, at: position) {
      return position + prefix.count
    }
    return position
  }

  /// The end of the user's name when `/Users/NAME/` (or `/home/NAME/`, `\Users\NAME\`) stands
  /// at `position`: the offset of the separator after the name, or the end of the token.
  static func homeUser(in bytes: [UInt8], at position: Int) -> Int? {
    let first = bytes[position]
    guard first == UInt8(ascii: "/") || first == UInt8(ascii: "\\") else { return nil }
    for prefix in homePrefixes where matches(bytes, prefix, at: position) {
      let separator = prefix[prefix.count - 1]
      var end = position + prefix.count
      let start = end
      while end < bytes.count, bytes[end] != separator, !endsToken(bytes[end]) { end += 1 }
      // `/Users/Shared/` holds no one's name.
      guard end > start, !matches(bytes, Array("Shared".utf8), at: start) || end - start != 6
      else { return nil }
      return end
    }
    return nil
  }

  static func matches(_ bytes: [UInt8], _ literal: [UInt8], at position: Int) -> Bool {
    guard position + literal.count <= bytes.count else { return false }
    for (offset, byte) in literal.enumerated() where bytes[position + offset] != byte {
      return false
    }
    return true
  }

  /// Whether `://` stands at `position` after a scheme of letters.
  static func startsURL(_ bytes: [UInt8], at position: Int) -> Bool {
    guard position >= 1, position + 2 < bytes.count, bytes[position + 1] == UInt8(ascii: "/"),
      bytes[position + 2] == UInt8(ascii: "/")
    else { return false }
    let before = bytes[position - 1]
    return (0x41...0x5A).contains(before) || (0x61...0x7A).contains(before)
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
      if let end = homeUser(in: bytes, at: cursor) {
        output.append(contentsOf: bytes[cursor..<nameStart(in: bytes, at: cursor)])
        output.append(contentsOf: marker)
        cursor = end
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
      while cursor <= bytes.count {
        if cursor < bytes.count, matches(bytes, marker, at: cursor) {
          cursor += marker.count
          continue
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
          continue
        }
        cursor += 1
      }
      if cursor >= bytes.count || endsToken(bytes[cursor]) { break }
    }
    return (output, cursor, changed)
  }
}
