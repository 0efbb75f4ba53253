import ErrorKitCore

// Error catalog JSON (`--errors FILE`): never a trap; no more entries than the document holds.
@testable import InspectKit

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  guard let json = try? JSONReader.parse(input),
    let entries = try? ErrorCatalog(jsonValue: json).entries
  else { return 0 }
  // Each entry needs at least `{"domain":"","code":0}`.
  require(entries.count * 22 <= input.count, "\(entries.count) entries from \(input.count) bytes")
  var lookup = CodeDirectory()
  lookup.add(entries)
  for entry in entries.prefix(8) {
    require(
      !lookup.entries(domain: entry.domain, code: entry.code).isEmpty, "an entry does not look up")
  }
  return 0
}
