// ErrorPayload JSON: ErrorKitCore's own reader and writer (the one mapping, no Foundation) against
// Foundation's JSONDecoder and JSONEncoder, measured in the same run. Foundation goes two ways:
// through ErrorPayload's Codable conformance (which reuses the one mapping), and into a plain
// synthesized Codable struct of the same shape, Foundation's fastest path.
import ErrorKit
import Foundation

/// The payload's shape as a synthesized Codable struct.
final class Mirror: Codable {
  var domain: String
  var code: Int
  var name: String?
  var description: String?
  var failureReason: String?
  var recoverySuggestion: String?
  var details: [String: String]
  var underlying: Mirror?
}

func documents(_ count: Int) -> [String] {
  (0..<count).map { index in
    var payload = ErrorPayload(
      domain: "NSPOSIXErrorDomain", code: 13, message: "Permission denied",
      details: ["NSFilePath": "/var/lib/app/\(index).json"])
    payload = ErrorPayload(
      domain: "NSCocoaErrorDomain", code: 513, name: "fileWriteNoPermission",
      message: "You don’t have permission to save the file “\(index).json”.",
      details: ["NSFilePath": "/var/lib/app/\(index).json", "NSUserStringVariant": "Save"],
      underlying: payload)
    return ErrorPayload(
      domain: "com.example.Store", code: 3, name: "saveFailed",
      message: "Could not save your changes.",
      recoverySuggestion: "Check the folder's permissions, then try again.",
      details: ["attempt": String(index % 7)], underlying: payload
    ).jsonText
  }
}

func nanoseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = ContinuousClock.now
  try body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

let count = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 20_000 : 20_000
let rounds = 9
let texts = documents(count)
let datas = texts.map { Data($0.utf8) }
let payloads = try texts.map { try ErrorPayload(json: $0) }
let decoder = JSONDecoder()
let encoder = JSONEncoder()

var times: [String: [Double]] = [:]
var checksum = 0
for _ in 0..<rounds {
  times["decode: ErrorPayload(json:)", default: []].append(
    try nanoseconds {
      for text in texts { checksum &+= try ErrorPayload(json: text).code }
    } / Double(count))
  times["decode: JSONDecoder -> ErrorPayload", default: []].append(
    try nanoseconds {
      for data in datas { checksum &+= try decoder.decode(ErrorPayload.self, from: data).code }
    } / Double(count))
  times["decode: JSONDecoder -> synthesized struct", default: []].append(
    try nanoseconds {
      for data in datas { checksum &+= try decoder.decode(Mirror.self, from: data).code }
    } / Double(count))
  times["encode: payload.jsonText", default: []].append(
    nanoseconds {
      for payload in payloads { checksum &+= payload.jsonText.utf8.count }
    } / Double(count))
  times["encode: JSONEncoder <- ErrorPayload", default: []].append(
    try nanoseconds {
      for payload in payloads { checksum &+= try encoder.encode(payload).count }
    } / Double(count))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let ours = median(times["decode: ErrorPayload(json:)"] ?? [1])
let oursEncode = median(times["encode: payload.jsonText"] ?? [1])
print("ErrorPayload JSON, \(count) documents of 3 nested errors, median of \(rounds) rounds")
print("(ratio: time against ErrorKitCore's own reader or writer in the same run)")
for key in times.keys.sorted() {
  let value = median(times[key] ?? [0])
  let base = key.hasPrefix("decode") ? ours : oursEncode
  let ratio = String(format: "%.2f", value / base)
  print(
    "  \(key.padding(toLength: 44, withPad: " ", startingAt: 0)) \(String(format: "%8.0f", value)) ns/doc  \(ratio)x"
  )
}
print("checksum \(checksum)")
