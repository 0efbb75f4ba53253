import ErrorKitCore
import StateKitCore

/// The lint of a theme's `$transitions`: entries that never apply, and changes that snap where
/// the same change beside one more state animates.
///
/// It plays every change between two combinations of the bits the theme mentions (its values'
/// and its transitions'), and for each attribute whose value the change alters, asks
/// `StyleTransitions` which entry chooses its transition.
struct ThemeTransitionLint {
  /// Changes are enumerated over at most this many bits: 2^8 states, 65,536 changes.
  static let maximumBits = 8

  /// One attribute's entries, each numbered: by its place in `shared`, then by `shared.count`
  /// plus its place in `own`.
  private struct Attribute {
    let name: String
    /// The attribute's values, as the grid resolves them.
    let values: StateTable<ThemeValue>
    /// The entries for every attribute, best first: one array that every attribute shares.
    let shared: [TransitionTable.Entry]
    /// Its own entries, best first.
    let own: [TransitionTable.Entry]

    func entry(_ number: Int) -> TransitionTable.Entry {
      number < shared.count ? shared[number] : own[number - shared.count]
    }

    func isOwn(_ number: Int) -> Bool { number >= shared.count }
  }

  let findings: [ThemeFinding]

  init(
    tables values: [StateTable<ThemeValue>], names: [String], transitions: StyleTransitions,
    catalog: StateCatalog
  ) {
    guard !transitions.isEmpty else {
      findings = []
      return
    }
    let tables =
      [transitions.all] + transitions.attributeNames.map { transitions[attribute: $0] }
    let mentioned = (tables.map { $0.relevantStates } + values.map { $0.relevantStates }).reduce(
      ControlState.normal
    ) { $0.union($1) }
    let bits = Array(mentioned.members)
    guard bits.count <= Self.maximumBits else {
      findings = [
        ThemeFinding(
          kind: .transitionsUnchecked, attribute: "$transitions",
          message:
            "$transitions: not checked: the theme mentions \(bits.count) state bits, more than the \(Self.maximumBits) whose changes the lint plays"
        )
      ]
      return
    }
    let shared = transitions.all
    let attributes = zip(names, values).map { name, table in
      Attribute(
        name: name, values: table, shared: shared.entries,
        own: transitions[attribute: name].entries)
    }
    // Every change walks `*`'s entries once, and each attribute's own entries once more: the
    // entries walked, times the changes, is the work. (Each attribute then plays each change
    // once, a step as cheap as an entry's comparison.)
    let walked = attributes.reduce(shared.entries.count) { $0 + $1.own.count }
    let changes = 1 << (2 * bits.count)
    guard changes * (walked + attributes.count) <= Self.maximumWork else {
      findings = [
        ThemeFinding(
          kind: .transitionsUnchecked, attribute: "$transitions",
          message:
            "$transitions: not checked: \(walked) transitions and \(attributes.count) attributes over \(bits.count) state bits are more changes than the lint plays"
        )
      ]
      return
    }
    let states = (0..<(1 << bits.count)).map { index in
      bits.enumerated().reduce(ControlState.normal) { state, bit in
        index & (1 << bit.offset) != 0 ? state.union(bit.element) : state
      }
    }
    let numbers = shared.entries.count + (attributes.lazy.map { $0.own.count }.max() ?? 0)
    var lint = Play(states: states, bits: bits, catalog: catalog, entries: numbers)
    // Each change's winner among the entries for every attribute, once for all attributes.
    let sharedNumbers = Self.numbers(shared.entries)
    let sharedWinners = lint.winners { change, _ in
      shared._winner(change).flatMap { sharedNumbers[[$0.from, $0.to]] }
    }
    for attribute in attributes {
      guard !attribute.own.isEmpty else {
        lint.play(attribute, winners: sharedWinners)
        continue
      }
      // The attribute's transition, as StyleTransitions chooses it from the two winners.
      let ownNumbers = Self.numbers(attribute.own)
      let table = transitions[attribute: attribute.name]
      lint.play(
        attribute,
        winners: lint.winners { change, index in
          let number = Int(sharedWinners[index])
          let winner = transitions._winner(
            shared: number < 0 ? nil : shared.entries[number], own: table._winner(change))
          return winner.flatMap {
            let pair = [$0.entry.from, $0.entry.to]
            return $0.isOwn
              ? ownNumbers[pair].map { $0 + shared.entries.count } : sharedNumbers[pair]
          }
        })
    }
    findings = lint.neverApplies(transitions, catalog: catalog) + lint.snaps
  }

  /// Each entry's place in `entries`, by its selectors (no two entries of a table share them).
  static func numbers(_ entries: [TransitionTable.Entry]) -> [[StateSelector]: Int] {
    Dictionary(uniqueKeysWithValues: entries.enumerated().map { ([$1.from, $1.to], $0) })
  }

  /// The most steps the lint takes, entry comparisons and changes played: about a second's
  /// work.
  static let maximumWork = 50_000_000

  /// The changes played, and what they found.
  private struct Play {
    let states: [ControlState]
    let bits: [ControlState]
    let catalog: StateCatalog
    /// Pairs of `*`'s entries, and of each attribute's own, that win a change altering a value.
    var applied: Set<[StateSelector]> = []
    var appliedOwn: [String: Set<[StateSelector]>] = [:]
    /// Pairs that win some change, whether it alters a value or not.
    var won: Set<[StateSelector]> = []
    var wonOwn: [String: Set<[StateSelector]>] = [:]
    var snaps: [ThemeFinding] = []

