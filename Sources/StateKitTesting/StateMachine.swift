import Testing

/// A model-based test of an object: a model of what the object should do, the actions a test may
/// take, and the checks to make after every step.
///
/// Each action has a precondition over the model, a step on the model and a step on the real
/// system. The runner generates sequences of actions whose preconditions hold, runs each on a
/// fresh model and a fresh system, and checks the action's postcondition and the machine's
/// invariant after every step. A failing sequence shrinks to a shorter one whose preconditions
/// still hold: shrinking edits the recorded choices and generates again, so a sequence that
/// breaks a precondition is never run against the system.
///
///     final class Counter {
///         var value = 0
///         func increment() { value += 1 }
///         func reset() { value = 0 }
///     }
///     let machine = StateMachine<Int, Counter>(
///         model: { 0 }, system: { Counter() },
///         actions: [
///             .init("increment", model: { $0 += 1 }, system: { $0.increment() }),
///             .init("reset", when: { $0 > 0 }, model: { $0 = 0 }, system: { $0.reset() }),
///         ],
///         invariant: { model, counter in model == counter.value })
///     check("counter follows its model", machine) == nil  // true
///
/// The system is any class, `@MainActor` ones included: the system steps run synchronously on
/// the caller's actor, so call ``check(_:_:count:cases:seed:maxShrinks:swarm:)`` from the actor the
/// system belongs to. The model and the preconditions must be `Sendable` functions of the model
/// alone, since generation uses them.
public struct StateMachine<Model, System: AnyObject> {
  /// One thing a test may do: when it may, what it does to the model and to the system, and
  /// what must hold after it.
  ///
  ///     let increment = StateMachine<Int, Counter>.Action(
  ///         "increment", model: { $0 += 1 }, system: { $0.value += 1 },
  ///         postcondition: { model, counter in counter.value == model })
  ///     increment.name  // "increment"
  public struct Action {
    /// The action's name, as counterexamples show it.
    ///
    ///     StateMachine<Int, Counter>.Action("noop", model: { _ in }, system: { _ in }).name  // "noop"
    public let name: String
    /// Whether the action may be taken in a state of the model (its precondition).
    let mayRun: @Sendable (Model) -> Bool
    let modelStep: @Sendable (inout Model) -> Void
    let systemStep: (System) throws -> Void
    let postcondition: (Model, System) -> Bool

    /// Creates an action.
    ///
    ///     let reset = StateMachine<Int, Counter>.Action(
    ///         "reset", when: { $0 > 0 }, model: { $0 = 0 }, system: { $0.value = 0 })
    ///     reset.name  // "reset"
    ///
    /// - Parameters:
    ///   - name: The name counterexamples show.
    ///   - precondition: Whether the action may be taken in a state of the model; generation
    ///     and shrinking only produce sequences where it holds.
    ///   - model: The step on the model.
    ///   - system: The step on the real system; throwing fails the sequence.
    ///   - postcondition: What must hold after the step, given the model after it and the
    ///     system.
    public init(
      _ name: String, when precondition: @escaping @Sendable (Model) -> Bool = { _ in true },
      model: @escaping @Sendable (inout Model) -> Void,
      system: @escaping (System) throws -> Void,
      postcondition: @escaping (Model, System) -> Bool = { _, _ in true }
    ) {
      self.name = name
      self.mayRun = precondition
      self.modelStep = model
      self.systemStep = system
      self.postcondition = postcondition
    }
  }

  let initialModel: @Sendable () -> Model
  let makeSystem: () -> System
  /// The actions, simplest first: shrinking prefers earlier actions.
  let actions: [Action]
  let invariant: (Model, System) -> Bool

