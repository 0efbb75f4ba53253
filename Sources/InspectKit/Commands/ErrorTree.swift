import ErrorKitCore

/// An error chain as an indented tree: a heading per error (domain, code, name), then its texts
/// and details, then its cause one level deeper.
struct ErrorTree {
  let color: Bool

  /// Each error, then its causes one level in: the first as "caused by:", the others (a
  /// payload's `otherCauses`) as "also caused by:". Walked with a stack, without recursion.
  func render(_ payload: ErrorPayload) -> String {
    // Written with `+=` on one string rather than arrays of tuples and `joined`: those are
    // generic code the runtime sets up at start-up, and one look-up prints one tree.
    var out = ""
    var pending = [Pending(error: payload, level: 0, isOther: false)]
    while let next = pending.popLast() {
      let error = next.error
      var indent = ""
      for _ in 0..<next.level { indent += "  " }
      out += indent
      if next.level > 0 { out += next.isOther ? "also caused by: " : "caused by: " }
      if color { out += "\u{1B}[1m" }
      var heading = error.domain.isEmpty ? "(unknown domain)" : error.domain
      heading += " "
      heading += String(error.code)
      if let name = error.name {
        heading += " "
        heading += name
      }
      out += terminalSafe(heading)
      if color { out += "\u{1B}[0m" }
      out += "\n"
      func field(_ label: String, _ value: String) {
        out += indent
        out += "  "
        out += terminalSafe(label)
        out += ": "
        // Line feeds become indented lines; every other control character is escaped, so the
        // text holds no carriage return, and a line feed byte is a line feed character.
        var rest = Substring(terminalSafe(value, keepingLineFeeds: true))
        while let lineFeed = rest.utf8.firstIndex(of: UInt8(ascii: "\n")) {
          out.append(contentsOf: rest[..<lineFeed])
          out += "\n"
          out += indent
          out += "    "
          rest = rest[rest.utf8.index(after: lineFeed)...]
        }
        out.append(contentsOf: rest)
        out += "\n"
      }
      if let message = error.message { field("description", message) }
      if let reason = error.failureReason { field("reason", reason) }
      if let suggestion = error.recoverySuggestion { field("suggestion", suggestion) }
      for key in error.details.keys.sorted() { field(key, error.details[key] ?? "") }
      for other in error.otherCauses.reversed() {
        pending.append(Pending(error: other, level: next.level + 1, isOther: true))
      }
      if let first = error.underlying {
        pending.append(Pending(error: first, level: next.level + 1, isOther: false))
      }
    }
    return out
  }

  /// An error of the tree still to print, with its depth and whether it is an other cause.
  private struct Pending {
    var error: ErrorPayload
    var level: Int
    var isOther: Bool
  }
}
