import ErrorKitCore
import StateKitCore

// The masks command's parsing of a mask and its report, for people and as JSON: the part of the
// command that needs no terminal, which the browser page (Web/) compiles too, in Embedded Swift.

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
    switch digits.withUnsafeBufferPointer({ ASCIIDigits.unsigned($0, radix: radix) }) {
    case .success(let value): return value
    case .failure(.noDigits): throw invalid(utf8, "no digits")
    case .failure(.invalidDigit): throw invalid(utf8, "not a \(base) number")
    case .failure(.overflow): throw invalid(utf8, "does not fit in \(UInt.bitWidth) bits")
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
  /// masks costs no allocation; empty when the report is for people (start-up builds nothing
  /// it will not print).
  private let jsonBits: [[UInt8]]
  /// The width of the name column: 12, or the layout's longest system name.
  private let nameWidth: Int

  /// A report on masks of `names`'s layout, coloured or not, for people or as JSON lines.
  init(names: NameTable, color: Bool, json: Bool) {
    self.names = names
    self.color = color
    jsonBits = json ? (0..<UInt.bitWidth).map { Self.jsonBit($0, names: names) } : []
    nameWidth = max(
      12, names.layout.systemNames.map { names.name(of: 1 << UInt($0.bit))?.count ?? 0 }.max() ?? 0)
  }

  /// `{"bit": n, "name": …, "range": …}` for one bit.
  private static func jsonBit(_ bit: Int, names: NameTable) -> [UInt8] {
    var writer = JSONWriter()
    writer.raw("{\"bit\": \(bit), \"name\": ")
    writer.optionalString(names.name(of: 1 << UInt(bit)))
    writer.raw(", \"range\": \"\(names.layout.roleName(ofBit: bit))\"}")
    return writer.bytes
  }

  /// Bits without a name that `--strict` rejects, or `nil`.
  func strictProblem(_ raw: UInt) -> String? {
    let unnamed = names.unnamedBits(in: raw)
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

  /// Appends the report for people on `raw`, read from `input`:
  ///
  ///     0x00010004: 0x00010004 = 65540
  ///       bit  2  selected      system
  ///       bit 16  visited       application
  ///       text: selected | visited
  ///
  ///       31    24 23    16 15     8 7      0
  ///       ........ .......1 ........ .....1..
  ///       reserved applicat                system
  ///
  /// Written as bytes, without generic collection algorithms, as the JSON line is: a report is
  /// what one `statekit-inspect MASK` does after start-up, and unspecialized generics cost the
  /// runtime more to set up than the report costs to write.
  func human(_ raw: UInt, input: ArraySlice<UInt8>, into out: inout [UInt8]) {
    if color { out.append(contentsOf: Self.bold) }
    if input.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      out.append(contentsOf: input)
    } else {
      out.append(contentsOf: terminalSafe(String(decoding: input, as: UTF8.self)).utf8)
    }
    if color { out.append(contentsOf: Self.reset) }
    out.append(contentsOf: Self.colonSpace)
    out.append(contentsOf: Self.hexPrefix)
    ASCIIDigits.appendHex(raw, minimumDigits: raw >> 32 == 0 ? 8 : 16, uppercase: true, to: &out)
    out.append(contentsOf: Self.equals)
    Self.appendDecimal(raw, to: &out)
    out.append(Self.newline)
    var rest = raw
    // The part of a toolkit's selector (LVGL's bits 16...23) is a number: one line names it.
    if let part = names.part(of: raw), part.number != 0, let bits = names.layout.partBits {
      rest &= ~names.layout.partMask
      out.append(contentsOf: Self.partPrefix)
      if part.number < 10 { out.append(Self.space) }
      Self.appendDecimal(part.number, to: &out)
      out.append(contentsOf: Self.twoSpaces)
      let name = part.name ?? "(unnamed)"
      out.append(contentsOf: name.utf8)
      for _ in name.count..<max(name.count, nameWidth) { out.append(Self.space) }
      out.append(contentsOf: "  part, bits \(bits.lowerBound)...\(bits.upperBound)".utf8)
      out.append(Self.newline)
    }
    while rest != 0 {
      let bit = rest.trailingZeroBitCount
      rest &= rest &- 1
      out.append(contentsOf: Self.bitPrefix)
      if bit < 10 { out.append(Self.space) }
      Self.appendDecimal(UInt(bit), to: &out)
      out.append(contentsOf: Self.twoSpaces)
      let name = names.name(of: 1 << UInt(bit)) ?? "(unnamed)"
      out.append(contentsOf: name.utf8)
      for _ in name.count..<max(name.count, nameWidth) { out.append(Self.space) }
      out.append(contentsOf: Self.twoSpaces)
      out.append(contentsOf: names.layout.roleName(ofBit: bit).utf8)
      out.append(Self.newline)
    }
    out.append(contentsOf: Self.textPrefix)
    names.append(raw, to: &out)
    out.append(Self.newline)
    out.append(Self.newline)
    ruler(raw, into: &out)
  }

  private static let bold = Array("\u{1B}[1m".utf8)
  private static let reset = Array("\u{1B}[0m".utf8)
  private static let colonSpace = Array(": ".utf8)
  private static let hexPrefix = Array("0x".utf8)
  private static let equals = Array(" = ".utf8)
  private static let bitPrefix = Array("  bit ".utf8)
  private static let partPrefix = Array("  part".utf8)
  private static let twoSpaces = Array("  ".utf8)
  private static let textPrefix = Array("  text: ".utf8)
  private static let space = UInt8(ascii: " ")
  private static let newline = UInt8(ascii: "\n")
  private static let setBit = Array("1".utf8)
  private static let unsetBit = Array(".".utf8)
  private static let setBitInColor = Array("\u{1B}[32m1\u{1B}[0m".utf8)
  private static let unsetBitInColor = Array("\u{1B}[2m.\u{1B}[0m".utf8)

  /// Appends a picture of the bits, most significant first, in bytes, with the layout's spans
  /// labelled under their highest bit (a label is cut to its span's width): 32 bits, or 64 when
  /// a bit above 31 is set, bytes past the layout labelled `extended`. Three rows, each
  /// indented by two spaces and ending in a newline, without trailing spaces.
  func ruler(_ raw: UInt, into out: inout [UInt8]) {
    let set = color ? Self.setBitInColor : Self.setBit
    let unset = color ? Self.unsetBitInColor : Self.unsetBit
    let width = raw >> 32 == 0 ? 32 : 64
    // The column of a bit in a row of bytes separated by one space, most significant first.
    let column = { (bit: Int) in (width - 1 - bit) + (width - 1 - bit) / 8 }
    let columns = column(0) + 1
    var labels = [Character](repeating: " ", count: columns)
    func place(_ label: String, from high: Int, to low: Int) {
      var index = column(high)
      // A span that ends inside a byte keeps one column free before the next span's label.
      // A span of one bit keeps its column, so a kept bit between two named ones is labelled.
      let end = max(column(low) + (low % 8 == 0 ? 1 : 0), index + 1)
      for character in label {
        guard index < end else { break }
        labels[index] = character
        index += 1
      }
    }
    for span in names.layout.spans where span.bits.upperBound < width {
      place(span.label, from: span.bits.upperBound, to: span.bits.lowerBound)
    }
    var covered: UInt = 0
    for span in names.layout.spans { covered |= span.mask }
    let parts = names.layout.partMask
    for byte in 0..<width / 8 where covered >> UInt(byte * 8) & 0xFF == 0 {
      let isPart = parts >> UInt(byte * 8) & 0xFF == 0xFF
      place(isPart ? "part" : "extended", from: byte * 8 + 7, to: byte * 8)
    }
    // Bit numbers: the highest and the lowest bit of each byte, at its two ends.
    var row = Self.twoSpaces
    for byte in stride(from: width / 8 - 1, through: 0, by: -1) {
      if byte != width / 8 - 1 { row.append(Self.space) }
      let high = byte * 8 + 7
      let low = byte * 8
      let digits = (high < 10 ? 1 : 2) + (low < 10 ? 1 : 2)
      Self.appendDecimal(UInt(high), to: &row)
      for _ in digits..<8 { row.append(Self.space) }
      Self.appendDecimal(UInt(low), to: &row)
    }
    Self.appendRow(row, to: &out)
    row = Self.twoSpaces
    for byte in stride(from: width / 8 - 1, through: 0, by: -1) {
      if byte != width / 8 - 1 { row.append(Self.space) }
      for bit in stride(from: byte * 8 + 7, through: byte * 8, by: -1) {
        row.append(contentsOf: raw >> UInt(bit) & 1 == 1 ? set : unset)
      }
    }
    Self.appendRow(row, to: &out)
    row = Self.twoSpaces
    for character in labels { row.append(contentsOf: character.utf8) }
    Self.appendRow(row, to: &out)
  }

  /// Appends `row` without the spaces that end it, and a newline.
  private static func appendRow(_ row: [UInt8], to out: inout [UInt8]) {
    var end = row.endIndex
    while end > row.startIndex, row[end - 1] == space { end -= 1 }
    out.append(contentsOf: row[..<end])
    out.append(newline)
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
      if bit < jsonBits.count {
        out.append(contentsOf: jsonBits[bit])
      } else {
        out.append(contentsOf: Self.jsonBit(bit, names: names))
      }
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