  /// Creates a machine.
  ///
  ///     let machine = StateMachine<Int, Counter>(
  ///         model: { 0 }, system: { Counter() },
  ///         actions: [.init("increment", model: { $0 += 1 }, system: { $0.value += 1 })],
  ///         invariant: { model, counter in model == counter.value })
  ///     check("counter follows its model", machine) == nil  // true
  ///
  /// - Parameters:
  ///   - model: The model's initial state, for each sequence.
  ///   - system: A fresh system, for each sequence.
  ///   - actions: The actions, simplest first: shrinking prefers earlier ones.
  ///   - invariant: What must hold before the first step and after every step.
  public init(
    model: @escaping @Sendable () -> Model, system: @escaping () -> System, actions: [Action],
    invariant: @escaping (Model, System) -> Bool = { _, _ in true }
  ) {
    initialModel = model
    makeSystem = system
    self.actions = actions
    self.invariant = invariant
  }

  /// Sequences of action indices whose preconditions hold, shrinking towards fewer and earlier
  /// actions. A drawn action whose precondition fails stands for the next one that holds, in
  /// declaration order, so lowering a choice means an earlier action and deleting a step keeps
  /// the later ones where they still may be taken. A sequence ends early when no action may be
  /// taken.
  ///
  /// With `swarm`, each sequence first draws, for every action, whether it is switched off for
  /// the whole sequence (each with probability 1/2; all off counts as all on), then takes only
  /// the actions that are on, unless none of them may be taken, when it takes any that may.
  /// Sequences then hold long runs of a few actions (a press repeated until a counter
  /// overflows) that uniform choices almost never make. Shrinking lowers a switch to "on", which
  /// never changes the actions a sequence takes, since a replayed choice names its action.
  func sequences(count: ClosedRange<Int>, swarm: Bool = false) -> Generator<[Int]> {
    let initial = initialModel
    let preconditions = actions.map(\.mayRun)
    let steps = actions.map(\.modelStep)
    let names = actions.map(\.name)
    let low = max(count.lowerBound, 0)
    let high = max(count.upperBound, low)
    return Generator<[Int]> { (stream) throws(_GenerationStop) in
      guard !preconditions.isEmpty else { throw .rejected }
      var model = initial()
      var switchedOn = [Bool](repeating: true, count: preconditions.count)
      if swarm {
        for index in preconditions.indices {
          switchedOn[index] = try stream.draw(below: 2) { $0.uniform(below: 2) } == 0
        }
        if !switchedOn.contains(true) { switchedOn = switchedOn.map { _ in true } }
      }
      let span = _share(of: high - low, size: stream.size)
      let target = low + Int(stream.random.uniform(below: UInt64(span) + 1))
      var result: [Int] = []
      // The actions whose precondition holds, and those of them switched on, in order: found
      // by one plain loop into arrays kept from step to step, since a case may take thousands
      // of steps.
      var possible: [Int] = []
      var swarmed: [Int] = []
      while result.count < high {
        possible.removeAll(keepingCapacity: true)
        swarmed.removeAll(keepingCapacity: true)
        var action = 0
        while action < preconditions.count {
          if preconditions[action](model) {
            possible.append(action)
            if switchedOn[action] { swarmed.append(action) }
          }
          action += 1
        }
        if possible.isEmpty { break }
        let enabled = swarmed.isEmpty ? possible : swarmed
        let start = stream.recorded.count
        if result.count >= low {
          let length = result.count
          if try stream.draw(below: 2, fresh: { _ in length < target ? 1 : 0 }) == 0 { break }
        }
        let choice = try stream.draw(below: UInt64(preconditions.count)) { random in
          UInt64(enabled[Int(random.uniform(below: UInt64(enabled.count)))])
        }
        var index = Int(choice)
        while !enabled.contains(index) { index = (index + 1) % preconditions.count }
        stream.canonicalizeLast(UInt64(index))
        steps[index](&model)
        result.append(index)
        stream.spans.append(start..<stream.recorded.count)
      }
      _PropertyContext.current?.recordSequence(result)
      return result
    }.described { "[" + $0.map { names[$0] }.joined(separator: ", ") + "]" }
  }

