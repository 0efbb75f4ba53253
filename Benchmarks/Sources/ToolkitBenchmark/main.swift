// The terminal toolkit of Examples/TerminalToolkit, per widget kind (then the value-view toolkit
// of Examples/ValueToolkit, in ValueToolkit.swift): its hand-written selection
// code against the StateKit version, each reading its widgets from where the toolkit keeps them
// (an array of the kind's structs with their flags, an array of widgets with a ControlState)
// and its style from where it lives (the hand-written code's own branches, a `static let`
// StyleHolder). Two jobs per kind, each timed against the hand-written code in the same round:
//
// - select: the parts of every widget of a screen, every paint resolved in the view's colour
//   scheme (what drawing needs), folded into a checksum;
// - draw: the whole widget written into a canvas.
//
// Two screens per kind: every combination of the states the kind reads, in turn, and a
// realistic screen (most widgets normal, a few focused, hot, selected or disabled, at random).
// The bar: StateKit at most 1.5x the hand-written code for every kind and job.
//
//   swift run -c release --package-path Benchmarks ToolkitBenchmark           # about 30 s
//   swift run -c release --package-path Benchmarks ToolkitBenchmark --short   # CI, seconds
import BenchmarkSupport
import HandWritten
import StateKit
import Styled
import Terminal
import ToolkitFixtures

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let short = CommandLine.arguments.contains("--short")
let widgetCount = short ? 1_024 : 4_096
let rounds = short ? 7 : 21

/// A seeded generator, so every run draws the same screens.
struct Seeded {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The states of a screen of one kind.
func screen(_ kind: Widget.Kind, realistic: Bool) -> [ControlState] {
  let all = combinations(of: kind.states)
  guard realistic else { return (0..<widgetCount).map { all[$0 % all.count] } }
  var random = Seeded(state: 0x5EED)
  return (0..<widgetCount).map { _ in
    // Two thirds normal; otherwise each bit the kind reads is on with probability 1/4.
    guard random.next() % 3 == 0 else { return .normal }
    return kind.states.members.reduce(into: ControlState()) { state, bit in
      if random.next() % 4 == 0 { state.insert(bit) }
    }
  }
}

/// The hand-written selection of every widget of a kind's own array: its branches, then every
/// part used.
func handSelection<W: FlagWidget>(_ pairs: [WidgetPair], as _: W.Type, scheme: ColorScheme)
  -> () -> Int
{
  // Every pair of a screen is of the kind `W` is.
  // swift-format-ignore: NeverForceUnwrap
  let hand = pairs.map { $0.handWritten.widget as! W }
  return {
    var sum = 0
    for index in hand.indices { sum &+= use(hand[index].parts(in: scheme), scheme) }
    return sum
  }
}

/// The StateKit selection of every widget: its kind's holder read in place, then every part
/// used. Inlined into each kind's closure, so the holder is read as a toolkit reads it.
@inline(__always)
func styledSelection<Parts: PartsChecksum>(
  _ widgets: [Widget], _ holder: borrowing StyleHolder<Parts>, scheme: ColorScheme
) -> Int {
  var sum = 0
  for index in widgets.indices {
    sum &+= holder.withValue(for: widgets[index].state) { use($0, scheme) }
  }
  return sum
}

/// The two jobs for one kind on one screen: hand-written and styled bodies.
func jobs(_ kind: Widget.Kind, _ states: [ControlState]) -> (
  select: (hand: () -> Int, styled: () -> Int), draw: (hand: () -> Int, styled: () -> Int)
) {
  let content = kind.samples[0]
  let pairs = states.map { WidgetPair(kind, content, state: $0) }
  let scheme = opaque(ColorScheme.base)
  let widgets = pairs.map(\.styled)
  let selectHand: () -> Int
  let selectStyled: () -> Int
  // Each kind's own array, as a toolkit keeps its widgets, and its own holder.
  switch kind {
  case .button:
    selectHand = handSelection(pairs, as: Button.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.button, scheme: scheme) }
  case .checkBox:
    selectHand = handSelection(pairs, as: CheckBox.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.checkBox, scheme: scheme) }
  case .radioItem:
    selectHand = handSelection(pairs, as: RadioItem.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.radioItem, scheme: scheme) }
  case .listRow:
    selectHand = handSelection(pairs, as: ListRow.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.listRow, scheme: scheme) }
  case .menuItem:
    selectHand = handSelection(pairs, as: MenuItem.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.menuItem, scheme: scheme) }
  case .menuBarTitle:
    selectHand = handSelection(pairs, as: MenuBarTitle.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.menuBarTitle, scheme: scheme) }
  case .tabTitle:
    selectHand = handSelection(pairs, as: TabTitle.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.tabTitle, scheme: scheme) }
  case .textField:
    selectHand = handSelection(pairs, as: TextField.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.textField, scheme: scheme) }
  case .paletteRow:
    selectHand = handSelection(pairs, as: PaletteRow.self, scheme: scheme)
    selectStyled = { styledSelection(widgets, Styles.paletteRow, scheme: scheme) }
  }
  let handWidgets = pairs.map(\.handWritten)
  let drawHand = {
    var canvas = Canvas(width: 40, height: 1)
    var sum = 0
    for widget in handWidgets { sum &+= widget.draw(in: &canvas, x: 0, y: 0, scheme: scheme) }
    return sum &+ canvas.cells[3].attribute.checksum
  }
  let drawStyled = {
    var canvas = Canvas(width: 40, height: 1)
    var sum = 0
    for widget in widgets { sum &+= widget.draw(in: &canvas, x: 0, y: 0, scheme: scheme) }
    return sum &+ canvas.cells[3].attribute.checksum
  }
  return ((selectHand, selectStyled), (drawHand, drawStyled))
}

