import StateKit
import StateKitTesting
import Testing

/// How a change reaches observers, tested once for both holders (`StateModel` and
/// `StateController` share the delivery).
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
}
