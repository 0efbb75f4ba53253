/// The frozen index of a ``StateTable/Lookup``: for every state, the value it resolves to, with
/// no fallback to take.
///
/// It is a table's slot index with two differences that remove every test from resolution.
/// Misses resolve to the lookup's default, which is one of the values, so no slot says "no
/// match". And the index may take up to 2^12 slots (`maximumSlotBits`), enough to gather the
/// system bits (0...3) with the whole application range (16...23), so a table over those bits
/// never needs the scan. When no gather fits, a seeded multiplier is searched into as many slots
/// for tables that mention at most six bits (64 states); a table that mentions more bits and
/// that no gather fits gets no lookup.
///
/// Slots hold 16-bit codes into the values: the distinct winners of the table's states (at most
/// one per slot, so at most 4,096), each stored once, plus the default when some state misses.
/// Resolution reads a code, then the value at that code: two loads after the hash.
@usableFromInline
final class _LookupStorage<Value> {
  /// At most 2^12 slots: the four system bits and the eight application bits, gathered.
  static var maximumSlotBits: Int { 12 }

  /// The bits some selector of the table mentions.
  @usableFromInline let relevant: UInt
  /// The multiplier of the slot hash.
  @usableFromInline let multiplier: UInt
  /// `UInt.bitWidth` minus the number of slot bits.
  @usableFromInline let shift: UInt
  /// One code per slot: the position of the slot's value in `values`.
  @usableFromInline let codes: UnsafeMutablePointer<UInt16>
  /// The values that some state resolves to.
  @usableFromInline let values: UnsafeMutablePointer<Value>
  /// The number of slots.
  let slotCount: Int
  /// The number of values.
  let valueCount: Int
  /// The one allocation that holds the codes, then the values.
  private let memory: UnsafeMutableRawPointer

  /// The index of `table`'s entries, whose misses resolve to `defaultValue`; `nil` when neither
  /// a gather nor a searched multiplier fits the table's states in 2^12 slots.
  static func make(_ table: _TableStorage<Value>, default defaultValue: Value) -> _LookupStorage? {
    make(table, map: { $0 }, default: defaultValue)
  }

  /// The index of `table`'s entries with each value mapped, whose misses resolve to
  /// `defaultValue` (a style set reads an attribute through a `Value?` lookup whose misses are
  /// `nil`).
  static func make<Source>(
    _ table: _TableStorage<Source>, map: (Source) -> Value, default defaultValue: Value
  ) -> _LookupStorage? {
    table.withParts { selectors, sourceValues, count in
      // The winner of each state, as a code into the distinct winners in the order they are
      // first met; position `count` stands for the default.
      var codeOfPosition = [UInt16](repeating: .max, count: count + 1)
      var winners: [Int] = []
      return _LookupStorage(relevant: table.relevant) { state in
        let position = _TableStorage<Source>.firstMatch(selectors, count: count, state: state)
        if codeOfPosition[position] == .max {
          codeOfPosition[position] = UInt16(winners.count)
          winners.append(position)
        }
        return Int(codeOfPosition[position])
      } value: { code in
        let position = winners[code]
        return position < count ? map(sourceValues[position]) : defaultValue
      }
    }
  }

