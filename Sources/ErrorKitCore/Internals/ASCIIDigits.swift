/// The one reader of ASCII digits in the package: hex tokens of the state text format, masks on
/// the command line, `\u` escapes in JSON and pointers in NSError text all go through it.
package enum ASCIIDigits {
  /// Why digits did not make a number.
  package enum Problem: Error, Equatable {
    /// There were no digits.
    case noDigits
    /// A byte is not a digit of the radix.
    case invalidDigit
    /// The value does not fit in `UInt`.
    case overflow
  }

  /// The value of one digit in a radix up to 16 (either case for hex), or `nil`.
  @inlinable
  package static func value(of byte: UInt8, radix: UInt8 = 16) -> UInt8? {
    let digit: UInt8
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
    default: return nil
    }
    return digit < radix ? digit : nil
  }

  /// Whether a byte is a hex digit.
  @inlinable
  package static func isHexDigit(_ byte: UInt8) -> Bool {
    value(of: byte) != nil
  }

  /// Whether a byte is a decimal digit.
  @inlinable
  package static func isDecimalDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// An unsigned number written in a radix from 2 to 16, with no sign, prefix or separator.
  @inlinable
  package static func unsigned(_ digits: some Collection<UInt8>, radix: UInt8) -> Result<
    UInt, Problem
  > {
    if let result = digits.withContiguousStorageIfAvailable({ unsigned($0, radix: radix) }) {
      return result
    }
    return Array(digits).withUnsafeBufferPointer { unsigned($0, radix: radix) }
  }

  /// An unsigned number from contiguous bytes: the loop itself, not generic, so that callers in
  /// other modules run it at full speed.
  package static func unsigned(_ digits: UnsafeBufferPointer<UInt8>, radix: UInt8) -> Result<
    UInt, Problem
  > {
    guard !digits.isEmpty else { return .failure(.noDigits) }
    var value: UInt = 0
    for byte in digits {
      guard let digit = Self.value(of: byte, radix: radix) else { return .failure(.invalidDigit) }
      let (product, overflow) = value.multipliedReportingOverflow(by: UInt(radix))
      let (sum, carry) = product.addingReportingOverflow(UInt(digit))
      guard !overflow, !carry else { return .failure(.overflow) }
      value = sum
    }
    return .success(value)
  }

  /// A JSON number's text as an `Int` when its value is a whole number that fits: `1`, `-3`,
  /// `1.0` and `1e2` are whole; `1.5` and `1e400` are not. This is the rule Foundation's
  /// `JSONDecoder` applies to `Int`, so a document reads the same in both.
  package static func wholeNumber(_ text: some Collection<UInt8>) -> Int? {
    var mantissa = Array(text)[...]
    let negative = mantissa.first == UInt8(ascii: "-")
    if negative { mantissa = mantissa.dropFirst() }
    var exponent = 0
    var hugeExponent = false
    if let e = mantissa.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
      var rest = mantissa[(e + 1)...]
      mantissa = mantissa[..<e]
      let negativeExponent = rest.first == UInt8(ascii: "-")
      if negativeExponent || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
      guard !rest.isEmpty, rest.allSatisfy(isDecimalDigit) else { return nil }
      let significant = rest.drop(while: { $0 == UInt8(ascii: "0") })
      // Five or more exponent digits: zero stays zero, anything else is too large or a fraction.
      hugeExponent = significant.count > 4
      if !hugeExponent, case .success(let magnitude) = unsigned(rest, radix: 10) {
        exponent = negativeExponent ? -Int(magnitude) : Int(magnitude)
      }
    }
    var fraction: ArraySlice<UInt8> = []
    if let point = mantissa.firstIndex(of: UInt8(ascii: ".")) {
      fraction = mantissa[(point + 1)...]
      mantissa = mantissa[..<point]
    }
    guard !mantissa.isEmpty, mantissa.allSatisfy(isDecimalDigit),
      fraction.allSatisfy(isDecimalDigit)
    else { return nil }
    var digits = Array(mantissa + fraction).drop(while: { $0 == UInt8(ascii: "0") })
    if digits.isEmpty { return 0 }
    guard !hugeExponent else { return nil }
    var shift = exponent - fraction.count
    // Trailing zeros pay for a negative shift: 1.50e1 is 15.
    while shift < 0, digits.last == UInt8(ascii: "0") {
      digits = digits.dropLast()
      shift += 1
    }
    guard shift >= 0, digits.count + shift <= 20,
      case .success(var magnitude) = unsigned(digits, radix: 10)
    else { return nil }
    for _ in 0..<shift {
      let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      guard !overflow else { return nil }
      magnitude = product
    }
    let limit = UInt(Int.max) + (negative ? 1 : 0)
    guard magnitude <= limit else { return nil }
    return negative ? Int(truncatingIfNeeded: 0 &- magnitude) : Int(magnitude)
  }
}

extension ASCIIDigits {
  @usableFromInline static let lowerHex = Array("0123456789abcdef".utf8)
  @usableFromInline static let upperHex = Array("0123456789ABCDEF".utf8)

  /// Appends a value's hex digits, at least `minimumDigits` of them, without a prefix: the one
  /// hex writer of the state text format and of statekit-inspect's reports.
  @inlinable
  package static func appendHex(
    _ value: UInt, minimumDigits: Int = 1, uppercase: Bool = false, to out: inout [UInt8]
  ) {
    let alphabet = uppercase ? upperHex : lowerHex
    let significant = max(minimumDigits, (UInt.bitWidth - value.leadingZeroBitCount + 3) / 4)
    for index in stride(from: significant - 1, through: 0, by: -1) {
      out.append(alphabet[Int(value >> UInt(index * 4) & 0xF)])
    }
  }
}
