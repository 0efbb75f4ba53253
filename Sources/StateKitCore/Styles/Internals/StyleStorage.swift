/// The attributes of a ``StyleSet``: one column per attribute, each a ``StateTable``, found by
/// the attribute's name and value type, and the precedence of every table.
///
/// Copy on write: a style set mutates its tables only when no other style set or resolved style
/// references them, and a column only when no other tables reference it. A resolved style holds
/// the tables it was resolved from, so they are never changed under it.
@usableFromInline
final class _StyleTables: @unchecked Sendable {
  /// The attributes, in the order they were added.
  private(set) var columns: [_StyleColumnBase]
  /// The position of each attribute's column.
  private var positions: [_StyleSlot: Int]
  /// The precedence of every table.
  private(set) var precedence: StatePrecedence
  /// The bits some selector of some table mentions.
  private(set) var relevant: UInt = 0
  /// A read record per column (and per equal ASCII name, see `readRecords`) with their probe
  /// table, made at the first resolve after a change: what a read needs, with no reference to
  /// count and no string to compare.
  @usableFromInline let reads = _StyleReads()

  init(precedence: StatePrecedence, columns: [_StyleColumnBase] = []) {
    self.precedence = precedence
    self.columns = columns
    positions = Dictionary(
      columns.enumerated().map { ($1.slot, $0) }, uniquingKeysWith: { first, _ in first })
    relevant = columns.reduce(0) { $0 | $1.relevant }
  }

  deinit {
    reads.deallocate()
  }

  /// The records of the columns, for `reads`, and a second record under the bits of an
  /// equal ASCII name for each name that is not ASCII but has one (a read by a small ASCII name
  /// trusts a miss by bits, see `_StyleReadBlock.value(of:state:tables:)`).
  func readRecords() -> [_StyleReadRecord] {
    let records = columns.map { $0.readRecord() }
    return records
      + zip(columns, records).compactMap { column, record in
        _NameBits.asciiEquivalent(of: column.name).map { record.renamed($0) }
      }
  }

  /// The tables of every empty style set with the standard precedence, so that `StyleSet()`
  /// allocates nothing; the first change copies them.
  static let empty = _StyleTables(precedence: .standard)

  /// A copy that shares the columns, for a style set about to change tables it shares.
  func copy() -> _StyleTables {
    _StyleTables(precedence: precedence, columns: columns)
  }

  // MARK: Finding

  /// The position of an attribute's column, or `nil`.
  func position(of slot: _StyleSlot) -> Int? {
    positions[slot]
  }

  /// The position of a key's column, or `nil`.
  @usableFromInline
  func position<Value>(of key: StyleKey<Value>) -> Int? {
    positions[key.slot]
  }

  /// The column at a position, whose slot's value type is `Value`.
  func column<Value>(at position: Int, as type: Value.Type) -> _StyleColumn<Value> {
    // The slot's value type is Value, and a slot's column is always a _StyleColumn of it.
    _uncheckedCast(columns[position], to: _StyleColumn<Value>.self)
  }

  /// The value of an attribute whose column is found by the text of its name.
  ///
  /// It releases nothing a caller holds (what it retains it releases), and says so: a resolved
  /// style's reads may call it, and the optimizer would otherwise retain and release the tables
  /// around every resolve (see `_StyleReads.prepare`).
  @usableFromInline @inline(never) @_effects(releasenone)
  func value<Value>(byText key: StyleKey<Value>, state: ControlState) -> Value? {
    position(of: key).flatMap { column(at: $0, as: Value.self).resolve(state) }
  }

  /// The table of an attribute, or `nil` when it has no entries.
  func table<Value>(_ key: StyleKey<Value>) -> StateTable<Value>? {
    position(of: key).map { column(at: $0, as: Value.self).table }
  }

  // MARK: Changing; only tables that one style set references

  /// Changes an attribute's table (an empty one when it has none) in place; an attribute whose
  /// table becomes empty is removed.
  func modify<Value, Result>(
    _ key: StyleKey<Value>, _ body: (inout StateTable<Value>) -> Result
  ) -> Result {
    reads.drop()
    let slot = key.slot
    guard let position = position(of: key) else {
      var table = StateTable<Value>(precedence: precedence)
      let result = body(&table)
      if !table.isEmpty { append(_StyleColumn(slot: slot, table: table)) }
      return result
    }
    if !isKnownUniquelyReferenced(&columns[position]) {
      columns[position] = _StyleColumn(
        slot: slot, table: column(at: position, as: Value.self).table)
    }
    let column = column(at: position, as: Value.self)
    let before = column.relevant
    let result = column.modify { table in
      let result = body(&table)
      if table.precedence != precedence { table.precedence = precedence }
      return result
    }
    if column.count == 0 {
      remove(at: position)
    } else if column.relevant & before == before {
      // Bits were only added: the union grows without a walk over every column.
      relevant |= column.relevant
    } else {
      relevant = columns.reduce(0) { $0 | $1.relevant }
    }
    return result
  }

  /// Sets or removes a column; an empty table removes the attribute.
  func set(_ column: _StyleColumnBase?, for slot: _StyleSlot) {
    reads.drop()
    let position = position(of: slot)
    switch (position, column) {
    case (let position?, let column?) where column.count > 0:
      let before = columns[position].relevant
      columns[position] = column
      if column.relevant & before == before {
        relevant |= column.relevant
      } else {
        relevant = columns.reduce(0) { $0 | $1.relevant }
      }
    case (let position?, _):
      remove(at: position)
    case (nil, let column?) where column.count > 0:
      append(column)
    case (nil, _):
      break
    }
  }

  private func append(_ column: _StyleColumnBase) {
    positions[column.slot] = columns.count
    columns.append(column)
    relevant |= column.relevant
  }

  private func remove(at position: Int) {
    positions[columns[position].slot] = nil
    columns.remove(at: position)
    for later in position..<columns.count { positions[columns[later].slot] = later }
    relevant = columns.reduce(0) { $0 | $1.relevant }
  }

  /// Reorders every table by another precedence.
  func reorder(by precedence: StatePrecedence) {
    reads.drop()
    self.precedence = precedence
    columns = columns.map { $0.reordered(by: precedence) }
  }
}
