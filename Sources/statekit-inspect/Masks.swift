import StateKit

/// A mask written on the command line: hex (`0x`/`0X`), binary (`0b`/`0B`) or decimal, up to 64
/// bits.
enum MaskToken {
  static func parse(_ utf8: ArraySlice<UInt8>) throws(Failure) -> ControlState {
    var digits = utf8
    var radix: UInt = 10
    var base = "decimal"
    if utf8.count >= 2, utf8.first == UInt8(ascii: "0") {
      let second = utf8[utf8.index(after: utf8.startIndex)]
      if second == UInt8(ascii: "x") || second == UInt8(ascii: "X") {
        radix = 16
        base = "hex"
        digits = digits.dropFirst(2)
      } else if second == UInt8(ascii: "b") || second == UInt8(ascii: "B") {
        radix = 2
        base = "binary"
        digits = digits.dropFirst(2)
      }
    }
    guard !digits.isEmpty else { throw invalid(utf8, "no digits") }
    var value: UInt = 0
    for byte in digits {
      let digit: UInt
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt(byte - UInt8(ascii: "a")) + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt(byte - UInt8(ascii: "A")) + 10
      default: digit = .max
      }
      guard digit < radix else { throw invalid(utf8, "not a \(base) number") }
      let (product, overflow) = value.multipliedReportingOverflow(by: radix)
      let (sum, carry) = product.addingReportingOverflow(digit)
      guard !overflow, !carry else { throw invalid(utf8, "does not fit in 64 bits") }
      value = sum
    }
    return ControlState(rawValue: value)
  }

  private static func invalid(_ input: ArraySlice<UInt8>, _ reason: String) -> Failure {
    Failure(
      status: .dataError,
      message: "invalid mask \(quoted(String(decoding: input, as: UTF8.self))): \(reason)")
  }
}

/// Reads state text for `encode`: names, `normal` and `0x` hex tokens, separated by `|`, by
/// white space, or both.
enum StateText {
  static func parse(_ input: Substring, catalog: StateCatalog, strict: Bool) throws(Failure)
    -> ControlState
  {
    var result = ControlState.normal
    var tokens = 0
    let segments = input.split(separator: "|", omittingEmptySubsequences: false)
    for (number, segment) in segments.enumerated() {
      let words = segment.split(whereSeparator: {
        $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
      })
      if words.isEmpty, segments.count > 1 {
        throw Failure(
          status: .dataError,
          message: "cannot encode \(quoted(input)): segment \(number + 1) is empty")
      }
      for word in words {
        tokens += 1
        do {
          result.formUnion(try catalog.parse(word, unknownBits: strict ? .strict : .retain))
        } catch let error as StateKitError {
          throw Failure(
            status: .dataError, message: "cannot encode \(quoted(input)): \(error.reason)")
        } catch {
          throw Failure(status: .dataError, message: "cannot encode \(quoted(input)): \(error)")
        }
      }
    }
    guard tokens > 0 else {
      throw Failure(
        status: .dataError,
        message: "cannot encode \(quoted(input)): there is no state; write `normal` for none")
    }
    return result
  }
}

/// Describes masks, for people and as JSON.
struct MaskReport {
  let catalog: StateCatalog
  let color: Bool
  /// Per bit, its name in the text format (empty when unnamed) and its JSON element
  /// `{"bit": n, "name": …, "range": …}`, built once so a batch of masks costs no allocation.
  private let textNames: [[UInt8]]
  private let jsonBits: [[UInt8]]

  init(catalog: StateCatalog, color: Bool) {
    self.catalog = catalog
    self.color = color
    var textNames: [[UInt8]] = []
    var jsonBits: [[UInt8]] = []
    for bit in 0..<UInt.bitWidth {
      let name = catalog.name(of: ControlState(rawValue: 1 << UInt(bit)))
      textNames.append(Array((name ?? "").utf8))
      var writer = JSONWriter()
      writer.raw("{\"bit\": \(bit), \"name\": ")
      writer.optionalString(name)
      writer.raw(", \"range\": \"\(Self.range(ofBit: bit))\"}")
      jsonBits.append(writer.bytes)
    }
    self.textNames = textNames
    self.jsonBits = jsonBits
  }

  static func range(ofBit bit: Int) -> String {
    switch bit {
    case 0..<16: "system"
    case 16..<24: "application"
    case 24..<32: "reserved"
    default: "extended"
    }
  }

  /// `0x` and 8 uppercase hex digits, 16 when a bit above 31 is set: the `hex` of the JSON.
  static func hex(_ value: UInt) -> String {
    var digits = Array("0x".utf8)
    appendHex(value, digits: value >> 32 == 0 ? 8 : 16, uppercase: true, to: &digits)
    return String(decoding: digits, as: UTF8.self)
  }

  /// Bits without a name that `--strict` rejects, or `nil`.
  func strictProblem(_ state: ControlState) -> String? {
    let unnamed = catalog.unnamedBits(in: state)
    guard !unnamed.isNormal else { return nil }
    let bits = unnamed.members.map { String($0.rawValue.trailingZeroBitCount) }.joined(
      separator: ", ")
    return "bits \(bits) (\(catalog.description(of: unnamed))) have no name (--strict)"
  }

