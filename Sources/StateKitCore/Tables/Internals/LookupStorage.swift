import StateKitAtomics

/// What reading a ``StateLookup`` needs, with no reference to count: the index's hash, its
/// codes and the values, as pointers into the memory of the storage that holds this header.
///
/// The contract of the package's one layer of raw memory for lookups: `codes` and `values`
/// point into the tail of `owner`, are written once when it is made and never after, and live
/// exactly as long as `owner`. Whoever reads through them keeps `owner` alive: a lookup by its
/// reference, a ``StyleHolder`` by keeping every version it published.
@frozen @usableFromInline
struct _FrozenLookup<Value> {
  @usableFromInline let relevant: UInt
  @usableFromInline let multiplier: UInt
  @usableFromInline let shift: UInt
  /// One code per slot, a position in `values`; `nil` when the bits do not gather, and the
  /// storage's fallback resolves.
  @usableFromInline let codes: UnsafePointer<UInt16>?
  @usableFromInline let values: UnsafePointer<Value>
  /// The storage that owns this memory, unretained.
  @usableFromInline let owner: UnsafeRawPointer

  @usableFromInline
  init(
    index: (relevant: UInt, multiplier: UInt, shift: UInt)?, codes: UnsafePointer<UInt16>?,
    values: UnsafePointer<Value>, owner: UnsafeRawPointer
  ) {
    (relevant, multiplier, shift) = index ?? (0, 0, 0)
    (self.codes, self.values, self.owner) = (codes, values, owner)
  }

  /// The position of a state's value, or `nil` when there is no index.
  @inlinable @inline(__always)
  func code(_ state: UInt) -> Int? {
    guard let codes else { return nil }
    return Int(codes[Int(truncatingIfNeeded: ((state & relevant) &* multiplier) &>> shift)])
  }

  /// The storage that owns the memory, as a reference that is not counted.
  @inlinable @inline(__always)
  var storage: Unmanaged<_LookupStorage<Value>> {
    Unmanaged.fromOpaque(owner)
  }
}

/// A lookup's header: the fast path, and what is read only off it.
@usableFromInline
struct _LookupHeader<Value> {
  @usableFromInline let frozen: _FrozenLookup<Value>
  @usableFromInline let valueCount: Int
  /// The number of slots of the index; 0 without one.
  let slotCount: Int
  /// The bits some selector mentions.
  @usableFromInline let relevant: UInt
  /// The value of a state when there is no index.
  @usableFromInline let fallback: ((UInt) -> Value)?
  /// How each field moves, for a lookup of a style set's fields; empty for a table's.
  @usableFromInline let motions: _LookupMotions<Value>
  /// The lookup a ``StyleHolder`` published before this one, kept alive for readers that may
  /// still be reading it; set and cleared by the holder only.
  @usableFromInline var previous: _LookupStorage<Value>?
}

#if hasFeature(Embedded)
  /// A lookup's field motions: none in Embedded Swift, which has no style-set lookups (their
  /// fields are key paths).
  @usableFromInline
  struct _LookupMotions<Value> {}
#else
  /// How each field of a style set's lookup moves (`StyleSet+Lookup.swift`).
  @usableFromInline
  typealias _LookupMotions<Value> = [_FieldMotion<Value>]
#endif

/// A lookup's header, its index's codes and its values, in one allocation.
///
/// The tail holds the codes (two bytes per slot), then, aligned, the values. Nothing changes
/// after `make` but the header's `previous`, which only a holder touches.
@usableFromInline
final class _LookupStorage<Value>: ManagedBuffer<_LookupHeader<Value>, UInt8> {
  /// A storage of `values`, indexed by `index` when there is one; `fallback` resolves states
  /// otherwise.
  static func make(
    index: _StateIndex?, values: [Value], relevant: UInt, fallback: ((UInt) -> Value)?,
    motions: _LookupMotions<Value>
  ) -> _LookupStorage<Value> {
    let codeCount = index?.codes.count ?? 0
    let alignment = MemoryLayout<Value>.alignment
    let bytes = codeCount * 2 + alignment + values.count * MemoryLayout<Value>.stride
    let buffer = create(minimumCapacity: bytes) { buffer in
      buffer.withUnsafeMutablePointerToElements { tail in
        let raw = UnsafeMutableRawPointer(tail)
        var codes: UnsafePointer<UInt16>?
        if let index {
          let memory = raw.bindMemory(to: UInt16.self, capacity: codeCount)
          for (slot, code) in index.codes.enumerated() { (memory + slot).initialize(to: code) }
          codes = UnsafePointer(memory)
        }
        let valueMemory = (raw + codeCount * 2).alignedUp(toMultipleOf: alignment)
          .bindMemory(to: Value.self, capacity: values.count)
        for (position, value) in values.enumerated() {
          (valueMemory + position).initialize(to: value)
        }
        let frozen = _FrozenLookup(
          index: index.map { ($0.relevant, $0.multiplier, $0.shift) }, codes: codes,
          values: UnsafePointer(valueMemory),
          owner: UnsafeRawPointer(Unmanaged.passUnretained(buffer).toOpaque()))
        return _LookupHeader(
          frozen: frozen, valueCount: values.count, slotCount: codeCount, relevant: relevant,
          fallback: fallback,
          motions: motions, previous: nil)
      }
    }
    // `create` makes an instance of the class it is called on.
    return unsafeDowncast(buffer, to: _LookupStorage<Value>.self)
  }

  deinit {
    withUnsafeMutablePointerToHeader { header in
      _ = UnsafeMutablePointer(mutating: header.pointee.frozen.values)
        .deinitialize(count: header.pointee.valueCount)
    }
  }

  /// A pointer to the header, valid while the storage lives: what a holder publishes.
  var headerAddress: UnsafeMutableRawPointer {
    withUnsafeMutablePointerToHeader { UnsafeMutableRawPointer($0) }
  }

  /// The value of a state when there is no index.
  @usableFromInline
  func resolveWithoutIndex(_ state: UInt) -> Value {
    // A storage without codes is made with a fallback.
    // swift-format-ignore: NeverForceUnwrap
    header.fallback!(state)
  }
}

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
