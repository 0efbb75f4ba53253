import ErrorKitCore

// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md

/// A set of names for the members of a bit set: the system names of its layout plus custom
/// names in its application range. ``StateCatalog`` names ``ControlState``s and
/// ``EventCatalog`` names ``ControlEvents``; any ``LayoutBitSet`` has one.
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
/// another name, a member that is not exactly one application bit, and names that are not
/// identifiers or clash with a system name all throw ``StateKitError``, naming both claimants.
/// The same name at the same bit again is no collision, so two libraries may both name bit 16
/// `visited`.
public struct BitCatalog<Bits: LayoutBitSet>: Hashable, Sendable {
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

  /// The longest name a custom member may have, in characters.
  static var maximumNameLength: Int { 64 }

  /// Creates a catalog that knows the system names of another layout than the type's own,
  /// such as LVGL's for ``ControlState`` values that hold `lv_state_t` bits: text reads and
  /// prints with LVGL's names (and its C constants, such as `LV_STATE_PRESSED`), and custom
  /// names go in that layout's application range.
  ///
  ///     let lvgl = StateCatalog(layout: .lvgl)
  ///     lvgl.description(of: ControlState(rawValue: 0x21))  // "checked | pressed"
  ///     try lvgl.parse("LV_STATE_CHECKED | pressed").rawValue  // 0x21
  ///
  /// - Parameter layout: The layout whose names the catalog knows.
  public init(layout: BitLayout = Bits.layout) {
    table = NameTable(layout: layout)
  }

  /// This catalog, or, when it knows only the system names of another layout than `layout`
  /// (the default catalog an API is given), the system names of `layout`: how a table of one
  /// toolkit's states prints them with that toolkit's names.
  package func naming(_ layout: BitLayout) -> BitCatalog {
    guard table.layout != layout, table.customEntries.isEmpty, kinds.isEmpty else { return self }
    return BitCatalog(layout: layout)
  }

  /// A catalog with the names of a table.
  package init(table: NameTable) {
    self.table = table
  }

  /// The catalog of the system names only, which ``ControlState/description`` and
  /// `ControlState("…")` use (``LayoutBitSet/systemCatalog``); parse with it to learn why text
  /// is rejected.
  ///
  ///     try StateCatalog.system.parse("selected | 0x10000").rawValue  // 0x10004
  ///     try StateCatalog.system.parse("selected | Highlighted")       // throws: unknown name
  ///     try StateCatalog.system.parse("0x10000", unknownBits: .strict)  // throws: hex not allowed
  public static var system: BitCatalog { Bits.systemCatalog }

  /// Creates a catalog from the names of several owners, such as the libraries an app uses.
  ///
  ///     let a = EventNames("A", ["longPress": ControlEvents(rawValue: 1 << 24)])
  ///     let b = EventNames("B", ["hover": ControlEvents(rawValue: 1 << 24)])
  ///     try EventCatalog(merging: [a, b])  // throws: bit 24 claimed by "B" as "hover" and by "A" as "longPress"
  ///
  /// - Parameter names: The names each owner gives its members.
  /// - Throws: ``StateKitError`` for the first owner or name that is invalid, or name that
  ///   collides, naming its owner and, for a collision, the owner of the earlier claim.
  public init(merging names: [BitNames<Bits>]) throws(StateKitError) {
    self.init()
    for owned in names { try merge(owned) }
  }

  /// Adds the names of one owner.
  ///
  /// - Parameter names: The names an owner gives its members.
  /// - Throws: ``StateKitError`` for an owner that is not an identifier of at most 64
  ///   characters (``StateKitError/Code/invalidName``), or the first name that is invalid or
  ///   collides; the catalog is then unchanged.
  public mutating func merge(_ names: BitNames<Bits>) throws(StateKitError) {
    try merge(
      owner: names.owner, kind: names.kind, entries: names.entries.map { ($0.name, $0.bits) })
  }

  /// Adds names of one owner, for one widget kind or for every kind.
  ///
  /// Names for one widget kind are checked against the names for every kind and the kind's
  /// other names, not against other kinds' names; names for every kind are checked against
  /// every kind's names too.
  mutating func merge(owner: String, kind: String?, entries: [(name: String, bits: Bits)])
    throws(StateKitError)
  {
    try table.validate(owner: owner)
    var result = self
    if let kind {
      try table.validate(owner: kind)
      let key = KindKey(owner: owner, kind: kind)
      var kindTable = result.kinds[key] ?? result.table
      for entry in entries {
        try kindTable.declare(entry.name, raw: entry.bits.rawValue, owner: owner)
      }
      result.kinds[key] = kindTable
    } else {
      for entry in entries {
        try result.declare(entry.name, as: entry.bits, owner: owner)
        for key in result.kinds.keys.sorted(by: { ($0.owner, $0.kind) < ($1.owner, $1.kind) }) {
          try result.kinds[key]?.declare(entry.name, raw: entry.bits.rawValue, owner: owner)
        }
      }
    }
    self = result
  }

  /// The names a widget of one kind prints and parses its members with: the names for every
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
  public func kind(_ kind: String, of owner: String) -> BitCatalog? {
    kinds[KindKey(owner: owner, kind: kind)].map { BitCatalog(table: $0) }
  }