/// What drawing does with a widget's parts: takes them, borrowed, into code that reads every
/// paint in the scheme and every string; not inlined, so that neither version's strings are
/// read at compile time.
@inline(never)
func use<Parts: PartsChecksum>(_ parts: borrowing Parts, _ scheme: ColorScheme) -> Int {
  parts.checksum(in: scheme)
}

extension Attribute {
  var checksum: Int { Int(foreground) &* 31 &+ Int(background) }
}

func format(_ value: Double, _ digits: Int = 1) -> String {
  var scaled = (value * pow10(digits)).rounded() / pow10(digits)
  if scaled == -0 { scaled = 0 }
  return String(scaled)
}
func pow10(_ digits: Int) -> Double { (0..<digits).reduce(1.0) { result, _ in result * 10 } }
func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

print(
  "Terminal toolkit: ns per widget, StateKit against the hand-written code (median of \(rounds) rounds,"
)
print("\(widgetCount) widgets per screen; ratio = median of same-round ratios)")
print("")
print(
  pad("kind", 14) + pad("screen", 14) + pad("select hand", 13) + pad("StateKit", 10)
    + pad("ratio", 8) + pad("draw hand", 11) + pad("StateKit", 10) + "ratio")
var worst = 0.0
var failures: [String] = []
for kind in Widget.Kind.allCases {
  for realistic in [false, true] {
    let states = screen(kind, realistic: realistic)
    let (select, draw) = jobs(kind, states)
    // The two versions must agree before they are timed.
    guard select.hand() == select.styled(), draw.hand() == draw.styled() else {
      print("\(kind): the versions disagree; not timed")
      failures.append("\(kind) disagrees")
      continue
    }
    let samples = measure(
      operations: widgetCount, rounds: rounds,
      [select.hand, select.styled, draw.hand, draw.styled])
    let selectRatio = medianRatio(samples[1], samples[0])
    let drawRatio = medianRatio(samples[3], samples[2])
    worst = max(worst, selectRatio, drawRatio)
    if selectRatio > 1.5 || drawRatio > 1.5 { failures.append("\(kind)") }
    print(
      pad("\(kind)", 14) + pad(realistic ? "realistic" : "every state", 14)
        + pad(format(median(samples[0])), 13) + pad(format(median(samples[1])), 10)
        + pad(format(selectRatio, 2) + "x", 8) + pad(format(median(samples[2])), 11)
        + pad(format(median(samples[3])), 10) + format(drawRatio, 2) + "x")
  }
}
print("")
print("worst ratio: \(format(worst, 2))x (bar: 1.5x)")
let value = runValueToolkit(count: widgetCount, rounds: rounds, bar: 1.5)
failures += value.over
if CommandLine.arguments.contains("--check") && !failures.isEmpty {
  print("over the bar: \(failures.joined(separator: ", "))")
  exit(1)
}
