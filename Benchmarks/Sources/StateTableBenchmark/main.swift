import BenchmarkSupport
// Measures StateTable through the public API, against baselines measured in the same run:
// resolve (as `resolve(_:) ?? 0`, as `resolve(_:default:)`, and through a frozen
// `StateLookup`) against a [ControlState: Int]
// dictionary with UIKit's exact-then-normal lookup and against a plain array load; building a
// table against filling a dictionary; decoding a table from JSON against decoding a
// [String: Int]; then the heap bytes of a table. Every table has an entry for `.normal`, so
// every state resolves to a value: the loops time the lookup's hits, never a miss.
//
//   swift run -c release --package-path Benchmarks StateTableBenchmark
import Foundation
import HeapStats
import StateKit
import StateKitTesting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let visited = ControlState(rawValue: 1 << 16)
let dragging = ControlState(rawValue: 1 << 17)

func selectors(_ size: Int) -> [StateSelector] {
  let pool: [ControlState] = [
    .normal, .highlighted, .disabled, .selected, .focused, visited, [.selected, .highlighted],
    [.selected, .disabled], [visited, .highlighted], [.focused, .highlighted],
    [.selected, .focused],
    [visited, .disabled], [.selected, .highlighted, .focused], dragging, [dragging, .highlighted],
  ]
  var result = pool.prefix(size).map { StateSelector($0) }
  if size > pool.count {
    result.append(try! StateSelector(requiring: .selected, excluding: .disabled))
  }
  return Array(result.prefix(size))
}

func format(_ value: Double) -> String {
  let scaled = (value * 100).rounded() / 100
  return String(scaled)
}

