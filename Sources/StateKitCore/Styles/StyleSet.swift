/// A typed attribute of a widget's style, such as its title color or its background.
///
/// Declare keys once, as statics constrained to their value type, and use them with a
/// ``StyleSet``:
///
///     extension StyleKey where Value == String {
///         static var titleColor: StyleKey<String> { StyleKey("titleColor") }
///     }
///     extension StyleKey where Value == Bool {
///         static var underlined: StyleKey<Bool> { StyleKey("underlined") }
///     }
///
/// Two keys are the same attribute when both the name and the value type are equal.
public struct StyleKey<Value: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The attribute's name, such as `titleColor`.
  public let name: String

  /// Creates a key.
  ///
  /// - Parameter name: The attribute's name; unique among the keys of one value type.
  @inlinable
  public init(_ name: String) {
    self.name = name
  }

  /// The name and the value type, such as `titleColor: String`.
  public var description: String { "\(name): \(Value.self)" }

  var slot: _StyleSlot { _StyleSlot(name: name, valueType: Value.self) }
}

/// The per-state attributes of one widget: one ``StateTable`` per typed key, resolved for a
/// state in one call.
///
/// The classic example is a link whose title is blue until it has been visited:
///
///     extension ControlState {
///         public static let visited = ControlState(rawValue: 1 << 16)
///     }
///
///     var style = StyleSet()
///     style[.titleColor, for: .normal] = "blue"
///     style[.titleColor, for: .visited] = "purple"
///     style[.underlined, for: .highlighted] = true
///
///     let look = style.resolve([.visited, .highlighted])
///     look[.titleColor]  // "purple"
///     look[.underlined]  // true
///     style.resolve(.normal)[.underlined]  // nil: no entry applies
///
/// A style set is a plain value: equal when every key has equal tables and the precedence is
/// the same. Every table of a style set ranks its entries by the style set's ``precedence``.
public struct StyleSet: Hashable, Sendable, CustomStringConvertible {
  /// The columns; copied on write.
  @usableFromInline var _storage: _StyleTables

  /// The precedence of every table in the style set; setting it reorders them all.
  ///
  ///     var style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
  ///     style[.titleColor, for: [.selected, .highlighted]] = "white"
  ///     style[.titleColor, for: .disabled] = "gray"
  ///     style.resolve([.disabled, .selected, .highlighted])[.titleColor]  // "gray"
  public var precedence: StatePrecedence {
    get { _storage.precedence }
    set {
      guard newValue != precedence else { return }
      makeUnique()
      _storage.reorder(by: newValue)
    }
  }

  /// Creates an empty style set whose tables rank entries by a precedence.
  ///
  /// - Parameter precedence: The dominant states and the order that breaks ties.
  public init(precedence: StatePrecedence = .standard) {
    _storage = precedence == .standard ? .empty : _StyleTables(precedence: precedence)
  }

