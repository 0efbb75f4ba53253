import StateKitTesting
import Testing

@testable import StateKitCore

/// Transition tables against the rule they document, written out as a plain sort: entries
/// ranked by the selector entered, then by the selector left, each by the precedence; the
/// first entry whose two selectors match the change wins.
@Suite("TransitionTable")
struct TransitionTableTests {
  /// Four bits: 16 states, 256 changes, every one of them checked per table.
  static let bits: ControlState = [
    .highlighted, .disabled, .selected, ControlState(rawValue: 1 << 16),
  ]
  static let transitions = [
    Transition.snap, Transition(milliseconds: 60, curve: .easeOut),
    Transition(milliseconds: 250, delay: 20), Transition(milliseconds: 120, curve: .linear),
  ]
  static let precedences = [
    StatePrecedence.standard, StatePrecedence(dominant: .disabled),
    StatePrecedence([ControlState(rawValue: 1 << 16), .selected]),
  ]

  /// Entries over `bits`, with distinct pairs of selectors, and a precedence.
  static let entries: Generator<([TransitionTable.Entry], StatePrecedence)> = {
    let selector = Gen.selector(states: Gen.controlState(in: bits, count: 0...2))
    let entry = Gen.zip(selector, selector, Gen.element(of: transitions)).map {
      TransitionTable.Entry(from: $0.0, to: $0.1, transition: $0.2)
    }
    let unique = entry.array(count: 0...10).map { entries in
      var seen: Set<[StateSelector]> = []
      return entries.filter { seen.insert([$0.from, $0.to]).inserted }
    }
    return Gen.zip(unique, Gen.element(of: precedences))
  }()

  /// The documented rule, written as a sort key: dominant states either selector requires,
  /// then the two selectors' specificity together, then the states both require, the state
  /// entered's, the state left's, then the excluded states likewise (by the precedence's key).
  static func reference(
    _ entries: [TransitionTable.Entry], _ precedence: StatePrecedence, _ change: StateChange
  ) -> TransitionTable.Entry? {
    func key(_ entry: TransitionTable.Entry) -> [UInt64] {
      let required = entry.from.required.union(entry.to.required)
      return [
        precedence.key(required.intersection(precedence.dominant)),
        UInt64(entry.from.specificity + entry.to.specificity), precedence.key(required),
        precedence.key(entry.to.required), precedence.key(entry.from.required),
        precedence.key(entry.from.excluded.union(entry.to.excluded)),
        precedence.key(entry.to.excluded), precedence.key(entry.from.excluded),
      ]
    }
    let matching = entries.filter { $0.from.matches(change.old) && $0.to.matches(change.new) }
    return matching.max { key($0).lexicographicallyPrecedes(key($1)) }
  }

  static var changes: [StateChange] {
    let states = Array(ControlState.combinations(of: bits))
    return states.flatMap { old in states.map { StateChange(old: old, new: $0) } }
  }

  @Test func resolvesEveryChangeAsTheRuleSays() {
    let changes = Self.changes
    forAll(
      "resolve(change) is the first of the ranked entries that matches", Self.entries,
      cases: GrowthChecks.cases(600)
    ) { entries, precedence in
      let table = TransitionTable(entries, precedence: precedence)
      return changes.allSatisfy {
        table.resolve($0) == Self.reference(entries, precedence, $0)?.transition
      }
    }
  }

  @Test func explainNamesTheEntryResolveUses() {
    let changes = Self.changes
    forAll("explain(change) names the winning entry", Self.entries, cases: GrowthChecks.cases(300))
    {
      entries, precedence in
      let table = TransitionTable(entries, precedence: precedence)
      return changes.allSatisfy { change in
        let why = table.explain(change)
        let expected = Self.reference(entries, precedence, change)
        return why.winner == expected && why.winner?.transition == table.resolve(change)
          && (why.winner == nil) == (why.decision == .noMatch)
          && why.matches.count == entries.filter { $0.matches(change) }.count
      }
    }
  }

