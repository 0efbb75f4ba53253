import ErrorKitCore
import StateKit

// `--states FILE` documents and `--state NAME=BIT` flags: never a trap; every declared name ends
// up on exactly one application bit.
@testable import InspectKit

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  var fromFile = Inspector()
  if let json = try? JSONReader.parse(input) {
    _ = try? fromFile.declareStates(json: json, source: "fuzz")
  }
  var fromFlags = Inspector()
  for line in String(decoding: input, as: UTF8.self).split(separator: "\n").prefix(64) {
    _ = try? fromFlags.declare(String(line))
  }
  for catalog in [fromFile.catalog, fromFlags.catalog] {
    for entry in catalog.customEntries {
      require(entry.state.applicationBitIndex != nil, "\(entry.name) is not one application bit")
      require(catalog.state(named: entry.name) == entry.state, "\(entry.name) does not look up")
    }
  }
  return 0
}
