// The package's one UTF-8 validator: the tool's readers, theme files and text read from files
// and standard input all check bytes with it.

/// The offset of the first byte of the first ill-formed UTF-8 sequence in `bytes[start..<end]`
/// (Unicode's table of well-formed byte sequences: no overlong forms, surrogates or code points
/// above U+10FFFF), or `nil` when all of it is valid. ASCII is skipped sixteen bytes at a time.
package func firstInvalidUTF8(in bytes: [UInt8], from start: Int = 0, before end: Int = .max)
  -> Int?
{
  let end = min(end, bytes.count)
  return bytes.withUnsafeBytes { raw -> Int? in
    guard raw.baseAddress != nil else { return nil }
    var position = max(start, 0)
    while position < end {
      // Sixteen ASCII bytes at a time.
      while position + 16 <= end {
        let words = raw.loadUnaligned(fromByteOffset: position, as: SIMD2<UInt64>.self)
        if (words[0] | words[1]) & 0x8080_8080_8080_8080 != 0 { break }
        position += 16
      }
      guard position < end else { return nil }
      let lead = raw[position]
      if lead < 0x80 {
        position += 1
        continue
      }
      // The number of continuation bytes, and the range the first of them must be in.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 1
      case 0xE0:
        length = 2
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 2
      case 0xED:
        length = 2
        high = 0x9F
      case 0xF0:
        length = 3
        low = 0x90
      case 0xF1...0xF3: length = 3
      case 0xF4:
        length = 3
        high = 0x8F
      default: return position
      }
      guard position + length < end else { return position }
      let first = raw[position + 1]
      guard first >= low, first <= high else { return position }
      for offset in stride(from: 2, through: length, by: 1)
      where raw[position + offset] & 0xC0 != 0x80 {
        return position
      }
      position += length + 1
    }
    return nil
  }
}

/// The text of UTF-8 bytes, or `nil` when they are not valid UTF-8.
package func validUTF8(_ bytes: [UInt8]) -> String? {
  firstInvalidUTF8(in: bytes) == nil ? String(decoding: bytes, as: UTF8.self) : nil
}
