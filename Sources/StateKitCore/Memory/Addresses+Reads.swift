// The two reads of the layer of raw memory (`Addresses.swift`) that only a holder and a style
// set's read records make. Not in Embedded Swift, which has neither.

/// A copy of the value at an address with `change` applied, the copy made and changed in raw
/// stack memory rather than in a variable: the optimizer then drops the retain of each field
/// `change` replaces, and a value of a generic type too large for registers is not copied
/// through its type's metadata, as a variable's is.
@inlinable @inline(__always)
func _changedCopy<Value>(of value: _Address<Value>, _ change: (inout Value) throws -> Void)
  rethrows -> Value
{
  try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { scratch in
    scratch.initializeElement(at: 0, to: value.pointee)
    do {
      try change(&scratch[0])
    } catch {
      scratch.deinitializeElement(at: 0)
      throw error
    }
    return scratch.moveElement(from: 0)
  }
}

/// The first two words of a value's memory, zeros past it when the value is narrower: what
/// `_NameBits` compares of a string.
@inlinable @inline(__always)
func _twoWords<Value>(of value: Value) -> (UInt64, UInt64) {
  var words: (UInt64, UInt64) = (0, 0)
  withUnsafeBytes(of: value) { value in
    // The first bytes by count, not by `prefix`: a generic slice that a build without
    // optimization makes on every read of a name.
    let first = UnsafeRawBufferPointer(start: value.baseAddress, count: min(value.count, 16))
    withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: first) }
  }
  return words
}
