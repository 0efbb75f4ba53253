// doc-code: continues StyleAnimator.swift
// doc-code: continues ../Styles/StyleSet.swift

/// One widget's look as it moves between states: told of each change of state and the time it
/// happened, it answers the look at any later time.
///
/// It reads no clock: the caller passes times, in milliseconds on a clock of its choosing (a
/// display link, a frame counter, a test's virtual clock), so the same calls give the same
/// looks in an app and in a test:
///
///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [
///         .field(\.fill, from: .fill), .field(\.label, from: .label),
///     ])
///     var button = AnimatedLook(animator)
///     // Pressed: 100 ms linear.
///     button.change(to: .highlighted, at: 1_000)
///     button.look(at: 1_050) == ButtonLook(fill: 0.5, label: "pressed")  // true
///     // Released half way: back from 0.5.
///     button.change(to: .normal, at: 1_050)
///     button.look(at: 1_050).fill  // 0.5: no jump
///     // The way back takes the share of the release's 200 ms that the press covered: 100 ms.
///     button.look(at: 1_100).fill  // 0.25
///     button.isSettled(at: 1_150)  // true
///
/// Each field moves on its own clock, with the transition its attribute's tables choose for
/// the change (``StyleTransitions``):
///
/// - A change that interrupts a running transition starts from the look in between, as CSS
///   does, never from the old state's look: nothing jumps unless the new transition snaps.
/// - A change that sends a field back to the value its running transition started from
///   (a press released early) takes the share of the new transition's duration that the field
///   had already covered.
/// - A field whose value the change does not alter keeps moving as it was.
/// - A field that does not interpolate switches at the start or the end of its transition.
///
/// Every transition ends at the look of the state entered: from ``settledAt`` on, ``look(at:)``
/// is ``target``.
///
/// To draw many widgets of one kind each frame, keep their looks together in an
/// ``AnimatedLooks`` instead: the same motion, with no reference counting per widget.
///
/// An animated look is a value. It allocates its storage once, when it is made: both looks and
/// one clock per field, in one block. ``look(at:)`` and ``change(to:at:)`` allocate nothing,
/// unless a copy of the value shares that storage when it changes. Times should not go back: a
/// change earlier than the previous one counts as at the previous one.
public struct AnimatedLook<Look> {
  @usableFromInline var _storage: _AnimationStorage<Look>

  /// Creates the look of a widget at rest in a state.
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)])
  ///     AnimatedLook(animator, state: .highlighted).look(at: 0).fill  // 1.0
  ///
  /// - Parameters:
  ///   - animator: The looks and transitions of the widget's kind.
  ///   - state: The state it starts in, settled; ``ControlState/normal`` by default.
  public init(_ animator: StyleAnimator<Look>, state: ControlState = .normal) {
    _storage = .make(core: animator._core, state: state)
  }

  /// The state the widget is in, or moving to.
  ///
  ///     var button = AnimatedLook(StyleAnimator(buttonStyle(), default: ButtonLook(), []))
  ///     button.change(to: .highlighted, at: 0)
  ///     button.state  // .highlighted
  public var state: ControlState { _storage.header.motion.state }

  /// The look of ``state`` once every transition has ended.
  ///
  ///     var button = AnimatedLook(StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)]))
  ///     button.change(to: .highlighted, at: 0)
  ///     button.target.fill  // 1.0
  public var target: Look { _storage.header.motion.to }

  /// The time from which the look is ``target``: when the last running transition ends; a
  /// time in the past once it has.
  ///
  ///     var button = AnimatedLook(StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)]))
  ///     button.change(to: .highlighted, at: 40)
  ///     button.settledAt  // 140
  public var settledAt: Int { _storage.header.motion.settled }

  /// Whether every transition has ended at a time: the look is ``target`` from then on.
  ///
  ///     var button = AnimatedLook(StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)]))
  ///     button.change(to: .highlighted, at: 0)
  ///     button.isSettled(at: 99)   // false
  ///     button.isSettled(at: 100)  // true
  ///
  /// - Parameter time: A time, in milliseconds, no earlier than the last change.
  @inlinable
  public func isSettled(at time: Int) -> Bool { time >= _storage.header.motion.settled }

  /// The look at a time: each field where its transition has it then.
  ///
  ///     var button = AnimatedLook(StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)]))
  ///     button.change(to: .highlighted, at: 0)
  ///     button.look(at: 25).fill  // 0.25
  ///
  /// - Parameter time: A time, in milliseconds, no earlier than the last change.
  /// - Returns: The look; ``target`` once settled.
  /// - Complexity: O(*f*) for *f* fields, with no allocation; one copy of the target once
  ///   settled. Inlined into the caller: a loop that reads looks out of an array pays one
  ///   retain and release of each look's storage, as for any value that holds a reference.
  ///   An ``AnimatedLooks`` keeps many widgets' looks with no such cost per widget.
  @inlinable @inline(__always)
  public func look(at time: Int) -> Look {
    _storage.withUnsafeMutablePointers { header, clocks in
      header.pointee.unmanagedCore._withUnsafeGuaranteedRef { core in
        withUnsafeMutablePointer(to: &header.pointee.motion) { motion in
          core.look(
            motion, clocks: UnsafeBufferPointer(start: clocks, count: header.pointee.count),
            at: time)
        }
      }
    }
  }

  /// Tells the look that the widget's state changed at a time: each field whose value differs
  /// in the new state starts its transition from where it is then.
  ///
  ///     var button = AnimatedLook(StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.label, from: .label)]))
  ///     button.change(to: .highlighted, at: 10)
  ///     button.look(at: 10).label  // "pressed": a string switches at the start
  ///
  /// - Parameters:
  ///   - newState: The state entered; the same state changes nothing.
  ///   - time: When, in milliseconds; a time before the previous change counts as that one's.
  public mutating func change(to newState: ControlState, at time: Int) {
    if !isKnownUniquelyReferenced(&_storage) { _storage = _storage.copy() }
    _storage.withUnsafeMutablePointers { header, clocks in
      let clocks = UnsafeMutableBufferPointer(start: clocks, count: header.pointee.count)
      withUnsafeMutablePointer(to: &header.pointee.motion) { motion in
        header.pointee.core.change(motion, clocks: clocks, to: newState, at: time)
      }
    }
  }
}

// @unchecked: the storage is copied before it changes when another value shares it, as an
// array's is; the core it holds is immutable; the looks are values of a Sendable type.
extension AnimatedLook: @unchecked Sendable where Look: Sendable {}
