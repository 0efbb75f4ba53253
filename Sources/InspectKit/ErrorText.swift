/// Every error a pasted text holds, from every reader, in the order of the text. One error is one
/// finding: an error inside another one's text (a cause, a description that repeats it, the short
/// form printed next to the full text) is not reported again.
enum ErrorText {
  static func findAll(in bytes: [UInt8]) -> [ErrorFinding] {
    let all =
      NSErrorText.findAll(in: bytes) + DecodingErrorText.findAll(in: bytes)
      + XcodeReportText.findAll(in: bytes) + ShortFormText.findAll(in: bytes)
    // Earlier first; at the same place, the longer reading.
    let ordered = all.sorted {
      $0.range.lowerBound != $1.range.lowerBound
        ? $0.range.lowerBound < $1.range.lowerBound : $0.range.count > $1.range.count
    }
    var kept: [ErrorFinding] = []
    for finding in ordered {
      if let last = kept.last, finding.range.overlaps(last.range) { continue }
      // The short form of an error already read in full says nothing new.
      if let payload = finding.payload, payload.message == nil, payload.name == nil,
        payload.underlying == nil,
        kept.contains(where: {
          $0.payload?.domain == payload.domain && $0.payload?.code == payload.code
        })
      {
        continue
      }
      kept.append(finding)
    }
    return kept
  }
}

/// Follows the nesting of JSON text line by line, outside strings, to know when a document that
/// spans lines is complete.
struct JSONDepth {
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var started = false

  /// Whether the document's outermost braces have closed.
  var closed: Bool { started && depth == 0 }

  mutating func scan(_ line: ArraySlice<UInt8>) {
    for byte in line {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        started = true
      case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
      default: break
      }
    }
  }
}
