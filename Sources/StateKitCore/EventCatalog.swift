/// The names a library (or an app) gives to its custom control events, as a constant it exports.
///
/// The events counterpart of ``StateNames``: plain values that cannot fail, checked when an app
/// merges them into an ``EventCatalog``.
///
///     extension ControlEvents {
///         static let longPress = ControlEvents(rawValue: 1 << 24)  // application bit 0
///     }
///     let names = EventNames("GestureKit", ["longPress": .longPress])
///     try EventCatalog(merging: [names]).description(of: [.touchDown, .longPress])  // "touchDown | longPress"
public struct EventNames: Hashable, Sendable {
  /// Who gives these names, such as a library's module name; error messages name it. A merge
  /// requires an ASCII identifier of at most 64 characters, as for ``StateNames/owner``.
  ///
  ///     EventNames("GestureKit", [:]).owner  // "GestureKit"
  public let owner: String
  /// The names with their events, in the order given.
  ///
  ///     EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)]).entries.count  // 1
  public let entries: [Entry]

  /// One name and the event it names.
  ///
  ///     EventNames.Entry(name: "longPress", events: ControlEvents(rawValue: 1 << 24)).name  // "longPress"
  public struct Entry: Hashable, Sendable {
    /// The name.
    ///
    ///     // "longPress"
    public let name: String
    /// The event it names: one bit of the application range, once checked by a merge.
    ///
    ///     // ControlEvents(rawValue: 0x1000000)
    public let events: ControlEvents

    /// Creates an entry.
    ///
    ///     let entry = EventNames.Entry(name: "longPress", events: ControlEvents(rawValue: 1 << 24))
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - events: The event it names.
    public init(name: String, events: ControlEvents) {
      self.name = name
      self.events = events
    }
  }

  /// Creates the names an owner gives to its events. This never fails; a merge checks them.
  ///
  ///     let names = EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)])
  ///
  /// - Parameters:
  ///   - owner: Who gives the names.
  ///   - names: Each name with its event, one application bit each.
  public init(_ owner: String, _ names: KeyValuePairs<String, ControlEvents>) {
    self.owner = owner
    entries = names.map { Entry(name: $0.key, events: $0.value) }
  }
}

/// A set of event names: UIKit's event names plus custom events in the application range
/// (bits 24 through 27), with the collision rules, text format and policies of
/// ``StateCatalog``, which shares its one implementation.
///
///     let catalog = try EventCatalog(merging: [EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)])])
///     catalog.description(of: ControlEvents(rawValue: 0x0100_0040))  // "touchUpInside | longPress"
///     try catalog.parse("longPress | valueChanged").rawValue          // 0x0100_1000
public struct EventCatalog: Hashable, Sendable {
  /// The names, on raw bits: the one implementation every layout's catalog shares.
  package private(set) var table = NameTable(layout: ControlEvents.layout)

  /// Creates a catalog that knows only UIKit's event names.
  ///
  ///     EventCatalog().description(of: .touchDown)  // "touchDown"
  public init() {}

  /// The catalog of the system names only, which ``ControlEvents/description`` uses.
  ///
  ///     EventCatalog.system.namedBits.rawValue  // 0xF71FF
  public static let system = EventCatalog()

  /// Creates a catalog from the names of several owners.
  ///
  ///     let a = EventNames("A", ["longPress": ControlEvents(rawValue: 1 << 24)])
  ///     let b = EventNames("B", ["hover": ControlEvents(rawValue: 1 << 24)])
  ///     try EventCatalog(merging: [a, b])  // throws: bit 24 claimed by "B" as "hover" and by "A" as "longPress"
  ///
  /// - Parameter names: The names each owner gives its events.
  /// - Throws: ``StateKitError`` for the first name that is invalid or collides.
  public init(merging names: [EventNames]) throws(StateKitError) {
    for owned in names { try merge(owned) }
  }

  /// Adds the names of one owner; on error the catalog is unchanged.
  ///
  ///     var catalog = EventCatalog()
  ///     try catalog.merge(EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)]))
  ///
  /// - Parameter names: The names an owner gives its events.
  /// - Throws: ``StateKitError`` for an owner that is not an identifier of at most 64
  ///   characters, or the first name that is invalid or collides.
  public mutating func merge(_ names: EventNames) throws(StateKitError) {
    try table.validate(owner: names.owner)
    var result = table
    for entry in names.entries {
      try result.declare(entry.name, raw: entry.events.rawValue, owner: names.owner)
    }
    table = result
  }

  /// Declares a custom event at an index of the application range.
  ///
  ///     var catalog = EventCatalog()
  ///     try catalog.declare("longPress", applicationBit: 0).rawValue  // 0x0100_0000
  ///
  /// - Parameters:
  ///   - name: An identifier that is not a system name.
  ///   - applicationBit: An index from 0 through 3 (bits 24 through 27).
  /// - Returns: The declared event.
  /// - Throws: ``StateKitError`` when the index is out of range or the declaration collides.
  @discardableResult
  public mutating func declare(_ name: String, applicationBit: Int) throws(StateKitError)
    -> ControlEvents
  {
    let events = try ControlEvents(applicationBit: applicationBit)
    try table.declare(name, raw: events.rawValue, owner: nil)
    return events
  }

