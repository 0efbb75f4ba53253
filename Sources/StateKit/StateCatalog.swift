import ErrorKitCore

// doc-code: continues StateKit.docc/DeclaringCustomStates.md

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
  /// Names of application bits 16...23, by index; `nil` where no name is declared.
  private var applicationNames: [String?]
  /// Who claimed each name (a ``StateNames/owner``), by index; `nil` for ``declare(_:as:)``.
  /// Provenance for error messages only: it takes no part in equality.
  private var owners: [String?]
  /// The same names as UTF-8, and the bits that have a name: derived from `applicationNames` at
  /// each declaration, so the text format writes a state without looking anything up.
  private var applicationNameBytes: [[UInt8]]
  private var namedRawValue: UInt

  /// The names of the system states, in ascending bit order.
  static let systemNames: [(name: String, state: ControlState)] = [
    ("highlighted", .highlighted), ("disabled", .disabled), ("selected", .selected),
    ("focused", .focused),
  ]

  /// Names a custom state may not take (compared without regard to case).
  static let reservedNames: Set<String> = [
    "normal", "highlighted", "disabled", "selected", "focused", "application", "reserved",
    "system",
  ]

  /// The longest name a custom state may have, in characters.
  ///
  ///     StateCatalog.maximumNameLength  // 64
  public static let maximumNameLength = 64

  /// Creates a catalog that knows only the system names.
  ///
  ///     StateCatalog().description(of: [.disabled, .selected])  // "disabled | selected"
  public init() {
    applicationNames = Array(repeating: nil, count: ControlState.applicationBitCount)
    owners = applicationNames
    applicationNameBytes = Array(repeating: [], count: ControlState.applicationBitCount)
    namedRawValue = Self.systemNames.reduce(0) { $0 | $1.state.rawValue }
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
  /// - Throws: ``StateKitError`` for the first name that is invalid or collides, naming its
  ///   owner and, for a collision, the owner of the earlier claim.
  public init(merging names: [StateNames]) throws {
    self.init()
    for owned in names { try merge(owned) }
  }

  /// Adds the names of one owner.
  ///
  ///     var catalog = StateCatalog()
  ///     try catalog.merge(.linkKit)
  ///
  /// - Parameter names: The names an owner gives its states.
  /// - Throws: ``StateKitError`` for the first name that is invalid or collides; the catalog is
  ///   then unchanged.
  public mutating func merge(_ names: StateNames) throws {
    var result = self
    for entry in names.entries {
      try result.declare(entry.name, as: entry.state, owner: names.owner)
    }
    self = result
  }

  /// Returns this catalog with the names of one more owner.
  ///
  ///     let catalog = try StateCatalog.system.merging(.linkKit)
  ///
  /// - Parameter names: The names an owner gives its states.
  /// - Returns: The merged catalog.
  /// - Throws: ``StateKitError`` as ``merge(_:)`` does.
  public func merging(_ names: StateNames) throws -> StateCatalog {
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
    guard let index = state.applicationBitIndex else { return nil }
    return owners[index]
  }

  /// Every named state in the catalog, system names first, each in ascending bit order.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     catalog.entries.map(\.name)  // ["highlighted", "disabled", "selected", "focused", "visited"]
  public var entries: [(name: String, state: ControlState)] {
    var result = Self.systemNames
    for (index, name) in applicationNames.enumerated() {
      if let name {
        result.append(
          (name, ControlState(rawValue: 1 << UInt(ControlState.applicationBitOffset + index))))
      }
    }
    return result
  }

  /// The custom states declared in the catalog, in ascending bit order.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     catalog.customEntries.map(\.name)  // ["visited"]
  public var customEntries: [(name: String, state: ControlState)] {
    Array(entries.dropFirst(Self.systemNames.count))
  }

  /// Every bit that has a name: the system states and the declared custom states.
  ///
  ///     StateCatalog().namedBits.rawValue  // 0xF
  public var namedBits: ControlState {
    ControlState(rawValue: namedRawValue)
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
    guard state.memberCount == 1 else { return nil }
    let bit = state.rawValue.trailingZeroBitCount
    if bit < Self.systemNames.count { return Self.systemNames[bit].name }
    let index = bit - ControlState.applicationBitOffset
    guard applicationNames.indices.contains(index) else { return nil }
    return applicationNames[index]
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
    if name == "normal" { return .normal }
    for entry in Self.systemNames where entry.name == name { return entry.state }
    for (index, candidate) in applicationNames.enumerated()
    where candidate.map({ $0 == name }) == true {
      return ControlState(rawValue: 1 << UInt(ControlState.applicationBitOffset + index))
    }
    return nil
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
  ///   - applicationBit: An index from 0 through 7 (bits 16 through 23).
  /// - Returns: The declared state.
  /// - Throws: ``StateKitError`` when the index is out of range or the declaration collides.
  @discardableResult
  public mutating func declare(_ name: String, applicationBit: Int) throws -> ControlState {
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
  public mutating func declare(_ name: String, as state: ControlState) throws -> ControlState {
    try declare(name, as: state, owner: nil)
  }

  /// Declares a custom state for an owner; errors name the owner and the earlier claimant.
  @discardableResult
  mutating func declare(_ name: String, as state: ControlState, owner: String?) throws
    -> ControlState
  {
    let claimant = owner.map { "\(quoted($0))" } ?? "this declaration"
    try Self.validate(name: name, prefix: owner.map { "\(quoted($0)): " } ?? "")
    guard let index = state.applicationBitIndex else {
      throw StateKitError.declaration(
        .notSingleApplicationBit, name: name,
        reason:
          "\(claimant) gives it \(_hex(state.rawValue)), which is not exactly one bit in the application range 0xff0000 (bits 16...23)"
      )
    }
    let bit = { (index: Int) in
      "bit \(index + ControlState.applicationBitOffset) (\(_hex(1 << UInt(index + ControlState.applicationBitOffset))))"
    }
    let claims = owners
    let earlier = { (index: Int) in claims[index].map { quoted($0) } ?? "an earlier declaration" }
    if let existing = applicationNames[index] {
      if existing == name { return state }
      throw StateKitError.declaration(
        .bitAlreadyDeclared, name: name,
        reason:
          "\(claimant) claims \(bit(index)) as \(quoted(name)), but \(earlier(index)) claims it as \(quoted(existing))"
      )
    }
    if let other = applicationNames.firstIndex(of: name) {
      throw StateKitError.declaration(
        .nameAlreadyDeclared, name: name,
        reason:
          "\(claimant) claims the name for \(bit(index)), but \(earlier(other)) claims it for \(bit(other))"
      )
    }
    applicationNames[index] = name
    applicationNameBytes[index] = Array(name.utf8)
    owners[index] = owner
    namedRawValue |= state.rawValue
    return state
  }

  /// Catalogs are equal when they name the same bits the same way, whoever named them.
  ///
  ///     try StateCatalog(merging: [.linkKit]) == StateCatalog(merging: [.linkKit])  // true
  public static func == (lhs: StateCatalog, rhs: StateCatalog) -> Bool {
    lhs.applicationNames == rhs.applicationNames
  }

  /// Hashes the names, as ``==(_:_:)`` compares them.
  ///
  ///     Set([StateCatalog(), StateCatalog.system]).count  // 1
  public func hash(into hasher: inout Hasher) {
    hasher.combine(applicationNames)
  }

  /// Checks that a name may be declared: an ASCII identifier that is not a system name.
  private static func validate(name: String, prefix: String) throws {
    let utf8 = name.utf8
    func isStart(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }
    func isPart(_ byte: UInt8) -> Bool {
      isStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
    guard let first = utf8.first, isStart(first), utf8.allSatisfy(isPart) else {
      throw StateKitError.declaration(
        .invalidName, name: name,
        reason:
          "\(prefix)a state name must be an identifier: a letter or `_`, then letters, digits or `_` (ASCII)"
      )
    }
    guard utf8.count <= maximumNameLength else {
      throw StateKitError.declaration(
        .invalidName, name: name,
        reason:
          "\(prefix)a state name may have at most \(maximumNameLength) characters, this one has \(utf8.count)"
      )
    }
    guard !reservedNames.contains(name.lowercased()) else {
      throw StateKitError.declaration(
        .reservedName, name: name,
        reason: "\(prefix)it clashes with the system name \(quoted(name.lowercased()))")
    }
  }

  static let systemNameBytes = systemNames.map { Array($0.name.utf8) }

  /// The UTF-8 name of a bit that ``namedBits`` contains.
  func nameBytes(ofNamedBit bit: Int) -> [UInt8] {
    bit < Self.systemNameBytes.count
      ? Self.systemNameBytes[bit] : applicationNameBytes[bit - ControlState.applicationBitOffset]
  }
}
