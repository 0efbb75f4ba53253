import Testing

@testable import ErrorKit

/// `ErrorChain.normalizedDomain` removes the address markers of private types as the rule it
/// replaced did, over seeded random domains made of markers, closes and other fragments.
@Suite("Normalized domains")
struct NormalizedDomainTests {
  /// The rule as it was written before its loops were counted.
  static func plain(_ domain: String) -> String {
    var utf8 = Array(domain.utf8)
    let count = utf8.count
    let kept = utf8.withUnsafeMutableBufferPointer { bytes -> Int in
      let marker: StaticString = "(unknown context at "
      let markerCount = marker.utf8CodeUnitCount
      func isMarker(at index: Int) -> Bool {
        guard index + markerCount <= count else { return false }
        for offset in 0..<markerCount where bytes[index + offset] != marker.utf8Start[offset] {
          return false
        }
        return true
      }
      var knownClose: Int?
      var searchedUpTo = 0
      var read = 0
      var write = 0
      while read < count {
        if bytes[read] == UInt8(ascii: "("), isMarker(at: read) {
          let start = read + markerCount
          if knownClose.map({ $0 < start }) ?? true {
            var position = max(start, searchedUpTo)
            knownClose = nil
            while position + 1 < count {
              if bytes[position] == UInt8(ascii: ")"), bytes[position + 1] == UInt8(ascii: ".") {
                knownClose = position
                break
              }
              position += 1
            }
            searchedUpTo = position
          }
          if let close = knownClose {
            read = close + 2
            continue
          }
        }
        bytes[write] = bytes[read]
        write += 1
        read += 1
      }
      return write
    }
    utf8.removeSubrange(kept...)
    return String(decoding: utf8, as: UTF8.self)
  }

  @Test func domainsNormalizeAsThePlainRule() {
    let fragments = [
      "(unknown context at ", "(unknown context at $1a).", ")", ".", ").", "(", "(unknown",
      "App", "$10a3c", "é", "x",
    ]
    var state: UInt64 = 11
    var mismatches: [String] = []
    for _ in 0..<3_000 {
      var domain = ""
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      for _ in 0..<Int(state >> 60) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        domain += fragments[Int(state >> 33) % fragments.count]
      }
      if ErrorChain.normalizedDomain(domain) != Self.plain(domain) { mismatches.append(domain) }
    }
    #expect(mismatches == [])
  }
}
