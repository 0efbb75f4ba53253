import StateKitAtomics

/// A widget kind's themable style: a per-state table or style set and its frozen lookup, read
/// from any thread without a lock, replaced in one step when a theme is applied.
///
/// Keep one holder per widget kind as a `static let`; a widget reads the value for its state
/// where it draws, and a theme changes single entries:
///
///     enum Role: UInt8, Sendable { case normal, focus, hot, disabled }
///     extension ControlState {
///         static let pointerOver = ControlState(rawValue: 1 << 16)
///     }
///
///     enum ButtonStyle {
///         static let text = StyleHolder(
///             StateTable(firstMatch: [
///                 (StateSelector(.disabled), Role.disabled),
///                 (StateSelector([.focused, .pointerOver]), .hot),
///                 (StateSelector(.focused), .focus),
///             ]),
///             default: .normal)
///     }
///
///     ButtonStyle.text[[.focused, .pointerOver]]  // .hot
///     ButtonStyle.text.update { $0[StateSelector(.focused)] = .hot }
///     ButtonStyle.text[.focused]         // .hot
///
/// Reading costs what a ``StateTable/Lookup`` costs, plus one atomic load: no lock, no
/// reference count, no allocation. ``update(_:)`` and setting ``table`` build the new lookup
/// first and publish it with one compare-and-swap, so a reader sees the old table or the new
/// one, never a mix. Each table the holder has published stays in memory until the holder is
/// released (a reader on another thread may still be using it): change a holder when a theme
/// changes, not once per frame.
///
/// A table whose bits do not gather into a lookup (see ``StateTable/Lookup``) is resolved
/// through the table, with the same answers.
///
/// A holder is not copyable, so that reading it counts no reference: keep it in one place, a
/// `static let` or a stored property, and read it there (pass it as `borrowing` where a function
/// needs it).
public struct StyleHolder<Value: Sendable>: ~Copyable, @unchecked Sendable {
  /// Where a holder's values come from.
  @usableFromInline
  enum Source {
    /// A table and the value of the states it does not match.
    case table(StateTable<Value>)
    /// A style set whose attributes fill the fields of a look.
    case style(StyleSet, [StyleSet.Field<Value>])
  }

  /// One published source, its index and its values, never changed once published. It owns
  /// the memory that `frozen` describes.
  // @unchecked: nothing but `previous` changes after `init`, and only in the holder's `deinit`;
  // the fields' key paths and closures are read-only.
  @usableFromInline
  final class Version: @unchecked Sendable {
    let source: Source
    let defaultValue: Value
    /// How a state resolves when there is no index.
    let fallback: ((ControlState) -> Value)?
    /// What a read needs, in memory this version owns.
    let frozen: UnsafeMutablePointer<_FrozenStyle<Value>>
    let valueCount: Int
    /// The version this one replaced, kept alive for readers that may still hold it. Cleared
    /// only by the holder's `deinit`, when no reader is left.
    var previous: Version?

    init(_ source: Source, defaultValue: Value, previous: Version?) {
      (self.source, self.defaultValue, self.previous) = (source, defaultValue, previous)
      var index: _StateIndex?
      var values: [Value] = []
      var fallback: ((ControlState) -> Value)?
      switch source {
      case .table(let table):
        if let lookup = StateTable.Lookup(table, default: defaultValue) {
          (index, values) = (lookup._index, lookup._values)
        } else {
          fallback = { table.resolve($0, default: defaultValue) }
        }
      case .style(let style, let fields):
        let lookup = StyleSet.Lookup(style, default: defaultValue, fields)
        (index, values) = (lookup._index, lookup._looks)
        if !lookup.isIndexed { fallback = { lookup.resolve($0) } }
      }
      self.fallback = fallback
      valueCount = values.count
      let valueMemory = UnsafeMutablePointer<Value>.allocate(capacity: values.count)
      valueMemory.initialize(from: values, count: values.count)
      var codeMemory: UnsafeMutablePointer<UInt16>?
      if let index {
        codeMemory = .allocate(capacity: index.codes.count)
        codeMemory?.initialize(from: index.codes, count: index.codes.count)
      }
      frozen = .allocate(capacity: 1)
      frozen.initialize(
        to: _FrozenStyle(
          relevant: index?.relevant ?? 0, multiplier: index?.multiplier ?? 0,
          shift: index?.shift ?? 0, codes: codeMemory.map { UnsafePointer($0) },
          values: UnsafePointer(valueMemory), owner: nil))
      frozen.pointee.owner = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
      UnsafeMutablePointer(mutating: frozen.pointee.values).deinitialize(count: valueCount)
        .deallocate()
      frozen.pointee.codes.map { UnsafeMutablePointer(mutating: $0).deallocate() }
      frozen.deallocate()
    }