  /// Makes the storage this style set's own before a change.
  mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&_storage) { _storage = _storage.copy() }
  }

  /// Sets an attribute's column; `nil` or an empty table removes the attribute.
  mutating func setColumn(_ column: _StyleColumnBase?, for slot: _StyleSlot) {
    makeUnique()
    _storage.set(column, for: slot)
  }

  /// The table of one attribute; an empty table when the attribute has no entries.
  ///
  /// - Parameter key: The attribute.
  /// A table set here takes the style set's ``precedence``.
  public subscript<Value>(key: StyleKey<Value>) -> StateTable<Value> {
    get {
      _storage.table(key) ?? StateTable(precedence: precedence)
    }
    set {
      var table = newValue
      if table.precedence != precedence { table.precedence = precedence }
      setColumn(table.isEmpty ? nil : _StyleColumn(slot: key.slot, table: table), for: key.slot)
    }
  }

  /// The value stored for an attribute and exactly this state; setting `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - state: The exact state of the entry.
  public subscript<Value>(key: StyleKey<Value>, for state: ControlState) -> Value? {
    get { _storage.table(key)?[state] }
    set {
      makeUnique()
      _storage.modify(key) { $0[state] = newValue }
    }
  }

  /// The value stored for an attribute and exactly this selector; setting `nil` removes it.
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - selector: The selector of the entry.
  public subscript<Value>(key: StyleKey<Value>, for selector: StateSelector) -> Value? {
    get { _storage.table(key)?[selector] }
    set {
      makeUnique()
      _storage.modify(key) { $0[selector] = newValue }
    }
  }

  /// The names of the attributes that have entries, sorted.
  public var attributeNames: [String] {
    _storage.columns.map(\.slot.name).sorted()
  }

  /// The states that some entry of some attribute mentions, required or excluded: the bits that
  /// can change how the style resolves.
  ///
  /// Two states that agree on these bits resolve every attribute to the same value, so a widget
  /// whose state changes only in other bits need not restyle:
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .visited] = "purple"
  ///     style[.underlined, for: StateSelector(.highlighted, unless: .disabled)] = true
  ///     style.relevantStates == [.visited, .highlighted, .disabled]  // true
  ///     let (old, new): (ControlState, ControlState) = (.normal, .focused)
  ///     old.intersection(style.relevantStates) == new.intersection(style.relevantStates)  // true
  ///
  /// - Complexity: O(1): kept up to date as the style set changes.
  public var relevantStates: ControlState {
    ControlState(rawValue: _storage.relevant)
  }

  /// Resolves every attribute for a control in `state`, with each table's best match.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .selected] = "white"
  ///     let look = style.resolve([.selected, .highlighted])
  ///     look[.titleColor]  // "white", the best matching title color
  ///     look[.underlined]  // nil, as no entry applies
  ///
  /// The result holds the state and the style set's tables, so making one copies and
  /// allocates nothing; reading an attribute finds its table by name and value type and
  /// resolves it. For code that reads the same attributes for many states, ``StateLookup``
  /// resolves all of them at once into a struct of your own.
  ///
  /// - Parameter state: The state of a control.
  /// - Returns: The value of each attribute that has one for this state; later changes to the
  ///   style set do not reach it.
  /// - Complexity: O(1).
  @inlinable
  public func resolve(_ state: ControlState) -> ResolvedStyle {
    // The read records, made at the first resolve after a change: the resolved style reads
    // them, not the tables, which it holds only to keep them (and so the records) alive.
    let reads = _storage.reads.prepare(_storage)
    return ResolvedStyle(state: state, storage: _storage, reads: reads)
  }

  /// Returns this style with another laid over it: for each attribute, the other's entries win
  /// where both have the same selector.
  ///
  /// - Parameter overrides: The style that takes precedence.
  /// - Returns: The merged style, with this style's ``precedence``.
  public func overlaid(with overrides: StyleSet) -> StyleSet {
    var result = self
    for column in overrides._storage.columns {
      let merged =
        _storage.position(of: column.slot).map { _storage.columns[$0].overlaid(with: column) }
        ?? (overrides.precedence == precedence ? column : column.reordered(by: precedence))
      result.setColumn(merged, for: column.slot)
    }
    return result
  }

  /// Each attribute, sorted by name, with its entries best first.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .disabled] = "gray"
  ///     style.description  // "StyleSet(titleColor: [disabled: gray, normal: blue])"
  public var description: String {
    let parts = _storage.columns.sorted { $0.slot < $1.slot }.map { column in
      "\(column.slot.name): \(column.describeEntries())"
    }
    return "StyleSet(" + parts.joined(separator: ", ") + ")"
  }

  /// Style sets are equal when every attribute has equal tables.
  public static func == (lhs: StyleSet, rhs: StyleSet) -> Bool {
    if lhs._storage === rhs._storage { return true }
    let (left, right) = (lhs._storage, rhs._storage)
    return left.precedence == right.precedence && left.columns.count == right.columns.count
      && left.columns.allSatisfy { column in
        right.position(of: column.slot).map { column.isEqual(right.columns[$0]) } ?? false
      }
  }

  /// Hashes the precedence, the attribute names and the tables.
  public func hash(into hasher: inout Hasher) {
    // Order-independent: combine per-attribute hashes with a commutative sum.
    var sum = 0
    for column in _storage.columns {
      var inner = Hasher()
      inner.combine(column.slot)
      column.hashTable(into: &inner)
      sum &+= inner.finalize()
    }
    hasher.combine(precedence)
    hasher.combine(_storage.columns.count)
    hasher.combine(sum)
  }
}
