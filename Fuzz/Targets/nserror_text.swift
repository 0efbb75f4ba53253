import ErrorKitCore

// NSError text in both formats, alone or inside log lines: never a trap; no chain longer than the
// input could hold (each error needs "Error Domain=" and " Code="); every payload writes as JSON
// that reads back the same.
@testable import InspectKit

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  var errors = 0
  for result in NSErrorText.findAll(in: input) {
    guard case .success(let found) = result else { continue }
    let chain = found.payload.chain
    errors += chain.count
    require(chain.count <= NSErrorText.maximumDepth, "chain of \(chain.count) beyond the limit")
    var writer = JSONWriter()
    found.payload.write(to: &writer)
    let back = (try? JSONReader.parse(writer.bytes)).flatMap { try? ErrorPayload(jsonValue: $0) }
    require(back == found.payload, "payload round trip")
  }
  require(errors * 19 <= input.count, "\(errors) errors from \(input.count) bytes")
  return 0
}
