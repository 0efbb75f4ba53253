import ErrorKitCore

/// Reads the error reports of Xcode and of devices (the "Details" of a failed run or install):
/// blocks of lines such as
///
///     Failed to install the app on the device.
///     Domain: com.apple.dt.CoreDeviceError
///     Code: 3002
///     Failure Reason: The provided item to be installed is not of a type that CoreDevice recognizes.
///     Recovery Suggestion: …
///     User Info: {
///         NSURL = "file:///…";
///     }
///     --
///     (the next block: the cause)
///
/// The line before `Domain:` is the description. Blocks separated by `--` are one chain, the
/// first the outermost error, as Xcode lists them.
enum XcodeReportText: ErrorReader {
  static let form = "an Xcode report"
  static let example = "Domain: com.apple.dt.CoreDeviceError / Code: 3002 (a line each)"
  static let anchors = ["Domain: ", "Domain:\t"]

  /// The report whose first `Domain:` line holds `position`, with every block after it that a
  /// `--` line joins to it, as one chain (the first block the outermost error).
  static func read(_ text: PastedText, anchor: Int, at position: Int, floor _: Int)
    -> ErrorFinding?
  {
    var line = text.line(of: position)
    guard isBlockStart(text, line: line, domainAt: position) else { return nil }
    var levels: [ErrorPayload] = []
    var start: Int?
    var end = position
    var openEnded = false
    var cut: String?
    while true {
      guard let block = readBlock(text, line: line) else { break }
      start = start ?? block.start
      levels.append(block.payload)
      end = block.end
      openEnded = block.openEnded
      cut = block.cut
      guard block.nextLine < lineCount(text),
        self.line(text, block.nextLine).trimmingSpaces() == "--"
      else { break }
      // The next block's `Domain:` line, after its description line or not.
      let lines = lineCount(text)
      guard
        let next = [block.nextLine + 1, block.nextLine + 2].first(where: {
          $0 < lines && self.line(text, $0).drop { $0 == " " || $0 == "\t" }.hasPrefix("Domain:")
        })
      else {
        // A `--` at the end of the text: the next block may still come.
        if block.nextLine + 2 >= lines { openEnded = true }
        break
      }
      line = next
    }
    guard let start, let payload = ErrorPayload(linking: levels) else { return nil }
    return .error(payload, in: start..<end, cut: cut, mayContinue: openEnded)
  }

  /// The number of lines, without the empty one after a final line feed.
  private static func lineCount(_ text: PastedText) -> Int {
    text.lineStarts.count - (text.lineStarts.last == text.count && text.count > 0 ? 1 : 0)
  }

  /// Whether the line starts with `Domain:` at `position` (after spaces).
  private static func isBlockStart(_ text: PastedText, line: Int, domainAt position: Int) -> Bool {
    var cursor = text.lineStarts[line]
    while cursor < position, text[cursor] == 0x20 || text[cursor] == 0x09 { cursor += 1 }
    return cursor == position
  }

  /// A line's text without its line feed and trailing spaces or carriage return.
  private static func line(_ text: PastedText, _ index: Int) -> Substring {
    let start = text.lineStarts[index]
    let end = index + 1 < text.lineStarts.count ? text.lineStarts[index + 1] - 1 : text.count
    return Substring(text.text(start..<max(start, end))).trimmingSuffix {
      $0 == "\r" || $0 == " "
    }
  }

  private struct Block {
    var start: Int
    var end: Int
    var payload: ErrorPayload
    var nextLine: Int
    var openEnded: Bool
    var cut: String?
  }

  /// One block: the line before `Domain:` (its description), `Domain:`, `Code:`, then
  /// `Failure Reason:`, `Recovery Suggestion:` and a `User Info: {…}` of `key = value;` lines.
  private static func readBlock(_ text: PastedText, line index: Int) -> Block? {
    let lines = lineCount(text)
    let domainLine = line(text, index).drop { $0 == " " || $0 == "\t" }
    let domain = String(domainLine.dropFirst("Domain:".count)).trimmingSpaces()
    // A domain is one word: `Domain: X Code: N …` on one line is another form.
    guard !domain.contains(" ") else { return nil }
    let lineEnd = { (i: Int) in i + 1 < lines ? text.lineStarts[i + 1] - 1 : text.count }
    guard index + 1 < lines else {
      // The text ends after `Domain:`: in a stream the code may still come; in a whole text the
      // line is another form (a `Code:` line before it).
      guard text.isOpen else { return nil }
      return Block(
        start: text.lineStarts[index], end: lineEnd(index),
        payload: ErrorPayload(domain: domain, code: 0), nextLine: lines, openEnded: true,
        cut: "after Domain:")
    }
    let codeLine = line(text, index + 1).drop { $0 == " " || $0 == "\t" }
    guard codeLine.hasPrefix("Code: "), let code = Int(codeLine.dropFirst(6).trimmingSpaces())
    else { return nil }
    var start = text.lineStarts[index]
    var quoted: String?
    if index > 0 {
      let previous = line(text, index - 1).trimmingSpaces()
      if !previous.isEmpty, previous != "--", !previous.hasSuffix("}") {
        quoted = previous
        start = text.lineStarts[index - 1]
      }
    }
    var entries: [(key: String, value: String)] = []
    var own: [(key: String, value: String)] = []
    var cursor = index + 2
    var end = lineEnd(index + 1)
    var openEnded = false
    fields: while cursor < lines {
      let field = line(text, cursor).drop { $0 == " " || $0 == "\t" }
      if field.hasPrefix("Failure Reason: ") {
        own.append((ErrorUserInfoKey.failureReason, String(field.dropFirst(16))))
      } else if field.hasPrefix("Recovery Suggestion: ") {
        own.append((ErrorUserInfoKey.recoverySuggestion, String(field.dropFirst(21))))
      } else if field.hasPrefix("User Info: {") || field.hasPrefix("UserInfo: {") {
        cursor += 1
        while cursor < lines {
          let entry = line(text, cursor).trimmingSpaces()
          if entry == "}" { break }
          let parts = entry.split(separator: "=", maxSplits: 1)
          if parts.count == 2 {
            var value = parts[1].trimmingSpaces()
            if value.hasSuffix(";") { value = String(value.dropLast()) }
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
              value = String(value.dropFirst().dropLast())
            }
            entries.append((parts[0].trimmingSpaces(), value))
          }
          cursor += 1
        }
        if cursor >= lines { openEnded = true }
      } else {
        break fields
      }
      end = lineEnd(min(cursor, lines - 1))
      cursor += 1
    }
    if cursor >= lines { openEnded = true }
    // One mapping for every source; the block's own lines come last, so they win over the
    // user info's copies of the same texts.
    let payload = ErrorPayload(domain: domain, code: code, quoted: quoted, userInfo: entries + own)
    return Block(
      start: start, end: end, payload: payload, nextLine: cursor, openEnded: openEnded, cut: nil)
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces, tabs and carriage returns.
  func trimmingSpaces() -> String {
    let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" }
    return String(self.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
