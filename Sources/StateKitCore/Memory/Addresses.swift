// The package's one layer of raw memory. Every pointer StateKitCore uses is made, moved, read,
// written and freed in this folder, and its one unchecked cast is here; the code outside it
// holds the typed addresses below and names no unsafe type. It serves the lookups (their
// storage and a holder's published reads), a style set's read records and the animator's frames.
//
// The contract, which every address relies on:
// 1. An address is valid while the memory it points into is alive and keeps its layout. The
//    code that makes an address says what keeps that memory alive: a storage object it keeps
//    (a lookup's, a holder's box), the table a read record was made from, or the access that a
//    `_withAddress` call lends for the length of its body.
// 2. Memory read through an `_Address` is initialized as its `Pointee` and is not written while
//    it is shared: written once when it is made, then read only. That is why a read-only
//    address may cross threads (`Sendable`) and a mutable one may not.
// 3. A field offset comes from `MemoryLayout.offset(of:)` for a key path of the look it is
//    applied to, so that an address of a look plus the offset is an address of that field.

/// The address of a value that the code holding it reads only (see the contract above).
@frozen @usableFromInline
struct _Address<Pointee>: @unchecked Sendable {
  // @unchecked: by rule 2 of the contract, what it points to is not written once shared.
  @usableFromInline let pointer: UnsafePointer<Pointee>

  @inlinable @inline(__always)
  init(_ pointer: UnsafePointer<Pointee>) { self.pointer = pointer }

  /// The value at the address, read in place.
  @inlinable
  var pointee: Pointee {
    @inline(__always) unsafeAddress { pointer }
  }

  /// The value `offset` values of its type after the one at the address, read in place.
  @inlinable
  subscript(offset: Int) -> Pointee {
    @inline(__always) unsafeAddress { pointer + offset }
  }

  /// The address `offset` values of its type after this one.
  @inlinable @inline(__always)
  static func + (address: Self, offset: Int) -> Self { Self(address.pointer + offset) }

  /// The same address, untyped.
  @inlinable @inline(__always)
  var raw: _RawAddress { _RawAddress(UnsafeRawPointer(pointer)) }
}

/// The address of a value that the code holding it may also write, for the length of the
/// access that lent it (see the contract above).
@frozen @usableFromInline
struct _MutableAddress<Pointee> {
  @usableFromInline let pointer: UnsafeMutablePointer<Pointee>

  @inlinable @inline(__always)
  init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }

  /// The value at the address, read and written in place.
  @inlinable
  var pointee: Pointee {
    @inline(__always) unsafeAddress { UnsafePointer(pointer) }
    @inline(__always) nonmutating unsafeMutableAddress { pointer }
  }

  /// The value `offset` values of its type after the one at the address, in place.
  @inlinable
  subscript(offset: Int) -> Pointee {
    @inline(__always) unsafeAddress { UnsafePointer(pointer + offset) }
    @inline(__always) nonmutating unsafeMutableAddress { pointer + offset }
  }

  /// The same address, to be read only.
  @inlinable @inline(__always)
  var readOnly: _Address<Pointee> { _Address(UnsafePointer(pointer)) }

  /// The same address, untyped.
  @inlinable @inline(__always)
  var raw: _MutableRawAddress { _MutableRawAddress(UnsafeMutableRawPointer(pointer)) }

  /// Initializes `values.count` values from here with `values`, in order: one call into the
  /// standard library, which copies an array's contiguous elements at once.
  func initialize(from values: some Collection<Pointee>) {
    _ = UnsafeMutableBufferPointer(start: pointer, count: values.count)
      .initialize(fromContentsOf: values)
  }

  /// Deinitializes `count` values from here.
  func deinitialize(count: Int) { pointer.deinitialize(count: count) }
}

/// An untyped address of memory that the code holding it reads only.
@frozen @usableFromInline
struct _RawAddress: @unchecked Sendable {
  // @unchecked: by rule 2 of the contract, what it points to is not written once shared.
  @usableFromInline let pointer: UnsafeRawPointer

  @inlinable @inline(__always)
  init(_ pointer: UnsafeRawPointer) { self.pointer = pointer }

  /// The address `bytes` bytes after this one.
  @inlinable @inline(__always)
  static func + (address: Self, bytes: Int) -> Self { Self(address.pointer + bytes) }

  /// The address as one of a `Pointee`, which the memory there holds.
  @inlinable @inline(__always)
  func typed<Pointee>(_: Pointee.Type) -> _Address<Pointee> {
    _Address(pointer.assumingMemoryBound(to: Pointee.self))
  }
}

/// An untyped address of memory that the code holding it may also write.
@frozen @usableFromInline
struct _MutableRawAddress {
  @usableFromInline let pointer: UnsafeMutableRawPointer

  @inlinable @inline(__always)
  init(_ pointer: UnsafeMutableRawPointer) { self.pointer = pointer }

  /// Allocates uninitialized memory, freed by `deallocate`.
  static func allocate(byteCount: Int, alignment: Int) -> Self {
    Self(.allocate(byteCount: byteCount, alignment: alignment))
  }

