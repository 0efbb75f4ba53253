/// What every ``AnimatedLook`` of one ``StyleAnimator`` shares, never changed once made: the
/// looks by state, how each field moves, the transitions, and the curves they use, each once.
@usableFromInline
final class _AnimatorCore<Look>: @unchecked Sendable {
  // @unchecked: every property is immutable, and the closures of the lookup and the motions
  // capture only immutable values.
  @usableFromInline let lookup: StateLookup<Look>
  @usableFromInline let motions: [_FieldMotion<Look>]
  /// What a frame reads of each field: plain values only, so that reading them costs no
  /// reference count.
  @usableFromInline let frameFields: [_FrameField]
  /// The functions `frameFields` call, kept alive here.
  let functions: [_MoveFunction]
  @usableFromInline let transitions: StyleTransitions
  /// Every curve some transition uses, each once; linear first, for snaps.
  @usableFromInline let curves: [TransitionCurve]

  init(lookup: StateLookup<Look>, motions: [_FieldMotion<Look>], transitions: StyleTransitions) {
    self.lookup = lookup
    self.motions = motions
    functions = motions.map { _MoveFunction($0.mover.move) }
    frameFields = zip(motions, functions).map { motion, function in
      _FrameField(
        offset: motion.mover.offset, kind: motion.mover.kind,
        function: _Uncounted(function))
    }
    self.transitions = transitions
    var curves: [TransitionCurve] = [.linear]
    let tables =
      [transitions.all] + transitions.attributeNames.map { transitions[attribute: $0] }
    for entry in tables.flatMap(\.entries) where !curves.contains(entry.transition.curve) {
      curves.append(entry.transition.curve)
    }
    self.curves = curves
  }

  /// The look of widget `index` of an ``AnimatedLooks``, whose clocks are the `index`-th run
  /// of `motions.count` in `clocks`, at a time.
  @inlinable @inline(__always)
  func look(_ index: Int, motions: [_LookMotion<Look>], clocks: [_FieldClock], at time: Int)
    -> Look
  {
    let count = self.motions.count
    return _withAddress(ofElementsOf: motions) { motions in
      _withAddress(ofElementsOf: clocks) { clocks in
        // `index` is a widget's: the arrays hold its motion and its `count` clocks.
        look(motions + index, clocks: clocks + index &* count, count: count, at: time)
      }
    }
  }

  /// Tells widget `index` of an ``AnimatedLooks`` that its state changed at a time.
  func change(
    _ index: Int, motions: inout [_LookMotion<Look>], clocks: inout [_FieldClock],
    to newState: ControlState, at time: Int
  ) {
    let count = self.motions.count
    change(&motions[index], clocks: &clocks, from: index * count, to: newState, at: time)
  }

  /// A look a fraction of the way from one to another, field by field (see
  /// ``StyleAnimator/interpolate(from:to:by:)``).
  @inlinable
  func interpolate(from: Look, to: Look, by fraction: Double) -> Look {
    var (look, from, to) = (to, from, to)
    _withAddress(of: &look) { look in
      _withAddress(of: &from) { from in
        _withAddress(of: &to) { to in
          let (from, to) = (from.readOnly, to.readOnly)
          for motion in motions {
            switch motion.switching {
            case nil: motion.blend(look, from, to, fraction)
            case .start?: if fraction <= 0 { motion.copy(look, from) }
            case .end?: if fraction < 1 { motion.copy(look, from) }
            }
          }
        }
      }
    }
    return look
  }

  /// The position of a curve in `curves`; linear's for a curve no table uses.
  func curveIndex(_ curve: TransitionCurve) -> Int {
    curves.firstIndex(of: curve) ?? 0
  }

  /// The look of a widget at a time: `motion`'s target once settled, else each field where
  /// its clock has it. What ``AnimatedLook/look(at:)`` and ``AnimatedLooks/look(_:at:)`` do,
  /// inlined into their callers.
  @inlinable @inline(__always)
  func look(
    _ motion: _Address<_LookMotion<Look>>, clocks: _Address<_FieldClock>, count: Int,
    at time: Int
  ) -> Look {
    if time >= motion.pointee.settled { return motion.pointee.to }
    var look = motion.pointee.to
    let motion = motion.forPartAddresses
    _withAddress(of: &look) { look in
      _withAddress(of: &motion.pointee.from) { from in
        _withAddress(of: &motion.pointee.to) { to in
          blend(look, from: from.readOnly, to: to.readOnly, clocks: clocks, count: count, at: time)
        }
      }
    }
    return look
  }

  /// Tells a widget's motion and clocks that its state changed at a time: each field whose
  /// value differs in the new state starts its transition from where it is then. A time before
  /// the previous change counts as that one's.
  func change(
    _ motion: inout _LookMotion<Look>, clocks: inout [_FieldClock], from first: Int,
    to newState: ControlState, at time: Int
  ) {
    let time = max(time, motion.changedAt)
    motion.changedAt = time
    let oldState = motion.state
    guard newState != oldState else { return }
    var current = _withAddress(of: &motion) { motion in
      _withAddress(ofElementsOf: clocks) { clocks in
        look(motion.readOnly, clocks: clocks + first, count: motions.count, at: time)
      }
    }
    var target = lookup.resolve(newState)
    let change = StateChange(old: oldState, new: newState)
    var settled = time
    _withAddress(of: &motion.from) { from in
      _withAddress(of: &motion.to) { old in
        _withAddress(of: &current) { current in
          _withAddress(of: &target) { target in
            for (index, field) in motions.enumerated() {
              if !field.same(target.readOnly, old.readOnly) {
                clocks[first + index] = restart(
                  field, clocks[first + index], change: change, at: time, from: from,
                  current: current.readOnly, target: target.readOnly)
              }
              settled = max(settled, clocks[first + index].end)
            }
          }
        }
      }
    }
    motion.to = target
    motion.state = newState
    motion.settled = settled
  }

