import StateKitTesting
import Testing

@testable import InspectKit

/// The indexes of the built-in tables (`Tables/CodeTable.swift`): each is sorted as its binary
/// search assumes, and every row is reached through them, so a look-up by code, by name, by
/// domain or by a word finds every row in logarithmic time, whatever the number of rows.
@Suite("statekit-inspect error: the indexes of the code tables")
struct CodeIndexTests {
  /// The indexes are sorted; every row is found by its code, by its name and by its C
  /// constant, in every table that holds it, and every table by its domain.
  @Test func theIndexesAreSortedAndReachEveryRow() {
    var unsorted: [String] = []
    var previous = Int.min
    for entry in 0..<CodeTables.rowCount {
      let code = CodeRow.code(at: CodeRecords.element(CodeTables.codeIndex, entry, width: 3))
      if previous > code { unsorted.append("code index entry \(entry)") }
      previous = code
    }
    func folded(_ text: TableText) -> [UInt8] { text.withUTF8Buffer { $0.map(TableText.fold) } }
    var previousName: [UInt8] = []
    for entry in 0..<CodeTables.nameCount {
      let value = CodeRecords.element(CodeTables.nameIndex, entry, width: 4)
      let row = CodeRow(at: value >> 1)
      let name = folded(value & 1 == 0 ? row.name : row.constant)
      if name.lexicographicallyPrecedes(previousName) {
        unsorted.append("name index entry \(entry)")
      }
      previousName = name
    }
    var previousDomain: [UInt8] = []
    for entry in 0..<CodeTables.tableCount {
      let table = CodeTable(at: CodeRecords.element(CodeTables.domainIndex, entry, width: 3))
      let domain = folded(table.domain)
      if domain.lexicographicallyPrecedes(previousDomain) {
        unsorted.append("domain index entry \(entry)")
      }
      previousDomain = domain
    }
    var previousStart = 0
    for index in 0..<CodeTables.tableCount {
      if CodeTable.rowStart(at: index) < previousStart { unsorted.append("table \(index)") }
      previousStart = CodeTable.rowStart(at: index)
    }
    #expect(unsorted == [])

    var inCodeIndex = Array(repeating: 0, count: CodeTables.rowCount)
    for entry in 0..<CodeTables.rowCount {
      inCodeIndex[CodeRecords.element(CodeTables.codeIndex, entry, width: 3)] += 1
    }
    #expect(inCodeIndex.allSatisfy { $0 == 1 })
    var unreached: [String] = []
    for index in 0..<CodeTables.rowCount {
      let row = CodeRow(at: index)
      if !CodeTables.rows(withCode: row.code).contains(index) {
        unreached.append("row \(index) by code")
      }
      if !CodeTables.rows(named: row.name.description).contains(where: {
        $0.row == index && $0.exact
      }) {
        unreached.append("row \(index) by name")
      }
      if !row.constant.isEmpty
        && !CodeTables.rows(named: row.constant.description).contains(where: {
          $0.row == index && $0.exact
        })
      {
        unreached.append("row \(index) by constant")
      }
      if CodeTables.tables(holding: index).isEmpty { unreached.append("row \(index) has a table") }
    }
    for index in 0..<CodeTables.tableCount {
      let domain = CodeTable(at: index).domain.description
      if !CodeTables.tables(inDomain: domain).contains(index) {
        unreached.append("table \(index) by domain")
      }
    }
    #expect(unreached == [])
  }

  /// The searches halve the range at every step: finding a place among ten million entries
  /// asks at most 24 questions, so a look-up stays logarithmic as the tables grow.
  @Test(arguments: [10, 1_000, 100_000, 10_000_000])
  func aSearchIsLogarithmic(count: Int) {
    for target in [0, count / 3, count - 1, count] {
      var questions = 0
      let found = CodeRecords.partition(count) { index in
        questions += 1
        return index < target
      }
      var bound = 1
      while 1 << bound < count { bound += 1 }
      #expect(
        (found, questions <= bound + 1) == (target, true),
        "\(questions) questions for \(count) entries")
    }
  }

  /// A word search meets the rows through the word index: a word of a name, of a domain, and
  /// the start of a word.
  @Test func wordsReachRowsAndTables() {
    let byName = CodeTables.matches(word: "notreachable").rows.map {
      CodeRow(at: $0).name.description
    }
    let byPrefix = CodeTables.matches(word: "virtualmach").rows.map {
      CodeRow(at: $0).name.description
    }
    let byDomain = CodeTables.matches(word: "homekit").tables.map {
      CodeTable(at: $0).domain.description
    }
    let searched = CodeDirectory().search(["homekit", "reachable"]).map {
      "\($0.entry.domain) \($0.entry.name ?? "")"
    }
    let found: [Bool] = [
      byName.contains("accessoryNotReachable"),
      byPrefix.contains("invalidVirtualMachineConfiguration"), byDomain.contains("HMErrorDomain"),
      searched.contains("HMErrorDomain accessoryNotReachable"),
    ]
    #expect(found == [true, true, true, true])
  }
}

/// `error --search` keeps each entry once, whatever the number of matches: a common word meets
/// thousands of rows of the tables, and an `--errors` catalog may list tens of thousands.
@Suite("statekit-inspect error --search: matches kept once in linear time")
struct SearchDeduplicationTests {
  /// A directory with a catalog of `count` entries that all hold the word `zorblax`, each
  /// listed twice, and one entry that repeats a row of the built-in tables.
  static func directory(entries count: Int) -> CodeDirectory {
    var lookup = CodeDirectory()
    let entries = (0..<count).map {
      CodeDirectory.Entry(
        domain: "ZorblaxDomain", code: $0, name: "zorblax\($0)", description: "Zorblax \($0).")
    }
    lookup.add(entries + entries)
    return lookup
  }

  @Test func eachMatchIsKeptOnce() {
    let found = Self.directory(entries: 50).search(["zorblax"])
    #expect((found.count, found.map(\.entry.code)) == (50, Array(0..<50)))
    // A catalog entry that repeats a generated row keeps the row's C name, once.
    var lookup = CodeDirectory()
    let row = lookup.search(["homekit", "accessoryNotReachable"]).first
    if let row {
      lookup.add([row.entry])
      let again = lookup.search(["homekit", "accessoryNotReachable"]).filter {
        $0.entry.domain == row.entry.domain && $0.entry.code == row.entry.code
          && $0.entry.name == row.entry.name
      }
      #expect(again.count == 1)
    } else {
      Issue.record("no HomeKit row holds accessoryNotReachable")
    }
  }

  /// Searching a catalog of 500, 1,000 and 4,000 matching entries (each listed twice)
  /// grows linearly: the largest takes at most 8 × 3 times the smallest (quadratic growth, as
  /// a linear search of the entries kept gives, is 64).
  @Test(.enabled(if: GrowthChecks.requested)) func searchingManyMatchesIsLinear() {
    let sizes = [500, 1_000, 4_000]
    let lookups = sizes.map { Self.directory(entries: $0) }
    var best = Double.infinity
    var series: [Double] = []
    for _ in 0..<3 {
      let times = lookups.map { lookup in
        GrowthChecks.bestSeconds(runs: 5) { #expect(lookup.search(["zorblax"]).count > 0) }
      }
      let ratio = times[2] / max(times[0], 1e-6)
      if ratio < best { (best, series) = (ratio, times) }
      if best < 24 || times[2] < 0.05 { break }
    }
    #expect(best < 24 || series[2] < 0.05, "\(series) s for \(sizes) entries, ratio \(best)")
  }
}
