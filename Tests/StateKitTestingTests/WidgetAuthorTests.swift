import StateKit
import StateKitTesting
import Testing

/// The widget author's scenario of issue 13: a resolver written by hand with a precedence bug,
/// checked against StateTable; and a widget whose actions can leave it pressed while disabled.
/// The runner must find each bug, shrink it to what matters, and replay it from the seed.
@Suite("Widget author scenarios")
struct WidgetAuthorTests {
  static let catalog: StateCatalog = {
    var catalog = StateCatalog()
    _ = try? catalog.declare("visited", applicationBit: 0)
    return catalog
  }()

  /// A hand-written resolver: the most specific matching entry wins, ties by precedence. The
  /// bug: it ranks application states (visited) above the system ones, where StateTable ranks
  /// disabled, highlighted, focused and selected first.
  static func wrongResolve(_ entries: [StateTable<Int>.Entry], _ state: ControlState) -> Int? {
    let precedence = Array((16...23).reversed()) + [1, 0, 3, 2]
    func key(_ selector: StateSelector) -> [Int] {
      [selector.specificity]
        + precedence.map { selector.required.rawValue >> UInt($0) & 1 == 1 ? 1 : 0 }
        + precedence.map { selector.excluded.rawValue >> UInt($0) & 1 == 1 ? 1 : 0 }
    }
    return entries.filter { $0.selector.matches(state) }
      .max { key($0.selector).lexicographicallyPrecedes(key($1.selector)) }?.value
  }

  static let cases = Gen.tableCase(values: Gen.int(in: 0...9), catalog: catalog)

  static func precedenceCheck(seed: UInt64? = nil) -> PropertyFailure<
    ([StateTable<Int>.Entry], ControlState)
  >? {
    check("resolve agrees with the widget's resolver", cases, cases: 5_000, seed: seed) {
      entries, state in
      StateTable(entries.map { ($0.selector, $0.value) }).resolve(state)
        == wrongResolve(entries, state)
    }
  }

  @Test func aWrongPrecedenceRuleShrinksToAFewNamedStates() throws {
    let failure = try #require(Self.precedenceCheck(), "the precedence bug must be found")
    let (entries, state) = try #require(failure.counterexample)
    let report = failure.report
    print(report)
    // At most three states, all of them named, in at most two entries.
    #expect(
      state.rawValue.nonzeroBitCount <= 3 && Self.catalog.unnamedBits(in: state).isNormal,
      "\(report)")
    let mentioned = entries.reduce(state) {
      $0.union($1.selector.required).union($1.selector.excluded)
    }
    #expect(
      Self.catalog.unnamedBits(in: mentioned).isNormal && entries.count <= 2 && report.shrinks > 0
        && report.tries >= 1, "\(report)")
    // It is a real counterexample.
    let table = StateTable(entries.map { ($0.selector, $0.value) })
    #expect(table.resolve(state) != Self.wrongResolve(entries, state))
    // The report prints it in the state text format with the catalog, and says how to replay.
    let seed = try PropertySeed.current.get()
    // The report names the seed the run used.
    #expect(
      (
        report.seed, report.counterexample.contains("visited"),
        report.counterexample.contains("0x"),
        report.replay.hasPrefix("STATEKIT_SEED=\(seed) swift test --filter "),
        report.replay.contains("WidgetAuthorTests/aWrongPrecedenceRuleShrinksToAFewNamedStates"),
        report.description.lacking([report.counterexample, report.replay])
      ) == (seed, true, false, true, true, []), "\(report)")
    // Replaying the seed gives the same tries, shrinks and counterexample.
    let replayed = try #require(Self.precedenceCheck(seed: seed)).report
    #expect(
      (replayed.counterexample, replayed.firstCounterexample, replayed.tries, replayed.shrinks)
        == (report.counterexample, report.firstCounterexample, report.tries, report.shrinks))
  }

  /// A button's rules, with a bug: disabling a pressed button leaves it highlighted.
  static let buttonActions: [StateAction] = [
    StateAction("press") { $0.contains(.disabled) ? $0 : $0.union(.highlighted) },
    .release,
    StateAction("disable") { $0.union(.disabled) },  // should also clear highlighted
    .enable, .select, .deselect, .focus, .blur,
  ]

  static func neverPressedWhileDisabled(seed: UInt64? = nil) -> PropertyFailure<[StateAction]>? {
    check(
      "a disabled button is never highlighted",
      Gen.actions(buttonActions, count: 0...7).resized(100),
      seed: seed
    ) { actions in
      var state = ControlState.normal
      for action in actions {
        state = action.apply(state)
        if state.isSuperset(of: [.disabled, .highlighted]) { return false }
      }
      return true
    }
  }

  @Test func anActionSequenceShrinksToTheTwoActionsThatMatter() throws {
    let failure = try #require(Self.neverPressedWhileDisabled())
    print(failure.report)
    #expect(
      (
        failure.counterexample?.map(\.description), failure.report.counterexample,
        failure.report.shrinks > 0
      )
        == (["press", "disable"], "[press, disable]", true), "\(failure.report)")
    // Over twenty seeds, every first failure (up to 7 actions, several of them 7 long) shrinks
    // to the same two actions, and replays to the same result.
    var firstLengths: [Int] = []
    for seed in UInt64(1)...20 {
      let failure = try #require(Self.neverPressedWhileDisabled(seed: seed), "seed \(seed)")
      let first = try #require(failure.firstCounterexample)
      firstLengths.append(first.count)
      if first.count == 7, !firstLengths.dropLast().contains(7) { print(failure.report) }
      #expect(first.count >= 2 && first.count <= 7)
      #expect(
        failure.counterexample?.map(\.description) == ["press", "disable"], "\(failure.report)")
      let replayed = try #require(Self.neverPressedWhileDisabled(seed: seed))
      #expect(replayed.report == failure.report)
    }
    print("first failing lengths, seeds 1 to 20: \(firstLengths)")
    #expect(firstLengths.filter { $0 == 7 }.count >= 3, "\(firstLengths)")
  }
}