  /// The index of any function of the states over `relevant`: `code` names the value of a state
  /// (a subset of `relevant`) by a dense code, in the order the values are first met in the
  /// subset walk, and `value` gives the value of a code. `nil` when neither a gather nor a
  /// searched multiplier fits the states in 2^12 slots; then neither function is called.
  convenience init?(relevant: UInt, code: (UInt) -> Int, value: (Int) -> Value) {
    var multiplier: UInt = 0
    var bits = 0
    var searches = false
    if relevant != 0 {
      if let gather = _ResolutionIndex.gather(relevant, maximumBits: Self.maximumSlotBits) {
        (multiplier, bits) = gather
      } else if relevant.nonzeroBitCount <= 6 {
        searches = true
      } else {
        return nil
      }
    }
    // Only now is the number of relevant states known to be small (at most 2^12).
    var stateCodes: [UInt16] = []
    var valueCount = 0
    var subset: UInt = 0
    repeat {
      let stateCode = code(subset)
      valueCount = max(valueCount, stateCode + 1)
      stateCodes.append(UInt16(stateCode))
      subset = (subset &- relevant) & relevant
    } while subset != 0
    // At most 64 states are searched, into up to as many slots as a gather may take. Their
    // codes, at most 64, stay below the search's "no match" code.
    let searchedCodes = UnsafeMutablePointer<UInt8>.allocate(
      capacity: searches ? 1 << Self.maximumSlotBits : 0)
    defer { searchedCodes.deallocate() }
    if searches {
      let found = _ResolutionIndex.search(
        searchedCodes, relevant: relevant, maximumBits: Self.maximumSlotBits, winner: code)
      guard let found else { return nil }
      (multiplier, bits) = found
    }
    self.init(relevant: relevant, multiplier: multiplier, bits: bits, valueCount: valueCount) {
      codes, values in
      for index in 0..<valueCount { (values + index).initialize(to: value(index)) }
      if searches {
        // Slots no state reaches hold the search's "no match" code; any value will do for them.
        for slot in 0..<(1 << bits) {
          let code = searchedCodes[slot]
          (codes + slot).initialize(to: code == _ResolutionIndex.noMatchCode ? 0 : UInt16(code))
        }
      } else {
        codes.initialize(repeating: 0, count: 1 << bits)
        let shift = UInt(UInt.bitWidth - bits)
        var subset: UInt = 0
        for code in stateCodes {
          codes[Int(truncatingIfNeeded: (subset &* multiplier) &>> shift)] = code
          subset = (subset &- relevant) & relevant
        }
      }
    }
  }

  /// An index whose hash is known: `fill` initializes the 2^`bits` codes and the `valueCount`
  /// values; every code must name a value.
  init(
    relevant: UInt, multiplier: UInt, bits: Int, valueCount: Int,
    fill: (UnsafeMutablePointer<UInt16>, UnsafeMutablePointer<Value>) -> Void
  ) {
    let slotCount = 1 << bits
    let valueOffset =
      (slotCount * MemoryLayout<UInt16>.stride + MemoryLayout<Value>.alignment - 1)
      & -MemoryLayout<Value>.alignment
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: valueOffset + valueCount * MemoryLayout<Value>.stride,
      alignment: max(MemoryLayout<Value>.alignment, MemoryLayout<UInt16>.alignment))
    let codes = memory.bindMemory(to: UInt16.self, capacity: slotCount)
    let values = (memory + valueOffset).bindMemory(to: Value.self, capacity: valueCount)
    fill(codes, values)
    (self.relevant, self.multiplier, self.shift) = (
      relevant, multiplier, UInt(UInt.bitWidth - bits)
    )
    (self.codes, self.values, self.memory) = (codes, values, memory)
    (self.slotCount, self.valueCount) = (slotCount, valueCount)
  }

  deinit {
    values.deinitialize(count: valueCount)
    memory.deallocate()
  }

  /// The value of a state: a hash, a code, a value; no test.
  @inlinable
  func resolve(_ state: UInt) -> Value {
    values[Int(codes[Int(truncatingIfNeeded: ((state & relevant) &* multiplier) &>> shift)])]
  }
}

// @unchecked: nothing is written after `init`, and the values are Sendable here.
extension _LookupStorage: @unchecked Sendable where Value: Sendable {}

extension _TableStorage {
  /// The table as a lookup whose misses are `nil`, for a style set's attribute: a read is a
  /// hash and two loads with no test, whether the state has a match or not.
  ///
  /// An indexed table already holds the winner of every slot: its codes are copied, with "no
  /// match" turned into the code of `nil`, in O(2^*k* + *n*) for *k* slot bits and *n* entries.
  /// A table that scans is gathered afresh, as for a ``StateTable/Lookup``; `nil` when that does
  /// not fit either.
  func optionalLookup() -> _LookupStorage<Value?>? {
    let header = withUnsafeMutablePointerToHeader { $0.pointee }
    guard !header.scans else { return _LookupStorage.make(self, map: { $0 }, default: nil) }
    let bits = UInt.bitWidth - Int(header.shift)
    return withUnsafeMutablePointers { _, tail in
      withParts { _, tableValues, count in
        _LookupStorage<Value?>(
          relevant: header.relevant, multiplier: header.multiplier, bits: bits,
          valueCount: count + 1
        ) { codes, values in
          for slot in 0..<(1 << bits) {
            let code = tail[slot]
            (codes + slot).initialize(
              to: code == _ResolutionIndex.noMatchCode ? UInt16(count) : UInt16(code))
          }
          for position in 0..<count { (values + position).initialize(to: tableValues[position]) }
          (values + count).initialize(to: nil)
        }
      }
    }
  }
}
