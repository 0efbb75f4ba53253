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
  /// Whether resolution scans the entries instead of reading a slot.
  @usableFromInline var scans: Bool
}

/// Where the tail of a table's storage starts, in bytes from the object's start; the same for
/// every value type, so it is measured once.
let _tailLayout: (offset: Int, objectAlignment: Int) = {
  let probe = ManagedBuffer<_TableHeader, UInt8>.create(minimumCapacity: 0) { _ in
    _TableHeader(relevant: 0, multiplier: 0, count: 0, entryOffset: 0, shift: 0, scans: true)
  }
  let object = Int(bitPattern: Unmanaged.passUnretained(probe).toOpaque())
  let tail = probe.withUnsafeMutablePointerToElements { Int(bitPattern: $0) }
  // Swift allocates objects at least 16-byte aligned on 64-bit platforms, 8 on 32-bit ones.
  return (tail - object, MemoryLayout<Int>.size * 2)
}()

/// One immutable allocation per table: the header, then the slot bytes of the index, then the
/// entries, best first. A table replaces its storage on every change, so storage is never
/// mutated once built and can be shared freely.
@usableFromInline
final class _TableStorage<Value>: ManagedBuffer<_TableHeader, UInt8> {
  @usableFromInline typealias Entry = StateTable<Value>.Entry

  /// Builds the storage for entries given best first.
  @usableFromInline
  static func make(_ entries: [Entry]) -> _TableStorage {
    let index = _ResolutionIndex(entries.map { $0.selector })
    let codes = index.codes ?? []
    let alignment = MemoryLayout<Entry>.alignment
    // Room for the codes, the padding that aligns the entries (known exactly when objects are
    // at least as aligned as entries), and the entries.
    let padding =
      alignment <= _tailLayout.objectAlignment
      ? -(_tailLayout.offset + codes.count) & (alignment - 1) : alignment - 1
    let capacity = codes.count + padding + entries.count * MemoryLayout<Entry>.stride
    let buffer = create(minimumCapacity: capacity) { _ in
      _TableHeader(relevant: 0, multiplier: 0, count: 0, entryOffset: 0, shift: 0, scans: true)
    }
    // `create` is called on this class, so the buffer is an instance of it.
    let storage = unsafeDowncast(buffer, to: _TableStorage.self)
    storage.withUnsafeMutablePointers { header, tail in
      tail.initialize(from: codes, count: codes.count)
      let start = Int(bitPattern: tail) + codes.count
      let aligned = (start + MemoryLayout<Entry>.alignment - 1) & -MemoryLayout<Entry>.alignment
      let offset = aligned - Int(bitPattern: tail)
      (UnsafeMutableRawPointer(tail) + offset).bindMemory(to: Entry.self, capacity: entries.count)
        .initialize(from: entries, count: entries.count)
      header.pointee = _TableHeader(
        relevant: index.relevant, multiplier: index.multiplier, count: UInt32(entries.count),
        entryOffset: UInt16(offset), shift: UInt8(UInt.bitWidth - index.slotBits),
        scans: index.codes == nil)
    }
    return storage
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

  /// The entries, best first.
  @inlinable
  var entries: [Entry] {
    withUnsafeMutablePointers { header, tail in
      Array(
        UnsafeBufferPointer(
          start: Self.entries(tail, header.pointee), count: Int(header.pointee.count)))
    }
  }

  /// The value stored for exactly `selector`, read in place.
  @inlinable
  func value(for selector: StateSelector) -> Value? {
    withUnsafeMutablePointers { header, tail in
      let entries = Self.entries(tail, header.pointee)
      for position in 0..<Int(header.pointee.count) where entries[position].selector == selector {
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

  /// The value of the winning entry for a state, or `nil` when no entry matches.
  @inlinable
  func resolve(_ state: UInt) -> Value? {
    withUnsafeMutablePointers { header, tail in
      let header = header.pointee
      let position =
        _slowPath(header.scans)
        ? Self.scan(state, Self.entries(tail, header), count: Int(header.count))
        // The slot is below 2^slotBits, the number of codes, by construction.
        : Int(
          tail[
            Int(
              truncatingIfNeeded: ((state & header.relevant) &* header.multiplier)
                &>> UInt(header.shift))])
      return position < Int(header.count) ? Self.entries(tail, header)[position].value : nil
    }
  }

  /// The position of the first matching entry, or `count`; kept out of line so loops over
  /// `resolve` stay short.
  @inlinable
  @inline(never)
  static func scan(_ state: UInt, _ entries: UnsafeMutablePointer<Entry>, count: Int) -> Int {
    var position = 0
    while position < count, !entries[position].selector.matches(ControlState(rawValue: state)) {
      position += 1
    }
    return position
  }
}
