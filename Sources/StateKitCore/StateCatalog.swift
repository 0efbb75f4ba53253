import ErrorKitCore

// doc-code: continues ../StateKit/StateKit.docc/DeclaringCustomStates.md

/// A set of state names: the four system names plus custom states in the application range.
///
/// A catalog is a plain value, and StateKit keeps no process-wide one: a state prints the same
/// wherever and whenever it is printed. ``ControlState/description`` uses ``system``, which
/// knows the system names only; custom states print by name through a catalog an app builds by
/// merging the ``StateNames`` of its libraries:
///
///     let catalog = try StateCatalog(merging: [.linkKit])
///     catalog.description(of: [.selected, .visited])        // "selected | visited"
///     try catalog.parse("visited | highlighted") == [.visited, .highlighted]  // true
///     ControlState([.selected, .visited]).description      // "selected | 0x10000", always
///
/// Merging and declaring check for collisions: a name bound to another bit, a bit bound to
/// another name, a state that is not exactly one application bit, and names that are not
/// identifiers or clash with a system name all throw ``StateKitError``, naming both claimants.
/// The same name at the same bit again is no collision, so two libraries may both name bit 16
/// `visited`.
public struct StateCatalog: Hashable, Sendable {
  /// The names, on raw bits: the one implementation every layout's catalog shares.
  package private(set) var table: NameTable

  /// The names of each widget kind (``StateNames/kind``), by owner and kind: the names for
  /// every kind, then the kind's own.
  private var kinds: [KindKey: NameTable] = [:]

  /// A widget kind of an owner.
  private struct KindKey: Hashable, Sendable {
    var owner: String
    var kind: String
  }

  /// The longest name a custom state may have, in characters.
  ///
  ///     StateCatalog.maximumNameLength  // 64
  public static let maximumNameLength = 64

  /// Creates a catalog that knows only the system names.
  ///
  ///     StateCatalog().description(of: [.disabled, .selected])  // "disabled | selected"
  public init() {
    table = NameTable(layout: ControlState.layout)
  }

  /// A catalog with the names of a table.
  package init(table: NameTable) {
    self.table = table
  }

  /// The catalog of the system names only, which ``ControlState/description`` and
  /// ``ControlState/init(parsing:unknownBits:)`` use.
  ///
  ///     StateCatalog.system.description(of: ControlState(rawValue: 0x0001_0004))  // "selected | 0x10000"
  public static let system = StateCatalog()

  /// Creates a catalog from the names of several owners, such as the libraries an app uses.
  ///
  ///     let catalog = try StateCatalog(merging: [.linkKit, .badgeKit])
  ///     catalog.name(of: .visited)  // "visited"
  ///
  /// - Parameter names: The names each owner gives its states.
  /// - Throws: ``StateKitError`` for the first owner or name that is invalid, or name that
  ///   collides, naming its owner and, for a collision, the owner of the earlier claim.
  public init(merging names: [StateNames]) throws(StateKitError) {
    self.init()
    for owned in names { try merge(owned) }
  }

  /// Adds the names of one owner.
  ///
  ///     var catalog = StateCatalog()
  ///     try catalog.merge(.linkKit)
  ///
  /// - Parameter names: The names an owner gives its states.
  /// - Throws: ``StateKitError`` for an owner that is not an identifier of at most 64
  ///   characters (``StateKitError/Code/invalidName``), or the first name that is invalid or
  ///   collides; the catalog is then unchanged.
  ///
  /// Names for one widget kind (``StateNames/kind``) are checked against the names for every
  /// kind and the kind's other names, not against other kinds' names; names for every kind are
  /// checked against every kind's names too.
  public mutating func merge(_ names: StateNames) throws(StateKitError) {
    try table.validate(owner: names.owner)
    var result = self
    if let kind = names.kind {
      try table.validate(owner: kind)
      let key = KindKey(owner: names.owner, kind: kind)
      var kindTable = result.kinds[key] ?? result.table
      for entry in names.entries {
        try kindTable.declare(entry.name, raw: entry.state.rawValue, owner: names.owner)
      }
      result.kinds[key] = kindTable
    } else {
      for entry in names.entries {
        try result.declare(entry.name, as: entry.state, owner: names.owner)
        for key in result.kinds.keys.sorted(by: { ($0.owner, $0.kind) < ($1.owner, $1.kind) }) {
          try result.kinds[key]?.declare(entry.name, raw: entry.state.rawValue, owner: names.owner)
        }
      }
    }
    self = result
  }

  /// The names a widget of one kind prints and parses its states with: the names for every
  /// kind, and the kind's own; `nil` when no names were merged for that kind.
  ///
  ///     let hexView = StateNames("Toolkit", kind: "HexView", ["hexPane": ControlState(rawValue: 1 << 20)])
  ///     let catalog = try StateCatalog(merging: [.linkKit, hexView])
  ///     catalog.kind("HexView", of: "Toolkit")?.description(of: [.visited, ControlState(rawValue: 1 << 20)])  // "visited | hexPane"
  ///     catalog.description(of: ControlState(rawValue: 1 << 20))  // "0x100000": a kind's state
  ///
  /// - Parameters:
  ///   - kind: The widget kind, as ``StateNames/kind`` gives it.
  ///   - owner: The owner of the kind.
  /// - Returns: A catalog of the kind's names, or `nil`.
  public func kind(_ kind: String, of owner: String) -> StateCatalog? {
    kinds[KindKey(owner: owner, kind: kind)].map { StateCatalog(table: $0) }
  }

