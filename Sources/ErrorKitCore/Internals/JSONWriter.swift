/// Writes JSON text into a byte buffer, in the tool's style: `", "` and `": "` separators.
package struct JSONWriter {
  package var bytes: [UInt8] = []

  package init() {}

  package mutating func raw(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  package mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): raw("\\\"")
      case UInt8(ascii: "\\"): raw("\\\\")
      case 0x0A: raw("\\n")
      case 0x0D: raw("\\r")
      case 0x09: raw("\\t")
      case 0x00..<0x20:
        let hex = String(byte, radix: 16)
        raw("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
      default: bytes.append(byte)
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
