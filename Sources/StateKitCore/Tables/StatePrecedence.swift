/// The order in which a ``StateTable`` ranks its entries: which states dominate, and which state
/// wins a tie between two equally specific entries.
///
/// The standard precedence ranks `disabled`, then `highlighted`, `focused`, `selected`, then the
/// application bits from 23 down to 16, and dominates with nothing. Two adjustments cover what
/// widget libraries ask for:
///
/// - **Dominant states** win over specificity. With `disabled` dominant, an entry that requires
///   `disabled` beats any entry that does not, so `[.selected, .highlighted]` no longer wins over
///   `disabled` for a disabled, selected, highlighted control, and no entry needs `!disabled`.
/// - **A custom order** decides ties between equally specific entries, for example a custom state
///   that should win over `selected` although its bit number says otherwise.
///
///     var titleColor = StateTable<String>(precedence: StatePrecedence(dominant: .disabled))
///     titleColor[.normal] = "blue"
///     titleColor[[.selected, .highlighted]] = "white"
///     titleColor[.disabled] = "gray"
///     titleColor.resolve([.disabled, .selected, .highlighted])  // "gray"
///
/// The ranking of entries is, in order: the dominant states an entry requires (compared by the
/// order), then specificity, then the order of the required states, then of the excluded ones.
/// It is a total order, so a table resolves the same way whatever order it was filled in.
public struct StatePrecedence: Hashable, Sendable {
  /// The rank of each named bit, four bits each: the system names' bits at the low nibbles,
  /// then the application bits (see ``ControlState/layout``); rank 0 is the highest.
  @usableFromInline let ranks: UInt64

  /// The states that win over specificity.
  public let dominant: ControlState

  /// The toolkit whose layout and rule the precedence follows.
  @usableFromInline let _toolkit: _Toolkit

  /// The toolkits a precedence knows the rule of; each is a layout of ``BitLayout/all``.
  @usableFromInline enum _Toolkit: UInt8, Hashable, Sendable {
    case uikit, lvgl, lvgl95, gtk
  }

  /// The standard order: disabled, highlighted, focused, selected, application bits 23 to 16.
  static let standardOrder: [ControlState] =
    [.disabled, .highlighted, .focused, .selected]
    + ControlState.layout.application.reversed().map { ControlState(rawValue: 1 << UInt($0)) }

  /// Where the layout puts the named bits: `systemNamed` system states at bits
  /// `0..<systemNamed`, then the application range from `applicationLow`, `applicationCount`
  /// bits wide; `key` packs them into nibbles and the other bits below them.
  @usableFromInline static let systemNamed = UInt64(ControlState.layout.systemNames.count)
  @usableFromInline static let applicationLow = UInt64(ControlState.layout.application.lowerBound)
  @usableFromInline static let applicationCount = UInt64(ControlState.layout.application.count)

  /// The standard precedence: nothing dominates; ties go to disabled, highlighted, focused,
  /// selected, then the application bits from 23 down to 16.
  public static let standard = StatePrecedence([], dominant: .normal)

  /// Creates a precedence from an order of states, highest first, and the states that dominate.
  ///
  /// Each element of `order` ranks its named bits (system states and application bits) after
  /// those of the elements before it; named bits no element mentions follow in the standard
  /// order. Bits outside the named ranges keep their fixed place below every named bit, so
  /// listing them has no effect. A bit listed twice keeps its first place.
  ///
  ///     let visited = ControlState(rawValue: 1 << 16)
  ///     let precedence = StatePrecedence([visited, .disabled], dominant: .disabled)
  ///     precedence.order.prefix(3)  // [visited, .disabled, .highlighted]
  ///
  /// - Parameters:
  ///   - order: States, highest precedence first.
  ///   - dominant: States that win over specificity; empty by default.
  public init(_ order: [ControlState] = [], dominant: ControlState = .normal) {
    var ranks: UInt64 = 0
    var placed: UInt = 0
    var next: UInt64 = 0
    // Within one element, its bits take the standard order.
    for element in order + Self.standardOrder {
      for named in Self.standardOrder
      where element.rawValue & named.rawValue != 0 && placed & named.rawValue == 0 {
        placed |= named.rawValue
        ranks |= next << UInt64(4 * Self.nibble(of: named))
        next += 1
      }
    }
    self.ranks = ranks
    self.dominant = dominant
    _toolkit = .uikit
  }

