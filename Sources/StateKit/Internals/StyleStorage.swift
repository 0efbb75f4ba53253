/// The storage of a ``StyleSet``, compiled for reading: what `StyleSet.resolve(_:)` hands to a
/// ``ResolvedStyle``, which reads an attribute without hashing a string or allocating.
///
/// It holds the columns (one per attribute, each a table and its lookup with `nil` for misses),
/// and, in one allocation, a record per column (the name's words, the value type, the lookup's
/// hash, codes and values) and an open-addressed probe table over the names' words. A read
/// (`value(of:state:)`) reads the key's name as words (no hashing of the string), probes, checks
/// the record's words and type, and reads the lookup: a multiply, a shift and two loads. Only a
/// name longer than 16 bytes, a name that is not ASCII, or a table whose bits do not gather takes
/// the slow path, which compares strings or resolves the table.
///
/// Copy on write: a style set mutates its storage only when no other value (a style set or a
/// resolved style) references it, so storage that is shared is never mutated, and a resolved
/// style is a snapshot. Changing one attribute compiles that attribute's lookup again (one
/// allocation); adding or removing one rebuilds the records and probes.
@usableFromInline
final class _StyleStorage: @unchecked Sendable {
  /// The attributes, in the order they were added; record `i` describes column `i`.
  private(set) var columns: [_StyleColumnBase]
  /// The precedence of every table.
  private(set) var precedence: StatePrecedence
  /// The bits some selector of some table mentions.
  @exclusivity(unchecked) @usableFromInline private(set) var relevant: UInt = 0
  /// One record per column.
  @exclusivity(unchecked) @usableFromInline private(set) var records:
    UnsafeMutablePointer<_StyleRecord>
  /// 2^(64 - `probeShift`) probes, each 0 (empty) or a record's position plus one.
  @exclusivity(unchecked) @usableFromInline private(set) var probes: UnsafeMutablePointer<UInt16>
  @exclusivity(unchecked) @usableFromInline private(set) var probeShift: UInt = 63
  @exclusivity(unchecked) @usableFromInline private(set) var probeMask: Int = 1
  /// The names of the columns, compared when a name is longer than 16 bytes.
  @exclusivity(unchecked) @usableFromInline private(set) var names: [String] = []
  /// Whether every name is ASCII, so a probe that finds no ASCII name proves it absent.
  @exclusivity(unchecked) @usableFromInline private(set) var namesAreASCII = true
  /// The one allocation that holds the records, then the probes.
  private var memory: UnsafeMutableRawPointer

  init(precedence: StatePrecedence, columns: [_StyleColumnBase] = []) {
    self.precedence = precedence
    self.columns = columns
    (memory, records, probes) = Self.allocate(records: 0, probes: 0)
    rebuild()
  }

  deinit {
    memory.deallocate()
  }

  /// The storage of every empty style set with the standard precedence, so that `StyleSet()`
  /// allocates nothing; the first change copies it.
  static let empty = _StyleStorage(precedence: .standard)

  /// A copy that shares the columns, for a style set about to change storage it shares.
  func copy() -> _StyleStorage {
    _StyleStorage(precedence: precedence, columns: columns)
  }

  private static func allocate(records: Int, probes: Int) -> (
    UnsafeMutableRawPointer, UnsafeMutablePointer<_StyleRecord>, UnsafeMutablePointer<UInt16>
  ) {
    let recordBytes = records * MemoryLayout<_StyleRecord>.stride
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: recordBytes + probes * MemoryLayout<UInt16>.stride,
      alignment: MemoryLayout<_StyleRecord>.alignment)
    return (
      memory, memory.bindMemory(to: _StyleRecord.self, capacity: records),
      (memory + recordBytes).bindMemory(to: UInt16.self, capacity: probes)
    )
  }

  /// Builds the records and probes from the columns.
  private func rebuild() {
    // At least twice as many probes as names, and at least two, so a probe ends at an empty
    // one and the probe shift stays below 64.
    var bits = 1
    while 1 << bits < 2 * columns.count { bits += 1 }
    let probeCount = 1 << bits
    memory.deallocate()
    (memory, records, probes) = Self.allocate(records: columns.count, probes: probeCount)
    probes.initialize(repeating: 0, count: probeCount)
    (probeShift, probeMask) = (UInt(UInt64.bitWidth - bits), probeCount - 1)
    (relevant, namesAreASCII) = (0, true)
    names = columns.map(\.slot.name)
    for (position, column) in columns.enumerated() {
      let record = column.record
      (records + position).initialize(to: record)
      relevant |= column.relevant
      namesAreASCII = namesAreASCII && record.name.isASCII
      var probe = record.name.probe(shift: probeShift)
      while probes[probe] != 0 { probe = (probe + 1) & probeMask }
      probes[probe] = UInt16(position + 1)
    }
    checkInvariants()
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

  /// The column at a position, whose slot's value type is `Value`.
  private func column<Value>(at position: Int, as type: Value.Type) -> _StyleColumn<Value> {
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

  /// The position of the column with these words and value type; `slot` is asked for only
  /// when the words cannot decide.
  private func position(
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

  /// The table of an attribute, or `nil` when it has no entries.
  func table<Value>(_ key: StyleKey<Value>) -> StateTable<Value>? {
    position(of: key).map { column(at: $0, as: Value.self).table }
  }

  // MARK: Changing; only storage that one style set references

  /// Changes an attribute's table (an empty one when it has none) in place, then compiles its
  /// lookup again; an attribute whose table becomes empty is removed.
  func modify<Value, Result>(
    _ key: StyleKey<Value>, _ body: (inout StateTable<Value>) -> Result
  ) -> Result {
    let slot = key.slot
    guard let position = position(of: slot) else {
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
    if column.table.isEmpty {
      columns.remove(at: position)
      rebuild()
    } else {
      replaceRecord(at: position)
    }
    return result
  }

  /// Sets or removes a column; an empty table removes the attribute.
  func set(_ column: _StyleColumnBase?, for slot: _StyleSlot) {
    let position = position(of: slot)
    switch (position, column) {
    case (let position?, let column?) where column.count > 0:
      columns[position] = column
      replaceRecord(at: position)
    case (let position?, _):
      columns.remove(at: position)
      rebuild()
    case (nil, let column?) where column.count > 0:
      append(column)
    case (nil, _):
      break
    }
  }

  private func append(_ column: _StyleColumnBase) {
    columns.append(column)
    rebuild()
  }

  private func replaceRecord(at position: Int) {
    records[position] = columns[position].record
    relevant = columns.reduce(0) { $0 | $1.relevant }
    checkInvariants()
  }

  /// Reorders every table by another precedence.
  func reorder(by precedence: StatePrecedence) {
    self.precedence = precedence
    columns = columns.map { $0.reordered(by: precedence) }
    rebuild()
  }
}
