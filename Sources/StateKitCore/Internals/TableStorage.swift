/// The fixed part of a table's storage.
@frozen
@usableFromInline
struct _TableHeader {
  /// The bits some selector mentions (see `_ResolutionIndex`).
  @usableFromInline var relevant: UInt
  /// The multiplier of the slot hash.
  @usableFromInline var multiplier: UInt
  /// The number of entries.
  @usableFromInline var count: UInt32
  /// Where the entries start, in bytes from the start of the tail.
  @usableFromInline var entryOffset: UInt16
  /// `UInt.bitWidth` minus the number of slot bits.
  @usableFromInline var shift: UInt8
  /// Bit 0: the index is one slot that sends every state to a scan of the entries. Bit 1: a
  /// precedence other than the standard one is stored right before the entries.
  @usableFromInline var flags: UInt8

  /// Whether resolution scans the entries instead of reading a slot.
  var scans: Bool { flags & 1 != 0 }
  /// Whether a precedence other than the standard one is stored right before the entries.
  @inlinable var hasPrecedence: Bool { flags & 2 != 0 }

  @inlinable
  init(
    relevant: UInt, multiplier: UInt, count: UInt32, entryOffset: UInt16, shift: UInt8,
    flags: UInt8
  ) {
    (self.relevant, self.multiplier, self.count) = (relevant, multiplier, count)
    (self.entryOffset, self.shift, self.flags) = (entryOffset, shift, flags)
  }
}

/// Where the tail of a table's storage starts, in bytes from the object's start; the same for
/// every value type, so it is measured once.
@usableFromInline
let _tailLayout: (offset: Int, objectAlignment: Int) = {
  let probe = ManagedBuffer<_TableHeader, UInt8>.create(minimumCapacity: 0) { _ in
    _TableHeader(relevant: 0, multiplier: 0, count: 0, entryOffset: 0, shift: 0, flags: 1)
  }
  let object = Int(bitPattern: Unmanaged.passUnretained(probe).toOpaque())
  let tail = probe.withUnsafeMutablePointerToElements { Int(bitPattern: $0) }
  // Swift allocates objects at least 16-byte aligned on 64-bit platforms, 8 on 32-bit ones.
  return (tail - object, MemoryLayout<Int>.size * 2)
}()

/// One allocation per table: the header, then the slot bytes of the index, then the precedence
/// when it is not the standard one, then the values in resolution order, then their selectors in
/// the same order.
///
/// Values and selectors are kept apart so that `resolve` reads a slot byte and then the value
/// at that position, with no multiplication by the size of an entry; the values come first so
/// that their offset is the one the header stores.
///
/// A change builds new storage in one pass: the entries are copied once and the index is
/// computed from them in place, without intermediate arrays. The one exception is a new value
/// for an existing selector in storage that only one table references, which is written in
/// place (the index does not depend on values). Storage that two tables share is never mutated,
/// so it can be shared across threads.
@usableFromInline
final class _TableStorage<Value>: ManagedBuffer<_TableHeader, UInt8> {
  @usableFromInline typealias Entry = StateTable<Value>.Entry

  /// The storage of an empty table with the standard precedence.
  @inlinable
  static func makeEmpty() -> _TableStorage {
    make(count: 0, relevant: 0, precedence: .standard) { _, _ in }
  }

  /// Where the selectors start, in bytes from the start of the tail, after `count` values at
  /// `valueOffset`. Aligning the offset aligns the address: the tail starts aligned for a
  /// selector, since the header's size is a multiple of a word (a test checks it). Computing
  /// from the address instead would keep one more value alive in callers' resolve loops.
  @inlinable
  static func selectorOffset(valueOffset: Int, count: Int) -> Int {
    let alignment = MemoryLayout<StateSelector>.alignment
    return (valueOffset + count * MemoryLayout<Value>.stride + alignment - 1) & -alignment
  }

