import StateKitTesting
import Testing

@testable import StateKitCore

/// Many widgets' looks kept together move exactly as one `AnimatedLook` per widget would, on
/// random timed changes of random widgets, frame by frame.
@Suite("AnimatedLooks")
struct AnimatedLooksTests {
  typealias Look = AnimatedLookTests.Look
  static let animator = AnimatedLookTests.animator
  static let widgets = 3

  /// Changes of a random widget to a random state, each some milliseconds after the one before.
  static let changes = Gen.zip(
    Gen.int(in: 0...(widgets - 1)),
    Gen.controlState(in: AnimatedLookTests.bits, count: 0...4), Gen.int(in: 0...250)
  ).array(count: 0...16)

  /// Whether the store and the separate looks agree on every widget at a time.
  static func agree(_ store: AnimatedLooks<Look>, _ looks: [AnimatedLook<Look>], at time: Int)
    -> Bool
  {
    store.indices.count == looks.count
      && store.indices.allSatisfy { index in
        let look = looks[index]
        return store.look(index, at: time) == look.look(at: time)
          && store.state(index) == look.state && store.look(index, at: .max) == look.look(at: .max)
          && store.settledAt(index) == look.settledAt
      }
      && store.indices.allSatisfy { time >= store.settledAt($0) }
        == looks.allSatisfy { time >= $0.settledAt }
  }

  /// Applies changes from time 1,000 to a store of `widgets` and to one `AnimatedLook` per
  /// widget, and calls `frame` every 7 ms in between and after each change. Returns `nil` as
  /// soon as `frame` returns false, else both and the time of the last change.
  static func play(
    _ changes: [(Int, ControlState, Int)],
    frame: (AnimatedLooks<Look>, [AnimatedLook<Look>], Int) -> Bool = { _, _, _ in true }
  ) -> (store: AnimatedLooks<Look>, looks: [AnimatedLook<Look>], time: Int)? {
    var store = AnimatedLooks(animator, states: repeatElement(.normal, count: widgets))
    var looks = Array(repeating: AnimatedLook(animator), count: widgets)
    var time = 1_000
    for (widget, state, elapsed) in changes {
      let next = time + elapsed
      while time < next {
        guard frame(store, looks, time) else { return nil }
        time += 7
      }
      time = next
      store.change(widget, to: state, at: time)
      looks[widget].change(to: state, at: time)
      guard frame(store, looks, time) else { return nil }
    }
    return (store, looks, time)
  }

  @Test func movesAsOneAnimatedLookPerWidget() {
    forAll(
      "AnimatedLooks agrees with an AnimatedLook per widget at every frame", Self.changes,
      cases: GrowthChecks.cases(500)
    ) { changes in
      guard let (store, looks, time) = Self.play(changes, frame: Self.agree) else { return false }
      return stride(from: time, through: time + 400, by: 7).allSatisfy {
        Self.agree(store, looks, at: $0)
      }
    }
  }

  @Test func removingAWidgetKeepsTheOthersMoving() {
    forAll(
      "after remove(at:), the others move on as before", Self.changes,
      cases: GrowthChecks.cases(300)
    ) { changes in
      guard let played = Self.play(changes) else { return false }
      var (store, looks) = (played.store, played.looks)
      let removed = changes.first?.0 ?? 0
      store.remove(at: removed)
      looks.remove(at: removed)
      let index = store.append(.selected)
      looks.append(AnimatedLook(Self.animator, state: .selected))
      return index == looks.count - 1
        && stride(from: played.time, through: played.time + 400, by: 7).allSatisfy {
          Self.agree(store, looks, at: $0)
        }
    }
  }

  /// A copy changes alone; stores without widgets or without fields hold still.
  @Test func aCopyChangesAloneAndStoresWithoutWidgetsOrFieldsHoldStill() {
    var store = AnimatedLooks(Self.animator, states: [.normal, .selected])
    let copy = store
    store.change(0, to: .highlighted, at: 0)
    let states: [ControlState] = [copy.state(0), store.state(0)]
    #expect(states == [.normal, .highlighted])
    #expect(copy.look(0, at: 40) == Self.animator.look(for: .normal))
    #expect(store.look(0, at: 40) != Self.animator.look(for: .normal))

    var empty = AnimatedLooks(Self.animator)
    let emptyAtFirst =
      empty.indices.isEmpty && empty.indices.allSatisfy { 0 >= empty.settledAt($0) }
    empty.append()
    empty.removeAll()
    // A look with no fields: nothing moves, and the look is the default one.
    let still = StyleAnimator(AnimatedLookTests.style(), default: Look(), [])
    var looks = AnimatedLooks(still, states: [.normal, .normal])
    looks.change(1, to: .highlighted, at: 5)
    #expect(looks.look(1, at: 5) == Look())
    let settled: [Bool] = [
      emptyAtFirst, empty.indices.isEmpty, looks.indices.allSatisfy { 5 >= looks.settledAt($0) },
    ]
    #expect(settled == [true, true, true])

  }
}