func pad(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

// Random states over every bit the tables use plus noise bits that no selector mentions.
var rng = SplitMix64(seed: 7)
let stateMask: ControlState = [
  .highlighted, .disabled, .selected, .focused, visited, dragging,
  ControlState(rawValue: 0x0100_0030),
]
let states = (0..<1024).map { _ in ControlState.random(in: stateMask, using: &rng) }
let repeats = 400
let operations = states.count * repeats

print(
  "StateTable.resolve vs baselines (\(states.count) random states x \(repeats), 21 interleaved rounds; medians, ratios paired per round)"
)
print(
  "entries  resolve ns  default ns  lookup ns  dictionary ns  array ns  dict/resolve"
    + "  resolve/array  default/array  lookup/array")
var worstDictionaryRatio = Double.infinity
var worstArrayRatio = 0.0
var worstDefaultRatio = 0.0
var worstLookupRatio = 0.0
for size in [1, 4, 8, 16] {
  let keys = selectors(size)
  var table = StateTable<Int>()
  var dictionary: [ControlState: Int] = [:]
  for (value, selector) in keys.enumerated() {
    table[selector] = value + 1
    if selector.excluded.isNormal { dictionary[selector.required] = value + 1 }
  }
  let array = (0..<256).map { $0 * 3 }
  let t = opaque(table)
  let d = opaque(dictionary)
  let a = opaque(array)
  let s = opaque(states)
  // Every table here has an entry for `.normal` and mentions only named bits: it is indexed.
  let lookup = StateLookup(table, default: 0)
  let l = opaque(lookup)

  let times = measure(
    operations: operations,
    [
      {
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= d[state] ?? d[.normal] ?? 0 } }
        return sum
      },
      // A loop of a few instructions runs at up to half speed when it straddles a 32-byte
      // window of the CPU's instruction fetch, so where the compiler and linker happen to put it
      // changes its time by up to 2x. Each small loop is written four times, each copy with a
      // different number of calls before the loop (so the compiler cannot merge them and each
      // loop starts at another offset), and each round counts the fastest copy of each loop.
      // All four small loops (resolve, resolve with a default, array, lookup) get the same
      // treatment.
      {
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= t.resolve(state) ?? 0 } }
        return sum
      },
      {
        blackHole(1)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= t.resolve(state) ?? 0 } }
        return sum
      },
      {
        blackHole(1)
        blackHole(2)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= t.resolve(state) ?? 0 } }
        return sum
      },
      {
        blackHole(1)
        blackHole(2)
        blackHole(3)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= t.resolve(state) ?? 0 } }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= t.resolve(state, default: 0) } }
        return sum
      },
      {
        blackHole(1)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= t.resolve(state, default: 0) } }
        return sum
      },
      {
        blackHole(1)
        blackHole(2)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= t.resolve(state, default: 0) } }
        return sum
      },
      {
        blackHole(1)
        blackHole(2)
        blackHole(3)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= t.resolve(state, default: 0) } }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<repeats {
          for state in s { sum &+= a[Int(truncatingIfNeeded: state.rawValue & 0xFF)] }
        }
        return sum
      },
      {
        blackHole(1)
        var sum = 0
        for _ in 0..<repeats {
          for state in s { sum &+= a[Int(truncatingIfNeeded: state.rawValue & 0xFF)] }
        }
        return sum
      },
      {
        blackHole(1)
        blackHole(2)
        var sum = 0
        for _ in 0..<repeats {
          for state in s { sum &+= a[Int(truncatingIfNeeded: state.rawValue & 0xFF)] }
        }
        return sum
      },
      {
        blackHole(1)
        blackHole(2)
        blackHole(3)
        var sum = 0
        for _ in 0..<repeats {
          for state in s { sum &+= a[Int(truncatingIfNeeded: state.rawValue & 0xFF)] }
        }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= l.resolve(state) } }
        return sum
      },
      {
        blackHole(1)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= l.resolve(state) } }
        return sum
      },
      {
        blackHole(1)
        blackHole(2)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= l.resolve(state) } }
        return sum
      },
      {
        blackHole(1)
        blackHole(2)
        blackHole(3)
        var sum = 0
        for _ in 0..<repeats { for state in s { sum &+= l.resolve(state) } }
        return sum
      },
    ])
  let fastest = { (first: Int) in
    (0..<times[first].count).map { round in (first..<first + 4).map { times[$0][round] }.min() ?? 0
    }
  }
  let (resolveTimes, defaultTimes, arrayTimes) = (fastest(1), fastest(5), fastest(9))
  let lookupTimes = fastest(13)
  let (resolveTime, defaultTime, dictionaryTime, arrayTime) = (
    median(resolveTimes), median(defaultTimes), median(times[0]), median(arrayTimes)
  )
  let lookupRatio = medianRatio(lookupTimes, arrayTimes)
  worstLookupRatio = max(worstLookupRatio, lookupRatio)
  let dictionaryRatio = medianRatio(times[0], resolveTimes)
  let arrayRatio = medianRatio(resolveTimes, arrayTimes)
  let defaultRatio = medianRatio(defaultTimes, arrayTimes)
  worstDictionaryRatio = min(worstDictionaryRatio, dictionaryRatio)
  worstArrayRatio = max(worstArrayRatio, arrayRatio)
  worstDefaultRatio = max(worstDefaultRatio, defaultRatio)
  print(
    pad(String(size), 7), pad(format(resolveTime), 11), pad(format(defaultTime), 11),
    pad(format(median(lookupTimes)), 10), pad(format(dictionaryTime), 14),
    pad(format(arrayTime), 9), pad(format(dictionaryRatio) + "x", 13),
    pad(format(arrayRatio) + "x", 14), pad(format(defaultRatio) + "x", 14),
    pad(format(lookupRatio) + "x", 13))
}

// Cost against the number of possible states: the same four-entry table, resolved for states
// drawn from 4 bits, 16 bits and all 64 bits.
print("\nresolve ns by width of the random states (4-entry table)")
do {
  var table = StateTable<Int>()
  for (value, selector) in selectors(4).enumerated() { table[selector] = value }
  let t = opaque(table)
  for width in [4, 16, 64] {
    let mask = ControlState(rawValue: width == 64 ? .max : (1 << UInt(width)) - 1)
    let wide = opaque((0..<1024).map { _ in ControlState.random(in: mask, using: &rng) })
    let time = measure(
      operations: operations,
      [
        {
          var sum = 0
          for _ in 0..<repeats { for state in wide { sum &+= t.resolve(state) ?? 0 } }
          return sum
        }
      ]
    ).map(median)[0]
    print("  states over \(pad(String(width), 2)) bits: \(format(time)) ns")
  }
}

