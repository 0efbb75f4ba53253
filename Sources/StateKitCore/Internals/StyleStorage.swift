/// The attributes of a ``StyleSet`` as the style set changes them: one column per attribute, the
/// precedence, and the compiled form of the whole (`_StyleStorage`), built when the style set is
/// first resolved after a change and kept until the next one.
///
/// Changing an entry changes the table of one column and drops the compiled form; nothing is
/// compiled until a style set is resolved, so a style set built by many subscript sets compiles
/// each attribute once, not once per set (see `Docs/Architecture.md`, StyleSet).
///
/// Copy on write: a style set mutates its tables only when no other style set references them,
/// and a column only when no compiled form references it (a compiled form that a resolved style
/// still holds keeps its columns as they were).
///
/// The compiled form is built by whichever thread resolves first; two threads that resolve one
/// unchanged style set at once may both build one, and the first to publish it wins (an
/// acquiring compare-and-swap of the reference, through the standard library's
/// `_stdlib_atomicAcquiringInitializeARCRef`, which needs no OS version). Only the owner of
/// unshared tables drops it, and then no other thread can see them.
@usableFromInline
final class _StyleTables: _StyleColumnFinding, @unchecked Sendable {
  /// The attributes, in the order they were added.
  private(set) var columns: [_StyleColumnBase]
  /// The precedence of every table.
  private(set) var precedence: StatePrecedence
  /// The bits some selector of some table mentions.
  private(set) var relevant: UInt = 0
  /// The compiled form, or `nil` until the next resolve; read and published atomically.
  @usableFromInline let compiledForm: UnsafeMutablePointer<_StyleStorage?>

  init(precedence: StatePrecedence, columns: [_StyleColumnBase] = []) {
    self.precedence = precedence
    self.columns = columns
    relevant = columns.reduce(0) { $0 | $1.relevant }
    compiledForm = .allocate(capacity: 1)
    compiledForm.initialize(to: nil)
  }

  deinit {
    compiledForm.deinitialize(count: 1)
    compiledForm.deallocate()
  }

  /// The tables of every empty style set with the standard precedence, so that `StyleSet()`
  /// allocates nothing; the first change copies them.
  static let empty = _StyleTables(precedence: .standard)

  /// A copy that shares the columns, for a style set about to change tables it shares.
  func copy() -> _StyleTables {
    _StyleTables(precedence: precedence, columns: columns)
  }

  /// The compiled form of the current columns: built on the first call after a change.
  @inlinable @inline(__always)
  func compiled() -> _StyleStorage {
    if let form = _stdlib_atomicAcquiringLoadARCRef(object: compiledForm) {
      return form.takeUnretainedValue()
    }
    return compile()
  }

  /// Builds the compiled form and publishes it, or takes the one another thread published
  /// first. The form stays alive while these tables are unchanged, as they hold it.
  @usableFromInline @inline(never)
  func compile() -> _StyleStorage {
    let form = _StyleStorage(columns: columns)
    return _stdlib_atomicAcquiringInitializeARCRef(object: compiledForm, desired: form)
      .takeUnretainedValue()
  }

  /// Drops the compiled form before a change. Called only on tables that one style set
  /// references, so no other thread reads the reference.
  private func invalidate() {
    compiledForm.pointee = nil
  }

  // MARK: Finding

  /// The position of the column with these words and value type, by a scan that compares two
  /// words and a type per column; `slot` is asked for only when the words cannot decide.
  func position(
    of name: _StyleName, type: ObjectIdentifier, slot: () -> _StyleSlot
  ) -> Int? {
    var ascii = name.isASCII
    for (position, column) in columns.enumerated() {
      ascii = ascii && column.name.isASCII
      if column.type == type && column.name == name
        && (name.isExact || column.slot.name == slot().name)
      {
        return position
      }
    }
    if ascii { return nil }
    let slot = slot()
    return columns.firstIndex { $0.slot == slot }
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
    invalidate()
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
    let result = column.modify { table in
      let result = body(&table)
      if table.precedence != precedence { table.precedence = precedence }
      return result
    }
    if column.count == 0 { columns.remove(at: position) }
    relevant = columns.reduce(0) { $0 | $1.relevant }
    return result
  }

