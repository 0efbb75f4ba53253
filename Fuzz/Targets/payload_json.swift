@testable import ErrorKitCore

// ErrorPayload JSON as the CLI reads it, several causes (`otherCauses`) included: never a trap;
// JSON values and payloads that parse write back to text that parses to the same thing, within
// the depth and count limits.
@testable import InspectKit

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard let json = try? JSONReader.parse(bytes(data, size)) else { return 0 }
  var writer = JSONWriter()
  writer.value(json)
  require((try? JSONReader.parse(writer.bytes)) == json, "JSON round trip")
  guard let payload = try? ErrorPayload(jsonValue: json) else { return 0 }
  var out = JSONWriter()
  payload.write(to: &out)
  let back = (try? JSONReader.parse(out.bytes)).flatMap { try? ErrorPayload(jsonValue: $0) }
  require(back == payload, "payload round trip")
  let size = payload.treeSize
  require(size.depth <= ErrorPayload.maximumDepth, "payload deeper than the limit")
  require(size.count <= ErrorPayload.maximumCount, "payload larger than the limit")
  _ = ErrorTree(color: false).render(payload)
  return 0
}
