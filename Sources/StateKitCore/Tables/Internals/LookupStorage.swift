/// What reading a ``StateLookup`` needs, with no reference to count: the index's hash, its
/// codes and the values, as addresses into the memory of the storage that holds this header.
///
/// `codes` and `values` point into the tail of `owner`, are written once when it is made and
/// never after, and live exactly as long as `owner` (the contract of `Memory/Addresses.swift`).
/// Whoever reads through them keeps `owner` alive: a lookup by its reference, a
/// ``StyleHolder`` by keeping every version it published.
@frozen @usableFromInline
struct _FrozenLookup<Value> {
  @usableFromInline let relevant: UInt
  @usableFromInline let multiplier: UInt
  @usableFromInline let shift: UInt
  /// One code per slot, a position in `values`; `nil` when the bits do not gather, and the
  /// storage's fallback resolves.
  @usableFromInline let codes: _Address<UInt16>?
  @usableFromInline let values: _Address<Value>
  /// The storage that owns this memory, not counted.
  @usableFromInline let owner: _Uncounted<_LookupStorage<Value>>

  @usableFromInline
  init(
    index: (relevant: UInt, multiplier: UInt, shift: UInt)?, codes: _Address<UInt16>?,
    values: _Address<Value>, owner: _Uncounted<_LookupStorage<Value>>
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
  /// The lookup a ``StyleHolder`` published before this one, kept alive for readers that may
  /// still be reading it; set and cleared by the holder only.
  @usableFromInline var previous: _LookupStorage<Value>?
}

/// A lookup's header, its index's codes and its values, in one allocation.
///
/// The tail holds the codes (two bytes per slot), then, aligned, the values. Nothing changes
/// after `make` but the header's `previous`, which only a holder touches.
@usableFromInline
final class _LookupStorage<Value>: ManagedBuffer<_LookupHeader<Value>, UInt8> {
  /// A storage of `values`, indexed by `index` when there is one; `fallback` resolves states
  /// otherwise.
  static func make(
    index: _StateIndex?, values: [Value], relevant: UInt, fallback: ((UInt) -> Value)?
  ) -> _LookupStorage<Value> {
    let codeCount = index?.codes.count ?? 0
    let alignment = MemoryLayout<Value>.alignment
    let bytes = codeCount * 2 + alignment + values.count * MemoryLayout<Value>.stride
    let buffer = create(minimumCapacity: bytes) { buffer in
      _withTailAddress(of: buffer) { tail in
        var codes: _Address<UInt16>?
        if let index {
          let memory = tail.bind(to: UInt16.self, count: codeCount)
          memory.initialize(from: index.codes)
          codes = memory.readOnly
        }
        let valueMemory = (tail + codeCount * 2).alignedUp(toMultipleOf: alignment)
          .bind(to: Value.self, count: values.count)
        valueMemory.initialize(from: values)
        // `create` makes an instance of the class it is called on.
        let frozen = _FrozenLookup(
          index: index.map { ($0.relevant, $0.multiplier, $0.shift) }, codes: codes,
          values: valueMemory.readOnly,
          owner: _Uncounted(_uncheckedCast(buffer, to: _LookupStorage<Value>.self)))
        return _LookupHeader(
          frozen: frozen, valueCount: values.count, slotCount: codeCount, relevant: relevant,
          fallback: fallback, previous: nil)
      }
    }
    return _uncheckedCast(buffer, to: _LookupStorage<Value>.self)
  }

  deinit {
    // The values were initialized by `make`, and nothing reads them once the storage goes.
    header.frozen.values.forPartAddresses.deinitialize(count: header.valueCount)
  }

  /// The values, in order.
  var values: [Value] {
    let header = self.header
    return (0..<header.valueCount).map { header.frozen.values[$0] }
  }

  /// The address of the header, valid while the storage lives: what a holder publishes.
  var headerAddress: _MutableRawAddress {
    _headerAddress(of: self)
  }

  /// The value of a state when there is no index.
  @usableFromInline
  func resolveWithoutIndex(_ state: UInt) -> Value {
    // A storage without codes is made with a fallback.
    // swift-format-ignore: NeverForceUnwrap
    header.fallback!(state)
  }
}
