// A screen of 10,000 widgets with six attributes each, whose states change every frame, styled
// five ways in interleaved rounds, each against the hand-written switch measured in the same
// round:
//
// - documented: `let look = style.resolve(state)`, then `look[key] ?? default` six times;
// - typed: a `StateLookup` of a style set into a struct of the widget's, one call;
// - six lookups: one `StateLookup` per attribute, made with the same defaults;
// - switch: a hand-written `if` chain over the bits that gives the same answers;
// - dictionary: a `[ControlState: ButtonLook]` over the 64 combinations of the bits the style
//   mentions, read with the state masked to them.
//
// Three kinds of states: hits (every table has a `.normal` entry), mixed (no table has one, and
// the states are random over the mentioned bits: hits and misses at random, the case a branch
// mispredicts) and misses (no `.normal`, and states only in bits no entry mentions). Every path
// must give the same looks as the switch for every combination; the run stops if one does not.
// Then the screen mid-transition (Transitions.swift): AnimatedLook against a hand-written
// interpolation; then the heap allocations per resolve, the bytes each widget and each shared
// structure take, and the cost of building and overlaying a style set.
//
//   swift run -c release --package-path Benchmarks StyleScreenBenchmark            # about 1 min
//   swift run -c release --package-path Benchmarks StyleScreenBenchmark --short    # CI, seconds
//   swift run -c release --package-path Benchmarks StyleScreenBenchmark --transitions  # those rows
import AllocationCounter
import BenchmarkSupport
import HeapStats
import StateKit
import StateKitTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let short = CommandLine.arguments.contains("--short")

struct Color: Hashable, Sendable {
  var rgba: UInt32
}

extension StyleKey where Value == Color {
  static var titleColor: StyleKey<Color> { StyleKey("titleColor") }
  static var background: StyleKey<Color> { StyleKey("background") }
}
extension StyleKey where Value == Double {
  static var borderWidth: StyleKey<Double> { StyleKey("borderWidth") }
  static var opacity: StyleKey<Double> { StyleKey("opacity") }
}
extension StyleKey where Value == Bool {
  static var underlined: StyleKey<Bool> { StyleKey("underlined") }
}
extension StyleKey where Value == Int {
  static var cornerRadius: StyleKey<Int> { StyleKey("cornerRadius") }
}

let visited = ControlState(rawValue: 1 << 16)
let dragging = ControlState(rawValue: 1 << 17)
/// The bits some entry mentions: 64 combinations.
let mentioned: ControlState = [.highlighted, .disabled, .selected, .focused, visited, dragging]

/// What a widget draws with. Its initial values are the defaults, and equal the style's
/// `.normal` entries, so a style without them resolves to the same looks.
struct ButtonLook: Equatable, Sendable {
  var titleColor = Color(rgba: 0x0000_FFFF)
  var background = Color(rgba: 0xFFFF_FFFF)
  var borderWidth = 1.0
  var underlined = false
  var opacity = 1.0
  var cornerRadius = 4
}
let defaultLook = ButtonLook()

func makeStyle(normal: Bool) -> StyleSet {
  var style = StyleSet()
  if normal {
    style[.titleColor, for: .normal] = defaultLook.titleColor
    style[.background, for: .normal] = defaultLook.background
    style[.borderWidth, for: .normal] = defaultLook.borderWidth
    style[.underlined, for: .normal] = defaultLook.underlined
    style[.opacity, for: .normal] = defaultLook.opacity
    style[.cornerRadius, for: .normal] = defaultLook.cornerRadius
  }
  style[.titleColor, for: .highlighted] = Color(rgba: 0x0000_80FF)
  style[.titleColor, for: .disabled] = Color(rgba: 0x8080_80FF)
  style[.titleColor, for: .selected] = Color(rgba: 0xFFFF_FFFF)
  style[.titleColor, for: visited] = Color(rgba: 0x8000_80FF)
  style[.titleColor, for: [.selected, .highlighted]] = Color(rgba: 0xEEEE_EEFF)
  style[.background, for: .selected] = Color(rgba: 0x0000_FFFF)
  style[.background, for: .disabled] = Color(rgba: 0xCCCC_CCFF)
  style[.background, for: dragging] = Color(rgba: 0x00FF_00FF)
  style[.borderWidth, for: .focused] = 2
  style[.borderWidth, for: [.focused, .highlighted]] = 3
  style[.underlined, for: .highlighted] = true
  style[.underlined, for: visited] = true
  style[.opacity, for: .disabled] = 0.5
  style[.opacity, for: dragging] = 0.8
  style[.cornerRadius, for: .selected] = 6
  return style
}