  /// Builds the storage for `count` entries, whose selectors and values `initialize` writes
  /// best first, and whose selectors mention exactly the bits of `relevant`.
  @inlinable
  static func make(
    count: Int, relevant: UInt, precedence: StatePrecedence,
    initialize: (UnsafeMutablePointer<StateSelector>, UnsafeMutablePointer<Value>) -> Void
  ) -> _TableStorage {
    let plan = _ResolutionIndex(relevant: relevant, count: count)
    let custom = precedence != .standard
    // The precedence, when stored, sits right before the values and needs 8-byte alignment.
    let reserved = plan.codeCount + (custom ? 7 + MemoryLayout<StatePrecedence>.stride : 0)
    let alignment = max(MemoryLayout<Value>.alignment, MemoryLayout<StateSelector>.alignment)
    // The padding that aligns the values and then the selectors, known exactly when objects
    // are at least as aligned as both.
    let padding =
      alignment <= _tailLayout.objectAlignment
      ? -(_tailLayout.offset + reserved) & (MemoryLayout<Value>.alignment - 1) : alignment - 1
    let valueBytes = count * MemoryLayout<Value>.stride
    // Values at least as aligned as selectors end aligned for them; others may need padding.
    let selectorAlignment = MemoryLayout<StateSelector>.alignment
    let selectorPadding =
      MemoryLayout<Value>.alignment >= selectorAlignment ? 0 : selectorAlignment - 1
    let capacity =
      reserved + padding + valueBytes + selectorPadding + count * MemoryLayout<StateSelector>.stride
    let buffer = create(minimumCapacity: capacity) { _ in
      _TableHeader(relevant: 0, multiplier: 0, count: 0, entryOffset: 0, shift: 0, flags: 1)
    }
    // `create` is called on this class, so the buffer is an instance of it.
    let storage = unsafeDowncast(buffer, to: _TableStorage.self)
    storage.withUnsafeMutablePointers { header, tail in
      let base = Int(bitPattern: tail)
      var start = base + plan.codeCount
      if custom { start = (start + 7) & -8 + MemoryLayout<StatePrecedence>.stride }
      let valueAlignment = MemoryLayout<Value>.alignment
      let offset = (start + valueAlignment - 1) & -valueAlignment - base
      let raw = UnsafeMutableRawPointer(tail)
      let values = (raw + offset).bindMemory(to: Value.self, capacity: count)
      let selectors = (raw + selectorOffset(valueOffset: offset, count: count)).bindMemory(
        to: StateSelector.self, capacity: count)
      if custom {
        (raw + offset - MemoryLayout<StatePrecedence>.stride)
          .bindMemory(to: StatePrecedence.self, capacity: 1).initialize(to: precedence)
      }
      initialize(selectors, values)
      // The position of the first matching entry, or 255 (no match); indexed tables have
      // fewer than 254 entries.
      let winner = { (state: UInt) -> Int in
        let position = firstMatch(selectors, count: count, state: state)
        return position < count ? position : Int(_ResolutionIndex.noMatchCode)
      }
      var (multiplier, bits, scans) = (plan.multiplier, plan.slotBits, plan.scans)
      if plan.searches {
        if let found = _ResolutionIndex.search(tail, relevant: relevant, winner: winner) {
          (multiplier, bits) = found
        } else {
          scans = true
        }
      } else if !scans {
        _ResolutionIndex.fill(
          tail, bits: bits, multiplier: multiplier, relevant: relevant, winner: winner)
      }
      if scans {
        // One slot, reached by every state (the multiplier is 0), that sends resolution to the
        // scan. `relevant` stays exact: changes of the table start from it.
        (multiplier, bits) = (0, 0)
        tail.initialize(to: _ResolutionIndex.scanCode)
      }
      header.pointee = _TableHeader(
        relevant: relevant, multiplier: multiplier, count: UInt32(count),
        entryOffset: UInt16(offset), shift: UInt8(UInt.bitWidth - bits),
        flags: (scans ? 1 : 0) | (custom ? 2 : 0))
    }
    return storage
  }