  /// Runs a sequence on a fresh model and system; throws the first broken check.
  func run(_ indices: [Int]) throws -> Bool {
    var model = initialModel()
    let system = makeSystem()
    guard invariant(model, system) else {
      throw _CheckFailure(message: "the invariant failed before the first step")
    }
    for (offset, index) in indices.enumerated() {
      let action = actions[index]
      let step = "step \(offset + 1) (\(action.name))"
      // Not a trap: the action's own precondition, checked again; a failure is a reported
      // property failure. Generation makes it impossible; the check keeps it from going unnoticed.
      guard action.mayRun(model) else {
        throw _CheckFailure(message: "\(step) was generated although its precondition fails")
      }
      do {
        try action.systemStep(system)
      } catch let discard as _Discard {
        throw discard
      } catch {
        throw _CheckFailure(message: "\(step) threw \(error)")
      }
      action.modelStep(&model)
      guard action.postcondition(model, system) else {
        throw _CheckFailure(message: "the postcondition of \(step) failed")
      }
      guard invariant(model, system) else {
        throw _CheckFailure(message: "the invariant failed after \(step)")
      }
    }
    return true
  }
}

/// A failure whose message is the report's reason as it is, without "threw".
struct _CheckFailure: Error {
  let message: String
}

/// Runs a state machine's sequences of actions and returns the shrunk failure, recording
/// nothing.
///
/// The counterexample is the names of the actions of the shortest failing sequence found.
///
///     final class Toggle { var isOn = false }
///     let machine = StateMachine<Bool, Toggle>(
///         model: { false }, system: { Toggle() },
///         actions: [
///             .init("on", when: { !$0 }, model: { $0 = true }, system: { $0.isOn = true }),
///             .init("off", when: { $0 }, model: { $0 = false }, system: { _ in }),
///         ],
///         invariant: { model, toggle in model == toggle.isOn })
///     let failure = check("toggle", machine, seed: 1)
///     failure?.counterexample  // ["on", "off"]
///
/// - Parameters:
///   - name: The property's name, for the report.
///   - machine: The model, the system and the actions.
///   - count: The allowed lengths of sequences.
///   - cases: The number of sequences that must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try.
///   - swarm: Whether each sequence switches off a random subset of the actions (swarm
///     testing), so that long runs of the others occur; see ``PropertyStatistics/longestRuns``.
/// - Returns: The failure, or `nil` when every sequence passed.
public func check<Model, System>(
  _ name: String, _ machine: StateMachine<Model, System>, count: ClosedRange<Int> = 0...20,
  cases: Int = 500, seed: UInt64? = nil, maxShrinks: Int = 5_000, swarm: Bool = false
) -> PropertyFailure<[String]>? {
  checkWithStatistics(
    name, machine, count: count, cases: cases, seed: seed, maxShrinks: maxShrinks, swarm: swarm
  ).failure
}

/// Runs a state machine like ``check(_:_:count:cases:seed:maxShrinks:swarm:)`` and returns the
/// statistics of its sequences as well: their labels and their lengths.
///
///     final class Light { var isOn = false }
///     let machine = StateMachine<Bool, Light>(
///         model: { false }, system: { Light() },
///         actions: [
///             .init("on", when: { !$0 }, model: { $0 = true }, system: { $0.isOn = true }),
///             .init("off", when: { $0 }, model: { $0 = false }, system: { $0.isOn = false }),
///         ],
///         invariant: { model, light in model == light.isOn })
///     let outcome = checkWithStatistics("light", machine, cases: 100)
///     outcome.statistics.lengths.values.reduce(0, +)  // 100
///
/// - Parameters:
///   - name: The property's name, for the report.
///   - machine: The model, the system and the actions.
///   - count: The allowed lengths of sequences.
///   - cases: The number of sequences that must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try.
///   - swarm: Whether each sequence switches off a random subset of the actions (swarm
///     testing).
/// - Returns: The failure, if any, and the statistics.
public func checkWithStatistics<Model, System>(
  _ name: String, _ machine: StateMachine<Model, System>, count: ClosedRange<Int> = 0...20,
  cases: Int = 500, seed: UInt64? = nil, maxShrinks: Int = 5_000, swarm: Bool = false
) -> PropertyOutcome<[String]> {
  _machineOutcome(
    name, machine, count: count, cases: cases, seed: seed, maxShrinks: maxShrinks, swarm: swarm,
    saved: nil)
}

