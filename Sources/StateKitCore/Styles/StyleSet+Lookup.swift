// doc-code: continues StyleSet.swift

extension StyleSet {
  /// A style set frozen into a struct of your own: every state resolves, in one call, to a
  /// whole look whose fields come from the style's attributes, with per-field defaults.
  ///
  /// Declare the look as a plain struct whose initial values are the defaults, and say which
  /// attribute fills which field:
  ///
  ///     struct LinkLook: Equatable, Sendable {
  ///         var titleColor = "black"
  ///         var underlined = false
  ///     }
  ///
  ///     func linkStyle() -> StyleSet {
  ///         var style = StyleSet()
  ///         style[.titleColor, for: .normal] = "blue"
  ///         style[.titleColor, for: .visited] = "purple"
  ///         style[.underlined, for: .highlighted] = true
  ///         return style
  ///     }
  ///
  ///     let looks = StateLookup(linkStyle(), default: LinkLook(), [
  ///         .field(\.titleColor, from: .titleColor),
  ///         .field(\.underlined, from: .underlined),
  ///     ])
  ///     looks.resolve([.visited, .highlighted]) == LinkLook(titleColor: "purple", underlined: true)  // true
  ///     looks.resolve(.focused) == LinkLook(titleColor: "blue", underlined: false)  // true
  ///
  /// A field takes the value of its attribute's best matching entry, and keeps its value in
  /// `default` when no entry matches (or the style has no such attribute), so
  /// `resolve(state)` gives the look that `style.resolve(state)` read field by field would
  /// give, with `??` and the default's value for each field.
  ///
  /// The lookup computes the look of every combination of the bits the fields' tables mention
  /// (their ``relevantStates``), keeps each distinct look once, and indexes them like a
  /// ``StateLookup``: resolving is a mask, a multiply, a shift, a load of a 16-bit code and
  /// the read of the look, with no test, whatever the number of fields. That fits up to 2^12
  /// combinations: any bits among the four system states and the application range (bits 16
  /// through 23). For bits spread wider the lookup resolves field by field, as the tables do
  /// (``StateLookup/isIndexed`` says which).
  ///
  /// A lookup is a snapshot: later changes to the style set do not reach it. ``StateLookup``
  /// is the type of every lookup, of a table or of a style set.
  public typealias Lookup<Look> = StateLookup<Look>

  /// A field of a look and the attribute that fills it, for a ``StateLookup``.
  ///
  ///     let field: StyleSet.Field<LinkLook> = .field(\.titleColor, from: .titleColor)
  ///
  /// A field also says how it moves when the look changes (``StateLookup/interpolate(from:to:by:)``,
  /// ``AnimatedLook``): a field of an ``Interpolatable`` type interpolates, any other switches
  /// to the new value at the start of its transition, or where
  /// ``field(_:from:switching:)`` says.
  public struct Field<Look> {
    /// Binds the field to a style set's table.
    let bind: (StyleSet) -> _BoundField<Look>
    /// How the field moves between two looks.
    @usableFromInline let motion: _FieldMotion<Look>

    @usableFromInline
    init(bind: @escaping (StyleSet) -> _BoundField<Look>, motion: _FieldMotion<Look>) {
      (self.bind, self.motion) = (bind, motion)
    }

    /// The name of the attribute that fills the field: the name under which its transitions
    /// are found (``StyleTransitions``).
    ///
    ///     StyleSet.Field<LinkLook>.field(\.titleColor, from: .titleColor).attribute  // "titleColor"
    public var attribute: String { motion.name }

    /// A field filled from an attribute: the attribute's value when some entry matches,
    /// else the field's value in the lookup's default look. When the look changes, the field
    /// switches to its new value at the start of its transition.
    ///
    ///     let field: StyleSet.Field<LinkLook> = .field(\.underlined, from: .underlined)
    ///
    /// - Parameters:
    ///   - path: The field of the look.
    ///   - key: The attribute.
    /// - Returns: The field.
    public static func field<Value>(
      _ path: WritableKeyPath<Look, Value>, from key: StyleKey<Value>
    ) -> Field {
      field(path, from: key, switching: .start)
    }

    /// A field filled from an attribute whose values do not interpolate, which switches to its
    /// new value at the start or the end of its transition.
    ///
    ///     // Hidden once the fade out has ended; shown as soon as a fade in starts.
    ///     let field: StyleSet.Field<LinkLook> = .field(\.underlined, from: .underlined, switching: .end)
    ///
    /// A field of an ``Interpolatable`` type declared this way switches too, instead of
    /// interpolating.
    ///
    /// - Parameters:
    ///   - path: The field of the look.
    ///   - key: The attribute.
    ///   - position: When the new value shows: at the start of the transition (after its
    ///     delay) or at its end.
    /// - Returns: The field.
    public static func field<Value>(
      _ path: WritableKeyPath<Look, Value>, from key: StyleKey<Value>,
      switching position: StepPosition
    ) -> Field {
      Field(
        bind: _binding(path, key), motion: _FieldMotion(path, name: key.name, switching: position))
    }

