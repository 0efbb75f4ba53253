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

  /// The largest magnitude a JSON number read as an `Int` may have: 2^53 - 1, the integers that
  /// every JSON reader keeps exactly (RFC 8259, section 6; I-JSON, RFC 7493); `Int.max` where
  /// `Int` is 32 bits wide (WebAssembly, a Cortex-M).
  static let largestJSONInteger = Int(clamping: (Int64(1) << 53) - 1)

  /// A JSON number's text as an `Int`, by the package's one rule, which Foundation's
  /// `JSONDecoder` can follow too (see `JSONValue.init(from:)`):
  ///
  /// - an integer written as digits alone (`-42`) is read exactly;
  /// - any other number (`1.0`, `1e2`, `1.0000000000000000001`) is read as the nearest `Double`,
  ///   as JSON readers commonly do, and counts when that is a whole number; a number too small
  ///   for a `Double` (`1e-400`) is not zero and does not count, nor does one too large;
  /// - either way, the magnitude is at most ``largestJSONInteger``.
  package static func wholeNumber(_ text: some Collection<UInt8>) -> Int? {
    let bytes = Array(text)
    let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
    if !digits.isEmpty, digits.allSatisfy(isDecimalDigit) {
      guard case .success(let magnitude) = unsigned(digits, radix: 10),
        magnitude <= UInt(largestJSONInteger)
      else { return nil }
      return bytes.first == UInt8(ascii: "-") ? -Int(magnitude) : Int(magnitude)
    }
    // `Int(exactly:)` decides wholeness without the C math library, which tools that compile
    // these sources alone do not link; the magnitude check also refuses infinities and NaN.
    guard let value = Double(String(decoding: bytes, as: UTF8.self)),
      value.magnitude <= Double(largestJSONInteger), let whole = Int(exactly: value)
    else { return nil }
    if whole == 0 {
      // Zero only when written as zero: digits before the exponent that are all zeros.
      let mantissa = bytes.prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") })
      guard !mantissa.contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
      else { return nil }
      return 0
    }
    return whole
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

extension ASCIIDigits {
  /// Where a JSON number's value falls against what a `Double` holds.
  enum DoubleFit: Hashable, Sendable {
    /// A `Double` holds it, rounded: the nearest finite value, or zero for a zero.
    case fits
    /// It rounds to infinity.
    case tooLarge
    /// It is not zero and rounds to zero.
    case tooSmall
  }

  /// Where the value of `text`, a JSON number (checked as one), falls against a `Double`, as a
  /// correctly rounded conversion (rounding to nearest, ties to even: `strtod`, and so
  /// `Double(_:)`) decides: a value at or above the midpoint between the largest finite `Double`
  /// and 2^1024 becomes infinite, and a value other than zero at or below half the smallest
  /// subnormal, 2^-1075, becomes zero.
  ///
  /// Read from the decimal digits against those two bounds' exact digits, without a
  /// conversion: Embedded Swift converts text with the C runtime's `strtod`, which a WebAssembly
  /// module has no C library to give, and the comparison is linear in the number's length.
  static func doubleFit<Text: Collection<UInt8>>(ofJSONNumber text: Text) -> DoubleFit {
    // The significant digits (no leading or trailing zeros) and the decimal exponent `scale`
    // of the value written 0.DIGITS × 10^scale.
    var significant: [UInt8] = []
    var trailingZeros = 0
    var wholeDigits = 0
    var leadingZeros = 0
    var inFraction = false
    var exponentStart: Text.Index?
    var index = text.startIndex
    if index < text.endIndex, text[index] == UInt8(ascii: "-") { index = text.index(after: index) }
    while index < text.endIndex {
      let byte = text[index]
      if byte == UInt8(ascii: ".") {
        inFraction = true
      } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
        exponentStart = text.index(after: index)
        break
      } else if significant.isEmpty && byte == UInt8(ascii: "0") {
        leadingZeros += 1
        if !inFraction { wholeDigits += 1 }
      } else {
        if !inFraction { wholeDigits += 1 }
        if byte == UInt8(ascii: "0") {
          trailingZeros += 1
        } else {
          significant.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: trailingZeros))
          trailingZeros = 0
          significant.append(byte)
        }
      }
      index = text.index(after: index)
    }
    guard !significant.isEmpty else { return .fits }
    // The exponent, held within a bound far past both limits and past any count of digits
    // memory holds, so no sum overflows: 64 bits wide, since `Int` has 32 on 32-bit targets.
    let bound: Int64 = 1 << 40
    var exponent: Int64 = 0
    var negative = false
    if var position = exponentStart {
      if position < text.endIndex,
        text[position] == UInt8(ascii: "-") || text[position] == UInt8(ascii: "+")
      {
        negative = text[position] == UInt8(ascii: "-")
        position = text.index(after: position)
      }
      while position < text.endIndex {
        // At most 2^44: no overflow to check (a checked 64-bit product needs a C runtime
        // helper on 32-bit targets).
        exponent = min(exponent &* 10 &+ Int64(text[position] &- UInt8(ascii: "0")), bound)
        position = text.index(after: position)
      }
    }
    let scale = Int64(wholeDigits) - Int64(leadingZeros) + (negative ? -exponent : exponent)
    let (large, small) = (DoubleBounds.roundsToInfinity, DoubleBounds.roundsToZero)
    // Digits without trailing zeros at one scale compare as text: 0.12 < 0.123 < 0.13.
    if scale > large.scale
      || scale == large.scale && !significant.lexicographicallyPrecedes(large.digits)
    {
      return .tooLarge
    }
    if scale < small.scale
      || scale == small.scale && !small.digits.lexicographicallyPrecedes(significant)
    {
      return .tooSmall
    }
    return .fits
  }

  /// The two values at which a conversion to `Double` leaves its range, as 0.DIGITS ×
  /// 10^scale: digits without a trailing zero, exact.
  private enum DoubleBounds {
    /// 2^1024 − 2^970 = (2^54 − 1) × 2^970, the midpoint between the largest finite `Double`
    /// and 2^1024: 1.797…e308.
    static let roundsToInfinity = bound((1 << 54) - 1, times: 2, power: 970, scale: 0)
    /// 2^-1075 = 5^1075 × 10^-1075, half the smallest subnormal: 2.470…e-324.
    static let roundsToZero = bound(1, times: 5, power: 1075, scale: -1075)

    /// `start` × `factor`^`power` × 10^`scale`, in decimal.
    private static func bound(_ start: UInt64, times factor: UInt32, power: Int, scale: Int) -> (
      digits: [UInt8], scale: Int64
    ) {
      // Limbs of four decimal digits, least significant first: every product fits in 32 bits,
      // which a 32-bit target multiplies and divides without a helper of the C runtime.
      let base: UInt32 = 10_000
      var limbs: [UInt32] = []
      var rest = start
      while rest > 0 {
        limbs.append(UInt32(truncatingIfNeeded: rest % UInt64(base)))
        rest /= UInt64(base)
      }
      for _ in 0..<power {
        var carry: UInt32 = 0
        for position in limbs.indices {
          let product = limbs[position] &* factor &+ carry
          limbs[position] = product % base
          carry = product / base
        }
        if carry > 0 { limbs.append(carry) }
      }
      var digits: [UInt8] = []
      for (position, limb) in limbs.reversed().enumerated() {
        var text = Array(String(limb).utf8)
        if position > 0 {
          text.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 4 - text.count), at: 0)
        }
        digits += text
      }
      let count = digits.count
      while digits.last == UInt8(ascii: "0") { digits.removeLast() }
      return (digits, Int64(count + scale))
    }
  }
}
