import ErrorKitCore
import StateKitCore

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
  // `--event NAME=BIT` flags go through the same table with the events' layout.
  var fromEventFlags = Inspector()
  fromEventFlags.names = NameTable(layout: .controlEvents)
  for line in String(decoding: input, as: UTF8.self).split(separator: "\n").prefix(64) {
    _ = try? fromFlags.names.declare(flag: String(line))
    _ = try? fromEventFlags.names.declare(flag: String(line))
  }
  for names in [fromFile.names, fromFlags.names, fromEventFlags.names] {
    for entry in names.customEntries {
      require(
        names.applicationIndex(of: entry.raw) != nil, "\(entry.name) is not one application bit")
      require(names.raw(named: entry.name) == entry.raw, "\(entry.name) does not look up")
    }
  }
  return 0
}