    /// A field filled from an attribute whose values interpolate: during a transition it
    /// moves smoothly from the old value to the new one.
    ///
    ///     struct Gauge { var width = 0.0 }
    ///     let field: StyleSet.Field<Gauge> = .field(\.width, from: StyleKey<Double>("width"))
    ///
    /// - Parameters:
    ///   - path: The field of the look; a stored property of a struct is read and written in
    ///     place, any other through its key path.
    ///   - key: The attribute.
    /// - Returns: The field.
    @inlinable
    public static func field<Value: Interpolatable>(
      _ path: WritableKeyPath<Look, Value>, from key: StyleKey<Value>
    ) -> Field {
      Field(bind: _binding(path, key), motion: _FieldMotion(interpolating: path, name: key.name))
    }

    /// Binds a field to its attribute's table in a style set.
    @usableFromInline
    static func _binding<Value>(
      _ path: WritableKeyPath<Look, Value>, _ key: StyleKey<Value>
    ) -> (StyleSet) -> _BoundField<Look> {
      { style in
        let storage = style[key]._storage
        return _BoundField(relevant: storage.relevant, count: storage.count) { state in
          storage.winner(state)
        } apply: { position, look in
          guard position < storage.count else { return }
          look[keyPath: path] = storage.entries[position].value
        }
      }
    }
  }
}

extension StateLookup {
  /// Freezes the fields of a style set into looks.
  ///
  ///     let looks = StateLookup(linkStyle(), default: LinkLook(), [.field(\.titleColor, from: .titleColor)])
  ///     looks[.visited].titleColor  // "purple"
  ///
  /// - Parameters:
  ///   - style: The style set; later changes to it do not reach the lookup.
  ///   - defaultLook: The look of a state that no entry matches: each field keeps its value
  ///     here when its attribute has no match.
  ///   - fields: Which attribute fills which field; a later field for the same key path
  ///     overwrites an earlier one.
  /// - Complexity: O(*s* × (*f* + *n*)) for *s* combinations of the relevant bits, *f*
  ///   fields and *n* entries, once.
  public init(_ style: StyleSet, default defaultLook: Value, _ fields: [StyleSet.Field<Value>]) {
    let bound = fields.map { $0.bind(style) }
    let relevant = bound.reduce(UInt(0)) { $0 | $1.relevant }
    // Two states have the same look when every field has the same winner: the winners'
    // positions name a look, which is built once. Up to eight fields of fewer than 255
    // entries pack their positions in one word; more take an array.
    let packs = bound.count <= 8 && bound.allSatisfy { $0.count < 255 }
    var codes: [[Int]: Int] = [:]
    var packedCodes: [UInt64: Int] = [:]
    var winners: [[Int]] = []
    let index = _StateIndex(relevant: relevant) { state in
      if packs {
        var key: UInt64 = 0
        for (index, field) in bound.enumerated() {
          key |= UInt64(field.winner(state)) << UInt64(8 * index)
        }
        if let code = packedCodes[key] { return UInt16(code) }
        packedCodes[key] = winners.count
      } else {
        let key = bound.map { $0.winner(state) }
        if let code = codes[key] { return UInt16(code) }
        codes[key] = winners.count
      }
      winners.append(bound.map { $0.winner(state) })
      return UInt16(winners.count - 1)
    }
    let looks = winners.map { winners in
      var look = defaultLook
      for (field, winner) in zip(bound, winners) { field.apply(winner, &look) }
      return look
    }
    // Without an index, a look is built field by field for each state.
    let byField: ((UInt) -> Value)? =
      index != nil
      ? nil
      : { state in
        var look = defaultLook
        for field in bound { field.apply(field.winner(state), &look) }
        return look
      }
    self.init(
      _LookupStorage.make(
        index: index, values: looks, relevant: relevant, fallback: byField,
        motions: fields.map(\.motion)))
  }
}