  /// The precedence of a toolkit's layout, which ranks entries as that toolkit does:
  ///
  /// - ``BitLayout/lvgl`` and ``BitLayout/lvgl95``: LVGL's rule (`lv_obj_style.c`,
  ///   `get_prop_core`, 8.0 to 9.5): of the matching entries, the one whose required state has
  ///   the greatest value wins, whatever its specificity. LVGL takes the style added last among
  ///   styles of the same state; a table has one entry per selector, and a later value for a
  ///   selector replaces the earlier one, so the value set last wins there too.
  /// - ``BitLayout/gtk``: the most specific match, as CSS selectors are; ties go to the greater
  ///   state value. GTK takes the rule written later, an order a table keyed by selector does
  ///   not keep: for GTK's exact cascade, make a first-match table of the rules sorted most
  ///   specific first and, among equals, later first
  ///   (``StateTable/init(firstMatch:)-(Sequence<(StateSelector,Value)>)``), as
  ///   the GTKButton example does.
  /// - Any other layout: ``standard``, UIKit's.
  ///
  /// A table with it prints its states with the layout's names.
  ///
  ///     var background = StateTable<String>(precedence: StatePrecedence(layout: .lvgl))
  ///     background[ControlState(rawValue: 0x03)] = "checked and focused"  // LV_STATE_CHECKED | LV_STATE_FOCUSED
  ///     background[ControlState(rawValue: 0x20)] = "pressed"              // LV_STATE_PRESSED
  ///     background.resolve(ControlState(rawValue: 0x23))  // "pressed": 0x20 > 0x03
  ///
  /// - Parameter layout: A toolkit's layout.
  public init(layout: BitLayout) {
    ranks = Self.standard.ranks
    dominant = .normal
    switch layout.name {
    case BitLayout.lvgl.name: _toolkit = .lvgl
    case BitLayout.lvgl95.name: _toolkit = .lvgl95
    case BitLayout.gtk.name: _toolkit = .gtk
    default: _toolkit = .uikit
    }
  }

  /// The layout whose names a table with this precedence prints its states with, and whose
  /// rule it resolves by (see ``init(layout:)``): ``ControlState/layout`` unless the
  /// precedence was made for another.
  public var layout: BitLayout {
    switch _toolkit {
    case .uikit: .controlState
    case .lvgl: .lvgl
    case .lvgl95: .lvgl95
    case .gtk: .gtk
    }
  }

  /// Whether the greatest required value wins before specificity: LVGL's rule.
  var ranksByValue: Bool { _toolkit == .lvgl || _toolkit == .lvgl95 }

  /// The named states, highest precedence first: the four system states and the eight
  /// application bits.
  public var order: [ControlState] {
    guard _toolkit == .uikit else {
      // Another toolkit's ties go to the greater value: its named bits, highest first.
      let layout = self.layout
      let bits = layout.systemNames.map { $0.bit } + Array(layout.application)
      return bits.sorted(by: >).map { ControlState(rawValue: 1 << UInt($0)) }
    }
    var result = Self.standardOrder
    for named in Self.standardOrder {
      result[Int(ranks >> UInt64(4 * Self.nibble(of: named)) & 0xF)] = named
    }
    return result
  }

  /// A number that orders states by this precedence: a state with a higher-ranked bit that the
  /// other lacks has the greater key. Distinct states have distinct keys.
  @inlinable
  func key(_ state: ControlState) -> UInt64 {
    let raw = UInt64(state.rawValue)
    // Other toolkits rank by value: the greater state first.
    if _toolkit != .uikit { return raw }
    // The unnamed system bits and the bits above the application range keep the standard low
    // places; the named bits (system names and application range) take the top places, by rank.
    let (system, low, count) = (Self.systemNamed, Self.applicationLow, Self.applicationCount)
    let gap = low - system
    let one: UInt64 = 1
    let high: UInt64 = (raw >> (low + count)) << gap
    var key: UInt64 = high | (raw >> system & ((one << gap) - 1))
    let application: UInt64 = raw >> gap & (((one << count) - 1) << system)
    var named: UInt64 = (raw & ((one << system) - 1)) | application
    while named != 0 {
      let nibble = UInt64(named.trailingZeroBitCount)
      key |= 1 << (63 - (ranks >> (4 * nibble) & 0xF))
      named &= named &- 1
    }
    return key
  }

  /// Whether one selector ranks before another: it requires more highly ranked dominant states,
  /// or as many and is more specific, or as specific and first by this order.
  ///
  ///     let precedence = StatePrecedence(dominant: .disabled)
  ///     precedence.outranks(StateSelector(.disabled), StateSelector([.selected, .focused]))  // true
  ///     StatePrecedence.standard.outranks(StateSelector(.disabled), StateSelector([.selected, .focused]))  // false
  ///
  /// - Parameters:
  ///   - selector: A selector.
  ///   - other: Another selector.
  /// - Returns: `true` when `selector` comes first; `false` for equal selectors.
  public func outranks(_ selector: StateSelector, _ other: StateSelector) -> Bool {
    if ranksByValue, selector.required != other.required {
      return selector.required.rawValue > other.required.rawValue
    }
    if !dominant.isNormal {
      let (mine, theirs) = (
        key(selector.required.intersection(dominant)), key(other.required.intersection(dominant))
      )
      if mine != theirs { return mine > theirs }
    }
    if selector.specificity != other.specificity {
      return selector.specificity > other.specificity
    }
    let (required, otherRequired) = (key(selector.required), key(other.required))
    if required != otherRequired { return required > otherRequired }
    return key(selector.excluded) > key(other.excluded)
  }

