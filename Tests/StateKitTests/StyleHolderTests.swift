import StateKit
import Testing

@testable import StateKitCore

/// A style handle kept where toolkits keep styles: a `static let` of a main-actor class, a
/// class property a subclass overrides, a value in an environment, a local copy.
@MainActor
class HandleWidget {
  static let shared = StyleHolder(StateTable([(StateSelector(.selected), 1)]), default: 0)
  /// The style of the widget's kind; a subclass gives its own.
  class var style: StyleHolder<Int> { shared }

  func draw(_ states: [ControlState]) -> [Int] {
    // One read of the global per draw; the loop reads the local copy.
    let style = Self.style
    return states.map { style[$0] }
  }
}

@MainActor
final class SpecialWidget: HandleWidget {
  static let special = StyleHolder(StateTable([(StateSelector(.selected), 2)]), default: 0)
  override class var style: StyleHolder<Int> { special }
}

/// An environment of values, as a toolkit passes down a subtree.
struct Environment: Sendable {
  var button = StyleHolder(StateTable<String>(), default: "plain")
}

@Suite("StyleHolder as a handle")
struct StyleHolderTests {
  /// A handle lives where toolkits keep styles; copies share one style.
  @Test @MainActor func aHandleLivesWhereToolkitsKeepStyles() throws {
    let draws: [[Int]] = [
      HandleWidget().draw([.normal, .selected]), SpecialWidget().draw([.normal, .selected]),
    ]
    #expect(draws == [[0, 1], [0, 2]])
    // The table of a handle is a plain optional value.
    #expect(HandleWidget.style.table?.count == 1)

    let environment = Environment()
    let copy = environment.button
    environment.button.update { $0[StateSelector(.disabled)] = "dim" }
    let shared: [String] = [copy[.disabled], environment.button[.disabled]]
    // Another handle in the environment replaces the style for that subtree only.
    var subtree = environment
    subtree.button = StyleHolder(StateTable([(StateSelector(.disabled), "gray")]), default: "plain")
    let values: [String] = shared + [subtree.button[.disabled], environment.button[.disabled]]
    #expect(values == ["dim", "dim", "gray", "dim"])
  }

  /// A reader that loaded the current lookup just before an update may still be reading it:
  /// every lookup the holder replaced stays alive while the holder lives, then is freed.
  @Test func replacedLookupsLiveAsLongAsTheHolder() {
    final class Box: Sendable {
      let tag: Int
      init(_ tag: Int) { self.tag = tag }
    }
    weak var first: Box?
    weak var second: Box?
    do {
      let holder = StyleHolder(StateTable<Box>(), default: Box(0))
      do {
        let box = Box(1)
        first = box
        holder.table = StateTable([(StateSelector(.selected), box)])
      }
      // What a reader on another thread holds: the header it loaded.
      let header = holder._published.header
      do {
        let box = Box(2)
        second = box
        holder.table = StateTable([(StateSelector(.selected), box)])
      }
      holder.table = StateTable([(StateSelector(.selected), Box(3))])
      holder.update { $0[StateSelector(.focused)] = Box(4) }
      // The old lookup and its values are still there for that reader.
      #expect(first != nil && second != nil)
      let code = header.pointee.frozen.code(ControlState.selected.rawValue)
      #expect(code.map { header.pointee.frozen.values[$0].tag } == 1)
      #expect(holder[.selected].tag == 3 && holder[.focused].tag == 4)
    }
    #expect(first == nil && second == nil)
  }

  /// Readers on other threads race updates: each read sees one published table whole (run
  /// under ThreadSanitizer and AddressSanitizer in CI, where a freed lookup is an error).
  ///
  /// And two writers at once: every change lands on the table the other published.
  @Test func readersRaceUpdates() async {
    let holder = StyleHolder(StateTable([(StateSelector(.selected), [0, 0])]), default: [0, 0])
    let ok = await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        for round in 1...500 {
          holder.table = StateTable([(StateSelector(.selected), [round, round])])
          holder.update { $0[StateSelector(.focused)] = [-round, -round] }
        }
        return true
      }
      for _ in 0..<3 {
        group.addTask {
          let reader = holder
          for _ in 0..<20_000 {
            let value = reader[[.selected]]
            if value[0] != value[1] { return false }
            let focused = reader.withValue(for: .focused) { $0[0] == $0[1] }
            if !focused { return false }
          }
          return true
        }
      }
      return await group.reduce(true) { $0 && $1 }
    }
    let ends: [[Int]] = [holder[.selected], holder[.focused]]
    #expect(ok && ends == [[500, 500], [-500, -500]])

    let counter = StyleHolder(StateTable<Int>(), default: 0)
    await withTaskGroup(of: Void.self) { group in
      for writer in 0..<2 {
        group.addTask {
          for round in 0..<200 {
            counter.update {
              $0[StateSelector(ControlState(rawValue: 1 << UInt(16 + writer)))] = round
              $0[StateSelector(.normal)] = ($0.resolve(.normal) ?? 0) + 1
            }
          }
        }
      }
    }
    #expect(counter[.normal] == 400)
  }
}

