import ErrorKitCore
import Foundation
import StateKitTesting
import Testing

@testable import InspectKit

/// The three readers of an ErrorPayload document: ErrorKitCore's `ErrorPayload(json:)`,
/// Foundation's `JSONDecoder` through the Codable conformance, and statekit-inspect. They must
/// read every document alike (Docs/ErrorPayload.md, "One reading"): the same payload, or a
/// refusal from all three.
enum ThreeReaders {
  struct Readings: Equatable, CustomStringConvertible {
    var own: ErrorPayload?
    var decoder: ErrorPayload?
    var tool: ErrorPayload?

    var agree: Bool { own == decoder && decoder == tool }
    var description: String {
      "ErrorPayload(json:) \(own.map(\.jsonText) ?? "refused"); JSONDecoder "
        + "\(decoder.map(\.jsonText) ?? "refused"); statekit-inspect \(tool.map(\.jsonText) ?? "refused")"
    }
  }

  /// The document read by the three readers, in process; the tool reads it as it reads an
  /// argument or a line of standard input that starts with `{`, through its stream.
  /// (`theBinaryReadsAsInProcess` checks that the built tool reads as the in-process one does.)
  static func read(_ bytes: [UInt8]) -> Readings {
    let text = String(decoding: bytes, as: UTF8.self)
    let own = try? ErrorPayload(json: text)
    let decoder = try? JSONDecoder().decode(ErrorPayload.self, from: Data(bytes))
    var stream = ErrorStream(directory: CodeDirectory())
    var found: [ErrorStream.Item] = []
    stream.read(whole: bytes) { found.append($0) }
    var tool: ErrorPayload?
    if found.count == 1, case .document(let payload) = found[0] {
      tool = payload
    }
    return Readings(own: own, decoder: decoder, tool: tool)
  }
}

/// How a generated document is spelled: the code's text, a byte-order mark, a key no reader
/// uses holding deeply nested arrays, and other causes.
struct PayloadDocument: CustomStringConvertible {
  var code: String
  var byteOrderMark: Bool
  var ignoredNesting: Int
  var otherCauses: Int
  var repeatCode: String?
  /// A value for a key no reader uses, as written.
  var extra: String?

