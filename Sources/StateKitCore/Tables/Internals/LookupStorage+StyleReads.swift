// A style set's read records, over the addresses of the package's one layer of raw memory
// (`Memory/`, with its contract). Not in Embedded Swift, which has no `StyleSet`.

/// The bit pattern of an attribute's name: equal patterns are equal names.
///
/// Two strings with the same bits hold the same small-string contents, or the same storage with
/// the same count, so a read that finds a record by these bits compares two words instead of
/// calling the string comparison. Equal names can still have different bits (a long name made
/// twice lives in two storages, and a non-ASCII name may be written in another normal form): a
/// read that finds no record by bits compares the names, unless the name is a small ASCII
/// string, whose equal names all have its bits once records keep their short ASCII names small.
@frozen @usableFromInline
struct _NameBits: Equatable, Sendable {
  @usableFromInline let low: UInt64
  @usableFromInline let high: UInt64

  /// The bits of a name (zeros past them where a `String` is narrower than two words).
  @inlinable @inline(__always)
  init(_ name: String) {
    (low, high) = _twoWords(of: name)
  }

  /// Whether the bits are those of a small ASCII string: the contents held in the two words,
  /// with the flags that mark a string small and ASCII in the top three bits of the second
  /// (the layout of a 64-bit `String`; on other layouts no name counts as one).
  @inlinable @inline(__always)
  var isSmallASCII: Bool {
    MemoryLayout<String>.size == 16 && MemoryLayout<Int>.size == 8 && high &>> 61 == 0b111
  }

  /// The bits of a record's name: a name of at most 15 ASCII bytes as the small string it can
  /// be, whatever storage it has, so that every small ASCII key that equals it has its bits.
  init(recordName name: String) {
    var small = name
    if name.utf8.count <= 15, name.utf8.allSatisfy({ $0 < 0x80 }) {
      small = String(decoding: Array(name.utf8), as: UTF8.self)
    }
    self.init(small)
  }

  /// The bits of the ASCII string of at most 15 bytes that equals a name that is not ASCII, or
  /// `nil` when none does. Unicode maps exactly three scalars canonically to an ASCII character
  /// (U+037E to `;`, U+1FEF to a backtick, U+212A KELVIN SIGN to `K`), so such a string is the
  /// name with those replaced, when every other scalar of it is ASCII.
  static func asciiEquivalent(of name: String) -> _NameBits? {
    guard !name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    var ascii = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      switch scalar.value {
      case 0..<0x80: ascii.append(scalar)
      case 0x037E: ascii.append(";")
      case 0x1FEF: ascii.append("`")
      case 0x212A: ascii.append("K")
      default: return nil
      }
    }
    let equivalent = String(ascii)
    guard equivalent.utf8.count <= 15, equivalent == name else { return nil }
    return _NameBits(recordName: equivalent)
  }
}

/// Everything a read of one attribute of a style set needs, in plain words: the attribute's
/// value type and name, and how its table finds a winner and where its entries are.
///
/// The addresses are the table's own array storage: a record is valid while the table it was
/// made from lives unchanged, which `_StyleReads` guarantees by dropping its records at the
/// first change.
@usableFromInline
struct _StyleReadRecord {
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline private(set) var name: _NameBits
  @usableFromInline let relevant: UInt
  @usableFromInline let multiplier: UInt
  @usableFromInline let shift: UInt
  /// The winners, four bits a slot, when the table packs them.
  @usableFromInline let packed: UInt64?
  /// The codes of the table's own index, when it has one.
  @usableFromInline let codes: _Address<UInt16>?
  /// The table's entries, best first (`count` of them).
  @usableFromInline let entries: _RawAddress?
  @usableFromInline let count: Int

  /// The record of a table; the table must outlive it, unchanged.
  init<Value>(name: String, table: _TableStorage<Value>) {
    type = ObjectIdentifier(Value.self)
    self.name = _NameBits(recordName: name)
    relevant = table.relevant
    switch table.winners {
    case .packed(let multiplier, let shift, let packed):
      (self.multiplier, self.shift, self.packed, codes) = (multiplier, shift, packed, nil)
    case .indexed(let index):
      (multiplier, shift, packed) = (index.multiplier, index.shift, nil)
      codes = .escaping(index.codes)
    case .scan:
      (multiplier, shift, packed, codes) = (0, 0, nil, nil)
    }
    entries = _Address.escaping(table.entries)?.raw
    count = table.count
  }

  /// This record under other name bits: those of an equal name.
  func renamed(_ name: _NameBits) -> _StyleReadRecord {
    var record = self
    record.name = name
    return record
  }

  /// The value of the winning entry for a state, or `nil`; `Value` is the table's value type.
  @inlinable @inline(__always)
  func resolve<Value>(_ state: UInt, as _: Value.Type) -> Value? {
    guard let entries = entries?.typed(StateTable<Value>.Entry.self) else {
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
    // A record's table has at least one entry. Reading the last entry when no entry wins, and
    // choosing after, lets the compiler select instead of branching on whether one won: a
    // branch that states which hit and miss at random mispredict.
    let value = entries[min(position, count &- 1)].value
    return position < count ? value : nil
  }
}

/// The read records of a style set's tables, made at the first read after a change and
/// dropped at the next change: a block of a header, a probe table and the records, published in
/// a slot that readers load with acquire ordering.
///
/// The probe table finds a record by the bits of its name: the bits hash to a first slot, and
/// slots hold record positions, linearly probed up to an empty one; it has at least twice as
/// many slots as records, so a probe ends. A style set's keys are usually literals, whose bits
/// the compiler knows, so it works out the hash and a read goes to its record in one probe.
///
/// Tables change only while one style set references them, so a change never races a read;
/// two first reads may race to make the block, and the one that publishes second drops its own.
@usableFromInline
struct _StyleReads: Sendable {
  let slot = _AtomicSlot()

