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
  ///     let looks = StyleSet.Lookup(linkStyle(), default: LinkLook(), [
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
  /// ``StateTable/Lookup``: resolving is a mask, a multiply, a shift, a load of a 16-bit code and
  /// the read of the look, with no test, whatever the number of fields. That fits up to 2^12
  /// combinations: any bits among the four system states and the application range (bits 16
  /// through 23). For bits spread wider the lookup resolves field by field, as the tables do
  /// (``isIndexed`` says which).
  ///
  /// A lookup is a snapshot: later changes to the style set do not reach it.
  public struct Lookup<Look> {
    /// The code of every state, a position in `_looks`; `nil` when the relevant states do not
    /// gather.
    @usableFromInline let _index: _StateIndex?
    /// The distinct looks, each once, in the order first met.
    @usableFromInline let _looks: [Look]
    /// The look with no entry applied.
    @usableFromInline let _default: Look
    /// The fields, for looks resolved without an index.
    @usableFromInline let _fields: [_BoundField<Look>]

    /// The bits that some entry of some field's table mentions: states that agree on them
    /// resolve to the same look.
    ///
    ///     let looks = StyleSet.Lookup(linkStyle(), default: LinkLook(), [.field(\.underlined, from: .underlined)])
    ///     looks.relevantStates == .highlighted  // true
    public let relevantStates: ControlState

    /// Freezes the fields of a style set into looks.
    ///
    ///     let looks = StyleSet.Lookup(linkStyle(), default: LinkLook(), [.field(\.titleColor, from: .titleColor)])
    ///     looks.resolve(.visited).titleColor  // "purple"
    ///
    /// - Parameters:
    ///   - style: The style set; later changes to it do not reach the lookup.
    ///   - defaultLook: The look of a state that no entry matches: each field keeps its value
    ///     here when its attribute has no match.
    ///   - fields: Which attribute fills which field; a later field for the same key path
    ///     overwrites an earlier one.
    /// - Complexity: O(*s* × (*f* + *n*)) for *s* combinations of the relevant bits, *f*
    ///   fields and *n* entries, once.
    public init(_ style: StyleSet, default defaultLook: Look, _ fields: [Field<Look>]) {
      let bound = fields.map { $0.bind(style) }
      let relevant = bound.reduce(UInt(0)) { $0 | $1.relevant }
      // Two states have the same look when every field has the same winner: the winners'
      // positions name a look, which is built once. Up to eight fields of fewer than 255
      // entries pack their positions in one word; more take an array.
      let packs = bound.count <= 8 && bound.allSatisfy { $0.count < 255 }
      var codes: [[Int]: Int] = [:]
      var packedCodes: [UInt64: Int] = [:]
      var winners: [[Int]] = []
      _index = _StateIndex(relevant: relevant) { state in
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
      _looks = winners.map { winners in
        var look = defaultLook
        for (field, winner) in zip(bound, winners) { field.apply(winner, &look) }
        return look
      }
      (_default, _fields) = (defaultLook, bound)
      relevantStates = ControlState(rawValue: relevant)
    }

    /// The look of a control in `state`.
    ///
    ///     let looks = StyleSet.Lookup(linkStyle(), default: LinkLook(), [.field(\.underlined, from: .underlined)])
    ///     looks.resolve([.highlighted, .focused]).underlined  // true
    ///
    /// - Parameter state: The state of a control.
    /// - Returns: `default` with each field set to its attribute's value for `state`, where the
    ///   attribute has one.
    /// - Complexity: O(1) when ``isIndexed``: a hash, a 16-bit load and the read of the look.
    @inlinable
    public func resolve(_ state: ControlState) -> Look {
      guard let index = _index else { return _resolveByField(state) }
      return _looks[index.code(state.rawValue)]
    }

    /// The look, field by field, for a lookup whose states do not gather.
    @usableFromInline
    func _resolveByField(_ state: ControlState) -> Look {
      var look = _default
      for field in _fields { field.apply(field.winner(state.rawValue), &look) }
      return look
    }

    /// Whether every look is precomputed, so that ``resolve(_:)`` is one indexed load: true for
    /// fields whose tables mention bits that gather into 12 slot bits, such as any of the
    /// system states and the application range.
    ///
    ///     StyleSet.Lookup(linkStyle(), default: LinkLook(), []).isIndexed  // true
    public var isIndexed: Bool { _index != nil }
  }

  /// A field of a look and the attribute that fills it, for a ``StyleSet/Lookup``.
  ///
  ///     let field: StyleSet.Field<LinkLook> = .field(\.titleColor, from: .titleColor)
  public struct Field<Look> {
    /// Binds the field to a style set's table.
    let bind: (StyleSet) -> _BoundField<Look>

    /// A field filled from an attribute: the attribute's value when some entry matches,
    /// else the field's value in the lookup's default look.
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
      Field { style in
        let storage = style[key]._storage
        return _BoundField(relevant: storage.relevant, count: storage.count) { state in
          storage.winner(state)
        } apply: { position, look in
          guard position < storage.count else { return }
          look[keyPath: path] = storage.values[position]
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
extension StyleSet.Lookup: Sendable where Look: Sendable {}
