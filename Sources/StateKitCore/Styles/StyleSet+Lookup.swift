// doc-code: continues StyleSet.swift

extension StateLookup {
  /// Freezes a style set into a struct of your own: every state resolves, in one call, to a
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
  /// (their ``relevantStates``), keeps each distinct look once, and indexes them as a
  /// table's lookup does: resolving is a mask, a multiply, a shift, a load of a 16-bit code and
  /// the read of the look, with no test, whatever the number of fields. That fits up to 2^12
  /// combinations: any bits among the four system states and the application range (bits 16
  /// through 23). For bits spread wider the lookup resolves field by field, as the tables do
  /// (``code(for:)`` is then `nil`).
  ///
  /// A lookup is a snapshot: later changes to the style set do not reach it.
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
        index: index, values: looks, relevant: relevant, fallback: byField))
  }
}

extension StyleSet {
  /// A field of a look and the attribute that fills it, for a ``StateLookup``.
  ///
  ///     let field: StyleSet.Field<LinkLook> = .field(\.titleColor, from: .titleColor)
  ///
  /// How a field moves when the look changes is the animator's to say
  /// (``StyleAnimator/Field``); a lookup only fills it.
  public struct Field<Look> {
    /// Binds the field to a style set's table.
    let bind: (StyleSet) -> _BoundField<Look>

    /// The name of the attribute that fills the field.
    let attribute: String

    @usableFromInline
    init(bind: @escaping (StyleSet) -> _BoundField<Look>, attribute: String) {
      (self.bind, self.attribute) = (bind, attribute)
    }

    /// A field filled from an attribute: the attribute's value when some entry matches,
    /// else the field's value in the lookup's default look.
    ///
    /// - Parameters:
    ///   - path: The field of the look.
    ///   - key: The attribute.
    /// - Returns: The field.
    public static func field<Value>(
      _ path: WritableKeyPath<Look, Value>, from key: StyleKey<Value>
    ) -> Field {
      Field(bind: _binding(path, key), attribute: key.name)
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
// @unchecked: a field's closures capture a key path, a style key and an offset, all immutable.
extension StyleSet.Field: @unchecked Sendable where Look: Sendable {}
