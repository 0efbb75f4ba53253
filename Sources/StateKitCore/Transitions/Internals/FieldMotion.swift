// How one field of a look moves between two looks, for the animator: the field's place in the
// look, and functions that interpolate, copy and compare it there.

/// The function that moves one field, and where it finds the field. Not generic, so that the
/// function is stored as it is called, with no reabstraction thunk in between.
@usableFromInline
struct _FieldMover: @unchecked Sendable {
  // @unchecked: the function captures a key path, or nothing.
  /// What the field holds, when a frame can interpolate it without calling `move`.
  @usableFromInline
  enum Kind: UInt8, Sendable {
    /// Anything else: `move` moves it.
    case function
    case double, float, int
  }

  /// Where `move` finds the field in a look: its offset, or 0 when `move` takes whole looks.
  @usableFromInline let offset: Int
  @usableFromInline let kind: Kind
  /// Writes into the first place the field's value a fraction of the way from the second's to
  /// the third's; a field that switches writes the second's. The places are the looks advanced
  /// by `offset`.
  @usableFromInline let move: _MoveFunction.Body

  @inlinable
  init(offset: Int, kind: Kind = .function, move: @escaping _MoveFunction.Body) {
    (self.offset, self.kind, self.move) = (offset, kind, move)
  }

  /// The kind of a stored field of a type: a number a frame interpolates in place, or one that
  /// `move` moves.
  @inlinable
  static func kind<Value>(of type: Value.Type) -> Kind {
    if type == Double.self { return .double }
    if type == Float.self { return .float }
    if type == Int.self { return .int }
    return .function
  }

  /// Moves the field at the places given, by its kind or by `move`. A number is interpolated
  /// here, so that a frame calls no function for it.
  @inlinable
  func moveField(
    _ field: _MutableRawAddress, _ from: _RawAddress, _ to: _RawAddress, _ fraction: Double
  ) {
    switch kind {
    case .double: Self.interpolate(Double.self, field, from, to, fraction)
    case .float: Self.interpolate(Float.self, field, from, to, fraction)
    case .int: Self.interpolate(Int.self, field, from, to, fraction)
    case .function: move(field, from, to, fraction)
    }
  }

  @inlinable
  static func interpolate<Value: Interpolatable>(
    _ type: Value.Type, _ field: _MutableRawAddress, _ from: _RawAddress, _ to: _RawAddress,
    _ fraction: Double
  ) {
    field.typed(Value.self).pointee = from.typed(Value.self).pointee
      .interpolated(to: to.typed(Value.self).pointee, by: fraction)
  }
}

/// How one field of a look moves between two looks: interpolating, or switching at the start
/// or the end. Its functions work on looks in place, through the field's offset in a struct
/// when it has one (a stored property), else through its key path.
@usableFromInline
struct _FieldMotion<Look> {
  /// The name of the attribute that fills the field.
  @usableFromInline let name: String
  /// `nil` for a field that interpolates; else when a field that switches shows its new value.
  @usableFromInline let switching: StepPosition?
  /// Writes the field's value between two looks into a third.
  @usableFromInline let mover: _FieldMover
  /// Copies the field's value from the second look into the first.
  @usableFromInline let copy: (_MutableAddress<Look>, _Address<Look>) -> Void
  /// Whether two looks hold equal values in the field.
  @usableFromInline let same: (_Address<Look>, _Address<Look>) -> Bool

  /// A field that interpolates.
  @inlinable
  init<Value: Interpolatable & Equatable>(
    interpolating path: WritableKeyPath<Look, Value>, name: String
  ) {
    self.name = name
    switching = nil
    (copy, same) = Self.copyAndCompare(path)
    guard let offset = MemoryLayout<Look>.offset(of: path) else {
      mover = _FieldMover(offset: 0) { look, from, to, fraction in
        let (old, new) = (from.typed(Look.self), to.typed(Look.self))
        look.typed(Look.self).pointee[keyPath: path] = old.pointee[keyPath: path]
          .interpolated(to: new.pointee[keyPath: path], by: fraction)
      }
      return
    }
    // A stored property of a struct: the field's memory, bound to `Value` inside the look's.
    mover = _FieldMover(offset: offset, kind: _FieldMover.kind(of: Value.self)) {
      field, from, to, fraction in
      _FieldMover.interpolate(Value.self, field, from, to, fraction)
    }
  }

  /// Writes into `look` the field's value a fraction of the way from `from`'s to `to`'s.
  @inlinable
  func blend(
    _ look: _MutableAddress<Look>, _ from: _Address<Look>, _ to: _Address<Look>,
    _ fraction: Double
  ) {
    let offset = mover.offset
    mover.moveField(look.raw + offset, from.raw + offset, to.raw + offset, fraction)
  }

  /// A field that switches at a position.
  init<Value: Equatable>(
    _ path: WritableKeyPath<Look, Value>, name: String, switching position: StepPosition
  ) {
    self.name = name
    switching = position
    (copy, same) = Self.copyAndCompare(path)
    let copy = self.copy
    mover = _FieldMover(offset: 0) { look, from, _, _ in
      copy(look.typed(Look.self), from.typed(Look.self))
    }
  }

  /// Copying and comparing a field.
  @inlinable
  static func copyAndCompare<Value: Equatable>(_ path: WritableKeyPath<Look, Value>) -> (
    copy: (_MutableAddress<Look>, _Address<Look>) -> Void,
    same: (_Address<Look>, _Address<Look>) -> Bool
  ) {
    guard let offset = MemoryLayout<Look>.offset(of: path) else {
      return (
        { $0.pointee[keyPath: path] = $1.pointee[keyPath: path] },
        { $0.pointee[keyPath: path] == $1.pointee[keyPath: path] }
      )
    }
    return (
      { target, source in
        (target.raw + offset).typed(Value.self).pointee =
          (source.raw + offset).typed(Value.self).pointee
      },
      { first, second in
        (first.raw + offset).typed(Value.self).pointee
          == (second.raw + offset).typed(Value.self).pointee
      }
    )
  }
}

// @unchecked: the closures capture a key path or an offset and the attribute's name, all
// immutable.
extension _FieldMotion: @unchecked Sendable where Look: Sendable {}
