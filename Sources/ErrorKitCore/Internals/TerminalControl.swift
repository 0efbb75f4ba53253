/// Whether a terminal acts on a character printed to it: C0 controls, DEL, the C1 range, every
/// bidirectional formatting character (the Arabic letter mark, the left-to-right and
/// right-to-left marks, embeddings, overrides and isolates), and line and paragraph separators.
/// The package's one list: quoting, statekit-inspect's reports and the JSON writer escape
/// exactly these.
func isTerminalControl(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028,
    0x2029:
    true
  default: false
  }
}

/// Quotes untrusted text for a one-line message: escapes quotes, backslashes and every character
/// a terminal acts on, and shortens long text to `limit` characters and an ellipsis, so a
/// message never spans lines or floods a terminal. The package's one quoting: StateKit's errors
/// and every line statekit-inspect writes to standard error use it.
package func quoted(_ text: some StringProtocol, limit: Int = 80) -> String {
  quoted(String(text), limit: limit)
}

/// ``quoted(_:limit:)`` for a `String`, the common case, compiled for it: the generic form runs
/// unspecialized from another module, which costs more than the quoting itself.
package func quoted(_ text: String, limit: Int = 80) -> String {
  var result = "\""
  var count = 0
  for scalar in text.unicodeScalars {
    if count == limit {
      result += "…"
      break
    }
    count += 1
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    default: appendEscaping(scalar, to: &result)
    }
  }
  return result + "\""
}

/// Untrusted text (from logs, files and payloads) made safe to print as it is: every character a
/// terminal acts on (``isTerminalControl(_:)``) is written as an escape (`\n`, `\r`, `\t`,
/// `\u{1b}`), and nothing else changes, so a crafted value cannot set a title, clear the screen,
/// reach the clipboard (OSC 52), overwrite a line or reorder what follows.
package func terminalSafe(_ text: some StringProtocol, keepingLineFeeds: Bool = false) -> String {
  terminalSafe(String(text), keepingLineFeeds: keepingLineFeeds)
}

/// ``terminalSafe(_:keepingLineFeeds:)`` for a `String`, compiled for it (as ``quoted(_:limit:)``).
package func terminalSafe(_ text: String, keepingLineFeeds: Bool = false) -> String {
  // Printable ASCII (and kept line feeds) is the common case and has nothing to escape.
  if text.utf8.allSatisfy({ (0x20...0x7E).contains($0) || (keepingLineFeeds && $0 == 0x0A) }) {
    return text
  }
  var result = ""
  for scalar in text.unicodeScalars {
    if keepingLineFeeds, scalar == "\n" {
      result.unicodeScalars.append(scalar)
    } else {
      appendEscaping(scalar, to: &result)
    }
  }
  return result
}

private func appendEscaping(_ scalar: Unicode.Scalar, to result: inout String) {
  switch scalar {
  case "\n": result += "\\n"
  case "\r": result += "\\r"
  case "\t": result += "\\t"
  case _ where isTerminalControl(scalar):
    result += "\\u{" + String(scalar.value, radix: 16) + "}"
  default: result.unicodeScalars.append(scalar)
  }
}