  /// Sets or removes a column; an empty table removes the attribute.
  func set(_ column: _StyleColumnBase?, for slot: _StyleSlot) {
    invalidate()
    let position = position(of: slot)
    switch (position, column) {
    case (let position?, let column?) where column.count > 0:
      columns[position] = column
    case (let position?, _):
      columns.remove(at: position)
    case (nil, let column?) where column.count > 0:
      append(column)
    case (nil, _):
      break
    }
    relevant = columns.reduce(0) { $0 | $1.relevant }
  }

  private func append(_ column: _StyleColumnBase) {
    columns.append(column)
    relevant |= column.relevant
  }

  /// Reorders every table by another precedence.
  func reorder(by precedence: StatePrecedence) {
    invalidate()
    self.precedence = precedence
    columns = columns.map { $0.reordered(by: precedence) }
  }
}

/// The compiled form of a ``StyleSet``: what `StyleSet.resolve(_:)` hands to a
/// ``ResolvedStyle``, which reads an attribute without hashing a string or allocating. Never
/// changed once built; a style set that changes builds another.
///
/// It holds the columns (one per attribute, each a table and its lookup with `nil` for misses),
/// and, in one allocation, a record per column (the name's words, the value type, the lookup's
/// hash, codes and values) and an open-addressed probe table over the names' words. A read
/// (`value(of:state:)`) reads the key's name as words (no hashing of the string), probes, checks
/// the record's words and type, and reads the lookup: a multiply, a shift and two loads. Only a
/// name longer than 16 bytes, a name that is not ASCII, or a table whose bits do not gather takes
/// the slow path, which compares strings or resolves the table.
@usableFromInline
final class _StyleStorage: _StyleColumnFinding, @unchecked Sendable {
  /// The attributes; record `i` describes column `i`.
  let columns: [_StyleColumnBase]
  /// The bits some selector of some table mentions.
  @usableFromInline let relevant: UInt
  /// One record per column.
  @usableFromInline let records: UnsafeMutablePointer<_StyleRecord>
  /// 2^(64 - `probeShift`) probes, each 0 (empty) or a record's position plus one.
  @usableFromInline let probes: UnsafeMutablePointer<UInt16>
  @usableFromInline let probeShift: UInt
  @usableFromInline let probeMask: Int
  /// The names of the columns, compared when a name is longer than 16 bytes.
  @usableFromInline let names: [String]
  /// Whether every name is ASCII, so a probe that finds no ASCII name proves it absent.
  @usableFromInline let namesAreASCII: Bool
  /// The one allocation that holds the records, then the probes.
  private let memory: UnsafeMutableRawPointer

  /// Compiles columns: each column's lookup (kept by the column, so an unchanged attribute is
  /// compiled once), the records and the probes.
  init(columns: [_StyleColumnBase]) {
    self.columns = columns
    // At least twice as many probes as names, and at least two, so a probe ends at an empty
    // one and the probe shift stays below 64.
    var bits = 1
    while 1 << bits < 2 * columns.count { bits += 1 }
    let probeCount = 1 << bits
    let recordBytes = columns.count * MemoryLayout<_StyleRecord>.stride
    memory = UnsafeMutableRawPointer.allocate(
      byteCount: recordBytes + probeCount * MemoryLayout<UInt16>.stride,
      alignment: MemoryLayout<_StyleRecord>.alignment)
    records = memory.bindMemory(to: _StyleRecord.self, capacity: columns.count)
    probes = (memory + recordBytes).bindMemory(to: UInt16.self, capacity: probeCount)
    probes.initialize(repeating: 0, count: probeCount)
    (probeShift, probeMask) = (UInt(UInt64.bitWidth - bits), probeCount - 1)
    var (relevant, namesAreASCII) = (UInt(0), true)
    names = columns.map(\.slot.name)
    for (position, column) in columns.enumerated() {
      let record = column.compiledRecord()
      (records + position).initialize(to: record)
      relevant |= column.relevant
      namesAreASCII = namesAreASCII && record.name.isASCII
      var probe = record.name.probe(shift: probeShift)
      while probes[probe] != 0 { probe = (probe + 1) & probeMask }
      probes[probe] = UInt16(position + 1)
    }
    (self.relevant, self.namesAreASCII) = (relevant, namesAreASCII)
    checkInvariants()
  }

