import ErrorKitCore
import Foundation
import StateKit
import Testing

@testable import InspectKit

/// InspectKit as a library: the tables and readers the tool shares with the rest of the package.
@Suite("InspectKit")
struct InspectKitTests {
  /// StateKit's errors come from StateKit's own catalog. A look-up walks the hand-written
  /// entries only in their domains, so those must be every domain the entries have.
  @Test func theBuiltInEntriesAreStateKitsCatalogInTheHandWrittenDomains() {
    let stateKit = CodeDirectory.builtIn.entries.filter { $0.domain == StateKitError.domain }
    #expect((stateKit, stateKit.isEmpty) == (ErrorCatalog.stateKit.entries, false))
    let domains = CodeDirectory.builtIn.entries.map(\.domain)
    #expect(Set(domains) == Set(CodeDirectory.handWrittenDomains))
  }

  /// NSError text reads the name key and escaped details; masks and hex tokens share one
  /// digit reader; a catalog's states JSON is what `--states` reads.
  @Test func theReadersTheToolShares() throws {
    let text =
      #"Error Domain=com.example.Store Code=3 "(null)" UserInfo={ErrorKitName=saveFailed, "#
      + #"ErrorKitDetail.NSLocalizedDescription=not the message, path=/tmp/x}"#
    let results = ErrorScanner.findAll(in: PastedText(text))
    let payload = try #require(results.first?.payload)
    #expect(
      (results.count, payload.name, payload.message, payload.details)
        == (1, "saveFailed", nil, ["NSLocalizedDescription": "not the message", "path": "/tmp/x"]))

    #expect(
      [
        try MaskToken.parse(Array("0x00010004".utf8)[...]),
        try MaskToken.parse(Array("0b101".utf8)[...]),
      ]
        == [0x1_0004, 5])
    #expect(try StateCatalog().parse("0x10004") == ControlState(rawValue: 0x1_0004))
    #expect(throws: Failure.self) { try MaskToken.parse(Array("0x1g".utf8)[...]) }

    var catalog = StateCatalog()
    _ = try catalog.declare("visited", applicationBit: 0)
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "states-\(UUID().uuidString).json")
    try Data(catalog.statesJSON.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Run(["--json", "--states", file.path, "0x10004"])
    #expect(run.status == 0 && run.stdout.contains(#""text": "selected | visited""#), "\(run)")
  }

  @Test func aReportForPeopleWritesTheSameJSONAsOneBuiltForJSON() {
    // A report for people builds no per-bit JSON at start-up; asked for JSON anyway, it writes
    // what a report built for JSON writes, for every layout and bit.
    var generator = SystemRandomNumberGenerator()
    for layout in BitLayout.all {
      let names = NameTable(layout: layout)
      let forJSON = MaskReport(names: names, color: false, json: true)
      let forPeople = MaskReport(names: names, color: false, json: false)
      let masks: [UInt] = [0, .max, 1 << 63] + (0..<200).map { _ in generator.next() }
      for raw in masks {
        var built: [UInt8] = []
        var onDemand: [UInt8] = []
        forJSON.json(raw, input: [], into: &built)
        forPeople.json(raw, input: [], into: &onDemand)
        #expect(built == onDemand, "mask \(raw) of \(layout)")
      }
    }
  }

}
