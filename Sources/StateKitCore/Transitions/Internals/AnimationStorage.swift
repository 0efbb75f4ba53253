/// What one animated look keeps between frames: its animator's core, its state, the look its
/// moving fields started from and the target look, and one clock per field after them, all in
/// one allocation made when the look is made.
@usableFromInline
final class _AnimationStorage<Look>: ManagedBuffer<_AnimationHeader<Look>, _FieldClock> {
  /// Storage for a look at rest in a state.
  @usableFromInline
  static func make(core: _AnimatorCore<Look>, state: ControlState) -> _AnimationStorage {
    let target = core.lookup.resolve(state)
    let count = core.frameFields.count
    let buffer = create(minimumCapacity: count) { _ in
      _AnimationHeader(core: core, motion: _LookMotion(state: state, look: target), count: count)
    }
    // `create` on this class makes an instance of it.
    let storage = unsafeDowncast(buffer, to: _AnimationStorage.self)
    storage.withUnsafeMutablePointerToElements { $0.initialize(repeating: .settled, count: count) }
    return storage
  }

  /// A copy, for a look about to change storage that another copy shares.
  @usableFromInline
  func copy() -> _AnimationStorage {
    let count = header.count
    let buffer = _AnimationStorage.create(minimumCapacity: count) { _ in header }
    let storage = unsafeDowncast(buffer, to: _AnimationStorage.self)
    withUnsafeMutablePointerToElements { source in
      storage.withUnsafeMutablePointerToElements { $0.initialize(from: source, count: count) }
    }
    return storage
  }

  // The clocks are plain integers: nothing to deinitialize.
}

/// The header of an animated look's storage.
@usableFromInline
struct _AnimationHeader<Look> {
  /// Keeps the core alive; read through `unmanagedCore`, which costs no reference count.
  @usableFromInline let core: _AnimatorCore<Look>
  @usableFromInline let unmanagedCore: Unmanaged<_AnimatorCore<Look>>
  @usableFromInline var motion: _LookMotion<Look>
  /// The number of clocks, one per field.
  @usableFromInline let count: Int

  @usableFromInline
  init(core: _AnimatorCore<Look>, motion: _LookMotion<Look>, count: Int) {
    self.core = core
    unmanagedCore = Unmanaged.passUnretained(core)
    (self.motion, self.count) = (motion, count)
  }
}

/// Where one widget's look is between states, apart from its clocks: what ``AnimatedLook``
/// keeps in its storage's header and ``AnimatedLooks`` keeps one of per widget.
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
