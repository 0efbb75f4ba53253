import StateKitAtomics

/// A widget kind's themable style: a per-state table and its frozen lookup, read from any thread
/// without a lock, replaced in one step when a theme is applied.
///
/// Keep one holder per widget kind as a `static let`; a widget reads the value for its state
/// where it draws, and a theme changes single entries:
///
///     enum Role: UInt8, Sendable { case normal, focus, hot, disabled }
///     let hot = ControlState(rawValue: 1 << 16)
///
///     enum ButtonStyle {
///         static let text = StyleHolder(
///             StateTable(firstMatch: [
///                 (StateSelector(.disabled), Role.disabled),
///                 (StateSelector([.focused, hot]), .hot),
///                 (StateSelector(.focused), .focus),
///             ]),
///             default: .normal)
///     }
///
///     ButtonStyle.text[[.focused, hot]]  // .hot
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
public final class StyleHolder<Value: Sendable>: Sendable {
  /// One published table with its default and lookup, never changed once published.
  @usableFromInline
  final class Version: Sendable {
    @usableFromInline let table: StateTable<Value>
    @usableFromInline let defaultValue: Value
    @usableFromInline let lookup: StateTable<Value>.Lookup?
    /// The version this one replaced, kept alive for readers that may still hold it. Cleared
    /// only by the holder's `deinit`, when no reader is left.
    nonisolated(unsafe) var previous: Version?

    init(table: StateTable<Value>, defaultValue: Value, previous: Version?) {
      self.table = table
      self.defaultValue = defaultValue
      lookup = StateTable.Lookup(table, default: defaultValue)
      self.previous = previous
    }

    @inlinable
    func resolve(_ state: ControlState) -> Value {
      if let lookup { return lookup[state] }
      return table.resolve(state, default: defaultValue)
    }
  }

  /// The current version, an unretained reference that the holder owns (through `owner`).
  /// Read with acquiring loads and replaced with compare-and-swaps only.
  @usableFromInline nonisolated(unsafe) let current: UnsafeMutablePointer<UnsafeMutableRawPointer?>

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
    let version = Version(table: table, defaultValue: defaultValue, previous: nil)
    current = .allocate(capacity: 1)
    current.initialize(to: Unmanaged.passRetained(version).toOpaque())
  }

  deinit {
    // Unlinks the versions one by one, newest first, so that freeing a long history does not
    // recurse once per version.
    var version = current.pointee.map { Unmanaged<Version>.fromOpaque($0).takeRetainedValue() }
    while let newest = version {
      version = newest.previous
      newest.previous = nil
    }
    current.deallocate()
  }

  /// The version readers see now.
  @inlinable @inline(__always)
  var version: Version {
    // `current` always holds a version: set in `init`, replaced only by another.
    // swift-format-ignore: NeverForceUnwrap
    Unmanaged<Version>.fromOpaque(statekit_load_acquire(current)!).takeUnretainedValue()
  }

  /// The value for a control in `state`: the table's best matching entry, or the default.
  ///
  ///     let size = StyleHolder(StateTable([(StateSelector(.highlighted), 2)]), default: 1)
  ///     size[[.highlighted, .focused]]  // 2
  ///
  /// - Parameter state: The state of a control.
  /// - Complexity: O(1) when the table's bits gather; otherwise O(*n*).
  @inlinable
  public subscript(state: ControlState) -> Value {
    version.resolve(state)
  }

  /// The value for a control in `state`, as the subscript gives it.
  ///
  ///     let size = StyleHolder(StateTable([(StateSelector(.highlighted), 2)]), default: 1)
  ///     size.resolve(.normal)  // 1
  ///
  /// - Parameter state: The state of a control.
  @inlinable
  public func resolve(_ state: ControlState) -> Value {
    version.resolve(state)
  }

  /// The table the holder resolves with now; setting it publishes a new one.
  ///
  ///     let size = StyleHolder(StateTable<Int>(), default: 1)
  ///     size.table = StateTable([(StateSelector(.selected), 3)])
  ///     size[.selected]  // 3
  public var table: StateTable<Value> {
    get { version.table }
    set { update { $0 = newValue } }
  }

  /// The value of the states no entry matches.
  ///
  ///     StyleHolder(StateTable<Int>(), default: 1).defaultValue  // 1
  public var defaultValue: Value { version.defaultValue }

  /// Changes the table, as a theme does, and publishes it with its new lookup in one step.
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
    while true {
      let raw = statekit_load_acquire(current)
      // swift-format-ignore: NeverForceUnwrap
      let old = Unmanaged<Version>.fromOpaque(raw!).takeUnretainedValue()
      var table = old.table
      try body(&table)
      let new = Unmanaged.passRetained(
        Version(table: table, defaultValue: old.defaultValue, previous: old))
      // The new version holds the old one, so the holder's own reference moves to the new one.
      if statekit_compare_exchange(current, raw, new.toOpaque()) {
        Unmanaged<Version>.fromOpaque(raw!).release()
        return
      }
      new.release()
    }
  }
}
