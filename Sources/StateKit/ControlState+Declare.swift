extension ControlState {
  /// The process-wide catalog, shared by ``description``, ``init(_:)`` and ``init(parsing:)``.
  private static let shared = _Locked(StateCatalog())

  /// A snapshot of the process-wide catalog: the system names and every state declared so far.
  ///
  ///     let visited = try ControlState.declare("visited", applicationBit: 0)
  ///     ControlState.catalog.name(of: visited)  // "visited"
  public static var catalog: StateCatalog {
    shared.withLock { $0 }
  }

  /// Declares a custom state for the whole process, so it prints and parses by name.
  ///
  /// Declaring is thread-safe. Declaring the same name at the same bit again returns the same
  /// state, so two modules may both declare `visited` at index 0; any other collision throws.
  ///
  ///     extension ControlState {
  ///         static let visited = ControlState(rawValue: 1 << 16)
  ///     }
  ///     // At start-up, before parsing text that names it:
  ///     try ControlState.declare("visited", applicationBit: 0)
  ///     ControlState([.selected, .visited]).description  // "selected | visited"
  ///
  /// - Parameters:
  ///   - name: An identifier (`[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters) that is not a
  ///     system name.
  ///   - applicationBit: An index from 0 through 7 (bits 16 through 23).
  /// - Returns: The declared state.
  /// - Throws: ``StateKitError`` when the index is out of range or the declaration collides with
  ///   one made before, anywhere in the process.
  @discardableResult
  public static func declare(_ name: String, applicationBit: Int) throws -> ControlState {
    try shared.withLock { try $0.declare(name, applicationBit: applicationBit) }
  }

  /// Declares a custom state, given as its bit, for the whole process.
  ///
  ///     let visited = try ControlState.declare("visited", as: ControlState(rawValue: 1 << 16))
  ///     visited.description  // "visited"
  ///
  /// - Parameters:
  ///   - name: An identifier that is not a system name.
  ///   - state: Exactly one bit inside ``application``.
  /// - Returns: `state`.
  /// - Throws: ``StateKitError`` when the declaration collides or `state` is not one
  ///   application bit.
  @discardableResult
  public static func declare(_ name: String, as state: ControlState) throws -> ControlState {
    try shared.withLock { try $0.declare(name, as: state) }
  }
}
