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
/// when it is not the standard one, then the entries in resolution order.
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
    make(count: 0, relevant: 0, precedence: .standard) { _ in }
  }

  /// Builds the storage for `count` entries, written best first by `initialize`, whose
  /// selectors mention exactly the bits of `relevant`.
  @inlinable
  static func make(
    count: Int, relevant: UInt, precedence: StatePrecedence,
    initialize: (UnsafeMutablePointer<Entry>) -> Void
  ) -> _TableStorage {
    let plan = _ResolutionIndex(relevant: relevant, count: count)
    let custom = precedence != .standard
    let alignment = MemoryLayout<Entry>.alignment
    // The precedence, when stored, sits right before the entries; it needs 8-byte alignment,
    // which the entries (holding a selector of two words) have too.
    let reserved = plan.codeCount + (custom ? 7 + MemoryLayout<StatePrecedence>.stride : 0)
    // The padding that aligns the entries, known exactly when objects are at least as aligned
    // as entries.
    let padding =
      alignment <= _tailLayout.objectAlignment
      ? -(_tailLayout.offset + reserved) & (alignment - 1) : alignment - 1
    let capacity = reserved + padding + count * MemoryLayout<Entry>.stride
    let buffer = create(minimumCapacity: capacity) { _ in
      _TableHeader(relevant: 0, multiplier: 0, count: 0, entryOffset: 0, shift: 0, flags: 1)
    }
    // `create` is called on this class, so the buffer is an instance of it.
    let storage = unsafeDowncast(buffer, to: _TableStorage.self)
    storage.withUnsafeMutablePointers { header, tail in
      let base = Int(bitPattern: tail)
      var start = base + plan.codeCount
      if custom { start = (start + 7) & -8 + MemoryLayout<StatePrecedence>.stride }
      let offset = (start + alignment - 1) & -alignment - base
      let entries = (UnsafeMutableRawPointer(tail) + offset).bindMemory(
        to: Entry.self, capacity: count)
      if custom {
        (UnsafeMutableRawPointer(tail) + offset - MemoryLayout<StatePrecedence>.stride)
          .bindMemory(to: StatePrecedence.self, capacity: 1).initialize(to: precedence)
      }
      initialize(entries)
      // The position of the first matching entry, or 255 (no match); indexed tables have
      // fewer than 254 entries.
      let winner = { (state: UInt) -> Int in
        var position = 0
        while position < count, !entries[position].selector.matches(ControlState(rawValue: state)) {
          position += 1
        }
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

  /// Builds the storage for entries already in resolution order for `precedence`.
  @inlinable
  static func make(_ entries: [Entry], precedence: StatePrecedence) -> _TableStorage {
    let relevant = entries.reduce(UInt(0)) { $0 | $1.selector.mentioned }
    return make(count: entries.count, relevant: relevant, precedence: precedence) { target in
      target.initialize(from: entries, count: entries.count)
    }
  }

  deinit {
    _ = withUnsafeMutablePointers { header, tail in
      Self.entries(tail, header.pointee).deinitialize(count: Int(header.pointee.count))
    }
  }

  /// The entries, in the tail after the codes.
  @inlinable
  static func entries(_ tail: UnsafeMutablePointer<UInt8>, _ header: _TableHeader)
    -> UnsafeMutablePointer<Entry>
  {
    (UnsafeMutableRawPointer(tail) + Int(header.entryOffset)).assumingMemoryBound(to: Entry.self)
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
    withUnsafeMutablePointers { header, tail in
      Array(
        UnsafeBufferPointer(
          start: Self.entries(tail, header.pointee), count: Int(header.pointee.count)))
    }
  }

  /// Calls `body` with the entries, best first, in place.
  @inlinable
  func withEntries<R>(_ body: (UnsafeMutableBufferPointer<Entry>) throws -> R) rethrows -> R {
    try withUnsafeMutablePointers { header, tail in
      try body(
        UnsafeMutableBufferPointer(
          start: Self.entries(tail, header.pointee), count: Int(header.pointee.count)))
    }
  }

  /// The position of the entry for exactly `selector`, or `nil`.
  @inlinable
  func position(of selector: StateSelector) -> Int? {
    withEntries { entries in entries.firstIndex { $0.selector == selector } }
  }

  /// The value stored for exactly `selector`, read in place.
  @inlinable
  func value(for selector: StateSelector) -> Value? {
    withEntries { entries in
      for position in entries.indices where entries[position].selector == selector {
        return entries[position].value
      }
      return nil
    }
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

  /// Calls `body` with a pointer to the entries and their number.
  @inlinable
  func withEntryPointer<R>(_ body: (UnsafeMutablePointer<Entry>, Int) throws -> R) rethrows -> R {
    try withUnsafeMutablePointers { header, tail in
      try body(Self.entries(tail, header.pointee), Int(header.pointee.count))
    }
  }

  /// New storage with one entry's value replaced.
  @inlinable
  func replacing(_ value: Value, at position: Int) -> _TableStorage {
    let precedence = self.precedence
    return withEntryPointer { old, count in
      Self.make(count: count, relevant: relevant, precedence: precedence) { target in
        target.initialize(from: old, count: count)
        target[position].value = value
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
    let precedence = self.precedence
    return withEntryPointer { old, count in
      var position = 0
      while position < count, !precedence.outranks(entry.selector, old[position].selector) {
        position += 1
      }
      return Self.make(
        count: count + 1, relevant: relevant | entry.selector.mentioned, precedence: precedence
      ) { target in
        target.initialize(from: old, count: position)
        (target + position).initialize(to: entry)
        (target + position + 1).initialize(from: old + position, count: count - position)
      }
    }
  }

  /// New storage without the entry at a position.
  @inlinable
  func removing(at position: Int) -> _TableStorage {
    let precedence = self.precedence
    return withEntryPointer { old, count in
      var relevant: UInt = 0
      for index in 0..<count where index != position { relevant |= old[index].selector.mentioned }
      return Self.make(count: count - 1, relevant: relevant, precedence: precedence) { target in
        target.initialize(from: old, count: position)
        (target + position).initialize(from: old + position + 1, count: count - position - 1)
      }
    }
  }

  /// The value of the winning entry for a state, or `nil` when no entry matches.
  @inlinable
  func resolve(_ state: UInt) -> Value? {
    withUnsafeMutablePointers { header, tail in
      let header = header.pointee
      // The slot is below 2^slotBits, the number of codes, by construction.
      let code = tail[
        Int(
          truncatingIfNeeded: ((state & header.relevant) &* header.multiplier)
            &>> UInt(header.shift))]
      if _fastPath(code < _ResolutionIndex.scanCode) {
        return Self.entries(tail, header)[Int(code)].value
      }
      return code == _ResolutionIndex.scanCode
        ? Self.scan(state, Self.entries(tail, header), count: Int(header.count)) : nil
    }
  }

  /// The value of the first matching entry, or `nil`; kept out of line so loops over `resolve`
  /// stay short.
  @inlinable
  @inline(never)
  static func scan(_ state: UInt, _ entries: UnsafeMutablePointer<Entry>, count: Int) -> Value? {
    var position = 0
    while position < count {
      if entries[position].selector.matches(ControlState(rawValue: state)) {
        return entries[position].value
      }
      position += 1
    }
    return nil
  }
}

extension StateSelector {
  /// The bits the selector requires or excludes.
  @inlinable
  var mentioned: UInt { required.rawValue | excluded.rawValue }
}