/// The same answers, written by hand: the most specific entry, ties to disabled, highlighted,
/// focused, selected, then dragging (bit 17) before visited (bit 16).
func handWritten(_ state: ControlState) -> ButtonLook {
  let raw = state.rawValue
  let highlighted = raw & 1 != 0
  let disabled = raw & 2 != 0
  let selected = raw & 4 != 0
  let focused = raw & 8 != 0
  let isVisited = raw & (1 << 16) != 0
  let isDragging = raw & (1 << 17) != 0
  var look = ButtonLook()
  if selected && highlighted {
    look.titleColor = Color(rgba: 0xEEEE_EEFF)
  } else if disabled {
    look.titleColor = Color(rgba: 0x8080_80FF)
  } else if highlighted {
    look.titleColor = Color(rgba: 0x0000_80FF)
  } else if selected {
    look.titleColor = Color(rgba: 0xFFFF_FFFF)
  } else if isVisited {
    look.titleColor = Color(rgba: 0x8000_80FF)
  }
  if disabled {
    look.background = Color(rgba: 0xCCCC_CCFF)
  } else if selected {
    look.background = Color(rgba: 0x0000_FFFF)
  } else if isDragging {
    look.background = Color(rgba: 0x00FF_00FF)
  }
  if focused { look.borderWidth = highlighted ? 3 : 2 }
  look.underlined = highlighted || isVisited
  if disabled {
    look.opacity = 0.5
  } else if isDragging {
    look.opacity = 0.8
  }
  if selected { look.cornerRadius = 6 }
  return look
}

@inline(__always) func fold(_ look: ButtonLook) -> Int {
  var sum = Int(look.titleColor.rgba) &* 3 &+ Int(look.background.rgba)
  sum &+= Int(truncatingIfNeeded: look.borderWidth.bitPattern >> 40)
  sum &+= look.underlined ? 5 : 0
  sum &+= Int(truncatingIfNeeded: look.opacity.bitPattern >> 40)
  return sum &+ look.cornerRadius
}

/// The documented path: resolve, then read each attribute with its default.
@inline(__always) func documented(_ style: StyleSet, _ state: ControlState) -> ButtonLook {
  let look = style.resolve(state)
  return ButtonLook(
    titleColor: look[.titleColor] ?? defaultLook.titleColor,
    background: look[.background] ?? defaultLook.background,
    borderWidth: look[.borderWidth] ?? defaultLook.borderWidth,
    underlined: look[.underlined] ?? defaultLook.underlined,
    opacity: look[.opacity] ?? defaultLook.opacity,
    cornerRadius: look[.cornerRadius] ?? defaultLook.cornerRadius)
}

/// One `StateLookup` per attribute, with the defaults of `ButtonLook`.
struct SixLookups {
  let titleColor: StateLookup<Color>
  let background: StateLookup<Color>
  let borderWidth: StateLookup<Double>
  let underlined: StateLookup<Bool>
  let opacity: StateLookup<Double>
  let cornerRadius: StateLookup<Int>

  init(_ style: StyleSet) {
    let titleColor = StateLookup(style[.titleColor], default: defaultLook.titleColor)
    let background = StateLookup(style[.background], default: defaultLook.background)
    let borderWidth = StateLookup(style[.borderWidth], default: defaultLook.borderWidth)
    let underlined = StateLookup(style[.underlined], default: defaultLook.underlined)
    let opacity = StateLookup(style[.opacity], default: defaultLook.opacity)
    let cornerRadius = StateLookup(style[.cornerRadius], default: defaultLook.cornerRadius)
    (self.titleColor, self.background, self.borderWidth) = (titleColor, background, borderWidth)
    (self.underlined, self.opacity, self.cornerRadius) = (underlined, opacity, cornerRadius)
  }

  @inline(__always) func resolve(_ state: ControlState) -> ButtonLook {
    ButtonLook(
      titleColor: titleColor.resolve(state), background: background.resolve(state),
      borderWidth: borderWidth.resolve(state), underlined: underlined.resolve(state),
      opacity: opacity.resolve(state), cornerRadius: cornerRadius.resolve(state))
  }
}

