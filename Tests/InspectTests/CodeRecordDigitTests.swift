import Testing

@testable import InspectKit

/// The base-64 digits of the code tables' records read as the range rule reads them: every
/// byte, and numbers of every width at many offsets.
@Suite("Code record digits")
struct CodeRecordDigitTests {
  /// The rule `CodeRecords.digit` states, by ranges.
  static func plainDigit(_ byte: UInt8) -> Int {
    switch byte {
    case 0x30...0x39: Int(byte) - 0x30
    case 0x41...0x5A: Int(byte) - 0x41 + 10
    case 0x61...0x7A: Int(byte) - 0x61 + 36
    case 0x2D: 62
    default: 63
    }
  }

  @Test func everyByteAndNumberReadsAsTheRangeRule() {
    let bytes = (0...255).map { UInt8($0) }
    #expect(bytes.filter { CodeRecords.digit($0) != Self.plainDigit($0) } == [])
    var state: UInt64 = 42
    let text = (0..<4_096).map { _ -> UInt8 in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    var wrong: [Int] = []
    text.withUnsafeBufferPointer { buffer in
      for offset in stride(from: 0, to: 4_000, by: 7) {
        for width in 0...10 {
          let plain = buffer[offset..<offset + width].reduce(0) { $0 << 6 | Self.plainDigit($1) }
          if CodeRecords.number(buffer, offset, width) != plain { wrong.append(offset) }
        }
      }
    }
    #expect(wrong == [])
  }
}
