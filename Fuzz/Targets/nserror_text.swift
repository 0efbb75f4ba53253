import ErrorKitCore

// Pasted error text, every reader (NSError text in both formats, the short form, DecodingError
// dumps, Xcode reports), alone or inside log lines: never a trap; no NSError chain longer than the
// input could hold (each error needs "Error Domain=" and "Code="); findings in order and never
// overlapping; every payload writes as JSON that reads back the same.
@testable import InspectKit

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  var errors = 0
  var previousEnd = 0
  for finding in ErrorScanner.findAll(in: PastedText(input)) {
    require(finding.range.lowerBound >= previousEnd, "findings overlap or are out of order")
    require(finding.range.upperBound <= input.count, "a finding reaches past the input")
    previousEnd = finding.range.upperBound
    guard let payload = finding.payload else { continue }
    let chain = payload.chain
    errors += chain.count
    require(chain.count <= ErrorPayload.maximumDepth, "chain of \(chain.count) beyond the limit")
    // A code JSON cannot carry exactly is refused by every JSON writer of the package.
    guard payload.codeBeyondJSON == nil else { continue }
    var writer = JSONWriter()
    payload.write(to: &writer)
    let back = (try? JSONReader.parse(writer.bytes)).flatMap { try? ErrorPayload(jsonValue: $0) }
    require(back == payload, "payload round trip")
  }
  // Each error needs at least "Domain=D Code=1" or "Domain: D" and "Code: 1" on two lines.
  require(errors * 15 <= input.count + 15, "\(errors) errors from \(input.count) bytes")
  return 0
}