  /// The clock of a field whose value changes: its transition for the change, from its value
  /// at `time`, which becomes its value in `from`.
  private func restart(
    _ motion: _FieldMotion<Look>, _ clock: _FieldClock, change: StateChange, at time: Int,
    from: _MutableAddress<Look>, current: _Address<Look>, target: _Address<Look>
  ) -> _FieldClock {
    let transition = transitions.transition(for: motion.name, change)
    var duration = transition.duration
    if motion.switching == nil, time < clock.end, motion.same(target, from.readOnly) {
      // Back to where the running transition started: as long as the part already covered
      // (none while it waits out its delay).
      var covered = 0.0
      if time > clock.start {
        let fraction = Double(time &- clock.start) / Double(clock.end &- clock.start)
        covered = min(max(curves[clock.curve].progress(at: fraction), 0), 1)
      }
      // Rounded up: a field that has moved at all moves back, rather than jumps.
      duration = covered >= 1 ? duration : Int((Double(duration) * covered).rounded(.up))
    }
    motion.copy(from, current)
    let start = Self.adding(time, transition.delay)
    let end = motion.switching == .start ? start : Self.adding(start, duration)
    return _FieldClock(start: start, end: end, curve: curveIndex(transition.curve))
  }

  /// A sum that stops at `Int.max` instead of overflowing.
  private static func adding(_ time: Int, _ milliseconds: Int) -> Int {
    let (sum, overflow) = time.addingReportingOverflow(milliseconds)
    return overflow ? .max : sum
  }

  /// Writes into `look` (a copy of `to`) every field still moving at `time`: a fraction of
  /// the way from `from` to `to` by its clock and curve. Fields whose clocks have ended keep
  /// `to`'s value. Fields that started together with one transition share one evaluation of
  /// its curve.
  @inlinable
  func blend(
    _ look: _MutableAddress<Look>, from: _Address<Look>, to: _Address<Look>,
    clocks: _Address<_FieldClock>, count: Int, at time: Int
  ) {
    var last = _FieldClock(start: 0, end: 0, curve: -1)
    var lastProgress = 0.0
    let (look, from, to) = (look.raw, from.raw, to.raw)
    _withAddress(ofElementsOf: frameFields) { fields in
      _withAddress(ofElementsOf: curves) { curves in
        for index in 0..<count {
          let clock = clocks[index]
          guard time < clock.end else { continue }
          var progress = 0.0
          if time > clock.start {
            if clock != last {
              // start < time < end: the division is by a positive number.
              let fraction = Double(time &- clock.start) / Double(clock.end &- clock.start)
              // Curve 0 is linear: its progress is the fraction, with no copy of the curve.
              lastProgress =
                clock.curve == 0 ? fraction : curves[clock.curve].progress(at: fraction)
              last = clock
            }
            progress = lastProgress
          }
          let field = fields[index]
          let (place, old, new) = (look + field.offset, from + field.offset, to + field.offset)
          switch field.kind {
          case .double: _FieldMover.interpolate(Double.self, place, old, new, progress)
          case .float: _FieldMover.interpolate(Float.self, place, old, new, progress)
          case .int: _FieldMover.interpolate(Int.self, place, old, new, progress)
          case .function:
            // The core keeps the function alive: called with no reference count.
            field.function.withObject { $0.move(place, old, new, progress) }
          }
        }
      }
    }
  }
}

/// When one field of an animated look moves: from `start` (the change plus the delay) to
/// `end`, along a curve of the core's. A field whose clock has ended shows its target value;
/// before `start` it shows the value it started from.
@usableFromInline
struct _FieldClock: Hashable, Sendable {
  @usableFromInline var start: Int
  @usableFromInline var end: Int
  /// A position in the core's `curves`.
  @usableFromInline var curve: Int

  @inlinable
  init(start: Int, end: Int, curve: Int) {
    (self.start, self.end, self.curve) = (start, end, curve)
  }

  /// A clock that has always been over.
  @usableFromInline static let settled = _FieldClock(start: .min, end: .min, curve: 0)
}

/// A field as a frame reads it: its offset, its kind, and its function, unretained.
@usableFromInline
struct _FrameField {
  @usableFromInline let offset: Int
  @usableFromInline let kind: _FieldMover.Kind
  @usableFromInline let function: _Uncounted<_MoveFunction>
}

/// A field's move function in an object of its own, so that a frame can call it through an
/// unretained reference.
@usableFromInline
final class _MoveFunction {
  /// Writes into the first place a field's value a fraction of the way from the second's to
  /// the third's.
  @usableFromInline typealias Body = (_MutableRawAddress, _RawAddress, _RawAddress, Double) -> Void

  @usableFromInline let move: Body

  init(_ move: @escaping Body) {
    self.move = move
  }
}

/// Where one widget's look is between states, apart from its clocks: what ``AnimatedLooks``
/// keeps one of per widget.
@usableFromInline
struct _LookMotion<Look> {
  @usableFromInline var state: ControlState
  /// The look each moving field started from.
  @usableFromInline var from: Look
  /// The look of `state`.
  @usableFromInline var to: Look
  /// The time from which every clock has ended.
  @usableFromInline var settled = Int.min
  /// The time of the last change.
  @usableFromInline var changedAt = Int.min

  /// A widget at rest in a state whose look is `look`.
  @usableFromInline
  init(state: ControlState, look: Look) {
    (self.state, from, to) = (state, look, look)
  }
}

extension _LookMotion: Sendable where Look: Sendable {}
