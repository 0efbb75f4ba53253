/// The user info of an error as the debugger's variables view shows it under the error's
/// `domain: @"X" - code: N` line (``DomainCodeText`` reads that line):
///
///     error = (NSError *) domain: @"com.facebook.sdk.core" - code: 6
///       _userInfo = (__NSDictionaryI *) 1 key/value pair
///         [0] = @"com.facebook.sdk:FBSDKErrorDeveloperMessageKey" @"Response is a non-text …"
///           key = (__NSCFConstantString *) @"com.facebook.sdk:FBSDKErrorDeveloperMessageKey"
///           value = (__NSCFConstantString *) @"Response is a non-text …"
///
/// Each `[i] = @"key" value` row is an entry; the `key =` and `value =` rows below a row repeat
/// it and are passed over. A value in `@"…"` is the text between the quotes (`\"` is a quote);
/// any other value is kept as it is written (`(long)4`).
enum DebuggerUserInfo {
  /// The most rows of entries read.
  static let longestBlock = 256
  /// The longest line read, in bytes.
  static let longestLine = 4096

  /// The entries, and where the block ends (`nil` when an open text ends where it may go on);
  /// `nil` when no `_userInfo` line follows `position`'s line.
  static func read(_ text: PastedText, after position: Int)
    -> (pairs: [(key: String, value: String)], end: Int?)?
  {
    let headerLine = text.line(of: max(position - 1, 0))
    let headerIndent = indent(text, line: headerLine)
    guard text.skippingSpaces(from: position) >= text.lineEnd(of: position) else { return nil }
    let next = headerLine + 1
    guard next < text.lineStarts.count, text.lineStarts[next] < text.count else {
      return text.isOpen ? ([], nil) : nil
    }
    let start = text.lineStarts[next]
    let content = start + indent(text, line: next)
    guard content - start > headerIndent, text.starts(with: "_userInfo = ", at: content) else {
      return nil
    }
    var pairs: [(key: String, value: String)] = []
    var end = text.lineEnd(of: start)
    var line = next + 1
    var rows = 0
    while line < text.lineStarts.count, text.lineStarts[line] < text.count, rows < longestBlock {
      let rowStart = text.lineStarts[line]
      let rowIndent = indent(text, line: line)
      guard rowIndent > content - start else { break }
      let rowContent = rowStart + rowIndent
      let rowEnd = min(text.lineEnd(of: rowStart), rowContent + longestLine)
      if text[rowContent] == UInt8(ascii: "["), let pair = entry(text, rowContent..<rowEnd) {
        pairs.append(pair)
      }
      end = text.lineEnd(of: rowStart)
      line += 1
      rows += 1
    }
    if text.isOpen, end >= text.count || text.skippingSpaces(from: end) >= text.count {
      return (pairs, nil)
    }
    return (pairs, end)
  }

  /// The spaces and tabs that start `line`.
  private static func indent(_ text: PastedText, line: Int) -> Int {
    let start = text.lineStarts[line]
    var cursor = start
    while cursor < text.count, cursor - start < 256, text[cursor] == 0x20 || text[cursor] == 0x09 {
      cursor += 1
    }
    return cursor - start
  }

  /// `[0] = @"key" @"value"`: the key and the value.
  private static func entry(_ text: PastedText, _ range: Range<Int>) -> (
    key: String, value: String
  )? {
    guard
      let equals = text.find(UInt8(ascii: "="), from: range.lowerBound, before: range.upperBound)
    else { return nil }
    var cursor = equals + 1
    while cursor < range.upperBound, text[cursor] == 0x20 { cursor += 1 }
    guard let key = string(text, at: cursor, before: range.upperBound) else { return nil }
    cursor = key.end
    while cursor < range.upperBound, text[cursor] == 0x20 || text[cursor] == 0x09 { cursor += 1 }
    // `[0] = @"key" : @"value"`, as a dictionary's rows are also copied.
    if cursor < range.upperBound, text[cursor] == UInt8(ascii: ":") {
      cursor += 1
      while cursor < range.upperBound, text[cursor] == 0x20 { cursor += 1 }
    }
    guard cursor < range.upperBound else { return nil }
    if let value = string(text, at: cursor, before: range.upperBound),
      text.skippingSpaces(from: value.end) >= range.upperBound
    {
      return (key.value, value.value)
    }
    return (key.value, text.text(cursor..<range.upperBound).trimmingSpaces())
  }

  /// The text of `@"…"` (or `"…"`) at `position`, and where it ends.
  private static func string(_ text: PastedText, at position: Int, before limit: Int)
    -> (value: String, end: Int)?
  {
    var cursor = position
    if cursor < limit, text[cursor] == UInt8(ascii: "@") { cursor += 1 }
    guard cursor < limit, text[cursor] == UInt8(ascii: "\"") else { return nil }
    cursor += 1
    var bytes: [UInt8] = []
    while cursor < limit {
      let byte = text[cursor]
      if byte == UInt8(ascii: "\"") { return (String(decoding: bytes, as: UTF8.self), cursor + 1) }
      if byte == UInt8(ascii: "\\"), cursor + 1 < limit {
        cursor += 1
        bytes.append(text[cursor] == UInt8(ascii: "n") ? 0x0A : text[cursor])
      } else {
        bytes.append(byte)
      }
      cursor += 1
    }
    return nil
  }
}
