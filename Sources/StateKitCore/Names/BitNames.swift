/// The names an owner (a library or an app) gives to custom members of a bit set: plain
/// values that cannot fail, checked when they are merged into a ``BitCatalog``.
///
///     extension ControlEvents {
///         static let longPress = ControlEvents(rawValue: 1 << 24)  // application bit 0
///     }
///     let gestures = EventNames("GestureKit", ["longPress": .longPress])
///     try EventCatalog(merging: [gestures]).description(of: [.touchDown, .longPress])  // "touchDown | longPress"
///
/// ``EventNames`` is `BitNames<ControlEvents>`. States have ``StateNames``, the same value in a
/// type of its own, because widget libraries export their names as a `static let` of it, and
/// Swift keeps no static stored property in a generic type. A `BitNames` constant is a global
/// `let` or a computed `static var`.
public struct BitNames<Bits: LayoutBitSet>: Hashable, Sendable {
  /// One name and the member it names.
  ///
  ///     EventNames("G", ["longPress": ControlEvents(rawValue: 1 << 24)]).entries[0].name  // "longPress"
  public struct Entry: Hashable, Sendable {
    /// The name.
    public let name: String
    /// The member it names: one bit of the application range, once checked by a merge.
    public let bits: Bits

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - bits: The member it names.
    public init(name: String, bits: Bits) {
      self.name = name
      self.bits = bits
    }
  }

  /// Who gives these names, such as a library's module name; error messages name it. A merge
  /// requires an ASCII identifier of at most 64 characters.
  public let owner: String
  /// The names with their members, in the order given.
  public let entries: [Entry]
  /// The widget kind whose widgets alone carry these members, or `nil` for members any widget
  /// of the owner may carry (see ``StateNames/kind``).
  public let kind: String?

  /// Creates the names an owner gives to its members, from entries.
  ///
  /// - Parameters:
  ///   - owner: Who gives the names.
  ///   - entries: The names and their members.
  ///   - kind: The widget kind whose widgets carry these members, an identifier; `nil` for
  ///     every kind.
  public init(_ owner: String, entries: [Entry], kind: String? = nil) {
    self.owner = owner
    self.entries = entries
    self.kind = kind
  }

  /// Creates the names an owner gives to the members of one widget kind. This never fails; a
  /// merge checks them.
  ///
  /// - Parameters:
  ///   - owner: Who gives the names, such as the library's module name.
  ///   - kind: The widget kind whose widgets carry these members, an identifier.
  ///   - names: Each name with its member, one application bit each.
  public init(_ owner: String, kind: String? = nil, _ names: KeyValuePairs<String, Bits>) {
    self.init(owner, entries: names.map { Entry(name: $0.key, bits: $0.value) }, kind: kind)
  }

  /// The names as text, without a merge: the system names and these names, other bits as hex,
  /// in the text format. For names a library declares as constants, whose merge its tests
  /// check; where two entries claim one bit or one name, the first one given is used.
  ///
  ///     let names = EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)])
  ///     names.description(of: [.touchDown, ControlEvents(rawValue: 1 << 24)])  // "touchDown | longPress"
  ///
  /// - Parameter bits: Any members.
  /// - Returns: Their text.
  public func description(of bits: Bits) -> String {
    var catalog = BitCatalog<Bits>()
    for entry in entries { _ = try? catalog.declare(entry.name, as: entry.bits) }
    return catalog.description(of: bits)
  }
}
