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
        function: Unmanaged.passUnretained(function))
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
    return motions.withUnsafeBufferPointer { motions in
      clocks.withUnsafeBufferPointer { clocks in
        // Only read through the pointer made here.
        look(
          UnsafeMutablePointer(mutating: motions.baseAddress.unsafelyUnwrapped + index),
          clocks: UnsafeBufferPointer(rebasing: clocks[index &* count..<(index &+ 1) &* count]),
          at: time)
      }
    }
  }

  /// Tells widget `index` of an ``AnimatedLooks`` that its state changed at a time.
  func change(
    _ index: Int, motions: inout [_LookMotion<Look>], clocks: inout [_FieldClock],
    to newState: ControlState, at time: Int
  ) {
    let count = self.motions.count
    motions.withUnsafeMutableBufferPointer { motions in
      clocks.withUnsafeMutableBufferPointer { clocks in
        change(
          motions.baseAddress.unsafelyUnwrapped + index,
          clocks: UnsafeMutableBufferPointer(rebasing: clocks[index * count..<(index + 1) * count]),
          to: newState, at: time)
      }
    }
  }

  /// A look a fraction of the way from one to another, field by field (see
  /// ``StyleAnimator/interpolate(from:to:by:)``).
  @inlinable
  func interpolate(from: Look, to: Look, by fraction: Double) -> Look {
    var look = to
    withUnsafeMutablePointer(to: &look) { look in
      withUnsafePointer(to: from) { from in
        withUnsafePointer(to: to) { to in
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
    _ motion: UnsafeMutablePointer<_LookMotion<Look>>, clocks: UnsafeBufferPointer<_FieldClock>,
    at time: Int
  ) -> Look {
    if time >= motion.pointee.settled { return motion.pointee.to }
    var look = motion.pointee.to
    withUnsafeMutablePointer(to: &look) { look in
      withUnsafeMutablePointer(to: &motion.pointee.from) { from in
        withUnsafeMutablePointer(to: &motion.pointee.to) { to in
          blend(look, from: from, to: to, clocks: clocks, at: time)
        }
      }
    }
    return look
  }

  /// Tells a widget's motion and clocks that its state changed at a time: each field whose
  /// value differs in the new state starts its transition from where it is then. A time before
  /// the previous change counts as that one's.
  func change(
    _ motion: UnsafeMutablePointer<_LookMotion<Look>>,
    clocks: UnsafeMutableBufferPointer<_FieldClock>, to newState: ControlState, at time: Int
  ) {
    let time = max(time, motion.pointee.changedAt)
    motion.pointee.changedAt = time
    let oldState = motion.pointee.state
    guard newState != oldState else { return }
    var current = look(motion, clocks: UnsafeBufferPointer(clocks), at: time)
    var target = lookup.resolve(newState)
    let change = StateChange(old: oldState, new: newState)
    var settled = time
    withUnsafeMutablePointer(to: &motion.pointee.from) { from in
      withUnsafeMutablePointer(to: &motion.pointee.to) { old in
        withUnsafeMutablePointer(to: &current) { current in
          withUnsafeMutablePointer(to: &target) { target in
            for (index, field) in motions.enumerated() {
              if !field.same(target, old) {
                clocks[index] = restart(
                  field, clocks[index], change: change, at: time, from: from,
                  current: current, target: target)
              }
              settled = max(settled, clocks[index].end)
            }
          }
        }
      }
    }
    motion.pointee.to = target
    motion.pointee.state = newState
    motion.pointee.settled = settled
  }

  /// The clock of a field whose value changes: its transition for the change, from its value
  /// at `time`, which becomes its value in `from`.
  private func restart(
    _ motion: _FieldMotion<Look>, _ clock: _FieldClock, change: StateChange, at time: Int,
    from: UnsafeMutablePointer<Look>, current: UnsafePointer<Look>, target: UnsafePointer<Look>
  ) -> _FieldClock {
    let transition = transitions.transition(for: motion.name, change)
    var duration = transition.duration
    if motion.switching == nil, time < clock.end, motion.same(target, from) {
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
    _ look: UnsafeMutablePointer<Look>, from: UnsafePointer<Look>, to: UnsafePointer<Look>,
    clocks: UnsafeBufferPointer<_FieldClock>, at time: Int
  ) {
    var last = _FieldClock(start: 0, end: 0, curve: -1)
    var lastProgress = 0.0
    let (look, from, to) = (
      UnsafeMutableRawPointer(look), UnsafeRawPointer(from), UnsafeRawPointer(to)
    )
    frameFields.withUnsafeBufferPointer { fields in
      curves.withUnsafeBufferPointer { curves in
        for index in clocks.indices {
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
            field.function._withUnsafeGuaranteedRef { $0.move(place, old, new, progress) }
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
  @usableFromInline let function: Unmanaged<_MoveFunction>
}

/// A field's move function in an object of its own, so that a frame can call it through an
/// unretained reference.
@usableFromInline
final class _MoveFunction: @unchecked Sendable {
  // @unchecked: the function captures a key path, or nothing.
  @usableFromInline let move:
    (UnsafeMutableRawPointer, UnsafeRawPointer, UnsafeRawPointer, Double) -> Void

  init(
    _ move: @escaping (UnsafeMutableRawPointer, UnsafeRawPointer, UnsafeRawPointer, Double) -> Void
  ) {
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
