import Observation
import StateKitTesting
import Synchronization
import Testing

@testable import StateKit

/// The state controller: real changes only, observers filtered by the bits they care about,
/// changes as an AsyncSequence and through Observation, from the main actor and from many tasks
/// (CI runs these under ThreadSanitizer).
@Suite("State controller")
struct StateControllerTests {
  /// Collects what an observer hears.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  final class Recorder: Sendable {
    let changes = Mutex<[StateChange]>([])
    func record(_ change: StateChange) { changes.withLock { $0.append(change) } }
    var all: [StateChange] { changes.withLock { $0 } }
  }

  /// Only real changes are reported, and a bit no observed entry mentions calls nothing.
  @Test func onlyRealChangesAreReported() {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let recorder = Recorder()
    let token = controller.onChange { recorder.record($0) }
    var results: [Bool] = [controller.insert(.highlighted), controller.insert(.highlighted)]
    results += [controller.set(.disabled, true), controller.set(.selected, false)]
    controller.state = [.highlighted, .disabled]
    results.append(controller.remove(.highlighted))
    #expect(results == [true, false, true, false, true])
    #expect(controller.update { $0 = .normal } == StateChange(old: .disabled, new: .normal))
    let expected: [StateChange] = [
      StateChange(old: .normal, new: .highlighted),
      StateChange(old: .highlighted, new: [.highlighted, .disabled]),
      StateChange(old: [.highlighted, .disabled], new: .disabled),
      StateChange(old: .disabled, new: .normal),
    ]
    #expect(recorder.all == expected)
    token.cancel()

    let masked = StateController()
    let maskedRecorder = Recorder()
    let maskedToken = masked.onChange(relevantTo: [.highlighted, .disabled]) {
      maskedRecorder.record($0)
    }
    masked.insert(.focused)
    masked.insert(ControlState(rawValue: 1 << 16))
    let heardFirst = maskedRecorder.all.map(\.changed)
    masked.insert(.disabled)
    #expect([heardFirst, maskedRecorder.all.map(\.changed)] == [[], [.disabled]])
    withExtendedLifetime(maskedToken) {}
  }

  /// Cancelling or releasing a token stops observing. An observer may change the state it hears
  /// about: handlers run outside the lock, so a handler that clears `highlighted` when
  /// `disabled` is set does not deadlock, and its own change is reported too. Observation
  /// tracks changes made on the controller.
  @Test func cancellingStopsObservingAndObserversMayChangeTheState() {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let recorder = Recorder()
    var token: StateObservation? = controller.onChange { recorder.record($0) }
    let other = controller.onChange { recorder.record($0) }
    var counts: [Int] = [controller.observerCount]
    token = nil
    counts.append(controller.observerCount)
    other.cancel()
    other.cancel()
    counts.append(controller.observerCount)
    #expect(counts == [2, 1, 0])
    controller.insert(.selected)
    #expect(recorder.all.isEmpty)
    _ = token

    let changing = StateController([.highlighted])
    let changes = Recorder()
    let clearer = changing.onChange(relevantTo: .disabled) { change in
      if change.new.contains(.disabled) { changing.remove(.highlighted) }
    }
    let all = changing.onChange { changes.record($0) }
    changing.insert(.disabled)
    #expect(changing.state == .disabled)
    #expect(changes.all.last == StateChange(old: [.highlighted, .disabled], new: .disabled))
    withExtendedLifetime((clearer, all)) {}

    let tracked = StateController()
    let observed = ObservableControlState(tracked)
    let fired = Mutex(0)
    withObservationTracking {
      _ = observed.state
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    tracked.insert(.selected)
    #expect(fired.withLock { $0 } == 1)
    let before = observed.state
    observed.state = .normal
    #expect([before, tracked.state] == [.selected, .normal])
  }

  /// The law: an observer of `mask` hears exactly the real changes that touch `mask`, in order,
  /// and the changes chain from the first state to the last.
  @Test func observersHearExactlyTheChangesThatTouchTheirBits() {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let seed = (try? PropertySeed.current.get()) ?? 23
    var rng = SplitMix64(seed: seed)
    let bits: [ControlState] = [
      .highlighted, .disabled, .selected, .focused, ControlState(rawValue: 1 << 16),
    ]
    for run in 0..<2_000 {
      let controller = StateController()
      let mask = bits.filter { _ in Bool.random(using: &rng) }.reduce(ControlState()) {
        $0.union($1)
      }
      let masked = Recorder()
      let every = Recorder()
      let tokens = [
        controller.onChange(relevantTo: mask) { masked.record($0) },
        controller.onChange { every.record($0) },
      ]
      var expected: [StateChange] = []
      var state = ControlState()
      for _ in 0..<Int.random(in: 0...20, using: &rng) {
        let bit = bits.randomElement(using: &rng)!
        let old = state
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
          controller.insert(bit)
          state.insert(bit)
        case 1:
          controller.remove(bit)
          state.remove(bit)
        default:
          let on = Bool.random(using: &rng)
          controller.set(bit, on)
          if on { state.insert(bit) } else { state.remove(bit) }
        }
        if old != state { expected.append(StateChange(old: old, new: state)) }
      }
      let heard = every.all
      let heardMasked = masked.all
      let expectedMasked: [StateChange] = expected.filter { $0.touches(mask) }
      let heardBoth: [[StateChange]] = [heard, heardMasked]
      #expect(heardBoth == [expected, expectedMasked], "seed \(seed), case \(run)")
      #expect(controller.state == state, "seed \(seed), case \(run)")
      if heard != expected { break }
      withExtendedLifetime(tokens) {}
    }
  }

  /// Changes are an AsyncSequence, in order; cancelling the reading task stops observing.
  @Test func changesAreAnAsyncSequenceInOrder() async {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let stream = controller.changes(relevantTo: .selected)
    let reader = Task {
      var seen: [ControlState] = []
      for await change in stream {
        seen.append(change.new)
        if seen.count == 3 { break }
      }
      return seen
    }
    controller.insert(.selected)
    controller.insert(.focused)  // not observed
    controller.remove(.selected)
    controller.insert(.selected)
    #expect(await reader.value == [[.selected], [.focused], [.focused, .selected]])

    let read = StateController()
    let endless = Task {
      for await _ in read.changes() {}
    }
    for _ in 0..<1_000 where read.observerCount == 0 { await Task.yield() }
    let countBefore = read.observerCount
    endless.cancel()
    await endless.value
    #expect([countBefore, read.observerCount] == [1, 0])
  }

  @MainActor final class Widget {
    var restyles: [ControlState] = []
    var token: StateObservation?
  }

  @MainActor @Test func aMainActorWidgetRestylesFromTaskChanges() async {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let widget = Widget()
    let stream = controller.changes(relevantTo: [.highlighted, .disabled])
    let listener = Task { @MainActor in
      for await change in stream {
        widget.restyles.append(change.new)
        if widget.restyles.count == 2 { break }
      }
    }
    await Task.detached {
      controller.insert(.highlighted)
      controller.insert(.focused)
      controller.insert(.disabled)
    }.value
    await listener.value
    #expect(widget.restyles == [[.highlighted], [.highlighted, .focused, .disabled]])
  }

  /// Observers come and go on some tasks while others change the state: each observer hears an
  /// unbroken run of the changes (every change from the first it hears to the last, as the rule
  /// says: it hears each change made after it was added until it is cancelled), and one that
  /// stays hears them all. Under ThreadSanitizer, this checks the delivery's steps against
  /// additions, cancellations and compactions from other threads.
  ///
  /// And many tasks changing bits lose no change.
  @Test func observersComingAndGoingHearUnbrokenRuns() async {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let everything = Recorder()
    let token = controller.onChange { everything.record($0) }
    let runs = await withTaskGroup(of: [[StateChange]].self) { group in
      for task in 0..<3 {
        group.addTask {
          let bit = ControlState(rawValue: 1 << UInt(task))
          for round in 0..<5_000 { controller.set(bit, round % 2 == 0) }
          return []
        }
      }
      for task in 0..<3 {
        group.addTask {
          var rng = SplitMix64(seed: UInt64(task))
          var runs: [[StateChange]] = []
          var observers: [(StateObservation, Recorder)] = []
          for _ in 0..<1_000 {
            let recorder = Recorder()
            observers.append((controller.onChange { recorder.record($0) }, recorder))
            // Cancel one at random, so that places empty out of order and get compacted.
            if observers.count > 8 || Bool.random(using: &rng) {
              let (token, recorder) = observers.remove(
                at: Int.random(in: 0..<observers.count, using: &rng))
              token.cancel()
              runs.append(recorder.all)
            }
          }
          return runs + observers.map { $0.1.all }
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    let all = everything.all
    let expectedCount = 3 * 5_000
    #expect(all.count == expectedCount)
    for run in [all] + runs {
      #expect(zip(run, run.dropFirst()).allSatisfy { $0.new == $1.old }, "\(run)")
    }
    withExtendedLifetime(token) {}
    await Self.manyTasksChangingBitsLoseNoChange()
  }

  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  static func manyTasksChangingBitsLoseNoChange() async {
    // Enough rounds that the tasks contend for the lock, so ThreadSanitizer (CI runs the suite
    // under it) checks the contended hand-over too, not only the uncontended path.
    let rounds = 5_000
    let controller = StateController()
    let count = Atomic(0)
    let token = controller.onChange { _ in count.add(1, ordering: .relaxed) }
    let made = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          let bit = ControlState(rawValue: 1 << UInt(task))
          var changes = 0
          for round in 0..<rounds {
            if controller.set(bit, round % 2 == 0) { changes += 1 }
          }
          return changes
        }
      }
      return await group.reduce(0, +)
    }
    #expect([made, count.load(ordering: .relaxed)] == [8 * rounds, made])
    #expect(controller.state == .normal)
    withExtendedLifetime(token) {}
  }
}
