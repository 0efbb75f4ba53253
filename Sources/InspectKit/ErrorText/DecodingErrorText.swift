import ErrorKitCore

/// Reads Swift's dumps of `DecodingError`: the classic form
/// `typeMismatch(Swift.String, Swift.DecodingError.Context(codingPath: [CodingKeys(stringValue:
/// "id", intValue: nil)], debugDescription: "…", underlyingError: nil))` (also prefixed with
/// `Swift.DecodingError.`), and Swift 6's `DecodingError.keyNotFound: Key 'id' not found …. Path:
/// a.b. Debug description: …`. Reported: the case, the coding path, the key or type, the debug
/// description, and an underlying NSError when there is one; the domain and code are the ones
/// Foundation bridges a `DecodingError` to (`NSCocoaErrorDomain` 4865 or 4864).
enum DecodingErrorText: ErrorReader {
  static let form = "a Swift DecodingError"
  static let example =
    #"typeMismatch(Swift.String, Swift.DecodingError.Context(codingPath: [], debugDescription: "…", underlyingError: nil))"#
  static let cases = ["keyNotFound", "typeMismatch", "valueNotFound", "dataCorrupted"]
  /// The classic dump's `case(` and the `DecodingError.` of Swift 6's one-line form (and of the
  /// classic dump's qualified name).
  static let anchors = cases.map { $0 + "(" } + ["DecodingError."]

  static func code(of name: String) -> Int {
    name == "keyNotFound" || name == "valueNotFound" ? 4865 : 4864
  }

  static func read(_ text: PastedText, anchor: Int, at position: Int, floor _: Int)
    -> ErrorFinding?
  {
    if anchor < cases.count {
      // A word that merely ends with the name (`myKeyNotFound(`) is not a dump.
      if position > 0, isIdentifierByte(text[position - 1]) { return nil }
      return readClassic(text, name: cases[anchor], at: position)
    }
    // `DecodingError.keyNotFound: …`; a qualified classic dump
    // (`Swift.DecodingError.typeMismatch(`) is read at the case's own anchor, with its prefix.
    let after = position + "DecodingError.".utf8.count
    for name in cases {
      if text.starts(with: name + ": ", at: after) {
        return readModern(
          text, name: name, range: position..<text.lineEnd(of: position),
          prefix: "DecodingError.".utf8.count + name.utf8.count + 2)
      }
    }
    return nil
  }

  private static func isIdentifierByte(_ byte: UInt8) -> Bool {
    ASCIIDigits.isDecimalDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
      || byte == UInt8(ascii: "_")
  }

  /// The position after the parenthesis that closes the one before `start`, skipping quoted
  /// text; `nil` when the text ends first.
  private static func closingParenthesis(_ text: PastedText, from start: Int) -> Int? {
    var depth = 1
    var index = start
    var inString = false
    while index < text.count {
      let byte = text.bytes[index]
      if inString {
        if byte == UInt8(ascii: "\\") {
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
      } else if byte == UInt8(ascii: "(") {
        depth += 1
      } else if byte == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { return index + 1 }
      }
      index += 1
    }
    return nil
  }

  private static func readClassic(_ source: PastedText, name: String, at position: Int)
    -> ErrorFinding
  {
    var start = position
    for prefix in ["Swift.DecodingError.", "DecodingError."] {
      let length = prefix.utf8.count
      if start >= length, source.starts(with: prefix, at: start - length) {
        start -= length
        break
      }
    }
    let open = position + name.utf8.count + 1
    let close = closingParenthesis(source, from: open)
    let end = close ?? source.count
    let body = source.text(open..<max(open, end - (close == nil ? 0 : 1)))
    var details: [String: String] = [:]
    let contextMarker = body.firstRange(of: "Context(")
    let head = contextMarker.map { body[..<$0.lowerBound] } ?? body[...]
    let firstArgument = head.trimmingSuffix { $0 == " " || $0 == "," || $0 == "\n" }
      .replacingSuffix("Swift.DecodingError.", with: "")
      .trimmingSuffix { $0 == " " || $0 == "," || $0 == "\n" }
    if name == "keyNotFound" {
      details["key"] = stringValues(in: firstArgument).first.map(\.text) ?? String(firstArgument)
    } else if name != "dataCorrupted", !firstArgument.isEmpty {
      details["type"] = String(firstArgument)
    }
    let context = contextMarker.map { body[$0.upperBound...] } ?? body[body.endIndex...]
    if let path = bracketed(after: "codingPath: ", in: context) {
      details["codingPath"] = codingPath(stringValues(in: path))
    }
    let message = quoted(after: "debugDescription: ", in: context)
    var underlying: ErrorPayload?
    if let cause = context.firstRange(of: "underlyingError: Optional(") {
      let text = PastedText(String(context[cause.upperBound...]))
      underlying = ErrorScanner.findAll(in: text).lazy.compactMap(\.payload).first
    }
    return .error(
      ErrorPayload(
        domain: "NSCocoaErrorDomain", code: code(of: name), name: name, message: message,
        details: details, underlying: underlying),
      in: start..<end, cut: close == nil ? "inside the DecodingError" : nil,
      mayContinue: close == nil)
  }