    /// The value of a state when there is no index.
    func resolveWithoutIndex(_ state: ControlState) -> Value {
      // A version without an index has a fallback.
      // swift-format-ignore: NeverForceUnwrap
      fallback!(state)
    }
  }

  /// The current version's frozen form, whose `owner` is the version, retained once by the
  /// holder. Read with acquiring loads and replaced with compare-and-swaps only.
  @usableFromInline nonisolated(unsafe) let current: UnsafeMutablePointer<UnsafeMutableRawPointer?>

  /// Publishes the first version.
  init(first version: Version) {
    current = .allocate(capacity: 1)
    _ = Unmanaged.passRetained(version)
    current.initialize(to: UnsafeMutableRawPointer(version.frozen))
  }

  /// Creates a holder.
  ///
  ///     let titleColor = StyleHolder(StateTable([(StateSelector(.disabled), "gray")]), default: "black")
  ///     titleColor[.disabled]  // "gray"
  ///     titleColor[.normal]    // "black"
  ///
  /// - Parameters:
  ///   - table: The entries.
  ///   - defaultValue: The value of the states no entry matches.
  public init(_ table: StateTable<Value>, default defaultValue: Value) {
    self.init(first: Version(.table(table), defaultValue: defaultValue, previous: nil))
  }

  /// Creates a holder from a function of a few states, called once for every combination of
  /// them (see ``StateTable/init(evaluating:_:)``): the way to keep a widget's selection code
  /// and read its answers from a table.
  ///
  ///     let border = StyleHolder(evaluating: [.focused, .pointerOver]) { state in
  ///         state.contains(.focused) ? (state.contains(.pointerOver) ? "═" : "─") : " "
  ///     }
  ///     border[[.focused, .pointerOver, .selected]]  // "═"
  ///     border.update { $0[StateSelector(.disabled)] = "·" }
  ///     border[[.focused, .disabled]]       // "·"
  ///
  /// - Parameters:
  ///   - states: The states `select` reads; at most 12 bits.
  ///   - select: The value for a combination of `states`.
  public init(
    evaluating states: ControlState, _ select: (ControlState) throws -> Value
  ) rethrows {
    // Every state matches one entry, so the default is never read.
    self.init(try StateTable(evaluating: states, select), default: try select(.normal))
  }

  /// Creates a holder of looks whose fields a style set's attributes fill, as a
  /// ``StyleSet/Lookup`` does.
  ///
  ///     struct LinkLook: Sendable {
  ///         var color = "blue"
  ///         var underlined = false
  ///     }
  ///     let color = StyleKey<String>("color")
  ///     var style = StyleSet()
  ///     style[color, for: .selected] = "purple"
  ///     let looks = StyleHolder(style, default: LinkLook(), [.field(\.color, from: color)])
  ///     looks[.selected].color  // "purple"
  ///
  /// - Parameters:
  ///   - style: The attributes.
  ///   - defaultLook: The look of a state that no entry matches: each field keeps its value
  ///     here when its attribute has no match.
  ///   - fields: Which attribute fills which field.
  public init(
    _ style: StyleSet, default defaultLook: Value, _ fields: [StyleSet.Field<Value>]
  ) {
    self.init(first: Version(.style(style, fields), defaultValue: defaultLook, previous: nil))
  }

  deinit {
    // Unlinks the versions one by one, newest first, so that freeing a long history does not
    // recurse once per version.
    var version: Version? = Self.owner(of: current.pointee).takeRetainedValue()
    while let newest = version {
      version = newest.previous
      newest.previous = nil
    }
    current.deallocate()
  }

