/// A set of state names: the four system names plus custom states in the application range.
///
/// A catalog is a plain value. It formats and parses state text without touching any global
/// state, so a tool can build one from its own configuration and two catalogs never interfere.
/// The process-wide catalog that ``ControlState/description`` uses is ``ControlState/catalog``.
///
///     var catalog = StateCatalog()
///     let visited = try catalog.declare("visited", applicationBit: 0)
///     catalog.description(of: [.selected, visited])        // "selected | visited"
///     try catalog.parse("visited | highlighted") == [visited, .highlighted]  // true
///
/// Declaring checks for collisions: a name bound to another bit, a bit bound to another name,
/// a state that is not exactly one application bit, and names that are not identifiers or clash
/// with a system name all throw ``StateKitError``. Declaring the same name at the same bit
/// again does nothing, so two libraries may both declare `visited` at bit 16.
public struct StateCatalog: Hashable, Sendable {
  /// Names of application bits 16...23, by index; `nil` where no name is declared.
  private var applicationNames: [String?]
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
    applicationNameBytes = Array(repeating: [], count: ControlState.applicationBitCount)
    namedRawValue = Self.systemNames.reduce(0) { $0 | $1.state.rawValue }
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
    try Self.validate(name: name)
    guard let index = state.applicationBitIndex else {
      throw StateKitError.declaration(
        .notSingleApplicationBit, name: name,
        reason:
          "\(_hex(state.rawValue)) is not exactly one bit in the application range 0xff0000 (bits 16...23)"
      )
    }
    if let existing = applicationNames[index] {
      if existing == name { return state }
      throw StateKitError.declaration(
        .bitAlreadyDeclared, name: name,
        reason:
          "bit \(index + ControlState.applicationBitOffset) (\(_hex(state.rawValue))) is already declared as \(_quoted(existing))"
      )
    }
    if let other = applicationNames.firstIndex(of: name) {
      throw StateKitError.declaration(
        .nameAlreadyDeclared, name: name,
        reason:
          "the name is already declared for bit \(other + ControlState.applicationBitOffset) (\(_hex(1 << UInt(other + ControlState.applicationBitOffset))))"
      )
    }
    applicationNames[index] = name
    applicationNameBytes[index] = Array(name.utf8)
    namedRawValue |= state.rawValue
    return state
  }

  /// Checks that a name may be declared: an ASCII identifier that is not a system name.
  private static func validate(name: String) throws {
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
          "a state name must be an identifier: a letter or `_`, then letters, digits or `_` (ASCII)"
      )
    }
    guard utf8.count <= maximumNameLength else {
      throw StateKitError.declaration(
        .invalidName, name: name,
        reason:
          "a state name may have at most \(maximumNameLength) characters, this one has \(utf8.count)"
      )
    }
    guard !reservedNames.contains(name.lowercased()) else {
      throw StateKitError.declaration(
        .reservedName, name: name,
        reason: "it clashes with the system name \(_quoted(name.lowercased()))")
    }
  }

  static let systemNameBytes = systemNames.map { Array($0.name.utf8) }

  /// The UTF-8 name of a bit that ``namedBits`` contains.
  func nameBytes(ofNamedBit bit: Int) -> [UInt8] {
    bit < Self.systemNameBytes.count
      ? Self.systemNameBytes[bit] : applicationNameBytes[bit - ControlState.applicationBitOffset]
  }
}
