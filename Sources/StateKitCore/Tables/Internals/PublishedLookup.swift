// A lookup published in a slot, as a `StyleHolder` reads it, through the addresses of the
// package's one layer of raw memory (`Memory/`). Not in Embedded Swift, which has no holder.

/// The lookup a holder's slot holds when it is read: the header of its storage, loaded with
/// acquire ordering, and the reads of a value through it.
///
/// The slot always holds the header of a lookup the holder keeps alive (it keeps every lookup
/// it has published), so the pointer stays valid for as long as the holder does.
@frozen @usableFromInline
struct _PublishedLookup<Value> {
  @usableFromInline let header: _Address<_LookupHeader<Value>>

  /// The lookup `slot` holds now.
  @inlinable @inline(__always)
  init(_ slot: _AtomicSlot) {
    // The slot always holds a header: set when the holder is made, replaced only by another.
    // swift-format-ignore: NeverForceUnwrap
    header = slot.load()!.readOnly.typed(_LookupHeader<Value>.self)
  }

  /// The value of a state.
  @inlinable @inline(__always)
  func value(_ state: ControlState) -> Value {
    guard let code = header.pointee.frozen.code(state.rawValue) else {
      return valueWithoutIndex(state)
    }
    return header.pointee.frozen.values[code]
  }

  /// Calls `body` with the value of a state, read in place.
  @inlinable @inline(__always)
  func withValue<Result>(
    _ state: ControlState, _ body: (borrowing Value) throws -> Result
  ) rethrows -> Result {
    guard let code = header.pointee.frozen.code(state.rawValue) else {
      return try body(valueWithoutIndex(state))
    }
    return try body(header.pointee.frozen.values[code])
  }

  /// The value of a state with `change` applied; always inlined, as the caller's own code
  /// (`StyleHolder.resolve(_:_:)`) was, so that `change` is specialized into it.
  @inlinable @inline(__always)
  func value(_ state: ControlState, changing change: (inout Value) throws -> Void) rethrows
    -> Value
  {
    guard let code = header.pointee.frozen.code(state.rawValue) else {
      return try valueWithoutIndex(state, changing: change)
    }
    // Changed in raw stack memory, and on this path only (see `_changedCopy`).
    return try _changedCopy(of: header.pointee.frozen.values + code, change)
  }

  /// The value of a state when the lookup has no index: out of line, off the fast path.
  @usableFromInline
  func valueWithoutIndex(_ state: ControlState) -> Value {
    header.pointee.frozen.owner.object.resolveWithoutIndex(state.rawValue)
  }

  /// The value of a state with `change` applied, when the lookup has no index: out of line, so
  /// that its variable of the value's type stays out of the caller's fast path.
  @usableFromInline
  func valueWithoutIndex(_ state: ControlState, changing change: (inout Value) throws -> Void)
    rethrows -> Value
  {
    var value = valueWithoutIndex(state)
    try change(&value)
    return value
  }
}