func typedLookup(_ style: StyleSet) -> StateLookup<ButtonLook> {
  StateLookup(
    style, default: defaultLook,
    [
      .field(\.titleColor, from: .titleColor), .field(\.background, from: .background),
      .field(\.borderWidth, from: .borderWidth), .field(\.underlined, from: .underlined),
      .field(\.opacity, from: .opacity), .field(\.cornerRadius, from: .cornerRadius),
    ])
}

func dictionary() -> [ControlState: ButtonLook] {
  var looks: [ControlState: ButtonLook] = [:]
  for state in ControlState.combinations(of: mentioned) { looks[state] = handWritten(state) }
  return looks
}

// MARK: Timing

func format(_ value: Double, _ digits: Double = 100) -> String {
  String((value * digits).rounded() / digits)
}

func padRight(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

// MARK: The screen

let widgets = 10_000
let frames = short ? 4 : 20
let rounds = short ? 3 : 15
var rng = SplitMix64(seed: 23)
// Every frame, every widget has a new random state: over the mentioned bits plus two bits no
// entry mentions (hits, mixed), or over those two bits only (misses).
let noise = ControlState(rawValue: 0x0100_0020)
let randomStates = (0..<(widgets * frames)).map { _ in
  ControlState.random(in: mentioned.union(noise), using: &rng)
}
let noiseStates = (0..<(widgets * frames)).map { _ in
  ControlState.random(in: noise, using: &rng)
}

let withNormal = makeStyle(normal: true)
let withoutNormal = makeStyle(normal: false)
let looks = dictionary()

// `--transitions`: the mid-transition rows alone.
if CommandLine.arguments.contains("--transitions") {
  let ratios = transitionRows(
    style: withNormal, states: randomStates, widgets: widgets, rounds: rounds)
  exit(ratios.isEmpty ? 1 : 0)
}

struct Scenario {
  let name: String
  let style: StyleSet
  let states: [ControlState]
}
let scenarios = [
  Scenario(name: "hits", style: withNormal, states: randomStates),
  Scenario(name: "mixed", style: withoutNormal, states: randomStates),
  Scenario(name: "misses", style: withoutNormal, states: noiseStates),
]
let pathNames = ["documented", "typed", "six lookups", "switch", "dictionary"]

// Every path gives the switch's look for every combination of the mentioned bits, with and
// without noise, in both styles.
for style in [withNormal, withoutNormal] {
  let six = SixLookups(style)
  guard
    [
      six.titleColor.code(for: .normal), six.background.code(for: .normal),
      six.cornerRadius.code(for: .normal),
    ].allSatisfy({ $0 != nil })
  else {
    print("a table of the screen is not indexed")
    exit(1)
  }
  let typed = typedLookup(style)
  for state in ControlState.combinations(of: mentioned) {
    for noisy in [state, state.union(noise)] {
      let expected = handWritten(noisy)
      let answers = [
        documented(style, noisy), typed.resolve(noisy), six.resolve(noisy),
        looks[noisy.intersection(mentioned)] ?? defaultLook,
      ]
      if let wrong = answers.firstIndex(where: { $0 != expected }) {
        print("\(pathNames[wrong]) disagrees with the switch for \(noisy): \(answers[wrong])")
        exit(1)
      }
    }
  }
}

print(
  "A screen of \(widgets) widgets x 6 attributes, \(frames) frames of new random states, "
    + "\(rounds) interleaved rounds (medians; ratios paired per round against the switch)")
print("states   path           ns/widget  / switch")
var perScenario: [String: [String: [Double]]] = [:]
var ratios: [String: [String: Double]] = [:]
for scenario in scenarios {
  let style = opaque(scenario.style)
  let states = opaque(scenario.states)
  let six = opaque(SixLookups(style))
  let typed = opaque(typedLookup(style))
  let dictionary = opaque(looks)
  let bodies: [() -> Int] = [
    {
      var sum = 0
      for state in states { sum &+= fold(documented(style, state)) }
      return sum
    },
    {
      var sum = 0
      for state in states { sum &+= fold(typed.resolve(state)) }
      return sum
    },
    {
      var sum = 0
      for state in states { sum &+= fold(six.resolve(state)) }
      return sum
    },
    {
      var sum = 0
      for state in states { sum &+= fold(handWritten(state)) }
      return sum
    },
    {
      var sum = 0
      for state in states {
        sum &+= fold(dictionary[state.intersection(mentioned)] ?? defaultLook)
      }
      return sum
    },
  ]
  // Each body must sum the same looks.
  let sums = bodies.map { $0() }
  guard Set(sums).count == 1 else {
    print("the paths sum different looks for \(scenario.name): \(sums)")
    exit(1)
  }
  let times = measure(operations: states.count, rounds: rounds, bodies)
  var byPath: [String: [Double]] = [:]
  for (index, name) in pathNames.enumerated() {
    byPath[name] = times[index]
    let ratio = medianRatio(times[index], times[3])
    ratios[scenario.name, default: [:]][name] = ratio
    print(
      pad(scenario.name, 6), " ", padRight(name, 13),
      pad(format(median(times[index])), 10), pad(format(ratio) + "x", 9))
  }
  perScenario[scenario.name] = byPath
}

print("\nmixed and misses against hits, per path (goal: within 1.5x)")
for name in pathNames {
  guard let hits = perScenario["hits"]?[name], let mixed = perScenario["mixed"]?[name],
    let misses = perScenario["misses"]?[name]
  else { continue }
  print(
    "  \(padRight(name, 13))",
    "mixed/hits \(format(medianRatio(mixed, hits)))x",
    " misses/hits \(format(medianRatio(misses, hits)))x")
}

// A single table's own resolve, with and without a `.normal` entry, on the same random states
// (without one, hits and misses alternate at random and the branch on the result mispredicts),
// next to its lookup, which has no such branch.
do {
  print("\none table (titleColor), ns per resolve on the random states")
  let states = opaque(randomStates)
  for style in [withNormal, withoutNormal] {
    let table = opaque(style[.titleColor])
    let lookup = opaque(StateLookup(table, default: defaultLook.titleColor))
    let look = { (state: ControlState) in style.resolve(state) }
    let times = measure(
      operations: states.count, rounds: rounds,
      [
        {
          var sum = 0
          for state in states { sum &+= Int(table.resolve(state)?.rgba ?? 7) }
          return sum
        },
        {
          var sum = 0
          for state in states {
            sum &+= Int(table.resolve(state, default: defaultLook.titleColor).rgba)
          }
          return sum
        },
        {
          var sum = 0
          for state in states { sum &+= Int(lookup.resolve(state).rgba) }
          return sum
        },
        {
          var sum = 0
          for state in states { sum &+= Int(look(state)[.titleColor]?.rgba ?? 7) }
          return sum
        },
      ]
    ).map(median)
    print(
      "  \(style == withNormal ? "with .normal:   " : "without .normal:")",
      "resolve ?? \(format(times[0])) ns, resolve(default:) \(format(times[1])) ns,",
      "Lookup \(format(times[2])) ns, ResolvedStyle[key] \(format(times[3])) ns")
  }
}

// MARK: Mid-transition

let transitionRatios = transitionRows(
  style: withNormal, states: randomStates, widgets: widgets, rounds: rounds)

// MARK: Allocations and memory

/// Heap allocations per widget over one frame of a path.
func allocationsPerWidget(_ body: () -> Int) -> Double {
  let before = allocationcounter_count()
  blackHole(body())
  return Double(allocationcounter_count() - before) / Double(widgets)
}

do {
  let style = opaque(withNormal)
  let states = opaque(Array(randomStates.prefix(widgets)))
  let six = SixLookups(style)
  let typed = typedLookup(style)
  let counts = [
    allocationsPerWidget {
      var sum = 0
      for state in states { sum &+= fold(documented(style, state)) }
      return sum
    },
    allocationsPerWidget {
      var sum = 0
      for state in states { sum &+= fold(typed.resolve(state)) }
      return sum
    },
    allocationsPerWidget {
      var sum = 0
      for state in states { sum &+= fold(six.resolve(state)) }
      return sum
    },
    allocationsPerWidget {
      var sum = 0
      for state in states { sum &+= fold(handWritten(state)) }
      return sum
    },
    allocationsPerWidget {
      var sum = 0
      for state in states { sum &+= fold(looks[state.intersection(mentioned)] ?? defaultLook) }
      return sum
    },
  ]
  // A widget that keeps its resolved style between frames keeps a ResolvedStyle (the state
  // and a reference) or its look; what the paths share is counted once, below.
  var kept: [ResolvedStyle] = []
  kept.reserveCapacity(widgets)
  let beforeKept = allocationcounter_count()
  for state in states { kept.append(style.resolve(state)) }
  let keptAllocations = allocationcounter_count() - beforeKept
  blackHole(kept.count)
  print("\nheap allocations per widget per frame (AllocationCounter: malloc calls)")
  for (name, count) in zip(pathNames, counts) {
    print("  \(padRight(name, 13)) \(format(count, 1000))")
  }
  print("  keeping 10,000 ResolvedStyles: \(keptAllocations) allocations")
  print(
    "bytes a widget keeps: its state \(MemoryLayout<ControlState>.size) + a ResolvedStyle "
      + "\(MemoryLayout<ResolvedStyle>.size) (documented) or a ButtonLook "
      + "\(MemoryLayout<ButtonLook>.stride) (typed, lookups, switch, dictionary)")
}

#if canImport(Glibc)
  /// Heap bytes per copy of a structure, from the allocator's in-use bytes while 100 are alive.
  /// A style set after its first resolve (a style set keeps nothing more after it: the bytes are
  /// its tables and their indexes).
  func resolvedOnce(_ style: StyleSet) -> StyleSet {
    blackHole(style.resolve(.normal).count)
    return style
  }
  func heapBytes<T>(_ make: () -> T) -> Double {
    var kept: [T] = []
    kept.reserveCapacity(100)
    let before = heapstats_in_use()
    for _ in 0..<100 { kept.append(make()) }
    let bytes = Double(Int(heapstats_in_use()) - Int(before)) / 100
    blackHole(kept.count)
    return bytes
  }
  print("heap bytes shared by every widget of one style (glibc in-use bytes):")
  print(
    "  the style set (6 tables and their indexes): \(format(heapBytes { resolvedOnce(makeStyle(normal: true)) }, 1))"
  )
  print("  StateLookup<ButtonLook>: \(format(heapBytes { typedLookup(withNormal) }, 1))")
  print("  six StateLookups: \(format(heapBytes { SixLookups(withNormal) }, 1))")
  print("  [ControlState: ButtonLook] over 64 states: \(format(heapBytes { dictionary() }, 1))")
#endif

// MARK: Building

do {
  let builds = short ? 200 : 2_000
  let theme = opaque(withNormal)
  let overrides: StyleSet = opaque(
    {
      var style = StyleSet()
      style[.titleColor, for: .normal] = Color(rgba: 0x1111_11FF)
      style[.titleColor, for: .focused] = Color(rgba: 0x2222_22FF)
      style[.cornerRadius, for: .normal] = 8
      style[.opacity, for: .highlighted] = 0.8
      return style
    }())
  let times = measure(
    operations: builds, rounds: rounds,
    [
      {
        var sum = 0
        for index in 0..<builds { sum &+= makeStyle(normal: index >= 0).attributeNames.count }
        return sum
      },
      {
        var sum = 0
        for index in 0..<builds {
          sum &+= makeStyle(normal: index >= 0).resolve(.normal)[.cornerRadius] ?? 0
        }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<builds { sum &+= theme.overlaid(with: overrides).attributeNames.count }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<builds { sum &+= typedLookup(theme).resolve(.normal).cornerRadius }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<builds { sum &+= SixLookups(theme).cornerRadius.resolve(.normal) }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<builds { sum &+= dictionary().count }
        return sum
      },
    ]
  ).map(median)
  print("\nbuilding, us per structure (medians)")
  print("  a style set of 6 attributes by 21 subscript sets: \(format(times[0] / 1000))")
  print("  the same, then its first resolve:                  \(format(times[1] / 1000))")
  print("  overlaying 4 entries of 3 attributes on it:        \(format(times[2] / 1000))")
  print("  a StateLookup<ButtonLook> of it:               \(format(times[3] / 1000))")
  print("  six StateLookups of its tables:              \(format(times[4] / 1000))")
  print("  the dictionary of 64 looks (from the switch):      \(format(times[5] / 1000))")
}

if let hits = ratios["hits"] {
  print(
    "\nsummary: documented \(format(hits["documented"] ?? 0))x the switch, typed \(format(hits["typed"] ?? 0))x, six lookups \(format(hits["six lookups"] ?? 0))x, dictionary \(format(hits["dictionary"] ?? 0))x (hits)"
  )
}
let screens = [
  "random, linear", "every field, linear", "random, ease-out", "every field, ease-out",
]
print(
  "mid-transition: a screen's AnimatedLooks against the hand-written interpolation: "
    + zip(screens, transitionRatios).map { "\(format($1))x (\($0))" }.joined(separator: ", ")
    + "; goal: within 1.5x")
print(
  "  an array of AnimatedLook, one storage per widget: "
    + zip(screens, transitionRatios.dropFirst(screens.count)).map { "\(format($1))x (\($0))" }
    .joined(separator: ", "))