  /// Frees memory that `allocate` returned.
  func deallocate() { pointer.deallocate() }

  /// The address `bytes` bytes after this one.
  @inlinable @inline(__always)
  static func + (address: Self, bytes: Int) -> Self { Self(address.pointer + bytes) }

  /// The address as one of a `Pointee`, which the memory there holds.
  @inlinable @inline(__always)
  func typed<Pointee>(_: Pointee.Type) -> _MutableAddress<Pointee> {
    _MutableAddress(pointer.assumingMemoryBound(to: Pointee.self))
  }

  /// The address rounded up to a multiple of `alignment`.
  func alignedUp(toMultipleOf alignment: Int) -> Self {
    Self(pointer.alignedUp(toMultipleOf: alignment))
  }

  /// Binds `count` values of a type from here, to be initialized through the result.
  func bind<Pointee>(to _: Pointee.Type, count: Int) -> _MutableAddress<Pointee> {
    _MutableAddress(pointer.bindMemory(to: Pointee.self, capacity: count))
  }

  /// The same address, to be read only.
  @inlinable @inline(__always)
  var readOnly: _RawAddress { _RawAddress(UnsafeRawPointer(pointer)) }

  /// Copies the bytes of the values of an array here.
  func copyBytes<Element>(of values: [Element]) {
    values.withUnsafeBytes { bytes in
      if let base = bytes.baseAddress { pointer.copyMemory(from: base, byteCount: bytes.count) }
    }
  }
}

/// Calls `body` with the address of a variable, valid for the length of the call.
@inlinable @inline(__always)
func _withAddress<Value, Result>(
  of value: inout Value, _ body: (_MutableAddress<Value>) -> Result
) -> Result {
  withUnsafeMutablePointer(to: &value) { body(_MutableAddress($0)) }
}

/// Calls `body` with the address of the first element of an array's storage, valid for the
/// length of the call. An empty array may give an address of no memory: nothing is read there.
@inlinable @inline(__always)
func _withAddress<Element, Result>(
  ofElementsOf array: [Element], _ body: (_Address<Element>) -> Result
) -> Result {
  array.withUnsafeBufferPointer { body(_Address($0.baseAddress ?? _Address.nowhere)) }
}

extension _Address {
  /// An aligned address of no memory, for an empty array with no storage of its own.
  @inlinable
  static var nowhere: UnsafePointer<Pointee> {
    // Alignments are at least 1, so the pattern is never null.
    // swift-format-ignore: NeverForceUnwrap
    UnsafePointer(bitPattern: MemoryLayout<Pointee>.alignment)!
  }

  /// The same address, for taking the addresses of the parts of its value: Swift lends the
  /// address of a stored property only through a mutable access. Nothing is written through it.
  @inlinable @inline(__always)
  var forPartAddresses: _MutableAddress<Pointee> {
    _MutableAddress(UnsafeMutablePointer(mutating: pointer))
  }

  /// The address of the first element of an array's storage, kept past the call that reads it:
  /// valid while that storage lives unchanged, which its holder guarantees by keeping the array
  /// and never changing it (rule 1); `nil` for an array with no storage of its own.
  @usableFromInline
  static func escaping(_ array: [Pointee]) -> _Address? {
    array.withUnsafeBufferPointer { $0.baseAddress.map(_Address.init) }
  }
}

/// A reference to an object that is not counted: the code holding it keeps the object alive by
/// other means (rule 1), and reads through it cost no reference counting.
@frozen @usableFromInline
struct _Uncounted<Object: AnyObject> {
  @usableFromInline let reference: Unmanaged<Object>

  @inlinable @inline(__always)
  init(_ object: Object) { reference = .passUnretained(object) }

  /// The object, as a new counted reference.
  @inlinable @inline(__always)
  var object: Object { reference.takeUnretainedValue() }

  /// Calls `body` with the object, borrowed: no reference is counted.
  @inlinable @inline(__always)
  func withObject<Result>(_ body: (Object) -> Result) -> Result {
    reference._withUnsafeGuaranteedRef(body)
  }
}

/// Calls `body` with the address of a `ManagedBuffer`'s tail memory, valid while the buffer
/// lives.
func _withTailAddress<Header, Result>(
  of buffer: ManagedBuffer<Header, UInt8>, _ body: (_MutableRawAddress) -> Result
) -> Result {
  buffer.withUnsafeMutablePointerToElements { body(_MutableRawAddress($0)) }
}

/// The address of a `ManagedBuffer`'s header, valid while the buffer lives.
func _headerAddress<Header, Element>(of buffer: ManagedBuffer<Header, Element>)
  -> _MutableRawAddress
{
  buffer.withUnsafeMutablePointerToHeader { _MutableRawAddress($0) }
}

/// An object as the subclass its caller knows it to be, with no check: for an erased column
/// whose value type the caller has compared already. The wrong class is undefined behaviour.
@inlinable @inline(__always)
func _uncheckedCast<Object: AnyObject, Subclass: AnyObject>(
  _ object: Object, to _: Subclass.Type
) -> Subclass {
  unsafeDowncast(object, to: Subclass.self)
}
