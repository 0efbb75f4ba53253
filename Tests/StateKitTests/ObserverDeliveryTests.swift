import StateKitTesting
import Testing

@testable import StateKit
@testable import StateKitCore

/// How a change reaches observers, tested once for both holders (`StateModel` and
/// `StateController` share the delivery): the rule for observers added and cancelled during a
/// delivery, identities that are never reused, and linear time on every path.
@Suite("Observer delivery", .serialized)
struct ObserverDeliveryTests {
  enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
    case model, controller
    var description: String { rawValue }
  }

  /// A value that handlers share with the test. The tests call every handler on their own
  /// thread (a controller calls them on the thread that made the change), so nothing here is
  /// shared between threads.
  final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  /// One of the two holders behind one interface. Unchecked: a model's subject stays on the
  /// test's thread, as a model must.
  struct Subject: @unchecked Sendable {
    let holder: any StateHolding
    let observe: (ControlState?, @escaping @Sendable (StateChange) -> Void) -> AnyObject
    let observerCount: () -> Int

    /// A holder of `kind`, or `nil` where the controller is not available.
    static func make(_ kind: Kind) -> Subject? {
      switch kind {
      case .model:
        let model = StateModel()
        return Subject(
          holder: model, observe: { model.onChange(relevantTo: $0, $1) },
          observerCount: { model.observerCount })
      case .controller:
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        let controller = StateController()
        return Subject(
          holder: controller, observe: { controller.onChange(relevantTo: $0, $1) },
          observerCount: { controller.observerCount })
      }
    }

    /// Stops an observer through its token's `cancel()`.
    static func cancel(_ token: AnyObject?) {
      if let token = token as? StateModel.Observation { token.cancel() }
      if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
        let token = token as? StateObservation
      {
        token.cancel()
      }
    }
  }

  // MARK: Identity

  /// An observer releases another's token and adds an observer in reaction to a change, so the
  /// new token may take the released one's memory: the released observer must not hear the
  /// change, as an `[unowned self]` handler would trap.
  ///
  /// Cancelling an observer releases its handler, and with it what the handler holds: here the
  /// only reference to another observer's token, whose cancellation comes back to the holder
  /// while the first one's is still going on.
  @Test(arguments: Kind.allCases)
  func releasedAndCancelledObserversStayStopped(_ kind: Kind) throws {
    var calledRounds = 0
    for _ in 0..<1_000 {
      let subject = try #require(Subject.make(kind))
      let released = Box<AnyObject?>(nil)
      let added = Box<[AnyObject]>([])
      let victimCalls = Box(0)
      let replacer = subject.observe(nil) { _ in
        released.value = nil
        added.value.append(subject.observe(nil) { _ in })
      }
      released.value = subject.observe(nil) { _ in victimCalls.value += 1 }
      subject.holder.insert(.selected)
      if victimCalls.value > 0 { calledRounds += 1 }
      #expect(subject.observerCount() == 2)
      withExtendedLifetime((replacer, added)) {}
    }
    #expect(calledRounds == 0, "a released observer was called in \(calledRounds) of 1,000 rounds")

    for byRelease in [false, true] {
      let subject = try #require(Subject.make(kind))
      var held: Box<AnyObject>? = Box(subject.observe(nil) { _ in })
      var outer: AnyObject? = subject.observe(nil) { [held] _ in _ = held }
      held = nil
      let before = subject.observerCount()
      if byRelease { outer = nil } else { Subject.cancel(outer) }
      #expect([before, subject.observerCount()] == [2, 0], "by release: \(byRelease)")
      withExtendedLifetime(outer) {}
    }
  }

  // MARK: The rule

  /// An observer hears the changes made after it was added: one added while an earlier change
  /// still waits to be delivered does not hear that change. An observer cancelled before its
  /// turn (by an earlier observer, or by itself while handling an earlier change) hears nothing
  /// more, even the changes already waiting.
  @Test(arguments: Kind.allCases)
  func observersAddedOrCancelledDuringADeliveryHearOnlyTheirChanges(_ kind: Kind) throws {
    let subject = try #require(Subject.make(kind))
    let heard = Box<[StateChange]>([])
    let late = Box<AnyObject?>(nil)
    let first = subject.observe(nil) { change in
      guard change.new == .highlighted else { return }
      // Queued behind the change in flight, then an observer: it was added after this change.
      subject.holder.insert(.selected)
      late.value = subject.observe(nil) { heard.value.append($0) }
    }
    subject.holder.insert(.highlighted)
    let heardFirst = heard.value
    subject.holder.insert(.focused)
    let expected: [[StateChange]] = [
      [], [StateChange(old: [.highlighted, .selected], new: [.highlighted, .selected, .focused])],
    ]
    #expect([heardFirst, heard.value] == expected)
    withExtendedLifetime(first) {}
    try Self.anObserverCancelledBeforeItsTurnHearsNothingMore(kind)
  }

  static func anObserverCancelledBeforeItsTurnHearsNothingMore(_ kind: Kind) throws {
    let subject = try #require(Subject.make(kind))
    let heard = Box<[String]>([])
    let tokens = Box<[AnyObject?]>([nil, nil, nil])
    defer { tokens.value.removeAll() }  // the handlers hold the tokens
    tokens.value[0] = subject.observe(nil) { change in
      heard.value.append("a \(change)")
      if change.new == .highlighted {
        subject.holder.insert(.selected)
        subject.holder.insert(.focused)
        Subject.cancel(tokens.value[1])
      }
    }
    tokens.value[1] = subject.observe(nil) { heard.value.append("b \($0)") }
    tokens.value[2] = subject.observe(nil) { change in
      heard.value.append("c \(change)")
      tokens.value[2] = nil
    }
    subject.holder.insert(.highlighted)
    let expected: [String] = [
      "a normal -> highlighted", "c normal -> highlighted",
      "a highlighted -> highlighted | selected",
      "a highlighted | selected -> highlighted | selected | focused",
    ]
    #expect(heard.value == expected)
    #expect(subject.observerCount() == 1)
  }

  /// Observers whose handlers add, cancel and change at random hear exactly what a plain
  /// reading of the rule says: each change, in the order made, reaches every observer added
  /// before it was made and not cancelled before its turn, in the order they were added.
  @Test(arguments: Kind.allCases)
  func observersHearWhatTheRuleSays(_ kind: Kind) throws {
    let seed = (try? PropertySeed.current.get()) ?? 49
    for run in 0..<GrowthChecks.cases(2_000) {
      let subject = try #require(Subject.make(kind))
      var rng = SplitMix64(seed: seed &+ UInt64(run))
      let script = Script(seed: rng.next(), starting: Int.random(in: 1...12, using: &rng))
      let outside = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
        Script.bits[Int.random(in: 0..<Script.bits.count, using: &rng)]
      }
      let expected = script.expectedCalls(changes: outside)
      let actual = script.run(on: subject, changes: outside)
      #expect(actual == expected, "\(kind), seed \(seed), case \(run)")
      if actual != expected { break }
    }
  }

  /// What each observer does when it is called, drawn from a seed and the call: nothing, cancel
  /// an observer, add one, or make a change; bounded so every delivery ends.
  struct Script {
    static let bits: [ControlState] = [.highlighted, .disabled, .selected, .focused]
    static let maximumObservers = 60
    static let maximumChanges = 40

    enum Action {
      case nothing
      case cancel(Int)
      case add(ControlState?)
      case toggle(ControlState)
    }

    struct Call: Equatable, CustomStringConvertible {
      var observer: Int
      var change: StateChange
      var description: String { "\(observer): \(change)" }
    }

    let seed: UInt64
    let starting: Int

    func mask(of observer: Int) -> ControlState? {
      var rng = SplitMix64(seed: seed ^ UInt64(observer) &* 0x9E37_79B9)
      let bits = Self.bits.filter { _ in Bool.random(using: &rng) }
      return bits.count == Self.bits.count ? nil : bits.reduce(ControlState()) { $0.union($1) }
    }

    /// The action of `observer`'s call number `call`, given how many observers exist.
    func action(observer: Int, call: Int, observers: Int) -> Action {
      var rng = SplitMix64(seed: seed &+ UInt64(observer) << 20 &+ UInt64(call))
      switch Int.random(in: 0..<10, using: &rng) {
      case 0..<4: return .nothing
      case 4..<6: return .cancel(Int.random(in: 0..<observers, using: &rng))
      case 6..<8: return .add(mask(of: observers))
      default: return .toggle(Self.bits[Int.random(in: 0..<Self.bits.count, using: &rng)])
      }
    }

    /// The calls the rule gives, worked out with plain arrays.
    func expectedCalls(changes outside: [ControlState]) -> [Call] {
      var masks = (0..<starting).map { mask(of: $0) ?? ControlState(rawValue: .max) }
      var registered = Array(repeating: true, count: starting)
      var callCounts = Array(repeating: 0, count: starting)
      var state = ControlState.normal
      var changesMade = 0
      var calls: [Call] = []
      // Each change with the number of observers that existed when it was made.
      var queue: [(change: StateChange, observers: Int)] = []
      func toggle(_ bit: ControlState) {
        guard changesMade < Self.maximumChanges else { return }
        changesMade += 1
        let change = StateChange(old: state, new: state.symmetricDifference(bit))
        state = change.new
        queue.append((change, masks.count))
      }
      for bit in outside {
        toggle(bit)
        while !queue.isEmpty {
          let (change, observers) = queue.removeFirst()
          for observer in 0..<observers where registered[observer] {
            guard change.touches(masks[observer]) else { continue }
            calls.append(Call(observer: observer, change: change))
            let call = callCounts[observer]
            callCounts[observer] += 1
            switch action(observer: observer, call: call, observers: masks.count) {
            case .nothing: break
            case .cancel(let other): registered[other] = false
            case .add(let mask):
              guard masks.count < Self.maximumObservers else { break }
              masks.append(mask ?? ControlState(rawValue: .max))
              registered.append(true)
              callCounts.append(0)
            case .toggle(let bit): toggle(bit)
            }
          }
        }
      }
      return calls
    }

    /// The calls a holder makes when its observers follow the script.
    func run(on subject: Subject, changes outside: [ControlState]) -> [Call] {
      let calls = Box<[Call]>([])
      let tokens = Box<[AnyObject?]>([])
      defer { tokens.value.removeAll() }  // the handlers hold the tokens
      let callCounts = Box<[Int]>([])
      let changesMade = Box(0)
      let script = self
      @Sendable func toggle(_ bit: ControlState) {
        guard changesMade.value < Self.maximumChanges else { return }
        changesMade.value += 1
        subject.holder.update { $0 = $0.symmetricDifference(bit) }
      }
      @Sendable func add(_ observer: Int) {
        callCounts.value.append(0)
        let token = subject.observe(mask(of: observer)) { change in
          calls.value.append(Call(observer: observer, change: change))
          let call = callCounts.value[observer]
          callCounts.value[observer] += 1
          switch script.action(observer: observer, call: call, observers: tokens.value.count) {
          case .nothing: break
          case .cancel(let other):
            // Half the cancellations release the token, half call `cancel()`.
            if other % 2 == 0 {
              tokens.value[other] = nil
            } else {
              Subject.cancel(tokens.value[other])
            }
          case .add:
            guard tokens.value.count < Self.maximumObservers else { break }
            add(tokens.value.count)
          case .toggle(let bit): toggle(bit)
          }
        }
        tokens.value.append(token)
      }
      for observer in 0..<starting { add(observer) }
      for bit in outside { toggle(bit) }
      return calls.value
    }
  }

  // MARK: Growth

  static let growthCheck: ConditionTrait = .enabled(if: GrowthChecks.requested)

  /// The best time of `body` (three runs), the release of the tokens it returns included: each
  /// run then reuses the memory the one before freed. Tokens kept beyond the timing would make
  /// the larger sizes pay for fresh memory from the system and look superlinear.
  static func seconds(_ body: () -> [AnyObject]) -> Double {
    GrowthChecks.bestSeconds { _ = body() }
  }

  /// An object of a token's size, for the baseline.
  final class Allocation {
    var word = 0
  }

  /// The time of allocating and releasing `count` small objects, as every path does for its
  /// tokens: on a machine where fresh memory is slow (freed memory goes back to the system past
  /// a threshold, and each page the next run touches costs a fault), this grows faster than its
  /// size, and so does any path that allocates.
  static func allocationSeconds(_ count: Int) -> Double {
    GrowthChecks.bestSeconds { _ = (0..<count).map { _ in Allocation() } }
  }

  /// Fails when a path at 16n takes more than 40 times as long as at n (linear growth gives
  /// about 16, quadratic 256), or, when allocating as many objects grows faster than linear,
  /// more than 2.5 times that growth (counted up to 64). Each size keeps its best time over up
  /// to three series, measured until the bound is met: a machine busy elsewhere slows some runs,
  /// while quadratic work is slow in every run.
  static func expectLinear(
    _ name: String, sizes: [Int] = [2_000, 8_000, 32_000],
    sourceLocation: SourceLocation = #_sourceLocation, _ seconds: (Int) -> Double
  ) {
    var times = sizes.map { _ in Double.infinity }
    var baseline = times
    var ratio = Double.infinity
    var growth = ratio
    var baselineGrowth = ratio
    for _ in 0..<3 where ratio >= 2.5 {
      times = zip(times, sizes.map(seconds)).map { min($0, $1) }
      baseline = zip(baseline, sizes.map(allocationSeconds)).map { min($0, $1) }
      growth = times[2] / max(times[0], 1e-7)
      baselineGrowth = baseline[2] / max(baseline[0], 1e-7)
      ratio = growth / min(max(baselineGrowth, 16), 64)
    }
    #expect(
      ratio < 2.5,
      "\(name): \(times) s for \(sizes): x\(growth), allocation \(baseline) s: x\(baselineGrowth)",
      sourceLocation: sourceLocation)
  }

  /// Every path of the delivery takes linear time: adding n observers; cancelling them, oldest
  /// or newest first; a change reaching n observers when none cancels (C2 of issue 49);
  /// observers skipped for their mask, which cost a step each, not a search; n observers that
  /// each cancel themselves when called (C3 of issue 49), by release or by `cancel()`; the first
  /// observer cancelling every other one, oldest or newest first, during a delivery; an observer
  /// adding n observers during a delivery, which hear the next changes; and an observer queueing
  /// n changes during a delivery, which eight observers hear.
  @Test(growthCheck, arguments: Kind.allCases)
  func everyPathTakesLinearTime(_ kind: Kind) throws {
    _ = try #require(Subject.make(kind))
    Self.expectLinear("\(kind): adding n observers") { count in
      Self.seconds {
        guard let subject = Subject.make(kind) else { return [] }
        return (0..<count).map { _ in subject.observe(nil) { _ in } }
      }
    }
    for newestFirst in [false, true] {
      Self.expectLinear("\(kind): cancelling n observers, newest first: \(newestFirst)") { count in
        Self.seconds {
          guard let subject = Subject.make(kind) else { return [] }
          let tokens = (0..<count).map { _ in subject.observe(nil) { _ in } }
          for token in newestFirst ? tokens.reversed() : tokens { Subject.cancel(token) }
          return tokens
        }
      }
    }
    Self.expectLinear("\(kind): 4 changes heard by n observers") { count in
      Self.seconds {
        guard let subject = Subject.make(kind) else { return [] }
        let tokens = (0..<count).map { _ in subject.observe(nil) { _ in } }
        for bit in Script.bits { subject.holder.insert(bit) }
        return tokens
      }
    }
    Self.expectLinear("\(kind): 4 changes none of n observers cares about") { count in
      Self.seconds {
        guard let subject = Subject.make(kind) else { return [] }
        let tokens = (0..<count).map { _ in subject.observe(.disabled) { _ in } }
        for bit in [ControlState.highlighted, .selected, .focused] { subject.holder.insert(bit) }
        return tokens
      }
    }
    for byRelease in [false, true] {
      Self.expectLinear("\(kind): n observers cancelling themselves, by release: \(byRelease)") {
        count in
        Self.seconds {
          guard let subject = Subject.make(kind) else { return [] }
          let tokens = Box<[AnyObject?]>([])
          defer { tokens.value.removeAll() }  // the handlers hold the tokens
          for index in 0..<count {
            tokens.value.append(
              subject.observe(nil) { _ in
                if byRelease {
                  tokens.value[index] = nil
                } else {
                  Subject.cancel(tokens.value[index])
                }
              })
          }
          subject.holder.insert(.highlighted)
          subject.holder.insert(.selected)
          return tokens.value.compactMap { $0 }
        }
      }
    }
    for newestFirst in [false, true] {
      Self.expectLinear("\(kind): one observer cancelling n, newest first: \(newestFirst)") {
        count in
        Self.seconds {
          guard let subject = Subject.make(kind) else { return [] }
          let others = Box<[AnyObject]>([])
          let first = subject.observe(nil) { _ in
            for token in newestFirst ? others.value.reversed() : others.value {
              Subject.cancel(token)
            }
          }
          others.value = (0..<count).map { _ in subject.observe(nil) { _ in } }
          subject.holder.insert(.highlighted)
          return [first] + others.value
        }
      }
    }
    Self.expectLinear("\(kind): n observers added during a delivery") { count in
      Self.seconds {
        guard let subject = Subject.make(kind) else { return [] }
        let added = Box<[AnyObject]>([])
        let adder = subject.observe(.highlighted) { _ in
          for _ in 0..<count { added.value.append(subject.observe(nil) { _ in }) }
        }
        subject.holder.insert(.highlighted)
        subject.holder.insert(.selected)
        return [adder] + added.value
      }
    }
    Self.expectLinear("\(kind): n queued changes heard by 8 observers") { count in
      Self.seconds {
        guard let subject = Subject.make(kind) else { return [] }
        let left = Box(count)
        let maker = subject.observe(nil) { _ in
          while left.value > 0 {
            left.value -= 1
            subject.holder.update { $0 = ControlState(rawValue: UInt(left.value) << 16 | 1) }
          }
        }
        let listeners = (0..<7).map { _ in subject.observe(nil) { _ in } }
        subject.holder.insert(.highlighted)
        return [maker] + listeners
      }
    }
  }
}
