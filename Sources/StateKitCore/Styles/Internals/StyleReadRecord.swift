/// The bit pattern of an attribute's name: equal patterns are equal names.
///
/// Two strings with the same bits hold the same small-string contents, or the same storage with
/// the same count, so a read that finds a column by these bits compares two words instead of
/// calling the string comparison. Equal names can still have different bits (a long name made
/// twice lives in two storages): a read that finds no column by bits compares the names.
@frozen @usableFromInline
struct _NameBits: Equatable, Sendable {
  @usableFromInline let low: UInt64
  @usableFromInline let high: UInt64

  /// The bits of a name, or a pattern no name has where a `String` is wider than two words.
  @inlinable @inline(__always)
  init(_ name: String) {
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeBytes(of: name) { name in
      withUnsafeMutableBytes(of: &words) { words in
        words.copyMemory(from: UnsafeRawBufferPointer(rebasing: name.prefix(16)))
      }
    }
    (low, high) = words
  }
}

/// Everything a read of one column needs, in one flat record of plain words: the column's
/// value type and name, and the index, selectors and values of its table.
///
/// `_StyleTables` keeps one record per column in a buffer of its own and rewrites them after
/// every change, so a read neither retains nor checks exclusive access to any array. The
/// pointers are the column's table's array storage: a column's table changes only through
/// `_StyleTables.modify`, which rewrites the records after it, and the tables hold their columns,
/// which hold those arrays, for as long as the records exist.
@usableFromInline
struct _StyleReadRecord {
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let name: _NameBits
  /// The table's index: the relevant bits, the multiplier and the shift, and the codes; no
  /// codes for a table that scans.
  @usableFromInline let relevant: UInt
  @usableFromInline let multiplier: UInt
  @usableFromInline let shift: UInt
  @usableFromInline let codes: UnsafePointer<UInt16>?
  /// The selectors, best first, and the values in their order (`count` of each).
  @usableFromInline let selectors: UnsafePointer<StateSelector>?
  @usableFromInline let values: UnsafeRawPointer?
  @usableFromInline let count: Int

  /// The record of a column, which resolves through `index` when given (the table's own, or
  /// one the caller keeps); the column and the index must outlive it, unchanged.
  init<Value>(_ column: _StyleColumn<Value>, index: _StateIndex?) {
    type = column.type
    name = _NameBits(column.name)
    let storage = column.table._storage
    if let index {
      (relevant, multiplier, shift) = (index.relevant, index.multiplier, index.shift)
      codes = index.codes.withUnsafeBufferPointer { $0.baseAddress }
    } else {
      (relevant, multiplier, shift, codes) = (0, 0, 0, nil)
    }
    selectors = storage.selectors.withUnsafeBufferPointer { $0.baseAddress }
    values = storage.values.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    count = storage.count
  }

  /// The position of the winning entry for a state; `count` when none matches.
  @inlinable @inline(__always)
  func winner(_ state: UInt) -> Int {
    if let codes {
      return Int(codes[Int(truncatingIfNeeded: ((state & relevant) &* multiplier) &>> shift)])
    }
    var position = 0
    while position < count,
      // `count` selectors are there when there is any.
      // swift-format-ignore: NeverForceUnwrap
      !selectors.unsafelyUnwrapped[position].matches(ControlState(rawValue: state))
    {
      position += 1
    }
    return position
  }

  /// The value of the winning entry for a state, or `nil`; `Value` is the column's value type.
  @inlinable @inline(__always)
  func resolve<Value>(_ state: UInt, as _: Value.Type) -> Value? {
    let position = winner(state)
    guard position < count else { return nil }
    return values.unsafelyUnwrapped.assumingMemoryBound(to: Value.self)[position]
  }
}