  /// The position of the first of `count` selectors, best first, that matches `state`: the
  /// winner; `count` when none matches.
  @inlinable
  static func firstMatch(_ selectors: UnsafePointer<StateSelector>, count: Int, state: UInt)
    -> Int
  {
    var position = 0
    while position < count, !selectors[position].matches(ControlState(rawValue: state)) {
      position += 1
    }
    return position
  }

  /// Builds the storage for entries already in resolution order for `precedence`.
  @inlinable
  static func make(_ entries: [Entry], precedence: StatePrecedence) -> _TableStorage {
    let relevant = entries.reduce(UInt(0)) { $0 | $1.selector.mentioned }
    return make(count: entries.count, relevant: relevant, precedence: precedence) {
      selectors, values in
      for (position, entry) in entries.enumerated() {
        (selectors + position).initialize(to: entry.selector)
        (values + position).initialize(to: entry.value)
      }
    }
  }

  deinit {
    // Selectors and trivial values (Int, Bool, enums without payloads) need no
    // deinitialization; skipping the call saves a generic runtime call on every table freed.
    guard !_isPOD(Value.self) else { return }
    withParts { _, values, count in _ = values.deinitialize(count: count) }
  }

  /// The values, in the tail after the codes (and the precedence).
  @inlinable
  static func values(_ tail: UnsafeMutablePointer<UInt8>, _ header: _TableHeader)
    -> UnsafeMutablePointer<Value>
  {
    (UnsafeMutableRawPointer(tail) + Int(header.entryOffset)).assumingMemoryBound(to: Value.self)
  }

  /// The selectors, in the tail after the values.
  @inlinable
  static func selectors(_ tail: UnsafeMutablePointer<UInt8>, _ header: _TableHeader)
    -> UnsafeMutablePointer<StateSelector>
  {
    let offset = selectorOffset(valueOffset: Int(header.entryOffset), count: Int(header.count))
    return (UnsafeMutableRawPointer(tail) + offset).assumingMemoryBound(to: StateSelector.self)
  }

  /// Calls `body` with the selectors, the values and their number, best first, in place.
  @inlinable
  func withParts<R>(
    _ body: (UnsafeMutablePointer<StateSelector>, UnsafeMutablePointer<Value>, Int) throws -> R
  ) rethrows -> R {
    try withUnsafeMutablePointers { header, tail in
      let header = header.pointee
      return try body(
        Self.selectors(tail, header), Self.values(tail, header), Int(header.count))
    }
  }

  /// The precedence the entries are ordered by.
  @inlinable
  var precedence: StatePrecedence {
    withUnsafeMutablePointers { header, tail in
      guard header.pointee.hasPrecedence else { return .standard }
      let offset = Int(header.pointee.entryOffset) - MemoryLayout<StatePrecedence>.stride
      return (UnsafeMutableRawPointer(tail) + offset).load(as: StatePrecedence.self)
    }
  }

  /// The entries, best first.
  @inlinable
  var entries: [Entry] {
    withParts { selectors, values, count in
      (0..<count).map { Entry(selector: selectors[$0], value: values[$0]) }
    }
  }

  /// The position of the entry for exactly `selector`, or `nil`.
  @inlinable
  func position(of selector: StateSelector) -> Int? {
    withParts { selectors, _, count in
      (0..<count).first { selectors[$0] == selector }
    }
  }

  /// The value stored for exactly `selector`, read in place.
  @inlinable
  func value(for selector: StateSelector) -> Value? {
    withParts { selectors, values, count in
      for position in 0..<count where selectors[position] == selector {
        return values[position]
      }
      return nil
    }
  }

  /// Writes a new value at a position; only for storage that one table references.
  @inlinable
  func assign(_ value: Value, at position: Int) {
    withParts { _, values, _ in values[position] = value }
  }

  /// The number of entries.
  @inlinable
  var count: Int {
    withUnsafeMutablePointerToHeader { Int($0.pointee.count) }
  }

  /// The bits some selector mentions.
  @inlinable
  var relevant: UInt {
    withUnsafeMutablePointerToHeader { $0.pointee.relevant }
  }

