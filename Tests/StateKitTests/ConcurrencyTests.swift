import StateKit
import Testing

/// Merging catalogs and formatting from many tasks at once; CI runs these under
/// ThreadSanitizer. With no process-wide catalog, what one task names never shows in another.
@Suite("Concurrent naming")
struct ConcurrencyTests {
  @Test func manyTasksMergeAndFormat() async throws {
    let shared = try StateCatalog(
      merging: [StateNames("Shared", ["visited": ControlState(rawValue: 1 << 16)])])
    let results = await withTaskGroup(of: [String].self) { group in
      for task in 0..<64 {
        group.addTask {
          var failures: [String] = []
          for round in 0..<50 {
            let index = (task + round) % 7
            let own = StateNames(
              "Task\(task)", ["concurrent\(index)": ControlState(rawValue: 1 << UInt(17 + index))])
            do {
              var catalog = shared
              try catalog.merge(own)
              let state = ControlState(rawValue: 1 << UInt(17 + index) | 1 << 16 | 0x4)
              if catalog.description(of: state) != "selected | visited | concurrent\(index)" {
                failures.append("named \(catalog.description(of: state))")
              }
            } catch {
              failures.append("\(error)")
            }
            // Another owner's different name for the same bit must always fail.
            var intruded = shared
            let intruder = StateNames(
              "Intruder", ["intruder": ControlState(rawValue: 1 << UInt(17 + index))])
            if (try? intruded.merge(own)) != nil, (try? intruded.merge(intruder)) != nil {
              failures.append("intruder took bit \(index + 17)")
            }
            let state = ControlState(rawValue: UInt(task) << 17 | 0x4)
            if ControlState(state.description) != state || state.description.contains("concurrent")
            {
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
          return wrong + (copy.entries.count == 4 ? 0 : 1)
        }
      }
      return await group.reduce(0, +)
    }
    // Copies never change the shared table.
    let counts: [Int] = [wrong, shared.entries.count]
    #expect(counts == [0, 3])
  }
}

@Suite("StyleSet across tasks")
struct StyleConcurrencyTests {
  /// A style set is compiled by its first resolve after a change, on whichever task resolves
  /// first: tasks that resolve one freshly built set at once race to compile it, and each
  /// also changes and resolves a copy of its own (which compiles that copy alone).
  @Test func freshStyleSetsCompileOnceUnderRacingResolves() async {
    let title = StyleKey<String>("title")
    let width = StyleKey<Int>("width")
    var wrong = 0
    for round in 0..<50 {
      var style = StyleSet()
      style[title, for: .normal] = "normal \(round)"
      style[title, for: .selected] = "selected"
      style[title, for: .disabled] = "disabled"
      style[width, for: .focused] = round
      let shared = style
      wrong += await withTaskGroup(of: Int.self) { group in
        for task in 0..<8 {
          group.addTask {
            var copy = shared
            var wrong = 0
            for step in 0..<40 {
              let state = ControlState(rawValue: UInt(task &+ step) & 0xF)
              let look = shared.resolve(state)
              let expected =
                state.contains(.disabled)
                ? "disabled" : state.contains(.selected) ? "selected" : "normal \(round)"
              if look[title] != expected { wrong += 1 }
              if look[width] != (state.contains(.focused) ? round : nil) { wrong += 1 }
              copy[width, for: .focused] = step
              if copy.resolve(.focused)[width] != step { wrong += 1 }
            }
            return wrong
          }
        }
        return await group.reduce(0, +)
      }
      #expect(shared[width, for: .focused] == round, "copies never change the shared set")
    }
    #expect(wrong == 0)
  }
}