extension StateLookup {
  /// The look a fraction of the way from one look to another, field by field: a field whose
  /// values interpolate takes the value in between, a field that switches takes the new value
  /// from the start (any fraction above 0) or at the end (fraction 1) of the way.
  ///
  ///     struct Bar: Equatable { var width = 0.0; var label = "" }
  ///     var style = StyleSet()
  ///     style[StyleKey<Double>("width"), for: .normal] = 10
  ///     style[StyleKey<Double>("width"), for: .selected] = 30
  ///     style[StyleKey<String>("label"), for: .selected] = "on"
  ///     let looks = StateLookup(style, default: Bar(), [
  ///         .field(\.width, from: StyleKey<Double>("width")),
  ///         .field(\.label, from: StyleKey<String>("label"), switching: .end),
  ///     ])
  ///     let (off, on) = (looks.resolve(.normal), looks.resolve(.selected))
  ///     looks.interpolate(from: off, to: on, by: 0.25) == Bar(width: 15, label: "")  // true
  ///     looks.interpolate(from: off, to: on, by: 1) == on                            // true
  ///
  /// - Parameters:
  ///   - from: The look at fraction 0.
  ///   - to: The look at fraction 1; fields the lookup does not fill keep its values.
  ///   - fraction: How far along, usually the progress of a ``TransitionCurve``.
  /// - Returns: The look in between.
  @inlinable
  public func interpolate(from: Value, to: Value, by fraction: Double) -> Value {
    var look = to
    withUnsafeMutablePointer(to: &look) { look in
      withUnsafePointer(to: from) { from in
        withUnsafePointer(to: to) { to in
          for motion in _storage.header.motions {
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
}

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
  @usableFromInline let move:
    (UnsafeMutableRawPointer, UnsafeRawPointer, UnsafeRawPointer, Double) -> Void

  @inlinable
  init(
    offset: Int, kind: Kind = .function,
    move: @escaping (UnsafeMutableRawPointer, UnsafeRawPointer, UnsafeRawPointer, Double) -> Void
  ) {
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
    _ field: UnsafeMutableRawPointer, _ from: UnsafeRawPointer, _ to: UnsafeRawPointer,
    _ fraction: Double
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
    _ type: Value.Type, _ field: UnsafeMutableRawPointer, _ from: UnsafeRawPointer,
    _ to: UnsafeRawPointer, _ fraction: Double
  ) {
    field.assumingMemoryBound(to: Value.self).pointee = from.assumingMemoryBound(to: Value.self)
      .pointee.interpolated(to: to.assumingMemoryBound(to: Value.self).pointee, by: fraction)
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
  @usableFromInline let copy: (UnsafeMutablePointer<Look>, UnsafePointer<Look>) -> Void
  /// Whether two looks hold equal values in the field.
  @usableFromInline let same: (UnsafePointer<Look>, UnsafePointer<Look>) -> Bool

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
        let (old, new) = (
          from.assumingMemoryBound(to: Look.self), to.assumingMemoryBound(to: Look.self)
        )
        look.assumingMemoryBound(to: Look.self).pointee[keyPath: path] = old.pointee[keyPath: path]
          .interpolated(to: new.pointee[keyPath: path], by: fraction)
      }
      return
    }
    // A stored property of a struct: the field's memory, bound to `Value` inside the look's.
    mover = _FieldMover(offset: offset, kind: _FieldMover.kind(of: Value.self)) {
      field, from, to, fraction in
      field.assumingMemoryBound(to: Value.self).pointee = from.assumingMemoryBound(to: Value.self)
        .pointee.interpolated(to: to.assumingMemoryBound(to: Value.self).pointee, by: fraction)
    }
  }

  /// Writes into `look` the field's value a fraction of the way from `from`'s to `to`'s.
  @inlinable
  func blend(
    _ look: UnsafeMutablePointer<Look>, _ from: UnsafePointer<Look>, _ to: UnsafePointer<Look>,
    _ fraction: Double
  ) {
    let offset = mover.offset
    mover.moveField(
      UnsafeMutableRawPointer(look) + offset, UnsafeRawPointer(from) + offset,
      UnsafeRawPointer(to) + offset, fraction)
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
      copy(look.assumingMemoryBound(to: Look.self), from.assumingMemoryBound(to: Look.self))
    }
  }

  /// Copying and comparing a field.
  @inlinable
  static func copyAndCompare<Value: Equatable>(_ path: WritableKeyPath<Look, Value>) -> (
    copy: (UnsafeMutablePointer<Look>, UnsafePointer<Look>) -> Void,
    same: (UnsafePointer<Look>, UnsafePointer<Look>) -> Bool
  ) {
    guard let offset = MemoryLayout<Look>.offset(of: path) else {
      return (
        { $0.pointee[keyPath: path] = $1.pointee[keyPath: path] },
        { $0.pointee[keyPath: path] == $1.pointee[keyPath: path] }
      )
    }
    return (
      { target, source in
        (UnsafeMutableRawPointer(target) + offset).assumingMemoryBound(to: Value.self).pointee =
          (UnsafeRawPointer(source) + offset).assumingMemoryBound(to: Value.self).pointee
      },
      { first, second in
        (UnsafeRawPointer(first) + offset).assumingMemoryBound(to: Value.self).pointee
          == (UnsafeRawPointer(second) + offset).assumingMemoryBound(to: Value.self).pointee
      }
    )
  }
}

/// A field bound to its table: the winner of a state (a position; the entry count for none),
/// and how to write a winner's value into a look.
@usableFromInline
struct _BoundField<Look> {
  let relevant: UInt
  /// The number of entries: the winner of a state that no entry matches.
  let count: Int
  let winner: (UInt) -> Int
  let apply: (Int, inout Look) -> Void
}

// @unchecked: the closures capture a table's storage, never mutated once shared, and a key
// path; both are read-only and Sendable in substance.
extension _BoundField: @unchecked Sendable where Look: Sendable {}
// @unchecked: the closures capture a key path or an offset and the attribute's name, all
// immutable.
extension _FieldMotion: @unchecked Sendable where Look: Sendable {}
// @unchecked: a field's closures capture a key path, a style key and an offset, all immutable.
extension StyleSet.Field: @unchecked Sendable where Look: Sendable {}