  /// The words before a block's probe table: its record count, the shift that takes a hash to a
  /// first slot, the mask of the slots, and where its records start.
  @usableFromInline static var headerWords: Int { 4 }
  /// A probe slot that holds no record.
  @usableFromInline static var empty: UInt32 { .max }

  /// A multiplicative hash of a name's bits, whose top bits choose its first slot.
  @inlinable @inline(__always)
  static func hash(_ name: _NameBits) -> UInt64 {
    (name.low ^ (name.high &<< 29 | name.high &>> 35)) &* 0x9E37_79B9_7F4A_7C15
  }

  /// The records of `tables`, made if no read has made them since the last change: what a
  /// resolved style reads, valid while it holds the tables (only a change drops them, and a
  /// change never reaches tables that a resolved style shares).
  ///
  /// A call, on purpose, that says it releases nothing. The optimizer must assume that an
  /// atomic load, or a C function, may release any object; inlined here, the load would make
  /// every resolve retain and release the tables its resolved style holds (two atomic
  /// operations, more than the reads). Across a call it knows releases nothing, the resolved
  /// style borrows the tables of the caller's style set.
  @usableFromInline @inline(never) @_effects(releasenone)
  func prepare(_ tables: _StyleTables) -> _StyleReadBlock {
    _StyleReadBlock(base: (slot.load() ?? publish(tables)).readOnly)
  }

  /// Publishes the records of `tables`, or the block another reader published first.
  func publish(_ tables: _StyleTables) -> _MutableRawAddress {
    publish(tables.readRecords())
  }

  /// Publishes a block of records, or the block another reader published first.
  func publish(_ records: [_StyleReadRecord]) -> _MutableRawAddress {
    var bits = 2
    while 1 << bits < 2 * records.count { bits += 1 }
    let slots = 1 << bits
    let probesOffset = Self.headerWords * MemoryLayout<Int>.stride
    let alignment = MemoryLayout<_StyleReadRecord>.alignment
    let recordsOffset =
      (probesOffset + slots * MemoryLayout<UInt32>.stride + alignment - 1) / alignment * alignment
    let block = _MutableRawAddress.allocate(
      byteCount: recordsOffset + records.count * MemoryLayout<_StyleReadRecord>.stride,
      alignment: max(alignment, MemoryLayout<Int>.alignment))
    let header = block.bind(to: Int.self, count: Self.headerWords)
    header.initialize(from: [records.count, 64 - bits, slots - 1, recordsOffset])
    let probes = (block + probesOffset).bind(to: UInt32.self, count: slots)
    probes.initialize(from: repeatElement(Self.empty, count: slots))
    for (position, record) in records.enumerated() {
      var probe = Int(truncatingIfNeeded: Self.hash(record.name) &>> UInt64(64 - bits))
      while probes[probe] != Self.empty { probe = (probe + 1) & (slots - 1) }
      probes[probe] = UInt32(truncatingIfNeeded: position)
    }
    (block + recordsOffset).copyBytes(of: records)
    guard slot.storeIfEmpty(block) else {
      // Another reader published first; blocks are dropped only by a change, so it is there.
      block.deallocate()
      return slot.load() ?? publish(records)
    }
    return block
  }

  /// Drops the records: at a change, by the only style set that references the tables.
  func drop() {
    slot.load()?.deallocate()
    slot.store(nil)
  }

  /// Drops the records and the slot, when the tables go.
  func deallocate() {
    drop()
    slot.deallocate()
  }
}

/// A published block of read records (see `_StyleReads`), which a resolved style keeps beside
/// the tables it came from: its reads go to the records without touching the tables, so that
/// reading a resolved style made in the same function costs no reference counting.
@frozen @usableFromInline
struct _StyleReadBlock: Sendable {
  @usableFromInline let base: _RawAddress

  @inlinable @inline(__always)
  init(base: _RawAddress) { self.base = base }

  /// The record of an attribute, found by its value type and the bits of its name, or `nil`
  /// when no record has them.
  @inlinable @inline(__always)
  func record(type: ObjectIdentifier, name: _NameBits) -> _Address<_StyleReadRecord>? {
    let header = base.typed(Int.self)
    let probes = (base + _StyleReads.headerWords * MemoryLayout<Int>.stride).typed(UInt32.self)
    let records = (base + header[3]).typed(_StyleReadRecord.self)
    var probe = Int(
      truncatingIfNeeded: _StyleReads.hash(name) &>> UInt64(truncatingIfNeeded: header[1]))
    while true {
      let position = probes[probe]
      if position == _StyleReads.empty { return nil }
      let record = records + Int(truncatingIfNeeded: position)
      if record.pointee.type == type && record.pointee.name == name { return record }
      probe = (probe &+ 1) & header[2]
    }
  }

  /// The value of an attribute for a state, or `nil` when it has no entry that matches: found
  /// by the records, or by the text of the name in `tables` (the tables the block belongs to)
  /// when the records cannot tell. A small ASCII name not found by its bits has no table (see
  /// `_NameBits`); with a literal key that is known when compiling, and the read has no call.
  @inlinable @inline(__always)
  func value<Value>(of key: StyleKey<Value>, state: ControlState, tables: _StyleTables) -> Value? {
    let name = _NameBits(key.name)
    guard let record = record(type: ObjectIdentifier(Value.self), name: name) else {
      return name.isSmallASCII ? nil : tables.value(byText: key, state: state)
    }
    // The record's value type is the one its type identifier names.
    return record.pointee.resolve(state.rawValue, as: Value.self)
  }
}
