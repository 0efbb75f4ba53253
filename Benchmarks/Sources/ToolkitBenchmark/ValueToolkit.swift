// The value-view toolkit of Examples/ValueToolkit, per control kind: its hand-written selection
// code against the StateKit version. Views are values with Booleans, rebuilt for every frame,
// and each version reads its styles where the toolkit keeps them: the environment passed down
// the view tree (the palette and the clock for the hand-written code, and the StateKit
// version's style handles). The list row reads four handles per row, one per part.
//
// Two jobs per kind, as for the terminal toolkit: select (the look of every view, every part
// resolved in the palette at the pulse's phase, folded into a checksum) and draw (the whole
// control written into a canvas).
import BenchmarkSupport
import StateKit
import ValueFixtures
import ValueHandWritten
import ValueScreen
import ValueStyled

/// The Booleans of a screen of one kind, as bits: every combination in turn, or a realistic
/// screen (two thirds plain, otherwise each Boolean on with probability 1/4).
func valueFlags(_ kind: Kind, count: Int, realistic: Bool) -> [Int] {
  let combinations = 1 << kind.flags.count
  guard realistic else { return (0..<count).map { $0 % combinations } }
  var random = Seeded(state: 0x5EED)
  return (0..<count).map { _ in
    guard random.next() % 3 == 0 else { return 0 }
    return kind.flags.indices.reduce(0) { flags, bit in
      random.next() % 4 == 0 ? flags | 1 << bit : flags
    }
  }
}

/// What drawing does with a look: reads every part in the palette; not inlined, so that
/// neither version's looks are read at compile time.
@inline(never)
func useLook<L: Look>(_ selected: borrowing Selected<L>) -> Int { selected.checksum }

/// The two jobs for a screen of views of one kind: hand-written and StateKit bodies.
func valueJobs<V: HandWrittenView & StyledView>(
  _ views: [V], _ hand: Environment<Plain>, _ styled: Environment<Styles>
) -> (select: (hand: () -> Int, styled: () -> Int), draw: (hand: () -> Int, styled: () -> Int)) {
  let selectHand = {
    var sum = 0
    for index in views.indices { sum &+= useLook(views[index].selected(in: hand)) }
    return sum
  }
  let selectStyled = {
    var sum = 0
    for index in views.indices { sum &+= useLook(views[index].selected(in: styled)) }
    return sum
  }
  let drawHand = {
    var canvas = Canvas(width: 40, height: 1)
    var sum = 0
    for view in views { sum &+= view.draw(in: &canvas, x: 0, y: 0, env: hand) }
    return sum &+ canvas.cells[3].foreground.checksum
  }
  let drawStyled = {
    var canvas = Canvas(width: 40, height: 1)
    var sum = 0
    for view in views { sum &+= view.draw(in: &canvas, x: 0, y: 0, env: styled) }
    return sum &+ canvas.cells[3].foreground.checksum
  }
  return ((selectHand, selectStyled), (drawHand, drawStyled))
}

/// The jobs for one kind: its views in an array of their own type, as a view body holds them.
func valueJobs(_ kind: Kind, _ flags: [Int]) -> (
  select: (hand: () -> Int, styled: () -> Int), draw: (hand: () -> Int, styled: () -> Int)
) {
  let controls = flags.map { Control(kind, kind.samples[0], flags: $0) }
  // The pulse half way up, so that focused controls blend.
  let (hand, styled) = environments(opaque(Midnight()), now: opaque(125))
  func views<V>(_ pick: (Control) -> V?) -> [V] { controls.compactMap(pick) }
  switch kind {
  case .button:
    return valueJobs(views { if case .button(let v) = $0 { v } else { nil } }, hand, styled)
  case .toggle:
    return valueJobs(views { if case .toggle(let v) = $0 { v } else { nil } }, hand, styled)
  case .checkBox:
    return valueJobs(views { if case .checkBox(let v) = $0 { v } else { nil } }, hand, styled)
  case .radioItem:
    return valueJobs(views { if case .radioItem(let v) = $0 { v } else { nil } }, hand, styled)
  case .textField:
    return valueJobs(views { if case .textField(let v) = $0 { v } else { nil } }, hand, styled)
  case .listRow:
    return valueJobs(views { if case .listRow(let v) = $0 { v } else { nil } }, hand, styled)
  case .menuItem:
    return valueJobs(views { if case .menuItem(let v) = $0 { v } else { nil } }, hand, styled)
  case .tab:
    return valueJobs(views { if case .tab(let v) = $0 { v } else { nil } }, hand, styled)
  case .slider:
    return valueJobs(views { if case .slider(let v) = $0 { v } else { nil } }, hand, styled)
  }
}

/// Times every kind both ways and prints a row per kind and screen; returns the worst ratio and
/// the kinds over `bar`.
func runValueToolkit(count: Int, rounds: Int, bar: Double) -> (worst: Double, over: [String]) {
  print("")
  print("Value-view toolkit: ns per view, StateKit (styles in the environment) against the")
  print("hand-written code")
  print("")
  print(
    pad("kind", 14) + pad("screen", 14) + pad("select hand", 13) + pad("StateKit", 10)
      + pad("ratio", 8) + pad("draw hand", 11) + pad("StateKit", 10) + "ratio")
  var worst = 0.0
  var over: [String] = []
  for kind in Kind.allCases {
    for realistic in [false, true] {
      let (select, draw) = valueJobs(kind, valueFlags(kind, count: count, realistic: realistic))
      guard select.hand() == select.styled(), draw.hand() == draw.styled() else {
        print("\(kind): the versions disagree; not timed")
        over.append("\(kind) disagrees")
        continue
      }
      let samples = measure(
        operations: count, rounds: rounds, [select.hand, select.styled, draw.hand, draw.styled])
      let selectRatio = medianRatio(samples[1], samples[0])
      let drawRatio = medianRatio(samples[3], samples[2])
      worst = max(worst, selectRatio, drawRatio)
      if selectRatio > bar || drawRatio > bar { over.append("value \(kind)") }
      print(
        pad("\(kind)", 14) + pad(realistic ? "realistic" : "every state", 14)
          + pad(format(median(samples[0])), 13) + pad(format(median(samples[1])), 10)
          + pad(format(selectRatio, 2) + "x", 8) + pad(format(median(samples[2])), 11)
          + pad(format(median(samples[3])), 10) + format(drawRatio, 2) + "x")
    }
  }
  print("")
  print("value-view toolkit, worst ratio: \(format(worst, 2))x (issue 45's bar: 1.2x, goal 1x)")
  return (worst, over)
}
