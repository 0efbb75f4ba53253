/// A bit set whose bits follow a ``BitLayout``: the system's members, an application range for
/// app-defined members, and reserved bits. A ``BitCatalog`` names the members of any such set,
/// with one implementation of declaring, collision checks and the text format.
///
/// ``ControlState`` and ``ControlEvents`` conform. Another toolkit's bits are one type that
/// declares its layout:
///
///     struct PanelState: LayoutBitSet {
///         var rawValue: UInt
///         static let layout = BitLayout(
///             typeName: "PanelState", noun: "state", emptyName: "closed",
///             spans: [.init("system", .system, 0...7), .init("app", .application, 8...11)],
///             systemNames: [("open", 0)])
///         static let open = PanelState(rawValue: 1)
///     }
///     var panels = BitCatalog<PanelState>()
///     try panels.declare("pinned", applicationBit: 0)
///     panels.description(of: PanelState(rawValue: 0x101))  // "open | pinned"
public protocol LayoutBitSet: OptionSet, Hashable, Sendable where RawValue == UInt {
  /// The layout of the bits: which are the system's, which the application's, which reserved.
  static var layout: BitLayout { get }

  /// The catalog of the system names only, which the set's `description` uses. A conforming
  /// type may keep it in a `static let`, so it is built once; by default it is built each time.
  static var systemCatalog: BitCatalog<Self> { get }
}

extension LayoutBitSet {
  /// The catalog of the system names, built from ``layout``.
  public static var systemCatalog: BitCatalog<Self> { BitCatalog() }

  /// Creates the single-bit member at an index of the application range.
  ///
  /// For ``ControlState``, index 0 is bit 16 (`0x00010000`) and index 7 is bit 23; for
  /// ``ControlEvents``, indexes 0 through 3 are bits 24 through 27.
  ///
  /// - Parameter applicationBit: An index into the layout's application range.
  /// - Throws: ``StateKitError`` with code ``StateKitError/Code/applicationBitOutOfRange`` when
  ///   the index is outside the range; the error names the index and the valid range.
  public init(applicationBit: Int) throws(StateKitError) {
    let range = Self.layout.application
    guard (0..<range.count).contains(applicationBit) else {
      throw StateKitError.applicationBitOutOfRange(applicationBit, layout: Self.layout)
    }
    self.init(rawValue: 1 << UInt(range.lowerBound + applicationBit))
  }

  /// The members as text with the system names (``systemCatalog``): names in ascending bit
  /// order joined by `" | "`, then any other bits as one lowercase hex number; the layout's
  /// empty name for no bits.
  ///
  /// The text never depends on what the program did before: custom members print as hex here,
  /// and by name through a catalog (``BitCatalog/description(of:)-(Bits)``).
  ///
  ///     ControlState([.selected, .highlighted]).description      // "highlighted | selected"
  ///     ControlState(rawValue: 0x0001_0004).description         // "selected | 0x10000"
  ///     ControlState.normal.description                         // "normal"
  ///     ControlEvents([.valueChanged, .touchDown]).description  // "touchDown | valueChanged"
  ///     ControlEvents().description                             // "none"
  ///
  /// The text parses back to the same members: `ControlState(state.description) == state` for
  /// every raw value.
  public var description: String {
    Self.systemCatalog.description(of: self)
  }

  /// The members as text with the raw value and the layout's type name, for debugging.
  ///
  ///     ControlState.selected.debugDescription  // "ControlState(selected, rawValue: 0x4)"
  ///     ControlEvents.touchDown.debugDescription  // "ControlEvents(touchDown, rawValue: 0x1)"
  public var debugDescription: String {
    "\(Self.layout.typeName)(\(description), rawValue: \(_hex(rawValue)))"
  }

  /// Parses text with the system names (``systemCatalog``), or returns `nil`. To parse custom
  /// names, or to learn why text is rejected, use ``BitCatalog/parse(_:unknownBits:)``
  /// (`try StateCatalog.system.parse(text)` with the system names).
  ///
  ///     ControlState("highlighted | selected")            // [.highlighted, .selected]
  ///     ControlState("selected | 0x10000")?.rawValue        // 0x10004
  ///     ControlState("selected ||")                       // nil
  ///     ControlEvents("touchDown | 0x1000000")?.rawValue  // 0x0100_0001
  ///     ControlEvents("touchdown")                        // nil
  ///
  /// - Parameter description: Names, the empty name and `0x` hex tokens separated by `|`.
  public init?(_ description: String) {
    guard let bits = try? Self.systemCatalog.parse(description) else { return nil }
    self = bits
  }
}

extension ControlState: LayoutBitSet {
  /// The catalog of the system names only, built once: ``BitCatalog/system``.
  public static let systemCatalog = StateCatalog()
}

extension ControlEvents: LayoutBitSet {
  /// The catalog of UIKit's event names only, built once: ``BitCatalog/system``.
  public static let systemCatalog = EventCatalog()
}