/// Holders evaluated from shared chains that are holders too: a theme that changes a chain
/// reaches every holder built from it.
@Suite("StyleHolder reading shared chains")
struct StyleHolderChainTests {
  /// A part's paint, as a toolkit's chains choose it.
  enum Role: Sendable, Equatable { case normal, focus, disabled, hot }

  struct Parts: Sendable, Equatable {
    var glyph: String
    var text: Role
  }

  /// A change to a shared chain reaches every holder built from it. A holder evaluated from no
  /// chain is written as before, with no type to spell out. A holder built from a chain does
  /// not keep the chain's reader alive past its last copy, and the chain keeps working without
  /// it.
  @Test func aChangeToASharedChainReachesEveryHolderBuiltFromIt() {
    let text = StyleHolder(
      firstMatch: [.disabled: Role.disabled, .focused: .focus], default: .normal)
    let glyph = StyleHolder(firstMatch: [.disabled: "·"], default: "o")
    let checkBox = StyleHolder(evaluating: [.disabled, .focused, .selected], reading: text, glyph) {
      state in
      Parts(glyph: state.contains(.selected) ? "x" : glyph[state], text: text[state])
    }
    let label = StyleHolder(evaluating: [.disabled, .focused], reading: text) { text[$0] }
    var parts: [Parts] = [checkBox[[.focused, .selected]]]
    var roles: [Role] = [label[.focused]]
    // The theme changes the chain: the holders built from it answer with the change.
    text.update { $0[StateSelector(.focused)] = .hot }
    parts += [checkBox[[.focused, .selected]], checkBox[.disabled]]
    roles.append(label[[.focused, .selected]])
    glyph.update { $0[StateSelector(.disabled)] = "-" }
    parts.append(checkBox[.disabled])
    roles.append(label[.disabled])
    // A copy of a holder is the holder: it sees the change too.
    let copy = label
    text.update { $0[StateSelector(.disabled)] = .normal }
    roles.append(copy[.disabled])
    let expectedParts: [Parts] = [
      Parts(glyph: "x", text: .focus), Parts(glyph: "x", text: .hot),
      Parts(glyph: "·", text: .disabled), Parts(glyph: "-", text: .disabled),
    ]
    #expect(parts == expectedParts)
    #expect(roles == [.focus, .hot, .disabled, .normal])

    let border = StyleHolder(evaluating: [.focused, .highlighted]) { state in
      state.contains(.focused) ? "=" : " "
    }
    #expect(border[[.focused, .selected]] == "=")

    let chain = StyleHolder(firstMatch: [.focused: Role.focus], default: .normal)
    weak var gone: _HolderBox<Role>?
    do {
      let dependent = StyleHolder(evaluating: [.focused], reading: chain) { chain[$0] }
      gone = dependent._box
      #expect(dependent[.focused] == .focus)
    }
    #expect(gone == nil)
    chain.update { $0[StateSelector(.focused)] = .hot }
    #expect(chain[.focused] == .hot)
  }

  /// Chains changed from many tasks at once: when they are done, the holder built from them
  /// answers as its function does with their last tables, whichever evaluation ended last.
  @Test func concurrentChangesToChainsEndInTheirLastAnswers() async {
    let text = StyleHolder(StateTable<Int>(), default: 0)
    let glyph = StyleHolder(StateTable<Int>(), default: 0)
    let sum = StyleHolder(evaluating: [.focused, .selected], reading: text, glyph) {
      text[$0] * 100 + glyph[$0]
    }
    await withTaskGroup(of: Void.self) { group in
      for task in 1...8 {
        group.addTask {
          for round in 1...50 {
            let chain = task.isMultiple(of: 2) ? text : glyph
            chain.update { $0[StateSelector(.focused)] = task * 1_000 + round }
          }
        }
      }
    }
    for state in ControlState.combinations(of: [.focused, .selected]) {
      #expect(sum[state] == text[state] * 100 + glyph[state], "\(state)")
    }
  }
}
