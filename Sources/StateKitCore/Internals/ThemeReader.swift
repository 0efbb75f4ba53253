import ErrorKitCore

/// A theme document read from its raw bytes: checked for valid UTF-8, parsed by the package's
/// JSON reader, and checked for keys repeated within one object, which Foundation's
/// `JSONDecoder` merges before any `Codable` code can see them. Then it decodes through the
/// same `Codable` conformances as `JSONDecoder` would, and its errors become `StateKitError`s
/// with the path and the line and column.
struct _ThemeReader {
  /// Arrays and objects nested deeper than this are rejected: the JSON reader's limit, the one
  /// every JSON document of the package has (Foundation's `JSONDecoder`'s).
  static let depthLimit = JSONReader.maximumDepth
  /// Paths as deep as this keep the offset of their last key, for locating decoding errors:
  /// attribute, selector and one level of a value (or `$remove`, attribute, element).
  static let locatedDepth = 3

  let bytes: [UInt8]
  let value: JSONValue
  /// The offset of the key that ends each path of at most `locatedDepth` members.
  private(set) var offsets: [[String]: Int] = [:]

  init(_ bytes: [UInt8]) throws(StateKitError) {
    self.bytes = bytes
    if let bad = firstInvalidUTF8(in: bytes) {
      throw .theme(
        .invalidTheme, input: "", reason: "the document is not valid UTF-8",
        location: StateKitError.Location(offset: bad, in: bytes), path: [])
    }
    let keyOffsets: [Int]
    do {
      (value, keyOffsets) = try JSONReader.parseRecordingKeys(bytes, depthLimit: Self.depthLimit)
    } catch {
      throw .theme(
        .invalidTheme, input: "", reason: "not JSON: \(error.reason)",
        location: StateKitError.Location(offset: error.offset, in: bytes), path: [])
    }
    var cursor = 0
    try walk(value, path: [], keyOffsets: keyOffsets, cursor: &cursor)
  }

  /// Visits the members of every object in document order, the order the reader recorded
  /// their keys in, and rejects a key an object already has.
  private mutating func walk(
    _ value: JSONValue, path: [String], keyOffsets: [Int], cursor: inout Int
  ) throws(StateKitError) {
    switch value {
    case .object(let members):
      var seen: [String: Int] = [:]
      for (key, member) in members {
        let offset = cursor < keyOffsets.count ? keyOffsets[cursor] : 0
        cursor += 1
        if let first = seen[key] {
          throw repeated(key, path: path, offset: offset, first: first)
        }
        seen[key] = offset
        if path.count < Self.locatedDepth { offsets[path + [key]] = offset }
        try walk(member, path: path + [key], keyOffsets: keyOffsets, cursor: &cursor)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        try walk(element, path: path + [String(index)], keyOffsets: keyOffsets, cursor: &cursor)
      }
    default:
      break
    }
  }

  private func repeated(_ key: String, path: [String], offset: Int, first: Int) -> StateKitError {
    let firstLocation = StateKitError.Location(offset: first, in: bytes)
    let what: String
    switch path.count {
    case 0: what = "attribute \(quoted(key))"
    case 1 where path[0].hasPrefix("$"): what = "key \(quoted(key)) of \(quoted(path[0]))"
    case 1: what = "selector key \(quoted(key)) of attribute \(quoted(path[0]))"
    default: what = "key \(quoted(key)) at \(Self.shownPointer(path))"
    }
    let sameBytes = Array(key.utf8) == Self.rawKey(at: first, in: bytes)
    return .theme(
      .repeatedKey, input: key, token: key,
      reason: "\(what) is repeated\(sameBytes ? "" : " (written differently, equal as text)"); "
        + "first at \(firstLocation)",
      location: StateKitError.Location(offset: offset, in: bytes), path: path + [key])
  }

  /// The unescaped bytes of the key whose opening quote is at `offset`.
  private static func rawKey(at offset: Int, in bytes: [UInt8]) -> [UInt8] {
    var end = offset + 1
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
    }
    return Array(bytes[min(offset + 1, bytes.count)..<min(end, bytes.count)])
  }

  /// Decodes the document with a `Decoder` over it; a `DecodingError` becomes a
  /// `StateKitError` with the path and where it is.
  func decode<T>(catalog: StateCatalog, _ body: (any Decoder) throws -> T) throws(StateKitError)
    -> T
  {
    let decoder = _JSONValueDecoder(
      value: value, codingPath: [], userInfo: [.stateCatalog: catalog])
    do {
      return try body(decoder)
    } catch let error as DecodingError {
      throw mapped(error)
    } catch let error as StateKitError {
      throw error
    } catch {
      throw .theme(
        .invalidTheme, input: "", reason: "\(error)", location: nil, path: [])
    }
  }

  private func mapped(_ error: DecodingError) -> StateKitError {
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
      context = found
    case .keyNotFound(let key, let found):
      context = DecodingError.Context(
        codingPath: found.codingPath + [key], debugDescription: found.debugDescription)
    @unknown default:
      return .theme(.invalidTheme, input: "", reason: "\(error)", location: nil, path: [])
    }
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    var located = path
    while !located.isEmpty, offsets[located] == nil { located.removeLast() }
    let location = offsets[located].map { StateKitError.Location(offset: $0, in: bytes) }
    let token = (context.underlyingError as? StateKitError)?.token
    let reason =
      path.isEmpty
      ? context.debugDescription : "\(Self.shownPointer(path)): \(context.debugDescription)"
    return .theme(
      .invalidTheme, input: path.last ?? "", token: token, reason: reason, location: location,
      path: path)
  }

  /// A path as a JSON Pointer (RFC 6901), such as `/titleColor/normal`.
  static func pointer(_ path: [String]) -> String {
    path.map { component in
      var escaped = ""
      for character in component {
        switch character {
        case "~": escaped += "~0"
        case "/": escaped += "~1"
        default: escaped.append(character)
        }
      }
      return "/" + escaped
    }.joined()
  }

  /// ``pointer(_:)`` as a message shows it, since its keys are the document's text: cut after
  /// 80 characters with `…`, as `quoted(_:limit:)` cuts input, and every character a terminal
  /// acts on escaped. The error's `path` keeps the keys whole.
  static func shownPointer(_ path: [String]) -> String {
    let text = pointer(path)
    let limit = 80
    guard text.unicodeScalars.count > limit else { return terminalSafe(text) }
    return terminalSafe(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…")
  }
}