  /// The version that owns a frozen form.
  private static func owner(of frozen: UnsafeMutableRawPointer?) -> Unmanaged<Version> {
    // `current` always holds a frozen form, whose owner is set when it is made.
    // swift-format-ignore: NeverForceUnwrap
    let owner = frozen!.assumingMemoryBound(to: _FrozenStyle<Value>.self).pointee.owner!
    return Unmanaged<Version>.fromOpaque(owner)
  }

  /// The frozen form readers see now.
  @inlinable @inline(__always)
  var frozen: UnsafePointer<_FrozenStyle<Value>> {
    // `current` always holds a frozen form: set in `init`, replaced only by another.
    // swift-format-ignore: NeverForceUnwrap
    UnsafePointer(statekit_load_acquire(current)!.assumingMemoryBound(to: _FrozenStyle<Value>.self))
  }

  /// The current version.
  var version: Version {
    Self.owner(of: UnsafeMutableRawPointer(mutating: frozen)).takeUnretainedValue()
  }

  /// The value of a state when the current version has no index.
  @usableFromInline
  static func resolveWithoutIndex(
    _ state: ControlState, _ frozen: UnsafePointer<_FrozenStyle<Value>>
  ) -> Value {
    Self.owner(of: UnsafeMutableRawPointer(mutating: frozen)).takeUnretainedValue()
      .resolveWithoutIndex(state)
  }

  /// The value for a control in `state`: the table's best matching entry, or the default.
  ///
  ///     let size = StyleHolder(StateTable([(StateSelector(.highlighted), 2)]), default: 1)
  ///     size[[.highlighted, .focused]]  // 2
  ///
  /// - Parameter state: The state of a control.
  /// - Complexity: O(1) when the table's bits gather; otherwise O(*n*).
  @inlinable @inline(__always)
  public subscript(state: ControlState) -> Value {
    let frozen = self.frozen
    guard let code = frozen.pointee.code(state) else {
      return Self.resolveWithoutIndex(state, frozen)
    }
    return frozen.pointee.values[code]
  }

  /// Calls `body` with the value for a control in `state`, read in place: a look that holds
  /// strings or references is not copied, so reading it costs what reading one field costs.
  ///
  ///     struct ButtonLook: Sendable {
  ///         var title = "OK"
  ///         var bold = false
  ///     }
  ///     let pressed = ButtonLook(bold: true)
  ///     let looks = StyleHolder(StateTable([(StateSelector(.highlighted), pressed)]), default: ButtonLook())
  ///     looks.withValue(for: .highlighted) { $0.bold }  // true
  ///
  /// - Parameters:
  ///   - state: The state of a control.
  ///   - body: Reads the value; it must not keep it beyond the call.
  /// - Returns: What `body` returns.
  @inlinable @inline(__always)
  public func withValue<Result>(
    for state: ControlState, _ body: (borrowing Value) throws -> Result
  ) rethrows -> Result {
    let frozen = self.frozen
    guard let code = frozen.pointee.code(state) else {
      return try body(Self.resolveWithoutIndex(state, frozen))
    }
    return try body(frozen.pointee.values[code])
  }

  /// The value for a control in `state`, as the subscript gives it.
  ///
  ///     let size = StyleHolder(StateTable([(StateSelector(.highlighted), 2)]), default: 1)
  ///     size.resolve(.normal)  // 1
  ///
  /// - Parameter state: The state of a control.
  @inlinable
  public func resolve(_ state: ControlState) -> Value {
    self[state]
  }

  /// The table the holder resolves with now, or `nil` for a holder of a style set; setting it
  /// publishes a table in place of either.
  ///
  ///     let size = StyleHolder(StateTable<Int>(), default: 1)
  ///     size.table = StateTable([(StateSelector(.selected), 3)])
  ///     size[.selected]  // 3
  public var table: StateTable<Value>? {
    get {
      guard case .table(let table) = version.source else { return nil }
      return table
    }
    nonmutating set { publish { _ in newValue.map { .table($0) } } }
  }

  /// The style set the holder resolves with now, or `nil` for a holder of a table; setting it
  /// publishes a style set in place of the current one (a holder of a table ignores it: it has
  /// no fields).
  ///
  ///     struct SizeLook: Sendable { var size = 1 }
  ///     let sizes = StyleHolder(StyleSet(), default: SizeLook(), [.field(\.size, from: StyleKey<Int>("size"))])
  ///     var style = StyleSet()
  ///     style[StyleKey<Int>("size"), for: .selected] = 3
  ///     sizes.style = style
  ///     sizes[.selected].size  // 3
  public var style: StyleSet? {
    get {
      guard case .style(let style, _) = version.source else { return nil }
      return style
    }
    nonmutating set {
      publish { source in
        guard case .style(_, let fields) = source, let newValue else { return nil }
        return .style(newValue, fields)
      }
    }
  }

