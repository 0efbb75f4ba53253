import StateKitAtomics

// A style set's read records: the part of the package's one layer of raw memory that serves
// `StyleSet` reads (see `LookupStorage.swift` for the layer's contract). Not in Embedded Swift,
// which has no `StyleSet`.

/// The bit pattern of an attribute's name: equal patterns are equal names.
///
/// Two strings with the same bits hold the same small-string contents, or the same storage with
/// the same count, so a read that finds a record by these bits compares two words instead of
/// calling the string comparison. Equal names can still have different bits (a long name made
/// twice lives in two storages): a read that finds no record by bits compares the names.
@frozen @usableFromInline
struct _NameBits: Equatable, Sendable {
  @usableFromInline let low: UInt64
  @usableFromInline let high: UInt64

  /// The bits of a name (zeros past them where a `String` is narrower than two words).
  @inlinable @inline(__always)
  init(_ name: String) {
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeBytes(of: name) { name in
      withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: .init(rebasing: name.prefix(16))) }
    }
    (low, high) = words
  }
}

/// Everything a read of one attribute of a style set needs, in plain words: the attribute's
/// value type and name, and how its table finds a winner and where its entries are.
///
/// The pointers are the table's own array storage: a record is valid while the table it was
/// made from lives unchanged, which `_StyleReads` guarantees by dropping its records at the
/// first change.
@usableFromInline
struct _StyleReadRecord {
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let name: _NameBits
  @usableFromInline let relevant: UInt
  @usableFromInline let multiplier: UInt
  @usableFromInline let shift: UInt
  /// The winners, four bits a slot, when the table packs them.
  @usableFromInline let packed: UInt64?
  /// The codes of the table's own index, when it has one.
  @usableFromInline let codes: UnsafePointer<UInt16>?
  /// The table's entries, best first (`count` of them).
  @usableFromInline let entries: UnsafeRawPointer?
  @usableFromInline let count: Int

  /// The record of a table; the table must outlive it, unchanged.
  init<Value>(name: String, table: _TableStorage<Value>) {
    type = ObjectIdentifier(Value.self)
    self.name = _NameBits(name)
    relevant = table.relevant
    switch table.winners {
    case .packed(let multiplier, let shift, let packed):
      (self.multiplier, self.shift, self.packed, codes) = (multiplier, shift, packed, nil)
    case .indexed(let index):
      (multiplier, shift, packed) = (index.multiplier, index.shift, nil)
      codes = index.codes.withUnsafeBufferPointer { $0.baseAddress }
    case .scan:
      (multiplier, shift, packed, codes) = (0, 0, nil, nil)
    }
    entries = table.entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    count = table.count
  }

  /// The value of the winning entry for a state, or `nil`; `Value` is the table's value type.
  @inlinable @inline(__always)
  func resolve<Value>(_ state: UInt, as _: Value.Type) -> Value? {
    guard let entries = entries?.assumingMemoryBound(to: StateTable<Value>.Entry.self) else {
      return nil
    }
    let slot = ((state & relevant) &* multiplier) &>> shift
    var position: Int
    if let packed {
      position = Int(
        truncatingIfNeeded: (packed &>> (UInt64(truncatingIfNeeded: slot) &<< 2)) & 0xF)
    } else if let codes {
      position = Int(codes[Int(truncatingIfNeeded: slot)])
    } else {
      position = 0
      while position < count, !entries[position].selector.matches(ControlState(rawValue: state)) {
        position += 1
      }
    }
    return position < count ? entries[position].value : nil
  }
}

/// The read records of a style set's tables, made at the first read after a change and
/// dropped at the next change: a block of a count and the records, published in a slot that
/// readers load with acquire ordering.
///
/// Tables change only while one style set references them, so a change never races a read;
/// two first reads may race to make the block, and the one that publishes second drops its own.
@usableFromInline
struct _StyleReads: @unchecked Sendable {
  @usableFromInline let slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// Where the records start in a block, after its count.
  @usableFromInline static var recordsOffset: Int {
    max(MemoryLayout<Int>.stride, MemoryLayout<_StyleReadRecord>.alignment)
  }

  init() {
    slot = .allocate(capacity: 1)
    slot.initialize(to: nil)
  }

  /// The records of `tables`, made at the first read after a change.
  @inlinable @inline(__always)
  func records(of tables: _StyleTables) -> (UnsafePointer<_StyleReadRecord>, Int) {
    let block = statekit_load_acquire(slot) ?? publish(tables)
    return (
      UnsafePointer((block + Self.recordsOffset).assumingMemoryBound(to: _StyleReadRecord.self)),
      block.load(as: Int.self)
    )
  }

  /// Publishes the records of `tables`, or the block another reader published first.
  @usableFromInline @inline(never)
  func publish(_ tables: _StyleTables) -> UnsafeMutableRawPointer {
    publish(tables.readRecords())
  }

  /// Publishes a block of records, or the block another reader published first.
  func publish(_ records: [_StyleReadRecord]) -> UnsafeMutableRawPointer {
    let stride = MemoryLayout<_StyleReadRecord>.stride
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: Self.recordsOffset + records.count * stride,
      alignment: MemoryLayout<_StyleReadRecord>.alignment)
    block.storeBytes(of: records.count, as: Int.self)
    records.withUnsafeBytes {
      UnsafeMutableRawBufferPointer(start: block + Self.recordsOffset, count: $0.count)
        .copyMemory(from: $0)
    }
    guard statekit_compare_exchange(slot, nil, block) else {
      // Another reader published first; blocks are dropped only by a change, so it is there.
      block.deallocate()
      return statekit_load_acquire(slot) ?? publish(records)
    }
    return block
  }

  /// Drops the records: at a change, by the only style set that references the tables.
  func drop() {
    slot.pointee?.deallocate()
    slot.pointee = nil
  }

  /// Drops the records and the slot, when the tables go.
  func deallocate() {
    drop()
    slot.deallocate()
  }
}
