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
enum XcodeReportText {
  private struct Block {
    var start: Int
    var end: Int
    var payload: ErrorPayload
    /// Whether a `--` line follows the block.
    var continues: Bool
  }

  static func findAll(in bytes: [UInt8]) -> [ErrorFinding] {
    // Lines with their byte ranges.
    var lines: [(text: Substring, range: Range<Int>)] = []
    // Split on the bytes, so that each range is exact even where the text is not valid UTF-8.
    var lineStart = 0
    for position in 0...bytes.count where position == bytes.count || bytes[position] == 0x0A {
      lines.append(
        (
          Substring(String(decoding: bytes[lineStart..<position], as: UTF8.self)),
          lineStart..<position
        ))
      lineStart = position + 1
    }
    var findings: [ErrorFinding] = []
    var chain: [Block] = []
    var index = 0
    var openEnded = false
    func finish() {
      guard let first = chain.first, let last = chain.last else { return }
      var payload: ErrorPayload?
      for block in chain.reversed() {
        var level = block.payload
        level.underlying = payload
        payload = level
      }
      findings.append(
        ErrorFinding(
          range: first.start..<min(last.end, bytes.count), payload: payload,
          mayContinue: openEnded))
      chain.removeAll()
      openEnded = false
    }
    while index < lines.count {
      let line = lines[index].text.trimmingSuffix { $0 == "\r" || $0 == " " }
      guard line.hasPrefix("Domain: ") || line.hasPrefix("Domain:\t") else {
        index += 1
        continue
      }
      let domain = String(line.dropFirst("Domain: ".count)).trimmingSpaces()
      guard index + 1 < lines.count else {
        // The text ends after `Domain:`: the code may still come.
        openEnded = true
        if !chain.isEmpty { finish() }
        findings.append(
          ErrorFinding(
            range: lines[index].range, payload: ErrorPayload(domain: domain, code: 0),
            cut: "after Domain:", mayContinue: true))
        break
      }
      let codeLine = lines[index + 1].text.trimmingSuffix { $0 == "\r" || $0 == " " }
      guard codeLine.hasPrefix("Code: "), let code = Int(codeLine.dropFirst(6).trimmingSpaces())
      else {
        index += 1
        continue
      }
      var start = lines[index].range.lowerBound
      var message: String?
      if index > 0 {
        let previous = lines[index - 1].text.trimmingSpaces()
        if !previous.isEmpty, previous != "--", !previous.hasSuffix("}") {
          message = previous
          start = lines[index - 1].range.lowerBound
        }
      }
      var payload = ErrorPayload(domain: domain, code: code, message: message)
      var cursor = index + 2
      var end = lines[index + 1].range.upperBound
      fields: while cursor < lines.count {
        let field = lines[cursor].text.trimmingSuffix { $0 == "\r" || $0 == " " }
        if field.hasPrefix("Failure Reason: ") {
          payload.failureReason = String(field.dropFirst("Failure Reason: ".count))
        } else if field.hasPrefix("Recovery Suggestion: ") {
          payload.recoverySuggestion = String(field.dropFirst("Recovery Suggestion: ".count))
        } else if field.hasPrefix("User Info: {") || field.hasPrefix("UserInfo: {") {
          cursor += 1
          while cursor < lines.count {
            let entry = lines[cursor].text.trimmingSpaces()
            if entry == "}" { break }
            let parts = entry.split(separator: "=", maxSplits: 1)
            if parts.count == 2 {
              var value = parts[1].trimmingSpaces()
              if value.hasSuffix(";") { value = String(value.dropLast()) }
              if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
              }
              let key = parts[0].trimmingSpaces()
              switch key {
              case ErrorUserInfoKey.description: payload.message = payload.message ?? value
              case ErrorUserInfoKey.failureReason:
                payload.failureReason = payload.failureReason ?? value
              case ErrorUserInfoKey.recoverySuggestion:
                payload.recoverySuggestion = payload.recoverySuggestion ?? value
              default: payload.details[key] = value
              }
            }
            cursor += 1
          }
          if cursor >= lines.count { openEnded = true }
        } else {
          break fields
        }
        end = lines[min(cursor, lines.count - 1)].range.upperBound
        cursor += 1
      }
      let separator = cursor < lines.count && lines[cursor].text.trimmingSpaces() == "--"
      chain.append(Block(start: start, end: end, payload: payload, continues: separator))
      if cursor >= lines.count - 1 && !separator { openEnded = true }
      if separator {
        index = cursor + 1
        if index >= lines.count - 1 { openEnded = true }
      } else {
        finish()
        index = cursor
      }
    }
    // A chain still open at the end of the text waits for its next block after `--`.
    if !chain.isEmpty { openEnded = true }
    finish()
    return findings
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces, tabs and carriage returns.
  func trimmingSpaces() -> String {
    let isSpace = { (c: Character) in c == " " || c == "\t" || c == "\r" }
    return String(self.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
  }
}
