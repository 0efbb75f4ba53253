import Testing

@testable import InspectKit

/// The indexes of the built-in tables (`Tables/CodeTable.swift`): each is sorted as its binary
/// search assumes, and every row is reached through them, so a look-up by code, by name, by
/// domain or by a word finds every row in logarithmic time, whatever the number of rows.
@Suite("statekit-inspect error: the indexes of the code tables")
struct CodeIndexTests {
  @Test func theIndexesAreSorted() {
    var previous = Int.min
    for entry in 0..<CodeTables.rowCount {
      let code = CodeRow.code(at: CodeRecords.element(CodeTables.codeIndex, entry, width: 3))
      #expect(previous <= code, "code index entry \(entry)")
      previous = code
    }
    func folded(_ text: TableText) -> [UInt8] { text.withUTF8Buffer { $0.map(TableText.fold) } }
    var previousName: [UInt8] = []
    for entry in 0..<CodeTables.nameCount {
      let value = CodeRecords.element(CodeTables.nameIndex, entry, width: 4)
      let row = CodeRow(at: value >> 1)
      let name = folded(value & 1 == 0 ? row.name : row.constant)
      #expect(!name.lexicographicallyPrecedes(previousName), "name index entry \(entry)")
      previousName = name
    }
    var previousDomain: [UInt8] = []
    for entry in 0..<CodeTables.tableCount {
      let table = CodeTable(at: CodeRecords.element(CodeTables.domainIndex, entry, width: 3))
      let domain = folded(table.domain)
      #expect(!domain.lexicographicallyPrecedes(previousDomain), "domain index entry \(entry)")
      previousDomain = domain
    }
    var previousStart = 0
    for index in 0..<CodeTables.tableCount {
      #expect(CodeTable.rowStart(at: index) >= previousStart, "table \(index)")
      previousStart = CodeTable.rowStart(at: index)
    }
  }

  /// Every row is found by its code, by its name and by its C constant, in every table that
  /// holds it, and every table by its domain.
  @Test func everyRowIsReachedThroughTheIndexes() {
    var inCodeIndex = Array(repeating: 0, count: CodeTables.rowCount)
    for entry in 0..<CodeTables.rowCount {
      inCodeIndex[CodeRecords.element(CodeTables.codeIndex, entry, width: 3)] += 1
    }
    #expect(inCodeIndex.allSatisfy { $0 == 1 })
    for index in 0..<CodeTables.rowCount {
      let row = CodeRow(at: index)
      #expect(CodeTables.rows(withCode: row.code).contains(index), "row \(index) by code")
      #expect(
        CodeTables.rows(named: row.name.description).contains { $0.row == index && $0.exact },
        "row \(index) by name")
      if !row.constant.isEmpty {
        #expect(
          CodeTables.rows(named: row.constant.description).contains {
            $0.row == index && $0.exact
          }, "row \(index) by constant")
      }
      #expect(!CodeTables.tables(holding: index).isEmpty, "row \(index) has a table")
    }
    for index in 0..<CodeTables.tableCount {
      let domain = CodeTable(at: index).domain.description
      #expect(CodeTables.tables(inDomain: domain).contains(index), "table \(index) by domain")
    }
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
      #expect(found == target)
      var bound = 1
      while 1 << bound < count { bound += 1 }
      #expect(questions <= bound + 1, "\(questions) questions for \(count) entries")
    }
  }

  /// A word search meets the rows through the word index: a word of a name, of a domain, and
  /// the start of a word.
  @Test func wordsReachRowsAndTables() {
    let byName = CodeTables.matches(word: "notreachable")
    #expect(
      byName.rows.contains { CodeRow(at: $0).name.description == "accessoryNotReachable" })
    let byPrefix = CodeTables.matches(word: "virtualmach")
    #expect(
      byPrefix.rows.contains {
        CodeRow(at: $0).name.description == "invalidVirtualMachineConfiguration"
      })
    let byDomain = CodeTables.matches(word: "homekit")
    #expect(
      byDomain.tables.contains { CodeTable(at: $0).domain.description == "HMErrorDomain" })
    let lookup = CodeDirectory()
    #expect(
      lookup.search(["homekit", "reachable"]).contains {
        $0.entry.domain == "HMErrorDomain" && $0.entry.name == "accessoryNotReachable"
      })
  }
}
