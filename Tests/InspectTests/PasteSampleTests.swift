import Foundation
import Testing

@testable import InspectKit

/// How many of the Apple and system domain/code pairs of a sample of real pastes the tool names:
/// `Fixtures/pastes/pairs.tsv`, gathered from public issue threads across the families the
/// tables cover, every Apple or system pair of each search recorded whether the tool named it or
/// not (the file's header says how). The goal is at least 90% of the pairs of public domains and
/// the system standards; pairs of Apple's private domains are printed in a second share and count
/// against no floor.
///
/// A pair counts as named when the look-up gives an entry with a name and either a meaning, the
/// header that declares it, or the public source of a name the system prints. A pair printed
/// without a domain ("-") is looked up by its code alone.
@Suite("statekit-inspect error: a sample of real pastes")
struct PasteSampleTests {
  struct Pair: CustomStringConvertible {
    var domain: String
    var code: String
    var kind: String
    var source: String
    var description: String { "\(domain) \(code) (\(source))" }
  }

  static func pairs() throws -> [Pair] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/pastes/pairs.tsv")
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.dropFirst().map { line in
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Pair(domain: cells[0], code: cells[1], kind: cells[2], source: cells[3])
    }
  }

  static func isNamed(_ pair: Pair) -> Bool {
    guard let code = Inspector.lookupCode(pair.code) else { return false }
    let lookup = CodeDirectory()
    let found =
      pair.domain == "-"
      ? lookup.found(code: code)
      : lookup.found(domain: KnownDomains.canonical(pair.domain), code: code, darwin: true)
    return found.contains {
      !($0.entry.name ?? "").isEmpty
        && (!$0.entry.description.isEmpty || $0.declaration != nil || $0.observed != nil)
    }
  }

  /// The share of pairs named, printed with the pairs left unnamed.
  static func share(of pairs: [Pair], _ title: String) -> Double {
    let unnamed = pairs.filter { !isNamed($0) }
    let share = Double(pairs.count - unnamed.count) / Double(pairs.count)
    print(
      "paste sample, \(title): \(pairs.count - unnamed.count) of \(pairs.count) pairs named"
        + " (\(String(format: "%.1f", share * 100))%); unnamed:")
    for pair in unnamed { print("  \(pair)") }
    return share
  }

  @Test func theSampleIsDistinctAndSourced() throws {
    let pairs = try Self.pairs()
    #expect(pairs.count >= 90)
    #expect(Set(pairs.map { "\($0.domain) \($0.code)" }).count == pairs.count)
    for pair in pairs {
      #expect(pair.source.hasPrefix("https://github.com/"), "\(pair)")
      #expect(["apple", "system", "apple-private"].contains(pair.kind), "\(pair)")
      #expect(Inspector.lookupCode(pair.code) != nil, "\(pair)")
    }
  }

  @Test func ninetyPercentOfThePublicPairsGetAName() throws {
    let pairs = try Self.pairs()
    let publicPairs = pairs.filter { $0.kind != "apple-private" }
    #expect(Self.share(of: publicPairs, "public Apple domains and system standards") >= 0.90)
    _ = Self.share(of: pairs, "every pair, private Apple domains included")
  }
}