  /// What ``outranks(_:_:)`` compares of a selector, in its order, worked out once: a selector
  /// outranks another exactly when its rank outranks the other's. A sort of many entries ranks
  /// each selector once instead of at every comparison.
  @usableFromInline
  func _rank(_ selector: StateSelector) -> _SelectorRank {
    _SelectorRank(
      value: ranksByValue ? selector.required.rawValue : 0,
      dominant: dominant.isNormal ? 0 : key(selector.required.intersection(dominant)),
      specificity: selector.specificity, required: key(selector.required),
      excluded: key(selector.excluded))
  }

  /// The shortest prefix of ``order`` that gives this precedence again with the same dominant
  /// states: empty for the standard order.
  var shortestOrder: [ControlState] {
    guard _toolkit == .uikit else { return [] }
    let order = self.order
    var count = 0
    while count < order.count,
      StatePrecedence(Array(order.prefix(count)), dominant: dominant) != self
    {
      count += 1
    }
    return Array(order.prefix(count))
  }

  /// The nibble of `ranks` that holds a named bit's rank.
  private static func nibble(of named: ControlState) -> Int {
    let bit = UInt64(named.rawValue.trailingZeroBitCount)
    return Int(bit < systemNamed ? bit : bit - (applicationLow - systemNamed))
  }
}

extension StatePrecedence: CustomStringConvertible {
  /// The order of the named states, highest first, with the dominant states.
  ///
  ///     print(StatePrecedence(dominant: .disabled))
  ///     // disabled > highlighted > focused > selected > 0x800000 > 0x400000 > 0x200000 > 0x100000 > 0x80000 > 0x40000 > 0x20000 > 0x10000 (dominant: disabled)
  public var description: String {
    if _toolkit != .uikit { return StateCatalog.system.description(of: self) }
    let names = order.map { $0.description }.joined(separator: " > ")
    return dominant.isNormal ? names : "\(names) (dominant: \(dominant))"
  }
}

extension StateCatalog {
  /// A precedence as a theme file states it, with custom states by name: the states ranked
  /// before the standard order, and the dominant states.
  ///
  ///     let links = try StateCatalog(merging: [StateNames("Links", ["visited": ControlState(rawValue: 1 << 16)])])
  ///     let precedence = StatePrecedence([ControlState(rawValue: 1 << 16)], dominant: .disabled)
  ///     links.description(of: precedence)  // "visited first; dominant: disabled"
  ///     links.description(of: .standard)  // "standard"
  ///
  /// - Parameter precedence: The precedence.
  /// - Returns: `standard`, or the states ranked first and the dominant states.
  public func description(of precedence: StatePrecedence) -> String {
    guard precedence != .standard else { return "standard" }
    if precedence.ranksByValue {
      return "\(precedence.layout.name): the greatest state value wins (LVGL's rule)"
    }
    if precedence._toolkit != .uikit {
      return "\(precedence.layout.name): the most specific, then the greatest state value"
    }
    let order = precedence.shortestOrder.map { description(of: $0) }
    var parts = [order.isEmpty ? "standard order" : order.joined(separator: ", ") + " first"]
    if !precedence.dominant.isNormal {
      parts.append("dominant: " + description(of: precedence.dominant))
    }
    return parts.joined(separator: "; ")
  }
}

/// A selector's rank by a precedence (``StatePrecedence/_rank(_:)``): the parts `outranks`
/// compares, in its order.
@usableFromInline
struct _SelectorRank {
  /// The required value, by which LVGL ranks first; 0 for other toolkits.
  let value: UInt
  /// The key of the dominant states required; 0 without dominant states.
  let dominant: UInt64
  let specificity: Int
  /// The keys of the required and the excluded states.
  let required: UInt64
  let excluded: UInt64

  /// Whether this rank comes first: the first part that differs decides, the greater first.
  @usableFromInline
  func outranks(_ other: _SelectorRank) -> Bool {
    if value != other.value { return value > other.value }
    if dominant != other.dominant { return dominant > other.dominant }
    if specificity != other.specificity { return specificity > other.specificity }
    if required != other.required { return required > other.required }
    return excluded > other.excluded
  }
}