    /// For each entry number (see `Attribute`), whether it wins a change of the attribute being
    /// played (bit 0) and one that alters its value (bit 1); zero again after each attribute,
    /// so that playing one costs its changes, not `*`'s entries.
    private var marks: [UInt8]

    init(states: [ControlState], bits: [ControlState], catalog: StateCatalog, entries: Int) {
      (self.states, self.bits, self.catalog) = (states, bits, catalog)
      marks = [UInt8](repeating: 0, count: entries)
    }

    /// The number of the winning entry of every change (old × count + new), -1 for none.
    /// `winner` takes the change and its index.
    func winners(_ winner: (StateChange, Int) -> Int?) -> [Int32] {
      let count = states.count
      var winners = [Int32](repeating: -1, count: count * count)
      for old in 0..<count {
        for new in 0..<count where new != old {
          let index = old * count + new
          winners[index] = Int32(
            winner(StateChange(old: states[old], new: states[new]), index) ?? -1)
        }
      }
      return winners
    }

    /// Every change for one attribute: which entries win, and which changes snap.
    mutating func play(_ attribute: Attribute, winners: [Int32]) {
      let count = states.count
      // Each state's value as a small code, so that a change compares two integers.
      var codesByValue: [ThemeValue?: Int] = [:]
      let codes = states.map { state in
        let value = attribute.values.resolve(state)
        if let code = codesByValue[value] { return code }
        codesByValue[value] = codesByValue.count
        return codesByValue.count - 1
      }
      var marked: [Int] = []
      for old in 0..<count {
        for new in 0..<count where new != old {
          let winner = Int(winners[old * count + new])
          guard winner >= 0 else { continue }
          if marks[winner] == 0 { marked.append(winner) }
          marks[winner] |= codes[old] != codes[new] ? 3 : 1
        }
      }
      for number in marked {
        let entry = attribute.entry(number)
        let (pair, applies) = ([entry.from, entry.to], marks[number] & 2 != 0)
        marks[number] = 0
        if attribute.isOwn(number) {
          wonOwn[attribute.name, default: []].insert(pair)
          if applies { appliedOwn[attribute.name, default: []].insert(pair) }
        } else {
          won.insert(pair)
          if applies { applied.insert(pair) }
        }
      }
      func snapsAt(_ index: Int) -> Bool {
        winners[index] < 0 || attribute.entry(Int(winners[index])).transition == .snap
      }
      // A change that alters the value and snaps, beside the same change with one more bit
      // set (or one fewer) in both states, which alters the value and animates.
      var found = 0
      var example: (snap: StateChange, beside: StateChange, transition: Transition)?
      for old in 0..<count {
        for new in 0..<count where new != old && codes[old] != codes[new] {
          guard snapsAt(old * count + new) else { continue }
          let changed = old ^ new
          for bit in 0..<bits.count where changed & (1 << bit) == 0 {
            let (otherOld, otherNew) = (old ^ (1 << bit), new ^ (1 << bit))
            let other = otherOld * count + otherNew
            guard codes[otherOld] != codes[otherNew], !snapsAt(other) else { continue }
            found += 1
            if example == nil {
              example = (
                StateChange(old: states[old], new: states[new]),
                StateChange(old: states[otherOld], new: states[otherNew]),
                attribute.entry(Int(winners[other])).transition
              )
            }
            break
          }
        }
      }
      guard let example else { return }
      let name = attribute.name
      snaps.append(
        ThemeFinding(
          kind: .snapBesideAnimation, attribute: name,
          message:
            "\(name): \(found) change\(found == 1 ? "" : "s") of its value snap\(found == 1 ? "s" : "") while the same change beside one more state animates, such as \(text(example.snap)) (snaps) beside \(text(example.beside)) (\(example.transition))"
        ))
    }

    /// The entries that win no change altering a value of an attribute they apply to.
    func neverApplies(_ transitions: StyleTransitions, catalog: StateCatalog) -> [ThemeFinding] {
      var findings: [ThemeFinding] = []
      func check(
        _ table: TransitionTable, name: String, applied: Set<[StateSelector]>,
        won: Set<[StateSelector]>
      ) {
        for entry in table.entries where !applied.contains([entry.from, entry.to]) {
          let key = "\(catalog.description(of: entry.from)) -> \(catalog.description(of: entry.to))"
          let why =
            won.contains([entry.from, entry.to])
            ? "every change it wins leaves the value\(name == "*" ? "s" : "") as \(name == "*" ? "they are" : "it is")"
            : "another entry wins every change it matches"
          findings.append(
            ThemeFinding(
              kind: .transitionNeverApplies, attribute: name,
              message: "\(name): transition \(quoted(key)) never applies: \(why)"))
        }
      }
      check(transitions.all, name: "*", applied: applied, won: won)
      for name in transitions.attributeNames {
        check(
          transitions[attribute: name], name: name, applied: appliedOwn[name] ?? [],
          won: wonOwn[name] ?? [])
      }
      return findings
    }

    /// A change as `old -> new`, with the catalog's names.
    func text(_ change: StateChange) -> String {
      "\(catalog.description(of: change.old)) -> \(catalog.description(of: change.new))"
    }
  }
}
