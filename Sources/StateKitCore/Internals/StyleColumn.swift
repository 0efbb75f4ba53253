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

/// One attribute of a style set: its table, and, once a style set is resolved, the table
/// compiled into a lookup whose misses are `nil`, which is what `ResolvedStyle` reads.
///
/// The value type is erased by subclassing rather than by a protocol, so that a style set that
/// has checked the type can reach the typed column with `unsafeDowncast`, for free. A column is
/// mutated only while one style set's tables reference it and no compiled form does (see
/// `_StyleTables`); its lookup is built at most once per version of the table, by the first
/// compiled form that needs it.
class _StyleColumnBase: @unchecked Sendable {
  let slot: _StyleSlot
  /// The name's words and the value type, which a style set finds the column by.
  final let name: _StyleName
  final let type: ObjectIdentifier
  /// The bits some selector of the table mentions.
  final fileprivate(set) var relevant: UInt = 0
  /// The number of entries.
  final fileprivate(set) var count: Int = 0

  init(slot: _StyleSlot) {
    self.slot = slot
    name = _StyleName(slot.name)
    type = ObjectIdentifier(slot.valueType)
  }

  /// The record a `ResolvedStyle` reads the attribute through, compiling the lookup if this
  /// version of the table has none yet. Safe to call from several threads at once.
  func compiledRecord() -> _StyleRecord { preconditionFailure("abstract") }

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
  /// The table as a value an encoder can write, or `nil` when the value type is not Encodable.
  var encodable: (any Encodable)? { nil }
}

/// The column of an attribute whose values are `Value`.
// @unchecked: as the base class; the table and lookup hold Sendable values.
final class _StyleColumn<Value: Hashable & Sendable>: _StyleColumnBase, @unchecked Sendable {
  /// The entries; changed in place only through `modify`.
  private(set) var table: StateTable<Value>
  /// The table as a lookup whose misses are `nil`, or `nil` until a compiled form asks for it;
  /// published atomically, since columns are shared by style sets on any thread. A table whose
  /// bits do not gather (more than six bits outside the system and application ranges) has no
  /// lookup, and reads resolve the table.
  private let lookup: UnsafeMutablePointer<_LookupStorage<Value?>?>

  init(slot: _StyleSlot, table: StateTable<Value>) {
    self.table = table
    lookup = .allocate(capacity: 1)
    lookup.initialize(to: nil)
    super.init(slot: slot)
    (relevant, count) = (table._storage.relevant, table.count)
  }

  deinit {
    lookup.deinitialize(count: 1)
    lookup.deallocate()
  }

  /// Changes the table; its lookup is compiled again when next needed. Called only on a column
  /// that one style set's tables reference, so no other thread reads the lookup.
  func modify<Result>(_ body: (inout StateTable<Value>) -> Result) -> Result {
    let result = body(&table)
    lookup.pointee = nil
    (relevant, count) = (table._storage.relevant, table.count)
    return result
  }

  override func compiledRecord() -> _StyleRecord {
    var compiled = _stdlib_atomicAcquiringLoadARCRef(object: lookup)?.takeUnretainedValue()
    if compiled == nil, let made = table._storage.optionalLookup() {
      compiled = _stdlib_atomicAcquiringInitializeARCRef(object: lookup, desired: made)
        .takeUnretainedValue()
    }
    guard let compiled else {
      return _StyleRecord(
        name: name, type: type, relevant: 0, multiplier: 0, shift: 0, codes: nil, values: nil)
    }
    return _StyleRecord(
      name: name, type: type, relevant: compiled.relevant, multiplier: compiled.multiplier,
      shift: compiled.shift, codes: UnsafePointer(compiled.codes),
      values: UnsafeRawPointer(compiled.values))
  }

  /// The value of the attribute for a state, read the slow way; `ResolvedStyle` reads through
  /// the record's lookup instead when there is one.
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
    let explanation = table.explain(state, catalog: catalog)
    return StyleSet.Explanation.Attribute(
      name: slot.name, value: explanation.winner?.value,
      valueDescription: explanation.winner.map { String(reflecting: $0.value) },
      selector: explanation.winner?.selector, matches: explanation.matches.map(\.selector),
      decision: explanation.decision, reason: explanation.reason, catalog: catalog)
  }

  override func removing(_ selectors: Set<StateSelector>) -> _StyleColumnBase? {
    var copy = table
    for selector in selectors { copy[selector] = nil }
    return copy.isEmpty ? nil : _StyleColumn(slot: slot, table: copy)
  }

  override var encodable: (any Encodable)? {
    table as? any Encodable
  }
}

/// What a read of an attribute needs, with no reference to count: the name's bytes and the
/// value type to find it, then the lookup's hash, codes and values. The column that owns the
/// lookup is kept alive by the storage that holds the record.
@frozen
@usableFromInline
struct _StyleRecord {
  @usableFromInline var name: _StyleName
  @usableFromInline var type: ObjectIdentifier
  @usableFromInline var relevant: UInt
  @usableFromInline var multiplier: UInt
  @usableFromInline var shift: UInt
  /// The lookup's codes; `nil` when the attribute has no lookup, and reads resolve its table.
  @usableFromInline var codes: UnsafePointer<UInt16>?
  /// The lookup's values, of type `Value?`.
  @usableFromInline var values: UnsafeRawPointer?