  /// Declares a custom event given as its bit.
  ///
  ///     var catalog = EventCatalog()
  ///     try catalog.declare("hover", as: ControlEvents(rawValue: 1 << 12))  // throws: not an application bit
  ///
  /// - Parameters:
  ///   - name: An identifier that is not a system name.
  ///   - events: Exactly one bit inside ``ControlEvents/applicationReserved``.
  /// - Returns: `events`.
  /// - Throws: ``StateKitError`` as ``StateCatalog/declare(_:as:)`` does.
  @discardableResult
  public mutating func declare(_ name: String, as events: ControlEvents) throws(StateKitError)
    -> ControlEvents
  {
    try table.declare(name, raw: events.rawValue, owner: nil)
    return events
  }

  /// Who named a single-bit event: the owner it was merged from, or `nil`.
  ///
  ///     try EventCatalog(merging: [EventNames("G", ["longPress": ControlEvents(rawValue: 1 << 24)])]).owner(of: ControlEvents(rawValue: 1 << 24))  // "G"
  ///
  /// - Parameter events: One bit.
  public func owner(of events: ControlEvents) -> String? { table.owner(of: events.rawValue) }

  /// Every named event, system names first, each in ascending bit order.
  ///
  ///     EventCatalog().entries.count  // 16
  public var entries: [(name: String, events: ControlEvents)] {
    table.entries.map { ($0.name, ControlEvents(rawValue: $0.raw)) }
  }

  /// Every bit that has a name.
  ///
  ///     EventCatalog().namedBits.contains(.menuActionTriggered)  // true
  public var namedBits: ControlEvents { ControlEvents(rawValue: table.namedRawValue) }

  /// The bits of `events` that have no name in this catalog.
  ///
  ///     EventCatalog().unnamedBits(in: ControlEvents(rawValue: 0x0100_0001)).rawValue  // 0x0100_0000
  ///
  /// - Parameter events: Any events.
  /// - Returns: `events` without its named bits.
  public func unnamedBits(in events: ControlEvents) -> ControlEvents {
    events.subtracting(namedBits)
  }

  /// The name of a single-bit event, or `nil`.
  ///
  ///     EventCatalog().name(of: .valueChanged)  // "valueChanged"
  ///
  /// - Parameter events: One bit.
  public func name(of events: ControlEvents) -> String? { table.name(of: events.rawValue) }

  /// The event with a name (byte for byte), or `nil`; `none` is the empty set.
  ///
  ///     EventCatalog().events(named: "touchDown")  // .touchDown
  ///
  /// - Parameter name: An event name.
  public func events(named name: some StringProtocol) -> ControlEvents? {
    table.raw(named: name).map { ControlEvents(rawValue: $0) }
  }

  /// Formats events as text, with the policies of ``StateCatalog/format(_:unknownBits:)``.
  ///
  ///     try EventCatalog().format(ControlEvents(rawValue: 0x0100_0001), unknownBits: .truncate)  // "touchDown"
  ///
  /// - Parameters:
  ///   - events: Any events.
  ///   - unknownBits: What to do with bits that have no name.
  /// - Returns: The text.
  /// - Throws: ``StateKitError`` in strict mode when a bit has no name.
  public func format(_ events: ControlEvents, unknownBits: UnknownBitsPolicy = .retain)
    throws(StateKitError)
    -> String
  {
    try table.format(events.rawValue, unknownBits: unknownBits)
  }

  /// Formats events as text, keeping unnamed bits as hex; this never fails.
  ///
  ///     EventCatalog().description(of: [.touchDown, .editingChanged])  // "touchDown | editingChanged"
  ///
  /// - Parameter events: Any events.
  /// - Returns: Text that ``parse(_:unknownBits:)`` turns back into `events`.
  public func description(of events: ControlEvents) -> String { table.text(of: events.rawValue) }

  /// Parses event text: names, `none` and `0x` hex tokens separated by `|`.
  ///
  ///     try EventCatalog().parse("touchDown | 0x1000000").rawValue  // 0x0100_0001
  ///     try EventCatalog().parse("touchdown")                      // throws: unknown event name
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - unknownBits: The policy for hex tokens.
  /// - Returns: The events.
  /// - Throws: ``StateKitError`` naming the text, the failing token and the reason.
  public func parse(_ text: some StringProtocol, unknownBits: UnknownBitsPolicy = .retain)
    throws(StateKitError)
    -> ControlEvents
  {
    ControlEvents(rawValue: try table.parse(text, unknownBits: unknownBits))
  }
}
