import ErrorKitCore
import StateKit

/// A mask written on the command line: hex (`0x`/`0X`), binary (`0b`/`0B`) or decimal, up to 64
/// bits.
enum MaskToken {
  static func parse(_ utf8: ArraySlice<UInt8>) throws(Failure) -> UInt {
    var digits = utf8
    var radix: UInt8 = 10
    var base = "decimal"
    if utf8.count >= 2, utf8.first == UInt8(ascii: "0") {
      switch utf8[utf8.index(after: utf8.startIndex)] {
      case UInt8(ascii: "x"), UInt8(ascii: "X"):
        (radix, base) = (16, "hex")
        digits = digits.dropFirst(2)
      case UInt8(ascii: "b"), UInt8(ascii: "B"):
        (radix, base) = (2, "binary")
        digits = digits.dropFirst(2)
      default: break
      }
    }
    switch ASCIIDigits.unsigned(digits, radix: radix) {
    case .success(let value): return value
    case .failure(.noDigits): throw invalid(utf8, "no digits")
    case .failure(.invalidDigit): throw invalid(utf8, "not a \(base) number")
    case .failure(.overflow): throw invalid(utf8, "does not fit in 64 bits")
    }
  }

  private static func invalid(_ input: ArraySlice<UInt8>, _ reason: String) -> Failure {
    Failure(
      status: .dataError,
      message: "invalid mask \(quoted(String(decoding: input, as: UTF8.self))): \(reason)")
  }
}

/// Describes masks of any layout, for people and as JSON: names and ranges come from the
/// table's `BitLayout`.
struct MaskReport {
  let names: NameTable
  let color: Bool
  /// Per bit, its JSON element `{"bit": n, "name": …, "range": …}`, built once so a batch of
  /// masks costs no allocation.
  private let jsonBits: [[UInt8]]
  /// The width of the name column: 12, or the layout's longest system name.
  private let nameWidth: Int

  init(names: NameTable, color: Bool) {
    self.names = names
    self.color = color
    var jsonBits: [[UInt8]] = []
    for bit in 0..<UInt.bitWidth {
      let name = names.name(of: 1 << UInt(bit))
      var writer = JSONWriter()
      writer.raw("{\"bit\": \(bit), \"name\": ")
      writer.optionalString(name)
      writer.raw(", \"range\": \"\(names.layout.roleName(ofBit: bit))\"}")
      jsonBits.append(writer.bytes)
    }
    self.jsonBits = jsonBits
    nameWidth = max(12, names.layout.systemNames.map(\.name.count).max() ?? 0)
  }

  /// `0x` and 8 uppercase hex digits, 16 when a bit above 31 is set: the `hex` of the JSON.
  static func hex(_ value: UInt) -> String {
    var digits = Array("0x".utf8)
    ASCIIDigits.appendHex(
      value, minimumDigits: value >> 32 == 0 ? 8 : 16, uppercase: true, to: &digits)
    return String(decoding: digits, as: UTF8.self)
  }

  /// Bits without a name that `--strict` rejects, or `nil`.
  func strictProblem(_ raw: UInt) -> String? {
    let unnamed = raw & ~names.namedRawValue
    guard unnamed != 0 else { return nil }
    var bits: [String] = []
    var rest = unnamed
    while rest != 0 {
      bits.append(String(rest.trailingZeroBitCount))
      rest &= rest &- 1
    }
    return
      "bits \(bits.joined(separator: ", ")) (\(names.text(of: unnamed))) have no name (--strict)"
  }