  @Test func orderOfSettingDoesNotMatter() {
    let shuffled = Self.entries.flatMap { entries, precedence in
      Gen.shuffled(entries).map { (entries, $0, precedence) }
    }
    forAll("tables filled in any order are equal", shuffled, cases: GrowthChecks.cases(500)) {
      entries, other, precedence in
      let table = TransitionTable(entries, precedence: precedence)
      let reordered = TransitionTable(other, precedence: precedence)
      var late = TransitionTable()
      for entry in other.reversed() { late[from: entry.from, to: entry.to] = entry.transition }
      late.precedence = precedence
      return table == reordered && table == late && table.hashValue == late.hashValue
        && table.count == entries.count && Set(table.entries) == Set(entries)
    }
  }

  /// Disabling a pressed button snaps whatever else animates; precedence decides between
  /// equally specific pairs; removing the last entry leaves an empty table.
  @Test func disablingAPressedButtonSnapsWhateverElseAnimates() {
    var table = TransitionTable()
    table[to: .highlighted] = Transition(milliseconds: 60)
    table[from: .highlighted] = Transition(milliseconds: 250)
    table[from: .highlighted, to: .selected] = Transition(milliseconds: 300)
    table[to: .focused] = Transition(milliseconds: 90)
    table[to: .disabled] = .snap
    let snaps: [Transition?] = [
      table.resolve(StateChange(old: .highlighted, new: [.highlighted, .disabled])),
      table.resolve(StateChange(old: .highlighted, new: .disabled)),
    ]
    #expect(snaps == [.snap, .snap])
    // A pair beats either state alone. Releasing a focused button is a release: highlighted
    // ranks before focused.
    let durations: [Int?] = [
      table.resolve(StateChange(old: .normal, new: .highlighted))?.duration,
      table.resolve(StateChange(old: .highlighted, new: .selected))?.duration,
      table.resolve(StateChange(old: [.highlighted, .focused], new: .focused))?.duration,
      table.resolve(StateChange(old: .normal, new: .focused))?.duration,
    ]
    #expect(durations == [60, 300, 250, 90])
    #expect(table.resolve(StateChange(old: .selected, new: .normal)) == nil)

    let visited = ControlState(rawValue: 1 << 16)
    var ranked = TransitionTable()
    ranked[from: .selected, to: .disabled] = Transition(milliseconds: 1)
    ranked[from: visited, to: .disabled] = Transition(milliseconds: 2)
    ranked[from: .selected, to: visited] = Transition(milliseconds: 3)
    let change = StateChange(old: [.selected, visited], new: [.disabled, visited])
    var decided: [Int?] = [ranked.resolve(change)?.duration]
    ranked.precedence = StatePrecedence([visited])
    decided.append(ranked.resolve(change)?.duration)
    ranked.precedence = StatePrecedence([visited, .selected])
    decided.append(ranked.resolve(change)?.duration)
    ranked.precedence = StatePrecedence([visited, .selected], dominant: .disabled)
    decided.append(ranked.resolve(change)?.duration)
    #expect(decided == [1, 2, 3, 2])
    #expect(ranked.explain(change).decision == .precedence)

    var emptied = TransitionTable()
    emptied[from: .selected, to: .disabled] = .snap
    emptied[from: .selected, to: .disabled] = nil
    #expect(emptied.isEmpty && emptied == TransitionTable() && emptied.relevantStates == .normal)
  }

  /// The ranking of pairs is a strict total order: irreflexive, asymmetric, transitive, and
  /// every two distinct pairs are ordered.
  @Test func pairsAreTotallyOrdered() {
    let selector = Gen.selector(states: Gen.controlState(in: Self.bits, count: 0...2))
    let pair = Gen.zip(selector, selector)
    let cases = Gen.zip(Gen.zip(pair, pair, pair), Gen.element(of: Self.precedences))
    forAll("outranks on pairs is a strict total order", cases, cases: GrowthChecks.cases(3_000)) {
      triple, precedence in
      let (a, b, c) = triple
      let ab = precedence.outranks((a.0, a.1), (b.0, b.1))
      let ba = precedence.outranks((b.0, b.1), (a.0, a.1))
      let bc = precedence.outranks((b.0, b.1), (c.0, c.1))
      let ac = precedence.outranks((a.0, a.1), (c.0, c.1))
      let same = a.0 == b.0 && a.1 == b.1
      return !precedence.outranks((a.0, a.1), (a.0, a.1)) && !(ab && ba)
        && (same || ab || ba) && (!(ab && bc) || ac)
    }
  }

