extension StateTable {
  /// A table frozen with a default, for code that resolves many states: every state resolves
  /// to a value, with no test on the way.
  ///
  /// A lookup answers exactly what ``StateTable/resolve(_:default:)`` answers for its table and
  /// default. It is a snapshot: later changes to the table do not reach it.
  ///
  ///     var titleColor = StateTable<String>()
  ///     titleColor[.normal] = "blue"
  ///     titleColor[.disabled] = "gray"
  ///     let visited = ControlState(rawValue: 1 << 16)
  ///     titleColor[visited] = "purple"
  ///     let lookup = StateTable.Lookup(titleColor, default: "black")
  ///     lookup?.resolve([visited, .highlighted])  // "purple"
  ///     lookup?.resolve([visited, .disabled])     // "gray"
  ///
  /// ``resolve(_:)`` hashes the state to a slot and reads the value the slot names. A table's
  /// own `resolve` must also tell a hit from a miss and from a table it cannot index; a lookup
  /// has neither test: misses hold the default, and a lookup exists only for tables it can
  /// index.
  ///
  /// A lookup keeps its own copy of each value that some state resolves to, and up to 4,096
  /// slots of two bytes: one for each combination of the bits the table's selectors mention,
  /// counting the bits between them within each of the two groups the index gathers (the system
  /// bits and the application range, say). A table over ``ControlState/highlighted``,
  /// ``ControlState/disabled`` and one custom state takes 8 slots; one over all four system
  /// states and all eight application bits takes 4,096.
  @frozen
  public struct Lookup {
    /// The code of every state: a position in `_values`.
    @usableFromInline let _index: _StateIndex
    /// The values some state resolves to, each once, in the order first met.
    @usableFromInline let _values: [Value]

    /// Freezes a table: states no entry matches resolve to `defaultValue`.
    ///
    ///     var table = StateTable<Int>()
    ///     table[.selected] = 1
    ///     let lookup = StateTable.Lookup(table, default: 0)
    ///     lookup?.resolve([.selected, .focused])  // 1
    ///     lookup?.resolve(.focused)               // 0
    ///
    ///     let far = ControlState(rawValue: 0x1111_1111)
    ///     StateTable.Lookup(StateTable([(StateSelector(far), 1)]), default: 0) == nil  // true
    ///
    /// The lookup exists when the bits the table's selectors mention fit in 12 slot bits: all
    /// within a span of 12 bits, or in two groups that together are at most 12 bits wide with a
    /// gap between them at least as wide as each group. Any selectors over the system states
    /// (bits 0 through 3) and the application range (bits 16 through 23) fit.
    ///
    /// - Parameters:
    ///   - table: The table; later changes to it do not reach the lookup.
    ///   - defaultValue: The value of the states that no entry matches.
    /// - Returns: `nil` when the selectors mention bits that do not fit in 12 slot bits, such
    ///   as bits spread over the reserved range; use ``StateTable/resolve(_:default:)`` for such
    ///   a table.
    /// - Complexity: O(*n* × *s*) for *n* entries and *s* slots, once.
    public init?(_ table: StateTable, default defaultValue: Value) {
      let storage = table._storage
      // The winner of each state, as a code into the distinct winners in the order they are
      // first met; position `count` stands for the default.
      var codeOfPosition = [UInt16](repeating: .max, count: storage.count + 1)
      var winners: [Int] = []
      let index = _StateIndex(relevant: storage.relevant) { state in
        let position = _TableStorage<Value>.firstMatch(storage.selectors, state: state)
        if codeOfPosition[position] == .max {
          codeOfPosition[position] = UInt16(winners.count)
          winners.append(position)
        }
        return codeOfPosition[position]
      }
      guard let index else { return nil }
      _index = index
      _values = winners.map { $0 < storage.count ? storage.values[$0] : defaultValue }
    }

    /// The value that applies to a control in `state`: the value of the table's best matching
    /// entry, or the default when no entry matches.
    ///
    ///     var table = StateTable<String>()
    ///     table[.normal] = "blue"
    ///     table[.highlighted] = "navy"
    ///     let lookup = StateTable.Lookup(table, default: "black")
    ///     lookup?.resolve([.highlighted, .focused])  // "navy"
    ///     lookup?.resolve(.disabled)                 // "blue"
    ///
    /// - Parameter state: The state of a control.
    /// - Returns: What `table.resolve(state, default: defaultValue)` returns for the table and
    ///   default the lookup was made from.
    /// - Complexity: O(1): a mask, a multiply, a shift and two loads, for every table.
    @inlinable
    public func resolve(_ state: ControlState) -> Value {
      _values[_index.code(state.rawValue)]
    }

    /// The value for a state, as ``resolve(_:)`` gives it; read in place, so that code that
    /// uses one field of a large value reads that field only.
    ///
    ///     var table = StateTable<String>()
    ///     table[.highlighted] = "navy"
    ///     let lookup = StateTable.Lookup(table, default: "black")
    ///     lookup?[.highlighted]  // "navy"
    ///
    /// - Parameter state: The state of a control.
    @inlinable
    public subscript(state: ControlState) -> Value {
      _values[_index.code(state.rawValue)]
    }

    /// The distinct values some state resolves to, in the order the lookup first met them;
    /// ``code(for:)`` gives a state's position here.
    ///
    ///     var table = StateTable<String>()
    ///     table[.normal] = "blue"
    ///     table[.disabled] = "gray"
    ///     StateTable.Lookup(table, default: "black")?.values  // ["blue", "gray"]
    public var values: [Value] { _values }

    /// The position in ``values`` of the value a state resolves to: a small code to index an
    /// array of your own with, such as looks built once per value.
    ///
    ///     var table = StateTable<String>()
    ///     table[.normal] = "blue"
    ///     table[.disabled] = "gray"
    ///     let lookup = StateTable.Lookup(table, default: "black")!
    ///     lookup.values[lookup.code(for: .disabled)]  // "gray"
    ///
    /// - Parameter state: The state of a control.
    /// - Returns: A position in ``values``.
    @inlinable
    public func code(for state: ControlState) -> Int {
      _index.code(state.rawValue)
    }
  }
}

extension StateTable.Lookup: Sendable where Value: Sendable {}