// Two libraries on one bit (DeclaringCustomStates.md): the app moves a library's state onto its
// assigned bits with a StateRelocation. Resolving is unchanged; the relocation is one look-up,
// measured here as resolve alone, relocate then resolve on every call, and relocate alone.
print("\nrelocation at the boundary (4-entry table over system and application bits)")
do {
  let first = StateNames("FirstKit", ["visited": ControlState(rawValue: 1 << 16)])
  let second = StateNames(
    "SecondKit",
    ["dragging": ControlState(rawValue: 1 << 16), "reordering": ControlState(rawValue: 1 << 17)])
  let namespaces = try! StateNamespaces([first, second])
  let move = opaque(namespaces.relocation(for: "SecondKit"))
  var table = StateTable<Int>()
  table[.normal] = 1
  table[ControlState(rawValue: 1 << 17)] = 2
  table[.disabled] = 3
  table[[.highlighted, ControlState(rawValue: 1 << 18)]] = 4
  let t = opaque(table)
  let mask = ControlState([.system, .application])
  let mixed = opaque((0..<1024).map { _ in ControlState.random(in: mask, using: &rng) })
  let times = measure(
    operations: operations,
    [
      {
        var sum = 0
        for _ in 0..<repeats { for state in mixed { sum &+= t.resolve(state) ?? 0 } }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<repeats { for state in mixed { sum &+= t.resolve(move.apply(state)) ?? 0 } }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<repeats { for state in mixed { sum &+= Int(move.apply(state).rawValue) } }
        return sum
      },
    ]
  ).map(median)
  print("  resolve:                  \(format(times[0])) ns")
  print("  relocate, then resolve:   \(format(times[1])) ns")
  print("  relocate alone:           \(format(times[2])) ns")
}

// The cost of building a table, against a [ControlState: Int] dictionary filled with the same
// five keys in the same round: by subscript sets (each set of a new key builds the storage and
// its index once), from a list, and setting new values for existing keys.
var worstBuildRatio = 0.0
do {
  let keys = opaque(selectors(4) + [StateSelector(visited)])
  let plainKeys = opaque(keys.map(\.required))
  let pairs = opaque(keys.enumerated().map { ($1, $0) })
  let tables = 2_000
  let times = measure(
    operations: tables,
    [
      {
        var sum = 0
        for index in 0..<tables {
          var table = StateTable<Int>()
          for (value, key) in keys.enumerated() { table[key] = value &+ index }
          sum &+= table.entries.count
        }
        return sum
      },
      {
        var sum = 0
        for index in 0..<tables {
          var dictionary: [ControlState: Int] = [:]
          for (value, key) in plainKeys.enumerated() { dictionary[key] = value &+ index }
          sum &+= dictionary.count
        }
        return sum
      },
      {
        var sum = 0
        for _ in 0..<tables { sum &+= StateTable(pairs).entries.count }
        return sum
      },
      {
        var sum = 0
        var table = StateTable(pairs)
        for index in 0..<tables {
          for key in keys { table[key] = index }
          sum &+= table.entries.count
        }
        return sum
      },
      {
        var sum = 0
        let table = StateTable(pairs)
        for index in 0..<tables {
          sum &+= StateLookup(table, default: index).resolve(.normal)
        }
        return sum
      },
    ])
  let ratio = medianRatio(times[0], times[1])
  worstBuildRatio = ratio
  print(
    "\nbuilding a table of \(keys.count) entries, us per table (medians; ratio paired per round)")
  print("  by subscript sets:      \(format(median(times[0]) / 1000)) us")
  print("  dictionary, same sets:  \(format(median(times[1]) / 1000)) us")
  print("  table / dictionary:     \(format(ratio))x (goal <= 2x)")
  print("  from a list (init):     \(format(median(times[2]) / 1000)) us")
  print("  five new values (sets): \(format(median(times[3]) / 1000)) us")
  print("  a lookup of the table:  \(format(median(times[4]) / 1000)) us")
}

