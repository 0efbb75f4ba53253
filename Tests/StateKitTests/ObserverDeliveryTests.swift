import StateKit
import StateKitTesting
import Testing

/// How a change reaches observers, tested once for both holders (`StateModel` and
/// `StateController` share the delivery): identities that are never reused, and the rule for
/// observers added and cancelled during a delivery.
@Suite("Observer delivery")
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
  @Test(arguments: Kind.allCases)
  func aReleasedObserverIsNotCalledWhenANewTokenTakesItsPlace(_ kind: Kind) throws {
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
  }

  // MARK: The rule

  /// An observer hears the changes made after it was added: one added while an earlier change
  /// still waits to be delivered does not hear that change.
  @Test(arguments: Kind.allCases)
  func anObserverAddedWhileAChangeWaitsDoesNotHearIt(_ kind: Kind) throws {
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
    #expect(heard.value.isEmpty, "\(heard.value)")
    subject.holder.insert(.focused)
    #expect(
      heard.value == [
        StateChange(old: [.highlighted, .selected], new: [.highlighted, .selected, .focused])
      ])
    withExtendedLifetime(first) {}
  }

  /// An observer cancelled before its turn (by an earlier observer, or by itself while handling
  /// an earlier change) hears nothing more, even the changes already waiting.
  @Test(arguments: Kind.allCases)
  func anObserverCancelledBeforeItsTurnHearsNothingMore(_ kind: Kind) throws {
    let subject = try #require(Subject.make(kind))
    let heard = Box<[String]>([])
    let tokens = Box<[AnyObject?]>([nil, nil, nil])
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
    #expect(
      heard.value == [
        "a normal -> highlighted", "c normal -> highlighted",
        "a highlighted -> highlighted | selected",
        "a highlighted | selected -> highlighted | selected | focused",
      ])
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
}
