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
///     ], transitions: buttonTransitions())
///     var button = AnimatedLook(animator)
///     // Pressed: 100 ms linear.
///     button.change(to: .highlighted, at: 1_000)
///     button.look(at: 1_050) == ButtonLook(fill: 0.5, label: "pressed")  // true
///     // Released half way: back from 0.5.
///     button.change(to: .normal, at: 1_050)
///     button.look(at: 1_050).fill  // 0.5: no jump
///     // The way back takes the share of the release's 200 ms that the press covered: 100 ms.
///     button.look(at: 1_100).fill  // 0.25
///     1_150 >= button.settledAt  // true: settled, the look is the target from then on
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
/// is that look, which `look(at: .max)` gives at any time.
///
/// It is a view of an ``AnimatedLooks`` that holds one widget: the same storage and the same
/// motion. To draw many widgets of one kind each frame, keep their looks together in an
/// ``AnimatedLooks``: one storage for all, with no reference counting per widget. An animated
/// look is a value; ``look(at:)`` and ``change(to:at:)`` allocate nothing, unless a copy of
/// the value shares its storage when it changes. Times should not go back: a change earlier
/// than the previous one counts as at the previous one.
public struct AnimatedLook<Look> {
  /// The one widget, at position 0.
  @usableFromInline var _looks: AnimatedLooks<Look>

  /// Creates the look of a widget at rest in a state.
  ///
  /// - Parameters:
  ///   - animator: The looks and transitions of the widget's kind.
  ///   - state: The state it starts in, settled; ``ControlState/normal`` by default.
  public init(_ animator: StyleAnimator<Look>, state: ControlState = .normal) {
    _looks = AnimatedLooks(animator, states: CollectionOfOne(state))
  }

  /// The state the widget is in, or moving to.
  @inlinable
  public var state: ControlState { _looks.state(0) }

  /// The time from which the look is that of ``state``, every transition ended: when the last
  /// running transition ends; a time in the past once it has. Every transition has ended at
  /// `time` when `time >= look.settledAt`.
  @inlinable
  public var settledAt: Int { _looks.settledAt(0) }

  /// The look at a time: each field where its transition has it then. Once settled it is the
  /// look of ``state``, so `look(at: .max)` is where the widget is heading.
  ///
  /// - Parameter time: A time, in milliseconds, no earlier than the last change.
  /// - Returns: The look; the look of ``state`` once settled.
  /// - Complexity: O(*f*) for *f* fields, with no allocation; one copy of the target once
  ///   settled.
  @inlinable @inline(__always)
  public func look(at time: Int) -> Look { _looks.look(0, at: time) }

  /// Tells the look that the widget's state changed at a time: each field whose value differs
  /// in the new state starts its transition from where it is then.
  ///
  ///     var button = AnimatedLook(StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.label, from: .label)], transitions: buttonTransitions()))
  ///     button.change(to: .highlighted, at: 10)
  ///     button.look(at: 10).label  // "pressed": a string switches at the start
  ///
  /// - Parameters:
  ///   - newState: The state entered; the same state changes nothing.
  ///   - time: When, in milliseconds; a time before the previous change counts as that one's.
  public mutating func change(to newState: ControlState, at time: Int) {
    _looks.change(0, to: newState, at: time)
  }
}

extension AnimatedLook: Sendable where Look: Sendable {}