  /// The names of every widget kind, by owner then kind: for each, the names a widget of the
  /// kind prints its members with (``kind(_:of:)``'s).
  var kindTables: [(owner: String, kind: String, table: NameTable)] {
    kinds.sorted { ($0.key.owner, $0.key.kind) < ($1.key.owner, $1.key.kind) }.map {
      (owner: $0.key.owner, kind: $0.key.kind, table: $0.value)
    }
  }

  /// Sets the names a widget of one kind prints its members with, as built elsewhere (the
  /// namespaces of several libraries assign the bits of their kinds).
  mutating func setKind(_ kind: String, of owner: String, table: NameTable) {
    kinds[KindKey(owner: owner, kind: kind)] = table
  }

  /// Who named a single-bit member in this catalog: the owner it was merged from, or `nil` for
  /// a system member, an unnamed bit or a name given by ``declare(_:as:)``.
  ///
  /// - Parameter bits: A member with exactly one bit set.
  public func owner(of bits: Bits) -> String? {
    table.owner(of: bits.rawValue)
  }

  /// Every named member in the catalog, system names first, each in ascending bit order; the
  /// custom ones follow the layout's system names.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     catalog.entries.dropFirst(ControlState.layout.systemNames.count).map(\.name)  // ["visited"]
  public var entries: [BitNames<Bits>.Entry] {
    table.entries.map { .init(name: $0.name, bits: Bits(rawValue: $0.raw)) }
  }

  /// The custom members declared in the catalog, in ascending bit order: ``entries`` after
  /// the layout's system names, as a client writes it,
  /// `catalog.entries.dropFirst(Bits.layout.systemNames.count)`.
  package var customEntries: [BitNames<Bits>.Entry] {
    table.customEntries.map { .init(name: $0.name, bits: Bits(rawValue: $0.raw)) }
  }

  /// Every bit that has a name: the system members and the declared custom members. The bits
  /// of a member that have none are what is left:
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     ControlState(rawValue: 0x0003_0004).subtracting(catalog.namedBits).rawValue  // 0x20000
  public var namedBits: Bits {
    Bits(rawValue: table.namedRawValue)
  }

  /// The bits of a member that have no name in this catalog: `bits.subtracting(namedBits)`,
  /// as a client writes it.
  package func unnamedBits(in bits: Bits) -> Bits {
    bits.subtracting(namedBits)
  }

  /// The name of a single-bit member, or `nil` when it has none or is not exactly one bit.
  ///
  /// - Parameter bits: A member with exactly one bit set.
  public func name(of bits: Bits) -> String? {
    table.name(of: bits.rawValue)
  }

  /// The member with a name, or `nil` when the catalog has no such name.
  ///
  /// Names are case-sensitive. The layout's empty name (`normal`, `none`) is the empty set.
  ///
  /// - Parameter name: A name.
  public func bits(named name: some StringProtocol) -> Bits? {
    table.raw(named: name).map { Bits(rawValue: $0) }
  }

  /// Declares a custom member at an index of the application range.
  ///
  /// - Parameters:
  ///   - name: An identifier (`[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters) that is not a
  ///     system name.
  ///   - applicationBit: An index into the application range, such as 0 through 7 (bits 16
  ///     through 23 of ``ControlState/layout``).
  /// - Returns: The declared member.
  /// - Throws: ``StateKitError`` when the index is out of range or the declaration collides.
  @discardableResult
  public mutating func declare(_ name: String, applicationBit: Int) throws(StateKitError) -> Bits {
    // The catalog's layout, which may be another than the type's (``init(layout:)``).
    let range = table.layout.application
    guard (0..<range.count).contains(applicationBit) else {
      throw StateKitError.applicationBitOutOfRange(applicationBit, layout: table.layout)
    }
    return try declare(name, as: Bits(rawValue: 1 << UInt(range.lowerBound + applicationBit)))
  }

  /// Declares a custom member given as its bit.
  ///
  /// - Parameters:
  ///   - name: An identifier (`[A-Za-z_][A-Za-z0-9_]*`, at most 64 characters) that is not a
  ///     system name.
  ///   - bits: Exactly one bit inside the layout's application range.
  /// - Returns: `bits`.
  /// - Throws: ``StateKitError`` with one of the codes
  ///   ``StateKitError/Code/invalidName``, ``StateKitError/Code/reservedName``,
  ///   ``StateKitError/Code/notSingleApplicationBit``,
  ///   ``StateKitError/Code/nameAlreadyDeclared`` or ``StateKitError/Code/bitAlreadyDeclared``.
  @discardableResult
  public mutating func declare(_ name: String, as bits: Bits) throws(StateKitError) -> Bits {
    try declare(name, as: bits, owner: nil)
  }

  /// Declares a custom member for an owner; errors name the owner and the earlier claimant.
  @discardableResult
  mutating func declare(_ name: String, as bits: Bits, owner: String?) throws(StateKitError)
    -> Bits
  {
    try table.declare(name, raw: bits.rawValue, owner: owner)
    return bits
  }

}