  /// Returns this catalog with the names of one more owner.
  ///
  ///     let catalog = try StateCatalog.system.merging(.linkKit)
  ///
  /// - Parameter names: The names an owner gives its states.
  /// - Returns: The merged catalog.
  /// - Throws: ``StateKitError`` as ``merge(_:)`` does.
  public func merging(_ names: StateNames) throws(StateKitError) -> StateCatalog {
    var result = self
    try result.merge(names)
    return result
  }

  /// Who named a single-bit state in this catalog: the ``StateNames/owner`` it was merged
  /// from, or `nil` for a system state, an unnamed bit or a name given by ``declare(_:as:)``.
  ///
  ///     try StateCatalog(merging: [.linkKit]).owner(of: .visited)  // "LinkKit"
  ///
  /// - Parameter state: A state with exactly one bit set.
  public func owner(of state: ControlState) -> String? {
    table.owner(of: state.rawValue)
  }

  /// Every named state in the catalog, system names first, each in ascending bit order.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     catalog.entries.map(\.name)  // ["highlighted", "disabled", "selected", "focused", "visited"]
  public var entries: [(name: String, state: ControlState)] {
    table.entries.map { ($0.name, ControlState(rawValue: $0.raw)) }
  }

  /// The custom states declared in the catalog, in ascending bit order.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     catalog.customEntries.map(\.name)  // ["visited"]
  public var customEntries: [(name: String, state: ControlState)] {
    table.customEntries.map { ($0.name, ControlState(rawValue: $0.raw)) }
  }

  /// Every bit that has a name: the system states and the declared custom states.
  ///
  ///     StateCatalog().namedBits.rawValue  // 0xF
  public var namedBits: ControlState {
    ControlState(rawValue: table.namedRawValue)
  }

  /// The bits of a state that have no name in this catalog.
  ///
  ///     StateCatalog().unnamedBits(in: ControlState(rawValue: 0x0001_0004)).rawValue  // 0x10000
  ///
  /// - Parameter state: Any state.
  /// - Returns: `state` without its named bits.
  public func unnamedBits(in state: ControlState) -> ControlState {
    state.subtracting(namedBits)
  }

  /// The name of a single-bit state, or `nil` when it has none or is not exactly one bit.
  ///
  ///     StateCatalog().name(of: .selected)  // "selected"
  ///     StateCatalog().name(of: .normal)    // nil
  ///
  /// - Parameter state: A state with exactly one bit set.
  public func name(of state: ControlState) -> String? {
    table.name(of: state.rawValue)
  }

  /// The state with a name, or `nil` when the catalog has no such name.
  ///
  /// Names are case-sensitive. `normal` is the empty state.
  ///
  ///     StateCatalog().state(named: "focused")  // .focused
  ///     StateCatalog().state(named: "Focused")  // nil
  ///
  /// - Parameter name: A state name.
  public func state(named name: some StringProtocol) -> ControlState? {
    table.raw(named: name).map { ControlState(rawValue: $0) }
  }

  /// Declares a custom state at an index of the application range.
  ///
  ///     var catalog = StateCatalog()
  ///     let visited = try catalog.declare("visited", applicationBit: 0)
  ///     visited.rawValue  // 0x10000
  ///
  /// - Parameters:
  ///   - name: An identifier (`[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters) that is not a
  ///     system name.
  ///   - applicationBit: An index into the application range, from 0 through 7 (bits 16
  ///     through 23 of ``BitLayout/controlState``).
  /// - Returns: The declared state.
  /// - Throws: ``StateKitError`` when the index is out of range or the declaration collides.
  @discardableResult
  public mutating func declare(_ name: String, applicationBit: Int) throws(StateKitError)
    -> ControlState
  {
    let state = try ControlState(applicationBit: applicationBit)
    return try declare(name, as: state)
  }

  /// Declares a custom state given as its bit.
  ///
  ///     var catalog = StateCatalog()
  ///     let visited = try catalog.declare("visited", as: ControlState(rawValue: 1 << 16))
  ///     catalog.name(of: visited)  // "visited"
  ///
  /// - Parameters:
  ///   - name: An identifier (`[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters) that is not a
  ///     system name.
  ///   - state: Exactly one bit inside ``ControlState/application``.
  /// - Returns: `state`.
  /// - Throws: ``StateKitError`` with one of the codes
  ///   ``StateKitError/Code/invalidName``, ``StateKitError/Code/reservedName``,
  ///   ``StateKitError/Code/notSingleApplicationBit``,
  ///   ``StateKitError/Code/nameAlreadyDeclared`` or ``StateKitError/Code/bitAlreadyDeclared``.
  @discardableResult
  public mutating func declare(_ name: String, as state: ControlState) throws(StateKitError)
    -> ControlState
  {
    try declare(name, as: state, owner: nil)
  }

  /// Declares a custom state for an owner; errors name the owner and the earlier claimant.
  @discardableResult
  mutating func declare(_ name: String, as state: ControlState, owner: String?)
    throws(StateKitError)
    -> ControlState
  {
    try table.declare(name, raw: state.rawValue, owner: owner)
    return state
  }

  /// Catalogs are equal when they name the same bits the same way, whoever named them.
  ///
  ///     try StateCatalog(merging: [.linkKit]) == StateCatalog(merging: [.linkKit])  // true
  public static func == (lhs: StateCatalog, rhs: StateCatalog) -> Bool {
    lhs.table == rhs.table && lhs.kinds == rhs.kinds
  }

  /// Hashes the names, as ``==(_:_:)`` compares them.
  ///
  ///     Set([StateCatalog(), StateCatalog.system]).count  // 1
  public func hash(into hasher: inout Hasher) {
    hasher.combine(table)
    hasher.combine(kinds.count)
  }
}
