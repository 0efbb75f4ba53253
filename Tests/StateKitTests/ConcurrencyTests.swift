import StateKit
import Testing

/// Declaring and formatting from many tasks at once; CI runs these under ThreadSanitizer.
@Suite("Concurrent declaration")
struct ConcurrencyTests {
  @Test func manyTasksDeclareAndFormat() async throws {
    // Bits 1...7 of the application range belong to this test in the process-wide catalog.
    let names = (1...7).map { "concurrent\($0)" }
    let results = await withTaskGroup(of: [String].self) { group in
      for task in 0..<64 {
        group.addTask {
          var failures: [String] = []
          for round in 0..<50 {
            let index = (task + round) % 7
            do {
              let state = try ControlState.declare(names[index], applicationBit: index + 1)
              if state.rawValue != 1 << UInt(17 + index) {
                failures.append("wrong bit for \(names[index])")
              }
            } catch {
              failures.append("\(error)")
            }
            // A different name for an already claimed bit must always fail.
            if (try? ControlState.declare("intruder\(task)", applicationBit: index + 1)) != nil {
              failures.append("intruder\(task) took bit \(index + 17)")
            }
            let state = ControlState(rawValue: UInt(task) << 17 | 0x4)
            if ControlState(state.description) != state {
              failures.append("round trip of \(state.debugDescription)")
            }
          }
          return failures
        }
      }
      var all: [String] = []
      for await failures in group { all += failures }
      return all
    }
    #expect(results.isEmpty, "\(results.prefix(5))")
    for (offset, name) in names.enumerated() {
      #expect(ControlState.catalog.state(named: name)?.rawValue == 1 << UInt(17 + offset))
    }
  }
}

@Suite("StateTable across tasks")
struct TableConcurrencyTests {
  @Test func sharedTablesResolveFromManyTasks() async {
    var table = StateTable<String>()
    table[.normal] = "normal"
    table[.selected] = "selected"
    table[.disabled] = "disabled"
    let shared = table
    let wrong = await withTaskGroup(of: Int.self) { group in
      for task in 0..<32 {
        group.addTask {
          var copy = shared
          var wrong = 0
          for round in 0..<500 {
            let state = ControlState(rawValue: UInt(task &+ round) & 0x7)
            let expected =
              state.contains(.disabled)
              ? "disabled" : state.contains(.selected) ? "selected" : "normal"
            if shared.resolve(state) != expected { wrong += 1 }
            copy[.focused] = "focused \(round)"
          }
          return wrong + (copy.count == 4 ? 0 : 1)
        }
      }
      return await group.reduce(0, +)
    }
    #expect(wrong == 0)
    #expect(shared.count == 3, "copies never change the shared table")
  }
}