  deinit {
    memory.deallocate()
  }

  /// Debug and test builds check that every column is found at its record, by its slot and
  /// by its words, and that `relevant` is the union of the columns' bits.
  private func checkInvariants() {
    #if DEBUG
      var union: UInt = 0
      for (position, column) in columns.enumerated() {
        union |= column.relevant
        assert(self.position(of: column.slot) == position, "a column is not found by its slot")
        assert(records[position].name == _StyleName(column.slot.name), "a stale record")
      }
      assert(union == relevant, "relevant is not the union of the columns' bits")
    #endif
  }

  // MARK: Reading

  /// The value of an attribute for a state: its lookup's value, with no test on hit or miss.
  @inlinable @inline(__always)
  func value<Value>(of key: StyleKey<Value>, state: UInt) -> Value? {
    let name = key._name
    let type = ObjectIdentifier(Value.self)
    var probe = name.probe(shift: probeShift)
    while true {
      let entry = Int(probes[probe])
      if entry == 0 { break }
      let record = records + (entry - 1)
      if record.pointee.type == type && record.pointee.name == name
        && (name.isExact || names[entry - 1] == key._spelled?.name)
      {
        guard let codes = record.pointee.codes, let values = record.pointee.values else {
          return slowValue(of: key, at: entry - 1, state: state)
        }
        let code = codes[
          Int(
            truncatingIfNeeded: ((state & record.pointee.relevant) &* record.pointee.multiplier)
              &>> record.pointee.shift)]
        return values.assumingMemoryBound(to: Value?.self)[Int(code)]
      }
      probe = (probe &+ 1) & probeMask
    }
    if name.isASCII && namesAreASCII { return nil }
    return slowValue(of: key, at: nil, state: state)
  }

  /// The value of an attribute that has no lookup (`position`), or that the words did not find
  /// (`nil`: a name that is not ASCII, or a bridged string), found by comparing strings.
  @usableFromInline @_effects(releasenone)
  func slowValue<Value>(of key: StyleKey<Value>, at position: Int?, state: UInt) -> Value? {
    guard let position = position ?? self.position(of: key) else { return nil }
    return column(at: position, as: Value.self).resolve(ControlState(rawValue: state))
  }

  /// The position of the column with these words and value type; `slot` is asked for only
  /// when the words cannot decide.
  func position(
    of name: _StyleName, type: ObjectIdentifier, slot: () -> _StyleSlot
  ) -> Int? {
    var probe = name.probe(shift: probeShift)
    while probes[probe] != 0 {
      let position = Int(probes[probe]) - 1
      if records[position].type == type && records[position].name == name
        && (name.isExact || names[position] == slot().name)
      {
        return position
      }
      probe = (probe + 1) & probeMask
    }
    if name.isASCII && namesAreASCII { return nil }
    let slot = slot()
    return columns.firstIndex { $0.slot == slot }
  }
}

/// What the tables and their compiled form share: columns found by a key's or a slot's words,
/// each class with its own search (a scan while the tables change, probes once compiled).
protocol _StyleColumnFinding: AnyObject {
  var columns: [_StyleColumnBase] { get }
  /// The position of the column with these words and value type; `slot` is asked for only
  /// when the words cannot decide.
  func position(of name: _StyleName, type: ObjectIdentifier, slot: () -> _StyleSlot) -> Int?
}

extension _StyleColumnFinding {
  /// The column at a position, whose slot's value type is `Value`.
  func column<Value>(at position: Int, as type: Value.Type) -> _StyleColumn<Value> {
    // The slot's value type is Value, and a slot's column is always a _StyleColumn of it.
    unsafeDowncast(columns[position], to: _StyleColumn<Value>.self)
  }

  /// The position of an attribute's column, or `nil`.
  func position(of slot: _StyleSlot) -> Int? {
    position(of: _StyleName(slot.name), type: ObjectIdentifier(slot.valueType)) { slot }
  }

  /// The position of a key's column, or `nil`.
  func position<Value>(of key: StyleKey<Value>) -> Int? {
    position(of: key._name, type: ObjectIdentifier(Value.self)) { key.slot }
  }
}
