// doc-code: continues StyleSet.swift

/// The attributes of a ``StyleSet`` resolved for one state.
///
///     var style = StyleSet()
///     style[.titleColor, for: .visited] = "purple"
///     let look = style.resolve(.visited)
///     look[.titleColor]  // "purple"
///
/// A resolved style is a value: it holds the state and the style set's tables, so making one
/// copies nothing and later changes to the style set do not reach it. Two resolved
/// styles are equal when they give every attribute the same value, whatever states and style
/// sets they came from.
public struct ResolvedStyle: Hashable, Sendable, CustomStringConvertible {
  /// The state resolved.
  @usableFromInline let _state: ControlState
  /// The style set's tables when it was resolved; never changed while shared.
  @usableFromInline let _storage: _StyleTables
  /// The read records of `_storage`, which live as long as it does unchanged.
  @usableFromInline let _reads: _StyleReadBlock

  @inlinable
  init(state: ControlState, storage: _StyleTables, reads: _StyleReadBlock) {
    (_state, _storage, _reads) = (state, storage, reads)
  }

  /// The resolved value of an attribute, or `nil` when no entry applies: `style[key] ?? value`
  /// gives a value of your own then.
  ///
  /// - Parameter key: The attribute.
  /// - Complexity: O(1): a scan of a few attributes, or a hash of the name for more, finds the
  ///   attribute's table, which resolves the state.
  @inlinable
  public subscript<Value>(key: StyleKey<Value>) -> Value? {
    @inline(__always) get { _reads.value(of: key, state: _state, tables: _storage) }
  }

  /// The number of attributes that have a value.
  public var count: Int {
    _storage.columns.count { $0.resolveAny(_state) != nil }
  }

  /// The states that some entry of the style set mentions: the bits on which this style's
  /// values depend.
  ///
  /// The style of another state that agrees on these bits has the same values, so a widget can
  /// skip restyling when its state changes only elsewhere:
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .visited] = "purple"
  ///     let look = style.resolve(.visited)
  ///     look.relevantStates == .visited  // true
  ///     let next: ControlState = [.visited, .focused]
  ///     next.intersection(look.relevantStates) == .visited  // true: same look, no restyle
  public var relevantStates: ControlState {
    ControlState(rawValue: _storage.relevant)
  }

  /// The value of each attribute that has one, by attribute.
  private var values: [_StyleSlot: AnyHashable] {
    var values: [_StyleSlot: AnyHashable] = [:]
    for column in _storage.columns {
      if let value = column.resolveAny(_state) { values[column.slot] = value }
    }
    return values
  }

  /// Each attribute that has a value, sorted by name.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .visited] = "purple"
  ///     style[.underlined, for: .visited] = true
  ///     style.resolve(.visited).description  // "ResolvedStyle(titleColor: purple, underlined: true)"
  public var description: String {
    let parts = values.sorted { $0.key < $1.key }.map { slot, value in
      "\(slot.name): \(value.base)"
    }
    return "ResolvedStyle(" + parts.joined(separator: ", ") + ")"
  }

  /// Resolved styles are equal when every attribute has the same value in both, or none in
  /// both.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style.resolve(.normal) == style.resolve(.focused)  // true
  ///     style.resolve(.normal) == StyleSet().resolve(.normal)  // false
  public static func == (lhs: ResolvedStyle, rhs: ResolvedStyle) -> Bool {
    if lhs._storage === rhs._storage {
      let relevant = ControlState(rawValue: lhs._storage.relevant)
      if lhs._state.intersection(relevant) == rhs._state.intersection(relevant) { return true }
    }
    return lhs.values == rhs.values
  }

  /// Hashes each attribute and its value.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(values)
  }
}
