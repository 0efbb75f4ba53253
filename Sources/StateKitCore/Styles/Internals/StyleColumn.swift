/// The identity of an attribute: its name and its value type.
struct _StyleSlot: Hashable, Sendable, Comparable {
  let name: String
  let valueType: any (Hashable & Sendable).Type

  static func == (lhs: _StyleSlot, rhs: _StyleSlot) -> Bool {
    lhs.name == rhs.name && lhs.valueType == rhs.valueType
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(ObjectIdentifier(valueType))
  }

  /// Attributes come in text and files by name, and by value type for two attributes of one
  /// name, so the order never depends on the order they were set in.
  static func < (lhs: _StyleSlot, rhs: _StyleSlot) -> Bool {
    (lhs.name, String(reflecting: lhs.valueType)) < (rhs.name, String(reflecting: rhs.valueType))
  }
}

/// One attribute of a style set: its name and value type, and its table.
///
/// The value type is erased by subclassing rather than by a protocol, so that a style set that
/// has checked the type can reach the typed column with `_uncheckedCast`, for free. A column is
/// mutated only while one style set's tables reference it (see `_StyleTables`).
@usableFromInline
class _StyleColumnBase: @unchecked Sendable {
  let slot: _StyleSlot
  /// The attribute's name and value type, which reads compare.
  @usableFromInline final let name: String
  @usableFromInline final let type: ObjectIdentifier
  /// The bits some selector of the table mentions.
  final fileprivate(set) var relevant: UInt = 0
  /// The number of entries.
  final fileprivate(set) var count: Int = 0

  init(slot: _StyleSlot) {
    self.slot = slot
    name = slot.name
    type = ObjectIdentifier(slot.valueType)
  }

  func resolveAny(_ state: ControlState) -> AnyHashable? { nil }
  func isEqual(_ other: _StyleColumnBase) -> Bool { false }
  func hashTable(into hasher: inout Hasher) {}
  func describeEntries() -> String { "" }
  func reordered(by precedence: StatePrecedence) -> _StyleColumnBase { self }
  /// This column with another's entries laid over it; the other has the same slot.
  func overlaid(with other: _StyleColumnBase) -> _StyleColumnBase { self }
  /// This column without the entries of these selectors; `nil` when none is left.
  func removing(_ selectors: Set<StateSelector>) -> _StyleColumnBase? { self }
  /// The selectors of the entries, best first.
  var selectors: [StateSelector] { [] }
  /// Why the table resolves a state as it does.
  func explain(_ state: ControlState, catalog: StateCatalog) -> StyleSet.Explanation.Attribute {
    preconditionFailure("abstract")
  }
  /// The table as a theme file's attribute holds it (its entries, without the precedence the
  /// style set writes), or `nil` when the value type is not Encodable.
  var encodable: (any Encodable)? { nil }
  /// What a read of the column needs, valid until the column's table changes.
  func readRecord() -> _StyleReadRecord { preconditionFailure("abstract") }
}

/// The column of an attribute whose values are `Value`.
// @unchecked: as the base class; the table holds Sendable values.
@usableFromInline
final class _StyleColumn<Value: Hashable & Sendable>: _StyleColumnBase, @unchecked Sendable {
  /// The entries; changed in place only through `modify`.
  @usableFromInline var table: StateTable<Value>

  init(slot: _StyleSlot, table: StateTable<Value>) {
    self.table = table
    super.init(slot: slot)
    (relevant, count) = (table._storage.relevant, table.count)
  }

  /// Changes the table. Called only on a column that one style set's tables reference.
  func modify<Result>(_ body: (inout StateTable<Value>) -> Result) -> Result {
    let result = body(&table)
    (relevant, count) = (table._storage.relevant, table.count)
    return result
  }

  /// The value of the attribute for a state.
  func resolve(_ state: ControlState) -> Value? {
    table.resolve(state)
  }

  override func resolveAny(_ state: ControlState) -> AnyHashable? {
    table.resolve(state).map(AnyHashable.init)
  }

  override func isEqual(_ other: _StyleColumnBase) -> Bool {
    (other as? Self)?.table == table
  }

  override func hashTable(into hasher: inout Hasher) {
    table.hash(into: &hasher)
  }

  override func describeEntries() -> String {
    table.description
  }

  override func reordered(by precedence: StatePrecedence) -> _StyleColumnBase {
    var copy = table
    copy.precedence = precedence
    return _StyleColumn(slot: slot, table: copy)
  }

  override func overlaid(with other: _StyleColumnBase) -> _StyleColumnBase {
    // Columns under one slot share the slot's value type, so the cast always succeeds.
    guard let other = other as? Self else { return self }
    return _StyleColumn(slot: slot, table: table.overlaid(with: other.table))
  }

  override var selectors: [StateSelector] { table.entries.map(\.selector) }

  override func explain(
    _ state: ControlState, catalog: StateCatalog
  ) -> StyleSet.Explanation.Attribute {
    let why = table.explain(state, catalog: catalog)
    return StyleSet.Explanation.Attribute(
      name: slot.name, matches: why.matches.map { .init(selector: $0.selector, value: $0.value) },
      decision: why.decision, reason: why.reason, catalog: catalog)
  }

  override func removing(_ selectors: Set<StateSelector>) -> _StyleColumnBase? {
    var copy = table
    for selector in selectors { copy[selector] = nil }
    return copy.isEmpty ? nil : _StyleColumn(slot: slot, table: copy)
  }

  override func readRecord() -> _StyleReadRecord {
    _StyleReadRecord(name: name, table: table._storage)
  }

  override var encodable: (any Encodable)? {
    // The theme file's form: the style set writes the precedence every table takes.
    (table as? any _ThemeEncodableTable)?._themeForm
  }
}