  /// New storage with one entry's value replaced.
  @inlinable
  func replacing(_ value: Value, at position: Int) -> _TableStorage {
    let (precedence, relevant) = (self.precedence, self.relevant)
    return withParts { oldSelectors, oldValues, count in
      Self.make(count: count, relevant: relevant, precedence: precedence) { selectors, values in
        selectors.initialize(from: oldSelectors, count: count)
        values.initialize(from: oldValues, count: count)
        values[position] = value
      }
    }
  }

  /// New storage with the same entries in the order of another precedence.
  @inlinable
  func reordered(by precedence: StatePrecedence) -> _TableStorage {
    var entries = self.entries
    entries.sort { precedence.outranks($0.selector, $1.selector) }
    return Self.make(entries, precedence: precedence)
  }

  /// New storage with an entry for a selector the table does not have, in its place.
  @inlinable
  func inserting(_ entry: Entry) -> _TableStorage {
    let (precedence, relevant) = (self.precedence, self.relevant)
    return withParts { oldSelectors, oldValues, count in
      var position = 0
      while position < count, !precedence.outranks(entry.selector, oldSelectors[position]) {
        position += 1
      }
      return Self.make(
        count: count + 1, relevant: relevant | entry.selector.mentioned, precedence: precedence
      ) { selectors, values in
        selectors.initialize(from: oldSelectors, count: position)
        values.initialize(from: oldValues, count: position)
        (selectors + position).initialize(to: entry.selector)
        (values + position).initialize(to: entry.value)
        let rest = count - position
        (selectors + position + 1).initialize(from: oldSelectors + position, count: rest)
        (values + position + 1).initialize(from: oldValues + position, count: rest)
      }
    }
  }

  /// New storage without the entry at a position.
  @inlinable
  func removing(at position: Int) -> _TableStorage {
    let precedence = self.precedence
    return withParts { oldSelectors, oldValues, count in
      var relevant: UInt = 0
      for index in 0..<count where index != position { relevant |= oldSelectors[index].mentioned }
      return Self.make(count: count - 1, relevant: relevant, precedence: precedence) {
        selectors, values in
        selectors.initialize(from: oldSelectors, count: position)
        values.initialize(from: oldValues, count: position)
        let rest = count - position - 1
        (selectors + position).initialize(from: oldSelectors + position + 1, count: rest)
        (values + position).initialize(from: oldValues + position + 1, count: rest)
      }
    }
  }

  /// The value of the winning entry for a state, passed to `found`, or `missing()` when no entry
  /// matches.
  ///
  /// Both of the table's resolve methods are this one lookup: `resolve(_:)` turns a miss into
  /// `nil`, `resolve(_:default:)` into its default, whose non-optional result keeps the caller's
  /// loop simpler (see `Docs/Benchmarks.md`).
  ///
  /// The scan of large tables is written out here rather than called: a call in the middle of
  /// a caller's loop makes the compiler keep the loop's values in memory, which costs more than
  /// the few bytes of code.
  @inlinable
  func resolve<Result>(
    _ state: UInt, found: (Value) -> Result, missing: () -> Result
  ) -> Result {
    withUnsafeMutablePointers { header, tail in
      let header = header.pointee
      // The slot is below 2^slotBits, the number of codes, by construction.
      let code = tail[
        Int(
          truncatingIfNeeded: ((state & header.relevant) &* header.multiplier)
            &>> UInt(header.shift))]
      let values = Self.values(tail, header)
      if _fastPath(code < _ResolutionIndex.scanCode) { return found(values[Int(code)]) }
      guard code == _ResolutionIndex.scanCode else { return missing() }
      let selectors = Self.selectors(tail, header)
      var position = 0
      while position < Int(header.count) {
        if selectors[position].matches(ControlState(rawValue: state)) {
          return found(values[position])
        }
        position += 1
      }
      return missing()
    }
  }
}

extension StateSelector {
  /// The bits the selector requires or excludes.
  @inlinable
  var mentioned: UInt { required.rawValue | excluded.rawValue }
}
