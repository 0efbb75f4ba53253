import Foundation
import StateKit
import Testing

/// A new `StateKitError.Code` must be handled everywhere: in `allCases`, with a name and a
/// meaning of its own (not the `code17` / "StateKit error 17." fallbacks a number without a case
/// gets), and in StateKit's error catalog. The codes are read from the declarations in
/// StateKitError.swift, so a code added there and forgotten elsewhere fails this test.
@Suite("StateKitError codes are handled everywhere")
struct ErrorCodeCompletenessTests {
  /// `public static let NAME = Code(rawValue: N)` in the source, as (name, number).
  static func declaredCodes() throws -> [(name: String, number: Int)] {
    let source = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/StateKitCore/Errors/StateKitError.swift")
    let text = try String(contentsOf: source, encoding: .utf8)
    let pattern = try NSRegularExpression(
      pattern: #"public static let (\w+) = Code\(rawValue: (\d+)\)"#)
    return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
      match in
      guard let name = Range(match.range(at: 1), in: text),
        let number = Range(match.range(at: 2), in: text).flatMap({ Int(text[$0]) })
      else { return nil }
      return (String(text[name]), number)
    }
  }

  @Test func everyDeclaredCodeHasItsNameMeaningAndPlace() throws {
    let declared = try Self.declaredCodes()
    #expect(declared.count >= 16, "the declarations were found")
    #expect(Set(declared.map(\.number)).count == declared.count, "no number is used twice")
    #expect(
      StateKitError.Code.allCases.map(\.rawValue).sorted() == declared.map(\.number).sorted(),
      "allCases lists exactly the declared codes")
    for (name, number) in declared {
      let code = StateKitError.Code(rawValue: number)
      #expect(code.description == name, "code \(number) is named \(code.description)")
      #expect(!code.summary.hasPrefix("StateKit error"), "code \(number) has no meaning of its own")
    }
  }
}