// Decoding grows linearly: documents of 10,000, 20,000 and 40,000 selector keys, decoded as a
// StateTable and, in the same round, as a [String: Int] by the same JSONDecoder (Foundation's
// own cost of reading the keys). Quadratic decoding would take 16 times as long for 4 times the
// keys.
var decodeSeconds40k = 0.0
do {
  func document(_ count: Int) -> Data {
    let body = (1...count).map { #""0x\#(String($0 << 24, radix: 16))": \#($0)"# }
    return Data(("{" + body.joined(separator: ", ") + "}").utf8)
  }
  print("\ndecoding a table from JSON with JSONDecoder, ms per document (medians of 5 rounds)")
  print("   keys   StateTable  [String: Int]  table/dictionary")
  var perKey: [Int: Double] = [:]
  for count in [10_000, 20_000, 40_000] {
    let json = opaque(document(count))
    let times = measure(
      operations: 1, rounds: 5,
      [
        { (try? JSONDecoder().decode(StateTable<Int>.self, from: json))?.entries.count ?? -1 },
        { (try? JSONDecoder().decode([String: Int].self, from: json))?.count ?? -1 },
      ])
    let (table, dictionary) = (median(times[0]) / 1e6, median(times[1]) / 1e6)
    perKey[count] = table / Double(count)
    if count == 40_000 { decodeSeconds40k = table / 1000 }
    print(
      pad(String(count), 7), pad(format(table), 12), pad(format(dictionary), 14),
      pad(format(medianRatio(times[0], times[1])) + "x", 18))
  }
  if let small = perKey[10_000], let large = perKey[40_000] {
    print(
      "  time per key, 40,000 keys against 10,000: \(format(large / small))x (1x is linear, 4x quadratic)"
    )
  }
}

#if canImport(Glibc)
  // Heap bytes per table: the growth of the allocator's in-use bytes while 10,000 tables of
  // four Int entries are alive, less the array that holds them.
  func heapInUse() -> Int { Int(heapstats_in_use()) }
  let count = 10_000
  var holder: [StateTable<Int>] = []
  holder.reserveCapacity(count)
  let before = heapInUse()
  for index in 0..<count {
    var table = StateTable<Int>()
    table[.normal] = index
    table[visited] = index + 1
    table[.highlighted] = index + 2
    table[.disabled] = index + 3
    holder.append(table)
  }
  let perTable = Double(heapInUse() - before) / Double(count)
  blackHole(holder.count)
  print(
    "\nheap bytes per table of four Int entries: \(format(perTable)) (goal <= 160); inline size \(MemoryLayout<StateTable<Int>>.size) bytes"
  )
  // The same for a lookup of each of those tables.
  var lookups: [StateLookup<Int>] = []
  lookups.reserveCapacity(count)
  let beforeLookups = heapInUse()
  for table in holder {
    lookups.append(StateLookup(table, default: 0))
  }
  let perLookup = Double(heapInUse() - beforeLookups) / Double(lookups.count)
  blackHole(lookups.count)
  print("heap bytes per lookup of such a table: \(format(perLookup))")
#endif

print(
  "\nworst ratios: dictionary/resolve \(format(worstDictionaryRatio))x (goal >= 10x), resolve/array \(format(worstArrayRatio))x (goal <= 2x; resolve(_:default:) \(format(worstDefaultRatio))x, Lookup.resolve \(format(worstLookupRatio))x), build table/dictionary \(format(worstBuildRatio))x (goal <= 2x); decoding 40,000 keys \(format(decodeSeconds40k)) s (goal: well under 1 s)"
)
