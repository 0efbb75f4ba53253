import StateKitTesting
import Synchronization
import Testing

@testable import StateKit
@testable import StateKitCore

/// The single-threaded model, and what it shares with the controller: cancelled observers hear
/// nothing more, and a long queue of changes made during delivery drains in linear time.
@Suite("State model")
struct StateModelTests {
  final class Widget {
    let model = StateModel()
    var heard: [StateChange] = []
    var observation: StateModel.Observation?
  }

  /// Real changes reach observers of their bits. A change an observer makes is heard after the
  /// one it handles, by every observer, in order.
  @Test func realChangesReachObserversOfTheirBitsInOrder() {
    let widget = Widget()
    widget.observation = widget.model.onChange(relevantTo: [.highlighted, .disabled]) {
      [unowned widget] change in widget.heard.append(change)
    }
    // The third is a change in a bit nobody observes.
    let results: [Bool] = [
      widget.model.insert(.highlighted), widget.model.insert(.highlighted),
      widget.model.insert(.focused), widget.model.set(.disabled, true),
      widget.model.update { $0 = .normal } != nil, widget.model.update { _ in } == nil,
    ]
    #expect(results == [true, false, true, true, true, true])
    let expected: [StateChange] = [
      StateChange(old: .normal, new: .highlighted),
      StateChange(old: [.highlighted, .focused], new: [.highlighted, .focused, .disabled]),
      StateChange(old: [.highlighted, .focused, .disabled], new: .normal),
    ]
    #expect(widget.heard == expected)
    let countBefore = widget.model.observerCount
    widget.observation = nil
    #expect([countBefore, widget.model.observerCount] == [1, 0])

    let model = StateModel()
    var log: [String] = []
    let first = model.onChange { change in
      log.append("first \(change)")
      if change.new == .highlighted { model.insert(.selected) }
    }
    let second = model.onChange { log.append("second \($0)") }
    model.insert(.highlighted)
    #expect(
      log == [
        "first normal -> highlighted", "second normal -> highlighted",
        "first highlighted -> highlighted | selected",
        "second highlighted -> highlighted | selected",
      ])
    _ = (first, second)
  }

  /// An observer cancelled by an earlier one does not hear the change in flight: a widget that
  /// observes with `[unowned self]` and is released by the first observer does not trap. A token
  /// outliving its model does nothing. The controller skips observers cancelled during delivery.
  @Test func anObserverCancelledByAnEarlierOneHearsNothing() {
    let model = StateModel()
    var widget: Widget? = Widget()
    var calls = 0
    let closer = model.onChange { _ in widget = nil }
    widget?.observation = model.onChange { [unowned widget = widget!] _ in
      calls += 1
      widget.heard.append(StateChange(old: .normal, new: .normal))
    }
    model.insert(.selected)
    #expect(calls == 0 && widget == nil && model.observerCount == 1)
    // An observer added during delivery hears later changes only.
    var late = 0
    var lateToken: StateModel.Observation?
    let adder = model.onChange { _ in
      if lateToken == nil { lateToken = model.onChange { _ in late += 1 } }
    }
    model.insert(.focused)
    let lateBefore = late
    model.insert(.disabled)
    #expect([lateBefore, late] == [0, 1])
    _ = (closer, adder)

    var outlived: StateModel? = StateModel()
    let token = outlived!.onChange { _ in }
    weak let weakModel = outlived
    outlived = nil
    #expect(weakModel == nil)
    token.cancel()

    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    final class Victim: Sendable {
      let calls = Mutex(0)
    }
    let controller = StateController()
    let tokens = Mutex<[StateObservation]>([])
    let victim = Victim()
    let releaser = controller.onChange { _ in tokens.withLock { $0.removeAll() } }
    let observed = controller.onChange { _ in victim.calls.withLock { $0 += 1 } }
    tokens.withLock { $0 = [observed] }
    // The releaser's release is the last one.
    _ = consume observed
    controller.insert(.selected)
    #expect(victim.calls.withLock { $0 } == 0 && controller.observerCount == 1)
    _ = releaser
  }

  /// Seconds for an observer to make `count` changes from inside delivery, the best of three.
  static func drainSeconds(count: Int, model: Bool) -> Double {
    GrowthChecks.bestSeconds {
      if model {
        let state = StateModel()
        var left = count
        let token = state.onChange { _ in
          // Queue every change while the first is being delivered.
          while left > 0 {
            left -= 1
            state.update { $0 = ControlState(rawValue: UInt(left) << 16 | 1) }
          }
        }
        state.insert(.highlighted)
        _ = token
      } else if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        let controller = StateController()
        let left = Mutex(count)
        let token = controller.onChange { _ in
          while let next = left.withLock({ left -> Int? in
            guard left > 0 else { return nil }
            left -= 1
            return left
          }) {
            controller.update { $0 = ControlState(rawValue: UInt(next) << 16 | 1) }
          }
        }
        controller.insert(.highlighted)
        _ = token
      }
    }
  }

  /// Changes queued during delivery drain in linear time: 8x the changes take at most 24x the
  /// time (quadratic would take 64x).
  @Test(.enabled(if: GrowthChecks.requested), arguments: [true, false])
  func queuedChangesDrainInLinearTime(model: Bool) {
    var ratio = Double.infinity
    for _ in 0..<3 where ratio > 24 {
      let small = Self.drainSeconds(count: 5_000, model: model)
      let large = Self.drainSeconds(count: 40_000, model: model)
      ratio = min(ratio, large / max(small, 1e-6))
    }
    #expect(ratio <= 24, "40,000 queued changes took \(ratio)x the time of 5,000")
  }
}