  func human(_ raw: UInt, input: String) -> String {
    let bold = color ? "\u{1B}[1m" : ""
    let reset = color ? "\u{1B}[0m" : ""
    var lines = [
      "\(bold)\(terminalSafe(input))\(reset): \(Self.hex(raw)) = \(raw)"
    ]
    var rest = raw
    while rest != 0 {
      let bit = rest.trailingZeroBitCount
      rest &= rest &- 1
      let name = names.name(of: 1 << UInt(bit)) ?? "(unnamed)"
      let number = bit < 10 ? " \(bit)" : "\(bit)"
      lines.append(
        "  bit \(number)  \(name.padding(to: nameWidth))  \(names.layout.roleName(ofBit: bit))")
    }
    lines.append("  text: \(names.text(of: raw))")
    lines.append("")
    lines += ruler(raw)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A picture of the bits, most significant first, in bytes, with the layout's spans labelled
  /// under their highest bit (a label is cut to its span's width): 32 bits, or 64 when a bit
  /// above 31 is set, bytes past the layout labelled `extended`.
  func ruler(_ raw: UInt) -> [String] {
    let set = color ? "\u{1B}[32m1\u{1B}[0m" : "1"
    let unset = color ? "\u{1B}[2m.\u{1B}[0m" : "."
    let width = raw >> 32 == 0 ? 32 : 64
    // The column of a bit in a row of bytes separated by one space, most significant first.
    let column = { (bit: Int) in (width - 1 - bit) + (width - 1 - bit) / 8 }
    let columns = column(0) + 1
    var labels = [Character](repeating: " ", count: columns)
    func place(_ label: String, from high: Int, to low: Int) {
      let start = column(high)
      // A span that ends inside a byte keeps one column free before the next span's label.
      let room = column(low) - start + (low % 8 == 0 ? 1 : 0)
      for (offset, character) in label.prefix(room).enumerated() {
        labels[start + offset] = character
      }
    }
    for span in names.layout.spans where span.bits.upperBound < width {
      place(span.label, from: span.bits.upperBound, to: span.bits.lowerBound)
    }
    let covered = names.layout.spans.map(\.mask).reduce(0, |)
    for byte in 0..<width / 8 where covered >> UInt(byte * 8) & 0xFF == 0 {
      place("extended", from: byte * 8 + 7, to: byte * 8)
    }
    var numbers: [String] = []
    var bits: [String] = []
    for byte in stride(from: width / 8 - 1, through: 0, by: -1) {
      let high = String(byte * 8 + 7)
      let low = String(byte * 8)
      numbers.append(high + String(repeating: " ", count: 8 - high.count - low.count) + low)
      var group = ""
      for bit in stride(from: byte * 8 + 7, through: byte * 8, by: -1) {
        group += raw >> UInt(bit) & 1 == 1 ? set : unset
      }
      bits.append(group)
    }
    let rows = [numbers.joined(separator: " "), bits.joined(separator: " "), String(labels)]
    return rows.map { "  " + String($0.reversed().drop(while: { $0 == " " }).reversed()) }
  }

  /// `{"input": …, "raw": …, "hex": …, "text": …, "bits": [{"bit": …, "name": …, "range": …}]}`
  /// and a newline, written byte by byte: this is the batch path.
  private static let inputKey = Array(#"{"input": "#.utf8)
  private static let rawKey = Array(#", "raw": "#.utf8)
  private static let hexKey = Array(#", "hex": "0x"#.utf8)
  private static let textKey = Array(#"", "text": ""#.utf8)
  private static let bitsKey = Array(#"", "bits": ["#.utf8)
  private static let comma = Array(", ".utf8)
  private static let end = Array("]}\n".utf8)

  func json(_ raw: UInt, input: ArraySlice<UInt8>, into out: inout [UInt8]) {
    out.append(contentsOf: Self.inputKey)
    if input.allSatisfy({
      $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
    }) {
      out.append(UInt8(ascii: "\""))
      out.append(contentsOf: input)
      out.append(UInt8(ascii: "\""))
    } else {
      var writer = JSONWriter()
      writer.string(String(decoding: input, as: UTF8.self))
      out.append(contentsOf: writer.bytes)
    }
    out.append(contentsOf: Self.rawKey)
    Self.appendDecimal(raw, to: &out)
    out.append(contentsOf: Self.hexKey)
    ASCIIDigits.appendHex(raw, minimumDigits: raw >> 32 == 0 ? 8 : 16, uppercase: true, to: &out)
    out.append(contentsOf: Self.textKey)
    names.append(raw, to: &out)
    out.append(contentsOf: Self.bitsKey)
    var remaining = raw
    var first = true
    while remaining != 0 {
      let bit = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      if !first { out.append(contentsOf: Self.comma) }
      out.append(contentsOf: jsonBits[bit])
      first = false
    }
    out.append(contentsOf: Self.end)
  }

  static func appendDecimal(_ value: UInt, to out: inout [UInt8]) {
    var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
    var count = 0
    var rest = value
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
        count += 1
      } while rest != 0
      out.append(contentsOf: buffer[(24 - count)...])
    }
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