  @inlinable
  init(
    name: _StyleName, type: ObjectIdentifier, relevant: UInt, multiplier: UInt, shift: UInt,
    codes: UnsafePointer<UInt16>?, values: UnsafeRawPointer?
  ) {
    (self.name, self.type, self.relevant) = (name, type, relevant)
    (self.multiplier, self.shift, self.codes, self.values) = (multiplier, shift, codes, values)
  }
}

/// The UTF-8 bytes of an attribute's name as two words, read without hashing the string: the
/// first eight bytes, then the next seven and, in the top byte, the count and whether the
/// name is ASCII.
///
/// For names of at most 15 bytes (the names a string stores inline) the words hold every byte,
/// so equal words mean equal bytes, and equal bytes mean equal strings. The converse holds for
/// ASCII names only: two strings with different bytes can be equal in Swift (`"\u{212A}"`, the
/// Kelvin sign, equals `"K"`), so a name that is not ASCII is found by comparing strings when
/// the words do not find it, and so is a longer name (whose words are only a hash).
///
/// Two words, not four: a ``StyleKey`` holds them next to its name, and a key of a string and
/// two more words is destroyed inline, where one of a string and four more fields was
/// destroyed through its type's metadata, a call that cost more than finding the attribute.
///
/// A name of at most 15 bytes is stored in the string itself, and reading its bytes copies the
/// string's two words to the stack. No load here straddles those two words: such a load
/// cannot take its bytes from the two stores that wrote them and waits until they reach the
/// cache, a dozen cycles, which measured a third of the cost of reading an attribute.
@frozen
@usableFromInline
struct _StyleName: Equatable {
  /// Bytes 0 to 7, the first in the low byte; zeros past the count.
  @usableFromInline var head: UInt64
  /// Bytes 8 to 14 in the low seven bytes; in the top byte, the count (16 for any longer
  /// name, 32 for a bridged string whose bytes are not at hand), and 128 for an ASCII name.
  @usableFromInline var tail: UInt64

  @inlinable
  init(head: UInt64, tail: UInt64) {
    (self.head, self.tail) = (head, tail)
  }

  @inlinable @inline(__always)
  init(_ name: String) {
    self =
      name.utf8.withContiguousStorageIfAvailable(Self.init(bytes:))
      ?? Self(head: 0, tail: 32 << 56)
  }

  @inlinable @inline(__always)
  init(bytes: UnsafeBufferPointer<UInt8>) {
    let count = bytes.count
    guard count > 0, let base = bytes.baseAddress else {
      self.init(head: 0, tail: 128 << 56)
      return
    }
    let raw = UnsafeRawPointer(base)
    let (head, rest): (UInt64, UInt64)
    if count >= 8 {
      head = raw.loadUnaligned(as: UInt64.self)
      rest = Self.word(raw + 8, count: min(count - 8, 7))
    } else {
      (head, rest) = (Self.word(raw, count: count), 0)
    }
    var high = (head | rest) & 0x8080_8080_8080_8080
    if count > 15 { high |= Self.highBits(raw, count: count) }
    let meta = UInt64(min(count, 16)) | (high == 0 ? 128 : 0)
    self.init(head: head, tail: rest | meta << 56)
  }

  /// The bytes of `raw[0..<count]`, `count` at most 8, in one word, the first in the low byte,
  /// with loads inside the eight bytes from `raw`.
  @inlinable @inline(__always)
  static func word(_ raw: UnsafeRawPointer, count: Int) -> UInt64 {
    switch count {
    case 8:
      return raw.loadUnaligned(as: UInt64.self)
    case 4...:
      let high = UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
      return UInt64(raw.loadUnaligned(as: UInt32.self)) | (high >> UInt64(8 * (8 - count))) << 32
    case 1...:
      let bytes = raw.assumingMemoryBound(to: UInt8.self)
      var word = UInt64(bytes[0])
      if count > 1 { word |= UInt64(bytes[1]) << 8 }
      if count > 2 { word |= UInt64(bytes[2]) << 16 }
      return word
    default:
      return 0
    }
  }

  /// The high bits of every byte of a name longer than 15 bytes.
  @usableFromInline
  static func highBits(_ raw: UnsafeRawPointer, count: Int) -> UInt64 {
    var high: UInt64 = 0
    var offset = 0
    while offset <= count - 8 {
      high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset += 8
    }
    high |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    return high & 0x8080_8080_8080_8080
  }

  /// The name, from the words of a name of at most 15 bytes.
  var text: String {
    let count = Int(tail >> 56 & 0x1F)
    return withUnsafeBytes(of: (head.littleEndian, tail.littleEndian)) {
      String(decoding: $0.prefix(count), as: UTF8.self)
    }
  }

  /// Whether equal words mean equal bytes: names of at most 15 bytes.
  @inlinable
  var isExact: Bool { tail >> 56 & 0x30 == 0 }

  /// Whether the name is ASCII, so that only equal bytes make an equal name.
  @inlinable
  var isASCII: Bool { tail >> 63 != 0 }

  /// The position of the name among 2^(64 - `shift`) probes.
  @inlinable
  func probe(shift: UInt) -> Int {
    let mixed = head ^ (tail &<< 29 | tail &>> 35)
    return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) &>> UInt64(shift))
  }
}

/// The name of a ``StyleKey`` whose words do not hold it (longer than 15 bytes, or a bridged
/// string). A class, so that a key with a short name holds a `nil` reference, which releases
/// as nothing, where a `nil` string still cost a call to the runtime on every read.
@usableFromInline
final class _StyleLongName: Sendable {
  @usableFromInline let name: String

  @usableFromInline
  init(_ name: String) {
    self.name = name
  }
}