  @Test func curvesStartAtZeroAndEndAtOne() {
    let coordinate = Gen.int(in: -4_000...4_000).map { Double($0) / 1_000 }
    let named = Gen.element(of: [TransitionCurve.linear, .ease, .easeIn, .easeOut, .easeInOut])
    let beziers = Gen.zip(Gen.zip(coordinate, coordinate), Gen.zip(coordinate, coordinate)).map {
      TransitionCurve.cubicBezier($0.0.0, $0.0.1, $0.1.0, $0.1.1)
    }
    let steps = Gen.zip(Gen.int(in: -2...12), Gen.element(of: StepPosition.allCases)).map {
      TransitionCurve.steps($0.0, at: $0.1)
    }
    let curves = Gen.frequency((1, named), (1, beziers), (1, steps))
    forAll(
      "progress(0) == 0, progress(1) == 1, outside 0...1 clamped", curves,
      cases: GrowthChecks.cases(3_000)
    ) {
      curve in
      curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1 && curve.progress(at: -3) == 0
        && curve.progress(at: 7) == 1 && curve.progress(at: .nan) == 0
    }
  }

  /// A Bézier curve's progress is its y where its x is the time: checked against a bisection
  /// of the curve's own polynomial in the test, to 1e-6.
  @Test func bezierProgressSolvesForTime() {
    let unit = Gen.int(in: 0...1_000).map { Double($0) / 1_000 }
    let any = Gen.int(in: -2_000...3_000).map { Double($0) / 1_000 }
    let cases = Gen.zip(Gen.zip(unit, any, unit), any, Gen.int(in: 1...999))
    forAll("progress(x) == y(t) where x(t) == x", cases, cases: GrowthChecks.cases(3_000)) {
      points, y2, time in
      let (x1, y1, x2) = points
      let x = Double(time) / 1_000
      func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
      }
      var (low, high) = (0.0, 1.0)
      for _ in 0..<200 {
        let middle = (low + high) / 2
        if bezier(x1, x2, middle) < x { low = middle } else { high = middle }
      }
      let expected = bezier(y1, y2, (low + high) / 2)
      let curve = TransitionCurve.cubicBezier(x1, y1, x2, y2)
      return abs(curve.progress(at: x) - expected) < 1e-6
    }
  }

  /// Steps jump at their positions; the named curves are CSS's; transitions clamp what cannot
  /// be.
  @Test func stepsJumpAtTheirPositionsAndNamedCurvesAreCSSs() {
    let start = TransitionCurve.steps(4, at: .start)
    let end = TransitionCurve.steps(4, at: .end)
    let times: [Double] = [0.01, 0.25, 0.26, 0.5, 0.99]
    let progress: [[Double]] = [times.map(start.progress(at:)), times.map(end.progress(at:))]
    #expect(progress == [[0.25, 0.25, 0.5, 0.5, 1], [0, 0.25, 0.25, 0.5, 0.75]])
    let curves: [TransitionCurve] = [TransitionCurve.steps(0, at: .end), .ease]
    #expect(curves == [.steps(1, at: .end), .cubicBezier(0.25, 0.1, 0.25, 1)])
    let descriptions: [String] =
      [TransitionCurve.linear, .ease, .easeIn, .easeOut, .easeInOut]
      .map(\.description) + [TransitionCurve.cubicBezier(2, .infinity, -1, 0.5).description]
    let expected: [String] = [
      "linear", "ease", "ease-in", "ease-out", "ease-in-out", "cubic-bezier(1, 0, 0, 0.5)",
    ]
    #expect(descriptions == expected)
    // The named curves rise: a later time is never less progress.
    for curve in [TransitionCurve.ease, .easeIn, .easeOut, .easeInOut] {
      let samples = (0...1_000).map { curve.progress(at: Double($0) / 1_000) }
      #expect(zip(samples, samples.dropFirst()).allSatisfy { $0 <= $1 }, "\(curve)")
    }

    // A transition of no duration jumps: its curve is linear whatever is given.
    let transitions: [Transition] = [
      Transition(milliseconds: -5, delay: -1), Transition(milliseconds: 0, curve: .easeIn),
    ]
    #expect(transitions == [Transition(milliseconds: 0, curve: .ease), .snap])
    #expect(Transition(milliseconds: 5, delay: .max).end == .max)
    #expect(Transition(milliseconds: 0, delay: 40).description == "0 ms linear after 40 ms")
  }
}
