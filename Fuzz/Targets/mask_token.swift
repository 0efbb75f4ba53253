import ErrorKitCore
import StateKitCore

// The CLI's mask tokens: parsing never traps; a parsed mask's JSON line is valid JSON that
// reads back the same raw value, and its human report renders.
@testable import InspectKit

// One report per layout of BitLayout.all: states and control events.
let reports = BitLayout.all.map {
  MaskReport(names: NameTable(layout: $0), color: false, json: true)
}

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  guard let raw = try? MaskToken.parse(input[...]) else { return 0 }
  for report in reports {
    var out: [UInt8] = []
    report.json(raw, input: input[...], into: &out)
    require(out.last == 0x0A, "JSON line without a newline")
    guard let json = try? JSONReader.parse(Array(out.dropLast())) else {
      require(false, "the JSON line does not parse: \(String(decoding: out, as: UTF8.self))")
      return 0
    }
    require(json["raw"] == .number(String(raw)), "raw value changed")
    var text: [UInt8] = []
    report.human(raw, input: input[...], into: &text)
    require(!text.isEmpty, "empty report")
  }
  return 0
}
