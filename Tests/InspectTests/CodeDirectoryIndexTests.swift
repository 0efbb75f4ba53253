import ErrorKitCore
import Testing

@testable import InspectKit

/// The indexes of an added catalog give, for a name, a domain and code, or a code, the entries
/// that a plain filter of the catalog gives, in its order, over seeded random catalogs added in
/// one or several parts.
@Suite("A catalog's indexes give what a filter gives")
struct CodeDirectoryIndexTests {
  @Test func indexesGiveTheEntriesAFilterGives() {
    var state: UInt64 = 0xC0DE
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    // Codes far from every built-in table, so that a look-up by code gives the catalog's alone.
    let codes = (0..<12).map { 7_000_000_000 + $0 }
    let domains = ["com.example.A", "com.example.B", "com.example.C"]
    let names = (0..<10).map { "zzCatalogName\($0)" }
    var mismatches: [String] = []
    for round in 0..<60 {
      var directory = CodeDirectory()
      var all: [ErrorCatalog.Entry] = []
      for _ in 0..<(1 + next(3)) {
        let part = (0..<next(40)).map { _ in
          ErrorCatalog.Entry(
            domain: domains[next(domains.count)], code: codes[next(codes.count)],
            name: next(4) == 0 ? nil : names[next(names.count)], description: "d\(next(5))")
        }
        directory.add(part)
        all += part
      }
      for name in names where all.contains(where: { $0.name == name }) {
        if directory.entries(named: name) != all.filter({ $0.name == name }) {
          mismatches.append("\(round): named \(name)")
        }
      }
      for code in codes {
        if directory.entries(code: code) != all.filter({ $0.code == code })
          && all.contains(where: { $0.code == code })
        {
          mismatches.append("\(round): code \(code)")
        }
        for domain in domains where all.contains(where: { $0.domain == domain && $0.code == code })
        {
          if directory.entries(domain: domain, code: code)
            != all.filter({ $0.domain == domain && $0.code == code })
          {
            mismatches.append("\(round): \(domain) \(code)")
          }
        }
      }
    }
    #expect(mismatches == [])
  }
}