  private static func readModern(
    _ source: PastedText, name: String, range: Range<Int>, prefix: Int
  ) -> ErrorFinding {
    let line = source.text((range.lowerBound + prefix)..<range.upperBound)
    var details: [String: String] = [:]
    var message: String?
    var summary = Substring(line)
    if let debug = line.firstRange(of: ". Debug description: ") {
      message = String(line[debug.upperBound...])
      summary = line[..<debug.lowerBound]
    }
    if let path = summary.firstRange(of: ". Path: ") {
      details["codingPath"] = String(summary[path.upperBound...])
      summary = summary[..<path.lowerBound]
    }
    return .error(
      ErrorPayload(
        domain: "NSCocoaErrorDomain", code: code(of: name), name: name,
        message: message ?? String(summary), failureReason: message == nil ? nil : String(summary),
        details: details), in: range)
  }

  /// The `stringValue: "…"` and `intValue: …` pairs of coding keys, in order, in one pass: each
  /// key's `intValue` is looked for only before the next key.
  private static func stringValues(in text: Substring) -> [(text: String, index: Int?)] {
    var result: [(String, Int?)] = []
    var rest = text
    while let key = rest.firstRange(of: "stringValue: ") {
      rest = rest[key.upperBound...]
      guard let value = quoted(after: "", in: rest) else { break }
      // This key's own text, up to the next key.
      let nextKey = rest.firstRange(of: "stringValue: ")?.lowerBound ?? rest.endIndex
      let own = rest[..<nextKey]
      var index: Int?
      if let int = own.firstRange(of: "intValue: ") {
        index = Int(own[int.upperBound...].prefix { $0.isNumber })
      }
      result.append((value, index))
      rest = rest[nextKey...]
    }
    return result
  }

  /// `data.items[0].id`
  private static func codingPath(_ keys: [(text: String, index: Int?)]) -> String {
    var path = ""
    for key in keys {
      if let index = key.index {
        path += "[\(index)]"
      } else {
        path += (path.isEmpty ? "" : ".") + key.text
      }
    }
    return path.isEmpty ? "(top level)" : path
  }

  /// The text between `[` and its `]` after a label.
  private static func bracketed(after label: String, in text: Substring) -> Substring? {
    guard let start = text.firstRange(of: label + "[") else { return nil }
    var depth = 1
    var index = start.upperBound
    while index < text.endIndex {
      if text[index] == "[" { depth += 1 }
      if text[index] == "]" {
        depth -= 1
        if depth == 0 { return text[start.upperBound..<index] }
      }
      index = text.index(after: index)
    }
    return text[start.upperBound...]
  }

  /// A Swift string literal after a label, unescaped.
  private static func quoted(after label: String, in text: Substring) -> String? {
    guard let start = text.firstRange(of: label + "\"") else { return nil }
    var result = ""
    var index = start.upperBound
    while index < text.endIndex {
      let character = text[index]
      if character == "\"" { return result }
      if character == "\\" {
        index = text.index(after: index)
        guard index < text.endIndex else { break }
        switch text[index] {
        case "n": result.append("\n")
        case "t": result.append("\t")
        default: result.append(text[index])
        }
      } else {
        result.append(character)
      }
      index = text.index(after: index)
    }
    return result
  }
}

extension Substring {
  func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
    var result = self
    while let last = result.last, predicate(last) { result = result.dropLast() }
    return result
  }

  func replacingSuffix(_ suffix: String, with replacement: String) -> Substring {
    hasSuffix(suffix) ? Substring(String(dropLast(suffix.count)) + replacement) : self
  }
}
