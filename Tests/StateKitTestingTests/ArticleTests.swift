import StateKit
import StateKitTesting
import Synchronization
import Testing

/// The code of the article "Testing state unions" and of the README, run as written: each
/// property fails on purpose, and `forAll` must record exactly one issue for it.
@Suite("Testing state unions (article)")
struct ArticleTests {
  /// Runs `body` and returns the issues it recorded, as known issues.
  func issues(_ body: () -> Void) -> [String] {
    let recorded = Mutex<[String]>([])
    withKnownIssue {
      body()
    } matching: { issue in
      recorded.withLock { $0.append(issue.comments.map(\.rawValue).joined()) }
      return true
    }
    return recorded.withLock { $0 }
  }

  @Test func disabledButtonsAreNeverHighlighted() throws {
    let recorded = issues {
      forAll("a disabled button is never highlighted", Gen.actions(count: 0...7)) { actions in
        let state = StateAction.run(actions)
        return !state.isSuperset(of: [.disabled, .highlighted])
      }
    }
    #expect(recorded.count == 1, "one issue per failing property, not one per case")
    let report = try #require(recorded.first)
    print(report)
    #expect(report.contains("Counterexample (shrunk "))
    #expect(
      report.contains("\n    [press, disable]\n") || report.contains("\n  [press, disable]\n"))
    #expect(report.contains("STATEKIT_SEED="))
    #expect(
      report.contains(
        "--filter \"StateKitTestingTests.ArticleTests/disabledButtonsAreNeverHighlighted()\""))
  }

  @Test func theWidgetAuthorsResolver() throws {
    var catalog = StateCatalog()
    try catalog.declare("visited", applicationBit: 0)
    let recorded = issues {
      let cases = Gen.tableCase(values: Gen.int(in: 0...9), catalog: catalog)
      forAll("resolve agrees with the widget's resolver", cases, cases: 5_000) { entries, state in
        let table = StateTable(entries.map { ($0.selector, $0.value) })
        return table.resolve(state) == WidgetAuthorTests.wrongResolve(entries, state)
      }
    }
    #expect(recorded.count == 1)
    let report = try #require(recorded.first)
    print(report)
    #expect(report.contains("[highlighted: 1, visited: 0], highlighted | visited"), "\(report)")
  }

  @Test func reusableLaws() throws {
    var catalog = StateCatalog()
    try catalog.declare("visited", applicationBit: 0)
    let reference: @Sendable ([StateTable<Int>.Entry], ControlState) -> Int? = {
      entries, state in
      entries.filter { $0.selector.matches(state) }
        .max { $1.selector.outranks($0.selector) }?.value
    }
    let failures = forAll(
      Law.setAlgebra(Gen.controlState(catalog: catalog))
        + Law.textRoundTrip(catalog: catalog)
        + [
          Law.resolveIsOrderIndependent(values: Gen.int(in: 0...9), catalog: catalog),
          Law.resolveAgrees(with: reference, values: Gen.int(in: 0...9), catalog: catalog),
        ])
    #expect(failures.isEmpty)
  }
}