  var bytes: [UInt8] {
    var text = #"{"domain": "com.example.D", "code": \#(code)"#
    if let repeatCode { text += #", "code": \#(repeatCode)"# }
    if let extra { text += #", "unused": \#(extra)"# }
    if ignoredNesting > 0 {
      text +=
        #", "extra": "# + String(repeating: "[", count: ignoredNesting)
        + String(repeating: "]", count: ignoredNesting)
    }
    if otherCauses > 0 {
      let cause = #"{"domain": "D", "code": 2, "description": "a cause"}"#
      text +=
        #", "otherCauses": ["#
        + Array(repeating: cause, count: otherCauses).joined(
          separator: ", ") + "]"
    }
    text += "}"
    return (byteOrderMark ? [0xEF, 0xBB, 0xBF] : []) + Array(text.utf8)
  }

  var description: String { String(decoding: bytes, as: UTF8.self).debugDescription }
}

@Suite("One reading of an ErrorPayload document")
struct OneReadingTests {
  /// The five kinds that read differently before, each with the rule Docs/ErrorPayload.md
  /// states for it, and neighbours on both sides of each rule.
  static let kinds: [(String, [UInt8], Int?)] =
    [
      // An integral code written as a float beyond Int: beyond 2^53 - 1, refused.
      ("float beyond Int", doc(code: "9223372036854775807.0"), nil),
      ("largest code", doc(code: "9007199254740991"), 9_007_199_254_740_991),
      ("largest code as a float", doc(code: "9007199254740991.0"), 9_007_199_254_740_991),
      ("2^53 as digits", doc(code: "9007199254740992"), nil),
      ("2^53 as a float", doc(code: "9007199254740992.0"), nil),
      // A long decimal fraction: read as the nearest Double, which is whole.
      ("long fraction", doc(code: "1.0000000000000000001"), 1),
      ("short fraction", doc(code: "1.5"), nil),
      // An underflowing exponent: not zero, so not a whole number.
      ("underflow", doc(code: "1e-400"), nil),
      ("zero with a tiny exponent", doc(code: "0e-400"), 0),
      ("overflow", doc(code: "1e400"), nil),
      // A byte-order mark: skipped.
      ("byte-order mark", [0xEF, 0xBB, 0xBF] + doc(code: "7"), 7),
      // Nesting past the depth limit inside an ignored key: refused, as anywhere else.
      (
        "deep nesting in an ignored key",
        PayloadDocument(code: "1", byteOrderMark: false, ignoredNesting: 512, otherCauses: 0).bytes,
        nil
      ),
      (
        "nesting at the limit in an ignored key",
        PayloadDocument(code: "1", byteOrderMark: false, ignoredNesting: 511, otherCauses: 0).bytes,
        1
      ),
      (
        "deep nesting in a key given twice",
        Array(
          (#"{"domain": "D", "code": 1, "x": 0, "x": "# + String(repeating: "[", count: 512)
            + String(repeating: "]", count: 512) + "}").utf8),
        nil
      ),
    ]
    + ["-", "01", "1.", #""\q""#, #""\uD800""#, #"{"\q": 1}"#, "1e400", "1e-400"].map {
      (value: String) -> (String, [UInt8], Int?) in
      (
        value + " in an ignored key",
        PayloadDocument(
          code: "1", byteOrderMark: false, ignoredNesting: 0, otherCauses: 0, extra: value
        ).bytes, nil
      )
    }

  static func doc(code: String) -> [UInt8] {
    PayloadDocument(code: code, byteOrderMark: false, ignoredNesting: 0, otherCauses: 0).bytes
  }

  @Test(arguments: kinds.indices)
  func eachKindReadsByItsRule(_ index: Int) {
    let (kind, bytes, code) = Self.kinds[index]
    let readings = ThreeReaders.read(bytes)
    #expect(readings.agree, "\(kind): \(readings)")
    #expect(readings.own?.code == code, "\(kind): \(readings)")
  }

  /// Code spellings on the edges of the number rule.
  static let edgeCodes = [
    "0", "-0", "0.0", "-0.0", "0e-400", "1e-400", "-1e-400", "5e-324", "2e-324", "1e308",
    "1e309", "1e400", "9007199254740991", "-9007199254740991", "9007199254740992",
    "9007199254740993", "9007199254740991.0", "9007199254740991.9", "9007199254740992.0",
    "9223372036854775807", "9223372036854775807.0", "-9223372036854775808.0",
    "123456789012345678.9", "1.0000000000000000001", "0.99999999999999999999", "1E2", "1e+2",
    "100e-2", "0.1e1", "12345678901234567890e-1",
  ]

  /// Code spellings around every edge of the number rule.
  static let codeText: Generator<String> = {
    let digits = Gen.int(in: 0...Int.max).map(String.init)
    let edges = Gen.element(of: edgeCodes)
    let smallDigits = Gen.int(in: -1_000_000...1_000_000).map(String.init)
    let fraction = Gen.zip(smallDigits, Gen.element(of: ["0", "5", "0000000000000000001", "00"]))
      .map { $0 + "." + $1 }
    let exponent = Gen.zip(smallDigits, Gen.int(in: -330...330)).map { "\($0)e\($1)" }
    return Gen.frequency(
      (2, edges), (2, smallDigits), (1, digits), (1, fraction), (2, exponent),
      (1, digits.map { $0 + ".0" }))
  }()

  static let documents: Generator<PayloadDocument> = Gen.zip(
    Gen.zip(codeText, Gen.frequency((3, Gen.constant(false)), (1, Gen.constant(true)))),
    Gen.element(of: [0, 0, 1, 60, 510, 511, 512, 513]),
    Gen.zip(
      Gen.int(in: 0...2),
      Gen.frequency((4, Gen.constant(String?.none)), (1, codeText.map { Optional($0) })))
  ).map { head, nesting, rest in
    PayloadDocument(
      code: head.0, byteOrderMark: head.1, ignoredNesting: nesting, otherCauses: rest.0,
      repeatCode: rest.1, extra: rest.1.map { "[" + $0 + "]" })
  }

  @Test func generatedDocumentsReadAlikeInAllThreeReaders() {
    // Every edge, as the code and as a code given twice, in a document without nesting.
    for code in Self.edgeCodes {
      for document in [
        PayloadDocument(code: code, byteOrderMark: false, ignoredNesting: 0, otherCauses: 0),
        PayloadDocument(
          code: "1", byteOrderMark: false, ignoredNesting: 0, otherCauses: 1, repeatCode: code,
          extra: "[" + code + "]"),
      ] {
        let readings = ThreeReaders.read(document.bytes)
        #expect(readings.agree, "\(document): \(readings)")
      }
    }
    // 300 random cases put the edges and other codes together with nesting, other causes and
    // byte-order marks. Half nest hundreds of arrays in an ignored key, which JSONDecoder reads
    // at a cost of one thrown error per level; each depth is drawn some 40 times.
    forAll("three readers agree", Self.documents, cases: 300) { document in
      ThreeReaders.read(document.bytes).agree
    }
  }

  /// The built tool reads as the in-process one: a sample of the kinds, through the binary.
  @Test func aPastedCodeJSONCannotCarryIsPrintedButNotWrittenAsJSON() throws {
    // Found by the fuzz target nserror_text: NSError text may hold any 64-bit code, and JSON
    // readers would read one beyond 2^53 - 1 back as another number.
    for code in ["-10222222222222201", "9007199254740992", "\(Int.min)"] {
      let text = Data("Error Domain=NSURLErrorDomain Code=\(code) \"x\"\n".utf8)
      let asJSON = try Run(["error", "--json", "-"], stdin: text)
      #expect(asJSON.status == 65, "\(asJSON)")
      #expect(asJSON.stdout.isEmpty, "\(asJSON)")
      #expect(asJSON.stderr.contains("the code \(code) is beyond 2^53 - 1"), "\(asJSON)")
      let asText = try Run(["error", "-"], stdin: text)
      #expect(asText.status == 0, "\(asText)")
      #expect(asText.stdout.hasPrefix("NSURLErrorDomain \(code)\n"), "\(asText)")
    }
    // The largest code JSON carries is still written.
    let largest = try Run(
      ["error", "--json", "-"],
      stdin: Data("Error Domain=D Code=9007199254740991 \"x\"\n".utf8))
    #expect(largest.status == 0 && largest.stdout.contains("\"code\": 9007199254740991"))
  }

  @Test func theBinaryReadsAsInProcess() throws {
    for (kind, bytes, code) in Self.kinds {
      let run = try Run.spawning(["error", "--json", "-"], stdin: Data(bytes))
      if let code {
        #expect(run.status == 0, "\(kind): \(run)")
        #expect(run.stdout.contains(#""code": \#(code),"#), "\(kind): \(run)")
      } else {
        #expect(run.status != 0, "\(kind): \(run)")
      }
    }
  }
}
