/// A value for every state, frozen from a table or from a style set's attributes: the form to
/// read in a draw loop, where every state resolves with no test on the way.
///
/// Freeze a table with the value of the states it does not match:
///
///     var titleColor = StateTable<String>()
///     titleColor[.normal] = "blue"
///     titleColor[.disabled] = "gray"
///     let visited = ControlState(rawValue: 1 << 16)
///     titleColor[visited] = "purple"
///     let lookup = StateLookup(titleColor, default: "black")
///     lookup.resolve([visited, .highlighted])  // "purple"
///     lookup.resolve([visited, .disabled])     // "gray"
///
/// or freeze a style set into a struct of your own, field by field
/// (``init(_:default:_:)-(StyleSet,_,_)``).
///
/// A lookup answers what its source answers (``StateTable/resolve(_:default:)``, or the style
/// set read field by field), and is a snapshot: later changes to the source do not reach it.
/// Its codes and values are one allocation, shared by its copies; a ``StyleHolder`` publishes
/// that same memory.
///
/// Resolving is a mask, a multiply and a shift to a slot, the load of a two-byte code and the
/// read of the value, for every source whose selectors mention bits that gather into 2^12 slots
/// (any of the system states and the application range, bits 16 through 23). Other sources
/// resolve through the table, with the same answers, and have no codes (``code(for:)`` is
/// `nil`).
@frozen
public struct StateLookup<Value> {
  /// The header, codes and values.
  @usableFromInline let _storage: _LookupStorage<Value>
  /// The fast path, copied out of the storage so that a read does not go through it.
  @usableFromInline let _frozen: _FrozenLookup<Value>

  @usableFromInline
  init(_ storage: _LookupStorage<Value>) {
    _storage = storage
    _frozen = storage.header.frozen
  }

  /// Freezes a table: states no entry matches resolve to `defaultValue`.
  ///
  /// - Parameters:
  ///   - table: The table; later changes to it do not reach the lookup.
  ///   - defaultValue: The value of the states that no entry matches.
  /// - Complexity: O(*n* × *s*) for *n* entries and *s* slots, once.
  public init(_ table: StateTable<Value>, default defaultValue: Value) {
    let storage = table._storage
    // The winner of each state, as a code into the distinct winners in the order they are
    // first met; position `count` stands for the default.
    var codeOfPosition = [UInt16](repeating: .max, count: storage.count + 1)
    var winners: [Int] = []
    let selectors = storage.entries.map { $0.selector }
    let index = selectors.withUnsafeBufferPointer { selectors in
      _StateIndex(relevant: storage.relevant) { state in
        let position = selectors._firstMatch(state)
        if codeOfPosition[position] == .max {
          codeOfPosition[position] = UInt16(winners.count)
          winners.append(position)
        }
        return codeOfPosition[position]
      }
    }
    let values = winners.map { $0 < storage.count ? storage.entries[$0].value : defaultValue }
    self.init(
      _LookupStorage.make(
        index: index, values: values, relevant: storage.relevant,
        fallback: index == nil
          ? { storage.resolve($0, found: { $0 }, missing: { defaultValue }) } : nil))
  }

  /// The value that applies to a control in `state`.
  ///
  /// - Parameter state: The state of a control.
  /// - Complexity: O(1) when the lookup is indexed: a mask, a multiply, a shift and two loads.
  @inlinable
  public func resolve(_ state: ControlState) -> Value {
    guard let code = _frozen.code(state.rawValue) else {
      return _storage.resolveWithoutIndex(state.rawValue)
    }
    return _frozen.values[code]
  }

  /// Whether every state's value is precomputed, so that reading one is an indexed load: true
  /// when the source's selectors mention bits that gather into 12 slot bits.
  var isIndexed: Bool { _frozen.codes != nil }

  /// The bits that some entry of the source mentions: states that agree on them resolve to
  /// the same value.
  public var relevantStates: ControlState {
    ControlState(rawValue: _storage.header.relevant)
  }

  /// The distinct values some state resolves to, in the order the lookup first met them;
  /// ``code(for:)`` gives a state's position here. Empty when the lookup is not indexed.
  ///
  ///     var table = StateTable<String>()
  ///     table[.normal] = "blue"
  ///     table[.disabled] = "gray"
  ///     StateLookup(table, default: "black").values  // ["blue", "gray"]
  public var values: [Value] {
    isIndexed ? _storage.values : []
  }

  /// The position in ``values`` of the value a state resolves to: a small code to index an
  /// array of your own with, such as drawings made once per value; `nil` when the lookup is
  /// not indexed, because its source's selectors mention bits spread too far apart to gather.
  ///
  ///     let far = ControlState(rawValue: 0x1111_1111)
  ///     StateLookup(StateTable([(StateSelector(far), 1)]), default: 0).code(for: far)  // nil
  ///
  /// - Parameter state: The state of a control.
  @inlinable
  public func code(for state: ControlState) -> Int? {
    _frozen.code(state.rawValue)
  }
}

// @unchecked: the storage is never changed once shared, but for `previous`, which only a
// holder's own publishing and deinit touch.
extension StateLookup: @unchecked Sendable where Value: Sendable {}
