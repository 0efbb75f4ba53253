import BenchmarkSupport
// Measures StateController, the state a widget keeps to restyle only on real change, against
// baselines measured in the same run: the heap bytes of a controller with one observer (the
// budget is 128), and the cost of a change heard by one observer against a widget's
// hand-written `if new != old { restyle(new) }` on a plain stored state.
//
//   swift run -c release --package-path Benchmarks ControllerBenchmark
import Foundation
import HeapStats
import StateKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@inline(never) func restyle(_ state: ControlState) {
  if state.rawValue == 0x5eed_5eed { print("") }
}

/// A widget of the hand-written kind: its state and a check.
final class PlainWidget {
  var state = ControlState.normal
  @inline(never) func set(_ new: ControlState) {
    guard new != state else { return }
    state = new
    restyle(new)
  }
}

guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else {
  print("StateController needs macOS 15 or later")
  exit(0)
}

// Heap bytes: 10,000 controllers, each with one observer, kept alive together.
let count = 10_000
var controllers: [StateController] = []
var tokens: [StateObservation] = []
controllers.reserveCapacity(count)
tokens.reserveCapacity(count)
let before = heapstats_in_use()
for _ in 0..<count { controllers.append(StateController()) }
let middle = heapstats_in_use()
for controller in controllers {
  tokens.append(controller.onChange(relevantTo: [.highlighted, .disabled]) { restyle($0.new) })
}
let after = heapstats_in_use()
if before == 0 && after == 0 {
  print("heap bytes: not measurable on this platform")
} else {
  let controllerBytes = Int((Double(middle - before) / Double(count)).rounded())
  let tokenBytes = Int((Double(after - middle) / Double(count)).rounded())
  print(
    "heap bytes per controller: \(controllerBytes), one observer added: \(tokenBytes) "
      + "(the entry is inline; this is the token the observer keeps); total "
      + "\(controllerBytes + tokenBytes), budget 128")
}

// Changes: the same sequence of states set on a controller with one observer and on the
// hand-written widget; half of the changes touch only a bit the observer ignores.
let states: [ControlState] = (0..<1_024).map { ControlState(rawValue: UInt($0 * 7 % 16)) }
let rounds = 21
var controllerTimes: [Double] = []
var plainTimes: [Double] = []
let controller = controllers[0]
let plain = PlainWidget()
for round in 0...rounds {
  var start = now()
  for _ in 0..<100 { for state in states { controller.state = state } }
  let controllerTime = Double(now() - start) / Double(100 * states.count)
  start = now()
  for _ in 0..<100 { for state in states { plain.set(state) } }
  let plainTime = Double(now() - start) / Double(100 * states.count)
  if round > 0 {
    controllerTimes.append(controllerTime)
    plainTimes.append(plainTime)
  }
}
let ratios: [Double] = zip(controllerTimes, plainTimes).map { $0 / $1 }
let controllerNS = String(format: "%.1f", median(controllerTimes))
let plainNS = String(format: "%.1f", median(plainTimes))
let ratio = String(format: "%.1f", median(ratios))
print(
  "set state, one observer: \(controllerNS) ns; hand-written check: \(plainNS) ns; ratio \(ratio)")
withExtendedLifetime((controllers, tokens)) {}
