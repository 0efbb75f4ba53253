/// The names a library (or an app) gives to its custom states, as a constant it exports.
///
/// A widget library has no start-up code to declare states in, and printing a state must not
/// depend on which code ran first. So a library keeps its states and their names as plain
/// constants, which cannot fail, and the app merges the names of every library it uses into one
/// ``StateCatalog``. That merge is the first moment two libraries meet, and it reports any
/// collision with both claimants named:
///
///     // In the library LinkKit:
///     extension ControlState {
///         public static let visited = ControlState(rawValue: 1 << 16)  // application bit 0
///     }
///     extension StateNames {
///         public static let linkKit = StateNames("LinkKit", ["visited": .visited])
///     }
///
///     // In the app, where it starts:
///     let catalog = try StateCatalog(merging: [.linkKit])
///     catalog.description(of: [.selected, .visited])  // "selected | visited"
///
/// Nothing is checked when the constant is built: a name or an owner that is not an
/// identifier, or a state that is not one application bit, is reported by the merge, naming
/// the owner. A library checks its own names in its tests with
/// `try StateCatalog(merging: [.linkKit])`.
public struct StateNames: Hashable, Sendable {
  /// The names, as every layout's names are kept.
  let names: BitNames<ControlState>

  /// One name and the state it names.
  ///
  ///     StateNames("LinkKit", ["visited": ControlState(rawValue: 1 << 16)]).entries[0].bits  // ControlState(rawValue: 0x10000)
  public typealias Entry = BitNames<ControlState>.Entry

  /// Who gives these names, such as a library's module name; error messages name it, and
  /// ``StateNamespaces`` qualifies its states with it (`LinkKit.visited`), so a merge requires
  /// an ASCII identifier of at most 64 characters.
  public var owner: String { names.owner }
  /// The names with their states, in the order given.
  public var entries: [Entry] { names.entries }

  /// The widget kind whose widgets alone carry these states, or `nil` for states any widget of
  /// the owner may carry.
  ///
  /// States of two kinds never meet on one widget, so they may use the same bits: a library can
  /// name more custom states than the application range has bits, as long as each kind's
  /// states, with the owner's states for every kind, fit. A merge checks each kind against the
  /// states for every kind, and the catalog prints a kind's states through
  /// ``BitCatalog/kind(_:of:)``. ``StateNamespaces`` keeps the kinds apart as a merge does: the
  /// kinds of an owner that name one bit keep sharing it (moved together, when another library
  /// keeps the bit), and its catalog's ``BitCatalog/kind(_:of:)`` prints them.
  public var kind: String? { names.kind }

  /// Creates the names an owner gives to its states, from entries.
  ///
  /// - Parameters:
  ///   - owner: Who gives the names.
  ///   - entries: The names and their states.
  public init(_ owner: String, entries: [Entry]) {
    names = BitNames(owner, entries: entries)
  }

  /// Creates the names an owner gives to the states of one widget kind. This never fails; a
  /// merge checks them.
  ///
  ///     let hexView = StateNames("Toolkit", kind: "HexView", ["hexPane": ControlState(rawValue: 1 << 20)])
  ///     let tabView = StateNames("Toolkit", kind: "TabView", ["edited": ControlState(rawValue: 1 << 20)])
  ///     let catalog = try StateCatalog(merging: [hexView, tabView])  // bit 20 twice: no collision
  ///     catalog.kind("HexView", of: "Toolkit")?.description(of: ControlState(rawValue: 1 << 20))  // "hexPane"
  ///
  /// - Parameters:
  ///   - owner: Who gives the names, such as the library's module name.
  ///   - kind: The widget kind whose widgets carry these states, an identifier.
  ///   - names: Each name with the state it names, one application bit each.
  public init(_ owner: String, kind: String? = nil, _ names: KeyValuePairs<String, ControlState>) {
    self.names = BitNames(owner, kind: kind, names)
  }

  /// The names as text, without a merge: the system names and these names, other bits as hex,
  /// in the state text format. For names a library declares as constants, whose merge its
  /// tests check; where two entries claim one bit or one name, the first one given is used.
  ///
  ///     let names = StateNames("LinkKit", ["visited": ControlState(rawValue: 1 << 16)])
  ///     names.description(of: [.selected, ControlState(rawValue: 1 << 16)])  // "selected | visited"
  ///     names.description(of: ControlState(rawValue: 1 << 17))               // "0x20000"
  ///
  /// - Parameter state: Any state.
  /// - Returns: The state's text.
  public func description(of state: ControlState) -> String {
    names.description(of: state)
  }
}