  func human(_ state: ControlState, input: String) -> String {
    let bold = color ? "\u{1B}[1m" : ""
    let reset = color ? "\u{1B}[0m" : ""
    var lines = ["\(bold)\(input)\(reset): \(Self.hex(state.rawValue)) = \(state.rawValue)"]
    for member in state.members {
      let bit = member.rawValue.trailingZeroBitCount
      let name = catalog.name(of: member) ?? "(unnamed)"
      let number = bit < 10 ? " \(bit)" : "\(bit)"
      lines.append("  bit \(number)  \(name.padding(to: 12))  \(Self.range(ofBit: bit))")
    }
    lines.append("  text: \(catalog.description(of: state))")
    lines.append("")
    lines += ruler(state)
    return lines.joined(separator: "\n") + "\n"
  }

  /// A picture of the bits, most significant first, with the ranges labelled: 32 bits, or 64
  /// when a bit above 31 is set.
  func ruler(_ state: ControlState) -> [String] {
    let set = color ? "\u{1B}[32m1\u{1B}[0m" : "1"
    let unset = color ? "\u{1B}[2m.\u{1B}[0m" : "."
    let width = state.rawValue >> 32 == 0 ? 32 : 64
    var numbers: [String] = []
    var bits: [String] = []
    var labels: [String] = []
    for byte in stride(from: width / 8 - 1, through: 0, by: -1) {
      let high = String(byte * 8 + 7)
      let low = String(byte * 8)
      numbers.append(high + String(repeating: " ", count: 8 - high.count - low.count) + low)
      var group = ""
      for bit in stride(from: byte * 8 + 7, through: byte * 8, by: -1) {
        group += state.rawValue >> UInt(bit) & 1 == 1 ? set : unset
      }
      bits.append(group)
      let label: String
      switch byte {
      case 4...: label = "extended"
      case 3: label = "reserved"
      case 2: label = "app"
      case 1: label = "system"
      default: label = ""
      }
      labels.append(label.padding(to: 8))
    }
    let rows = [numbers, bits, labels].map { "  " + $0.joined(separator: " ") }
    return rows.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
  }

  /// `{"input": …, "raw": …, "hex": …, "text": …, "bits": [{"bit": …, "name": …, "range": …}]}`
  /// and a newline, written byte by byte: this is the batch path.
  private static let inputKey = Array(#"{"input": "#.utf8)
  private static let rawKey = Array(#", "raw": "#.utf8)
  private static let hexKey = Array(#", "hex": "0x"#.utf8)
  private static let textKey = Array(#"", "text": ""#.utf8)
  private static let separator = Array(" | ".utf8)
  private static let hexPrefix = Array("0x".utf8)
  private static let normalText = Array("normal".utf8)
  private static let bitsKey = Array(#"", "bits": ["#.utf8)
  private static let comma = Array(", ".utf8)
  private static let end = Array("]}\n".utf8)

  func json(_ state: ControlState, input: ArraySlice<UInt8>, into out: inout [UInt8]) {
    let raw = state.rawValue
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
    Self.appendHex(raw, digits: raw >> 32 == 0 ? 8 : 16, uppercase: true, to: &out)
    out.append(contentsOf: Self.textKey)
    var unnamed: UInt = 0
    var first = true
    var remaining = raw
    while remaining != 0 {
      let bit = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      let name = textNames[bit]
      if name.isEmpty {
        unnamed |= 1 << UInt(bit)
      } else {
        if !first { out.append(contentsOf: Self.separator) }
        // Declared names are identifiers: nothing to escape.
        out.append(contentsOf: name)
        first = false
      }
    }
    if unnamed != 0 {
      if !first { out.append(contentsOf: Self.separator) }
      out.append(contentsOf: Self.hexPrefix)
      Self.appendHex(unnamed, digits: 1, uppercase: false, to: &out)
      first = false
    }
    if first { out.append(contentsOf: Self.normalText) }
    out.append(contentsOf: Self.bitsKey)
    remaining = raw
    first = true
    while remaining != 0 {
      let bit = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      if !first { out.append(contentsOf: Self.comma) }
      out.append(contentsOf: jsonBits[bit])
      first = false
    }
    out.append(contentsOf: Self.end)
  }

  private static let upperHex = Array("0123456789ABCDEF".utf8)
  private static let lowerHex = Array("0123456789abcdef".utf8)

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

  /// Hex digits of a value, at least `digits` of them.
  static func appendHex(_ value: UInt, digits: Int, uppercase: Bool, to out: inout [UInt8]) {
    let alphabet = uppercase ? upperHex : lowerHex
    let significant = max(digits, (UInt.bitWidth - value.leadingZeroBitCount + 3) / 4)
    for index in stride(from: significant - 1, through: 0, by: -1) {
      out.append(alphabet[Int(value >> UInt(index * 4) & 0xF)])
    }
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