/// Runs a state machine, replaying and saving failures in `saved` when there is one.
func _machineOutcome<Model, System>(
  _ name: String, _ machine: StateMachine<Model, System>, count: ClosedRange<Int>, cases: Int,
  seed: UInt64?, maxShrinks: Int, swarm: Bool, saved: _SavedFailures?
) -> PropertyOutcome<[String]> {
  let names = machine.actions.map(\.name)
  let outcome = withoutActuallyEscaping(machine.run) { run in
    var runner = _Runner(
      name: name, generator: machine.sequences(count: count, swarm: swarm), property: run)
    runner.saved = saved
    return runner.runWithStatistics(cases: cases, seed: seed, maxShrinks: maxShrinks)
  }
  guard let failure = outcome.failure else {
    return (failure: nil, statistics: outcome.statistics)
  }
  let named = PropertyFailure(
    counterexample: failure.counterexample.map { $0.map { names[$0] } },
    firstCounterexample: failure.firstCounterexample.map { $0.map { names[$0] } },
    report: failure.report)
  return (failure: named, statistics: outcome.statistics)
}

/// Runs a state machine's sequences of actions in a Swift Testing test, recording one issue if
/// a sequence fails; see ``check(_:_:count:cases:seed:maxShrinks:swarm:)``.
///
///     @Test func counterIncrements() {
///         let machine = StateMachine<Int, Counter>(
///             model: { 0 }, system: { Counter() },
///             actions: [.init("increment", model: { $0 += 1 }, system: { $0.increment() })],
///             invariant: { model, counter in model == counter.value })
///         forAll("counter increments", machine)
///     }
///
/// - Parameters:
///   - name: The property's name, for the report.
///   - machine: The model, the system and the actions.
///   - count: The allowed lengths of sequences.
///   - cases: The number of sequences that must pass.
///   - seed: A seed fixed in code; `nil` reads `STATEKIT_SEED`.
///   - maxShrinks: The most shrink candidates to try.
///   - swarm: Whether each sequence switches off a random subset of the actions (swarm
///     testing).
///   - saveFailures: Whether a failing sequence is saved to `StateKitFailures.txt` in the test
///     file's directory and replayed first on every later run until its line is deleted;
///     `STATEKIT_SAVED_FAILURES=off` turns it off for a whole run.
///   - filePath: The test file, whose directory holds the saved failures.
///   - sourceLocation: Where to record the issue.
/// - Returns: The failure, already recorded, or `nil` when every sequence passed.
@discardableResult
public func forAll<Model, System>(
  _ name: String, _ machine: StateMachine<Model, System>, count: ClosedRange<Int> = 0...20,
  cases: Int = 500, seed: UInt64? = nil, maxShrinks: Int = 5_000, swarm: Bool = false,
  saveFailures: Bool = true, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) -> PropertyFailure<[String]>? {
  let outcome = _machineOutcome(
    name, machine, count: count, cases: cases, seed: seed, maxShrinks: maxShrinks, swarm: swarm,
    saved: _SavedFailures.file(testFile: filePath, enabled: saveFailures))
  if let failure = outcome.failure {
    Issue.record(Comment(rawValue: failure.report.description), sourceLocation: sourceLocation)
  } else {
    print("Property \"\(name)\" passed:\n\(outcome.statistics)")
  }
  return outcome.failure
}
