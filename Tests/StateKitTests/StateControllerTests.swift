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

  @Test func onlyRealChangesAreReported() {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let recorder = Recorder()
    let token = controller.onChange { recorder.record($0) }
    #expect(controller.insert(.highlighted))
    #expect(!controller.insert(.highlighted))
    #expect(controller.set(.disabled, true))
    #expect(!controller.set(.selected, false))
    controller.state = [.highlighted, .disabled]
    #expect(controller.remove(.highlighted))
    #expect(controller.update { $0 = .normal } == StateChange(old: .disabled, new: .normal))
    #expect(
      recorder.all == [
        StateChange(old: .normal, new: .highlighted),
        StateChange(old: .highlighted, new: [.highlighted, .disabled]),
        StateChange(old: [.highlighted, .disabled], new: .disabled),
        StateChange(old: .disabled, new: .normal),
      ])
    token.cancel()
  }

  @Test func aBitNoObservedEntryMentionsCallsNothing() {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let recorder = Recorder()
    let token = controller.onChange(relevantTo: [.highlighted, .disabled]) { recorder.record($0) }
    controller.insert(.focused)
    controller.insert(ControlState(rawValue: 1 << 16))
    #expect(recorder.all.isEmpty)
    controller.insert(.disabled)
    #expect(recorder.all.map(\.changed) == [.disabled])
    withExtendedLifetime(token) {}
  }

  @Test func cancellingOrReleasingATokenStopsObserving() {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let recorder = Recorder()
    var token: StateObservation? = controller.onChange { recorder.record($0) }
    let other = controller.onChange { recorder.record($0) }
    #expect(controller.observerCount == 2)
    token = nil
    #expect(controller.observerCount == 1)
    other.cancel()
    other.cancel()
    #expect(controller.observerCount == 0)
    controller.insert(.selected)
    #expect(recorder.all.isEmpty)
    _ = token
  }

  @Test func anObserverMayChangeTheStateItHearsAbout() {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    // Handlers run outside the lock: a handler that clears `highlighted` when `disabled` is set
    // does not deadlock, and its own change is reported too.
    let controller = StateController([.highlighted])
    let recorder = Recorder()
    let token = controller.onChange(relevantTo: .disabled) { change in
      if change.new.contains(.disabled) { controller.remove(.highlighted) }
    }
    let all = controller.onChange { recorder.record($0) }
    controller.insert(.disabled)
    #expect(controller.state == .disabled)
    #expect(recorder.all.last == StateChange(old: [.highlighted, .disabled], new: .disabled))
    withExtendedLifetime((token, all)) {}
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
      #expect(heard == expected, "seed \(seed), case \(run)")
      #expect(heardMasked == expected.filter { $0.touches(mask) }, "seed \(seed), case \(run)")
      #expect(controller.state == state, "seed \(seed), case \(run)")
      if heard != expected { break }
      withExtendedLifetime(tokens) {}
    }
  }

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
  }

  @Test func cancellingTheReadingTaskStopsObserving() async {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let reader = Task {
      for await _ in controller.changes() {}
    }
    for _ in 0..<1_000 where controller.observerCount == 0 { await Task.yield() }
    #expect(controller.observerCount == 1)
    reader.cancel()
    await reader.value
    #expect(controller.observerCount == 0)
  }

  @Test func observationTracksChangesMadeOnTheController() {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
    let controller = StateController()
    let observed = ObservableControlState(controller)
    let fired = Mutex(0)
    withObservationTracking {
      _ = observed.state
    } onChange: {
      fired.withLock { $0 += 1 }
    }
    controller.insert(.selected)
    #expect(fired.withLock { $0 } == 1)
    #expect(observed.state == .selected)
    observed.state = .normal
    #expect(controller.state == .normal)
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
    #expect(all.count == 3 * 5_000)
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.new == $1.old })
    for run in runs {
      #expect(zip(run, run.dropFirst()).allSatisfy { $0.new == $1.old }, "\(run)")
    }
    withExtendedLifetime(token) {}
  }

  @Test func manyTasksChangingBitsLoseNoChange() async {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
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
    #expect(made == 8 * rounds)
    #expect(count.load(ordering: .relaxed) == made)
    #expect(controller.state == .normal)
    withExtendedLifetime(token) {}
  }
}