  /// The value of the states no entry matches.
  ///
  ///     StyleHolder(StateTable<Int>(), default: 1).defaultValue  // 1
  public var defaultValue: Value { version.defaultValue }

  /// Changes the table, as a theme does, and publishes it with its new lookup in one step; a
  /// holder of a style set is left as it is.
  ///
  ///     let width = StyleHolder(StateTable([(StateSelector(.focused), 2)]), default: 1)
  ///     width.update { $0[StateSelector(.disabled)] = 0 }
  ///     width[[.disabled, .focused]]  // 0
  ///
  /// When two threads update at once, each change applies to the table the other published:
  /// `body` runs again on the newer table if another update won the race.
  ///
  /// - Parameter body: Changes the table.
  public func update(_ body: (inout StateTable<Value>) throws -> Void) rethrows {
    try publish { source in
      guard case .table(var table) = source else { return nil }
      try body(&table)
      return .table(table)
    }
  }

  /// Changes the style set, as a theme does, and publishes it with its new looks in one step; a
  /// holder of a table is left as it is.
  ///
  ///     struct SizeLook: Sendable { var size = 1 }
  ///     let sizes = StyleHolder(StyleSet(), default: SizeLook(), [.field(\.size, from: StyleKey<Int>("size"))])
  ///     sizes.updateStyle { $0[StyleKey<Int>("size"), for: .focused] = 2 }
  ///     sizes[.focused].size  // 2
  ///
  /// - Parameter body: Changes the style set.
  public func updateStyle(_ body: (inout StyleSet) throws -> Void) rethrows {
    try publish { source in
      guard case .style(var style, let fields) = source else { return nil }
      try body(&style)
      return .style(style, fields)
    }
  }

  /// Publishes the source `change` makes of the current one, unless it makes none; retries on
  /// the newer source when another thread published first.
  private func publish(_ change: (Source) throws -> Source?) rethrows {
    while true {
      let raw = statekit_load_acquire(current)
      let old = Self.owner(of: raw)
      guard let source = try change(old.takeUnretainedValue().source) else { return }
      let new = Version(
        source, defaultValue: old.takeUnretainedValue().defaultValue,
        previous: old.takeUnretainedValue())
      // The new version holds the old one, so the holder's own reference moves to the new one.
      if statekit_compare_exchange(current, raw, UnsafeMutableRawPointer(new.frozen)) {
        _ = Unmanaged.passRetained(new)
        old.release()
        return
      }
      new.previous = nil
    }
  }
}

/// What reading a ``StyleHolder`` needs, in one block with no reference to count: the index's
/// hash and codes, and the values. Owned by a version of the holder, which `owner` names.
@frozen @usableFromInline
struct _FrozenStyle<Value> {
  @usableFromInline var relevant: UInt
  @usableFromInline var multiplier: UInt
  @usableFromInline var shift: UInt
  /// One code per slot, a position in `values`; `nil` when the bits do not gather.
  @usableFromInline var codes: UnsafePointer<UInt16>?
  @usableFromInline var values: UnsafePointer<Value>
  /// The version that owns this memory, unretained.
  @usableFromInline var owner: UnsafeMutableRawPointer?

  @usableFromInline
  init(
    relevant: UInt, multiplier: UInt, shift: UInt, codes: UnsafePointer<UInt16>?,
    values: UnsafePointer<Value>, owner: UnsafeMutableRawPointer?
  ) {
    (self.relevant, self.multiplier, self.shift) = (relevant, multiplier, shift)
    (self.codes, self.values, self.owner) = (codes, values, owner)
  }

  /// The position of a state's value, or `nil` when there is no index.
  @inlinable @inline(__always)
  func code(_ state: ControlState) -> Int? {
    guard let codes else { return nil }
    return Int(
      codes[Int(truncatingIfNeeded: ((state.rawValue & relevant) &* multiplier) &>> shift)])
  }
}
