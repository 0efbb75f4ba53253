// doc-code: continues StyleAnimator.swift
// doc-code: continues ../Styles/StyleSet.swift

/// The looks of many widgets of one kind as they move between states, kept together: a screen's
/// buttons, a list's rows.
///
/// Each widget has a position, as in an array, and moves exactly as an ``AnimatedLook`` told of
/// the same changes would. The looks live in two arrays shared by every widget, so a frame that
/// reads them all pays no reference counting per widget and walks memory in order, where an
/// array of ``AnimatedLook`` values retains and releases each look's own storage as a loop
/// reads it:
///
///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [
///         .field(\.fill, from: .fill), .field(\.label, from: .label),
///     ], transitions: buttonTransitions())
///     var buttons = AnimatedLooks(animator, states: [.normal, .normal, .normal])
///     // The second button is pressed.
///     buttons.change(1, to: .highlighted, at: 1_000)
///     buttons.look(1, at: 1_050).fill  // 0.5: half way through the press's 100 ms
///     buttons.look(0, at: 1_050).fill  // 0.0: the others are at rest
///     for index in buttons.indices {
///         _ = buttons.look(index, at: 1_050)  // draw it
///     }
///
/// It is a value, as an array is: a copy shares the storage until one of them changes. Times
/// should not go back: a change earlier than the widget's previous one counts as at the
/// previous one.
public struct AnimatedLooks<Look> {
  @usableFromInline let _core: _AnimatorCore<Look>
  /// The number of clocks per widget: one per field.
  @usableFromInline let _fieldCount: Int
  /// One per widget.
  @usableFromInline var _motions: [_LookMotion<Look>]
  /// `_fieldCount` per widget, widget after widget.
  @usableFromInline var _clocks: [_FieldClock]

  /// Creates the looks of widgets at rest, one per state given; for *n* widgets at rest in
  /// `normal`, `states: repeatElement(.normal, count: n)`.
  ///
  /// - Parameters:
  ///   - animator: The looks and transitions of the widgets' kind.
  ///   - states: The state each widget starts in, settled; none by default.
  public init(_ animator: StyleAnimator<Look>, states: some Sequence<ControlState> = []) {
    _core = animator._core
    _fieldCount = animator._core.frameFields.count
    _motions = []
    _clocks = []
    for state in states { append(state) }
  }

  /// The widgets' positions, `0..<n` for *n* widgets.
  @inlinable
  public var indices: Range<Int> { _motions.indices }

  /// Adds a widget at rest in a state, after the others.
  ///
  /// - Parameter state: The state it starts in; ``ControlState/normal`` by default.
  /// - Returns: Its position.
  @discardableResult
  public mutating func append(_ state: ControlState = .normal) -> Int {
    _motions.append(_LookMotion(state: state, look: _core.lookup.resolve(state)))
    _clocks.append(contentsOf: repeatElement(.settled, count: _fieldCount))
    return _motions.count - 1
  }

  /// Removes a widget; those after it move down one position.
  ///
  /// - Parameter index: A position of a widget.
  /// - Complexity: O(*n*) for the *n* widgets after it.
  public mutating func remove(at index: Int) {
    _checkIndex(index)
    _motions.remove(at: index)
    _clocks.removeSubrange(index * _fieldCount..<(index + 1) * _fieldCount)
  }

  /// Removes every widget.
  ///
  /// - Parameter keepCapacity: Whether to keep the memory for as many widgets.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    _motions.removeAll(keepingCapacity: keepCapacity)
    _clocks.removeAll(keepingCapacity: keepCapacity)
  }

  /// The state a widget is in, or moving to.
  ///
  /// - Parameter index: A position of a widget.
  /// - Returns: Its state.
  @inlinable
  public func state(_ index: Int) -> ControlState { _motions[index].state }

  /// The time from which a widget's look is that of its state, every transition ended: when
  /// its last running transition ends.
  ///
  /// A screen whose widgets have all settled at a time needs no more frames until the next
  /// change:
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)], transitions: buttonTransitions())
  ///     var looks = AnimatedLooks(animator, states: [.normal, .normal])
  ///     looks.change(1, to: .highlighted, at: 0)
  ///     looks.indices.allSatisfy { 99 >= looks.settledAt($0) }   // false
  ///     looks.indices.allSatisfy { 100 >= looks.settledAt($0) }  // true
  ///
  /// - Parameter index: A position of a widget.
  /// - Returns: A time in milliseconds; one in the past once it has settled.
  @inlinable
  public func settledAt(_ index: Int) -> Int { _motions[index].settled }

  /// A widget's look at a time: each field where its transition has it then. Once settled it
  /// is the look of its state, so `look(index, at: .max)` is where the widget is heading.
  ///
  /// - Parameters:
  ///   - index: A position of a widget.
  ///   - time: A time, in milliseconds, no earlier than the widget's last change.
  /// - Returns: The look; the look of its state once settled.
  /// - Complexity: O(*f*) for *f* fields, with no allocation and no reference counting; one
  ///   copy of the target once settled. Inlined into the caller.
  @inlinable @inline(__always)
  public func look(_ index: Int, at time: Int) -> Look {
    _checkIndex(index)
    return _core.look(index, motions: _motions, clocks: _clocks, at: time)
  }

  /// Tells a widget's look that its state changed at a time: each field whose value differs in
  /// the new state starts its transition from where it is then.
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.label, from: .label)], transitions: buttonTransitions())
  ///     var looks = AnimatedLooks(animator, states: [.normal, .normal])
  ///     looks.change(0, to: .highlighted, at: 10)
  ///     looks.look(0, at: 10).label  // "pressed": a string switches at the start
  ///     looks.look(1, at: 10).label  // "idle"
  ///
  /// - Parameters:
  ///   - index: A position of a widget.
  ///   - newState: The state entered; the same state changes nothing.
  ///   - time: When, in milliseconds; a time before the widget's previous change counts as
  ///     that one's.
  public mutating func change(_ index: Int, to newState: ControlState, at time: Int) {
    _checkIndex(index)
    _core.change(index, motions: &_motions, clocks: &_clocks, to: newState, at: time)
  }

  /// Stops on a position that is not a widget's, as an array's subscript does: a mistake in
  /// the caller's code, never in data it reads.
  @inlinable @inline(__always)
  func _checkIndex(_ index: Int) {
    // A programmer error, never input: positions come from the caller's own `append` and
    // `indices`, as an array's do; no reader of text, files or arguments makes one.
    precondition(index >= 0 && index < _motions.count, "AnimatedLooks: index out of range")
  }
}

extension AnimatedLooks: Sendable where Look: Sendable {}
