/// Writes JSON text into a byte buffer, in the tool's style: `", "` and `": "` separators.
package struct JSONWriter {
  package var bytes: [UInt8] = []

  package init() {}

  package mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// A JSON string. Besides what JSON requires, DEL, the C1 range and the other characters a
  /// terminal acts on (``isTerminalControl(_:)``) are written as `\u` escapes, so JSON piped to a
  /// terminal is as safe as the human report.
  package mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": raw("\\\"")
      case "\\": raw("\\\\")
      case "\n": raw("\\n")
      case "\r": raw("\\r")
      case "\t": raw("\\t")
      case _ where scalar.isASCII && !isTerminalControl(scalar):
        bytes.append(UInt8(scalar.value))
      case _ where isTerminalControl(scalar):
        bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
        ASCIIDigits.appendHex(UInt(scalar.value), minimumDigits: 4, to: &bytes)
      default: UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  package mutating func optionalString(_ text: String?) {
    if let text { string(text) } else { raw("null") }
  }

  package mutating func value(_ json: JSONValue) {
    switch json {
    case .null: raw("null")
    case .bool(let flag): raw(flag ? "true" : "false")
    case .number(let text): raw(text)
    case .string(let text): string(text)
    case .array(let elements):
      raw("[")
      for (offset, element) in elements.enumerated() {
        if offset > 0 { raw(", ") }
        value(element)
      }
      raw("]")
    case .object(let members):
      raw("{")
      for (offset, member) in members.enumerated() {
        if offset > 0 { raw(", ") }
        string(member.0)
        raw(": ")
        value(member.1)
      }
      raw("}")
    }
  }
}
