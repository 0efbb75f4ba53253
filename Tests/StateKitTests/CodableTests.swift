import Foundation
import StateKit
import StateKitTesting
import Testing

@Suite("Codable")
struct CodableTests {
  /// A state encodes as its raw integer, and decodes from integers and text.
  @Test func encodesTheRawIntegerAndDecodesIntegersAndText() throws {
    let data = try JSONEncoder().encode([
      ControlState([.selected, .highlighted]), ControlState(rawValue: 1 << 63),
    ])
    let text: String = String(decoding: data, as: UTF8.self)
    #expect(text == "[5,9223372036854775808]")
    let json = #"[5, "selected | 0x10000", "normal", 18446744073709551615]"#
    let states = try JSONDecoder().decode([ControlState].self, from: Data(json.utf8))
    let expected: [ControlState] = [
      [.highlighted, .selected], ControlState(rawValue: 0x10004), .normal,
      ControlState(rawValue: .max),
    ]
    #expect(states == expected)
  }

  @Test func roundTripLaw() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    forAll("decode(encode(x)) == x", Gen.anyState, cases: GrowthChecks.cases(2_000)) { state in
      try decoder.decode([ControlState].self, from: encoder.encode([state])) == [state]
    }
  }

  @Test(arguments: [
    ("-1", "non-negative integer"), ("1.5", "non-negative integer"),
    ("true", "non-negative integer"),
    ("18446744073709551616", "non-negative integer"), (#""bogus""#, "unknown state name \"bogus\""),
    (#""selected||focused""#, "segment 2 is empty"), (#""""#, "no state"),
    ("null", "non-negative integer"), ("{}", "non-negative integer"),
  ])
  func badValuesAreDecodingErrors(json: String, message: String) {
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([ControlState].self, from: Data("[\(json)]".utf8))
    }
    guard let error else { return }
    switch error {
    case .dataCorrupted(let context), .typeMismatch(_, let context):
      #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
    default:
      Issue.record("unexpected \(error)")
    }
  }
}
