/// A typed attribute of a widget's style, such as its title color or its background.
///
/// Declare keys once, as statics constrained to their value type, and use them with a
/// ``StyleSet``:
///
///     extension StyleKey where Value == String {
///         static var titleColor: StyleKey<String> { StyleKey("titleColor") }
///     }
///     extension StyleKey where Value == Bool {
///         static var underlined: StyleKey<Bool> { StyleKey("underlined") }
///     }
///
/// Two keys are the same attribute when both the name and the value type are equal.
public struct StyleKey<Value: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
  /// The attribute's name, such as `titleColor`.
  ///
  ///     StyleKey<String>("titleColor").name  // "titleColor"
  public let name: String

  /// Creates a key.
  ///
  ///     let titleColor = StyleKey<String>("titleColor")
  ///
  /// - Parameter name: The attribute's name; unique among the keys of one value type.
  public init(_ name: String) {
    self.name = name
  }

  /// The name and the value type, such as `titleColor: String`.
  ///
  ///     StyleKey<String>("titleColor").description  // "titleColor: String"
  public var description: String { "\(name): \(Value.self)" }

  var slot: _StyleSlot { _StyleSlot(name: name, valueType: Value.self) }
}

/// The per-state attributes of one widget: one ``StateTable`` per typed key, resolved for a
/// state in one call.
///
/// The classic example is a link whose title is blue until it has been visited:
///
///     extension ControlState {
///         public static let visited = ControlState(rawValue: 1 << 16)
///     }
///
///     var style = StyleSet()
///     style[.titleColor, for: .normal] = "blue"
///     style[.titleColor, for: .visited] = "purple"
///     style[.underlined, for: .highlighted] = true
///
///     let look = style.resolve([.visited, .highlighted])
///     look[.titleColor]  // "purple"
///     look[.underlined]  // true
///     style.resolve(.normal)[.underlined]  // nil: no entry applies
///
/// A style set is a plain value: equal when every key has equal tables and the precedence is
/// the same. Every table of a style set ranks its entries by the style set's ``precedence``.
public struct StyleSet: Hashable, Sendable, CustomStringConvertible {
  var tables: [_StyleSlot: any _StyleTable] = [:]

  /// The precedence of every table in the style set; setting it reorders them all.
  ///
  ///     var style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
  ///     style[.titleColor, for: [.selected, .highlighted]] = "white"
  ///     style[.titleColor, for: .disabled] = "gray"
  ///     style.resolve([.disabled, .selected, .highlighted])[.titleColor]  // "gray"
  public var precedence: StatePrecedence {
    didSet {
      guard precedence != oldValue else { return }
      for (slot, table) in tables { tables[slot] = table.reorderedAny(by: precedence) }
    }
  }

  /// Creates an empty style set.
  ///
  ///     StyleSet().resolve(.normal).isEmpty  // true
  public init() {
    precedence = .standard
  }

  /// Creates an empty style set whose tables rank entries by a precedence.
  ///
  ///     let style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
  ///
  /// - Parameter precedence: The dominant states and the order that breaks ties.
  public init(precedence: StatePrecedence) {
    self.precedence = precedence
  }

  /// The table of one attribute; an empty table when the attribute has no entries.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor] = StateTable([(StateSelector(.normal), "blue")])
  ///     style[.titleColor].count  // 1
  ///
  /// - Parameter key: The attribute.
  /// A table set here takes the style set's ``precedence``.
  public subscript<Value>(key: StyleKey<Value>) -> StateTable<Value> {
    get {
      (tables[key.slot] as? _StyleTableBox<Value>)?.table ?? StateTable(precedence: precedence)
    }
    set {
      var table = newValue
      if table.precedence != precedence { table.precedence = precedence }
      tables[key.slot] = table.isEmpty ? nil : _StyleTableBox(table: table)
    }
  }

  /// The value stored for an attribute and exactly this state; setting `nil` removes it.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .disabled] = "gray"
  ///     style[.titleColor, for: .disabled]  // "gray"
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - state: The exact state of the entry.
  public subscript<Value>(key: StyleKey<Value>, for state: ControlState) -> Value? {
    get { self[key][state] }
    set { self[key][state] = newValue }
  }

  /// The value stored for an attribute and exactly this selector; setting `nil` removes it.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: try StateSelector(requiring: .selected, excluding: .disabled)] = "white"
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - selector: The selector of the entry.
  public subscript<Value>(key: StyleKey<Value>, for selector: StateSelector) -> Value? {
    get { self[key][selector] }
    set { self[key][selector] = newValue }
  }

  /// The names of the attributes that have entries, sorted.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style.attributeNames  // ["titleColor"]
  public var attributeNames: [String] {
    tables.keys.map(\.name).sorted()
  }

  /// Resolves every attribute for a control in `state`, with each table's best match.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .selected] = "white"
  ///     let look = style.resolve([.selected, .highlighted])
  ///     look[.titleColor]  // "white", the best matching title color
  ///     look[.underlined]  // nil, as no entry applies
  ///
  /// - Parameter state: The state of a control.
  /// - Returns: The value of each attribute that has one for this state.
  public func resolve(_ state: ControlState) -> ResolvedStyle {
    var values: [_StyleSlot: AnyHashable] = [:]
    for (slot, table) in tables {
      if let value = table.resolveAny(state) { values[slot] = value }
    }
    return ResolvedStyle(values: values)
  }

  /// Returns this style with another laid over it: for each attribute, the other's entries win
  /// where both have the same selector.
  ///
  ///     var theme = StyleSet(), widget = StyleSet()
  ///     theme[.titleColor, for: .normal] = "blue"
  ///     widget[.titleColor, for: .normal] = "black"
  ///     theme.overlaid(with: widget).resolve(.normal)[.titleColor]  // "black"
  ///
  /// - Parameter overrides: The style that takes precedence.
  /// - Returns: The merged style, with this style's ``precedence``.
  public func overlaid(with overrides: StyleSet) -> StyleSet {
    var result = self
    for (slot, table) in overrides.tables {
      result.tables[slot] =
        result.tables[slot].map { $0.overlaidAny(with: table) }
        ?? table.reorderedAny(by: precedence)
    }
    return result
  }

  /// Each attribute, sorted by name, with its entries best first.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .disabled] = "gray"
  ///     style.description  // "StyleSet(titleColor: [disabled: gray, normal: blue])"
  public var description: String {
    let parts = tables.sorted { $0.key < $1.key }.map { slot, table in
      "\(slot.name): \(table.describeEntries())"
    }
    return "StyleSet(" + parts.joined(separator: ", ") + ")"
  }

  /// Style sets are equal when every attribute has equal tables.
  ///
  ///     StyleSet() == StyleSet()  // true
  public static func == (lhs: StyleSet, rhs: StyleSet) -> Bool {
    lhs.precedence == rhs.precedence && lhs.tables.count == rhs.tables.count
      && lhs.tables.allSatisfy { slot, table in rhs.tables[slot].map(table.isEqual) ?? false }
  }

  /// Hashes the precedence, the attribute names and the tables.
  ///
  ///     Set([StyleSet(), StyleSet()]).count  // 1
  public func hash(into hasher: inout Hasher) {
    // Order-independent: combine per-attribute hashes with a commutative sum.
    var sum = 0
    for (slot, table) in tables {
      var inner = Hasher()
      inner.combine(slot)
      table.hashAny(into: &inner)
      sum &+= inner.finalize()
    }
    hasher.combine(precedence)
    hasher.combine(tables.count)
    hasher.combine(sum)
  }
}

/// The attributes of a ``StyleSet`` resolved for one state.
///
///     var style = StyleSet()
///     style[.titleColor, for: .visited] = "purple"
///     let look = style.resolve(.visited)
///     look[.titleColor]  // "purple"
public struct ResolvedStyle: Hashable, Sendable, CustomStringConvertible {
  // AnyHashable holds only values of `Hashable & Sendable` types here (StyleKey requires both).
  nonisolated(unsafe) private var values: [_StyleSlot: AnyHashable]

  init(values: [_StyleSlot: AnyHashable]) {
    self.values = values
  }

  /// The resolved value of an attribute, or `nil` when no entry applies.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style.resolve(.normal)[.titleColor]  // "blue"
  ///
  /// - Parameter key: The attribute.
  public subscript<Value>(key: StyleKey<Value>) -> Value? {
    values[key.slot]?.base as? Value
  }

  /// The number of attributes that have a value.
  ///
  ///     StyleSet().resolve(.normal).count  // 0
  public var count: Int { values.count }

  /// Whether no attribute has a value.
  ///
  ///     StyleSet().resolve(.normal).isEmpty  // true
  public var isEmpty: Bool { values.isEmpty }

  /// Each attribute that has a value, sorted by name.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .visited] = "purple"
  ///     style[.underlined, for: .visited] = true
  ///     style.resolve(.visited).description  // "ResolvedStyle(titleColor: purple, underlined: true)"
  public var description: String {
    let parts = values.sorted { $0.key < $1.key }.map { slot, value in
      "\(slot.name): \(value.base)"
    }
    return "ResolvedStyle(" + parts.joined(separator: ", ") + ")"
  }
}

/// The identity of an attribute: its name and its value type.
struct _StyleSlot: Hashable, Sendable, Comparable {
  let name: String
  let valueType: any (Hashable & Sendable).Type

  static func == (lhs: _StyleSlot, rhs: _StyleSlot) -> Bool {
    lhs.name == rhs.name && lhs.valueType == rhs.valueType
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(ObjectIdentifier(valueType))
  }

  /// Attributes come in text and files by name, and by value type for two attributes of one
  /// name, so the order never depends on a dictionary's.
  static func < (lhs: _StyleSlot, rhs: _StyleSlot) -> Bool {
    (lhs.name, String(reflecting: lhs.valueType)) < (rhs.name, String(reflecting: rhs.valueType))
  }
}

/// A ``StateTable`` with its value type erased, so a ``StyleSet`` can hold tables of any type.
protocol _StyleTable: Sendable {
  func resolveAny(_ state: ControlState) -> AnyHashable?
  func isEqual(_ other: any _StyleTable) -> Bool
  func hashAny(into hasher: inout Hasher)
  func overlaidAny(with other: any _StyleTable) -> any _StyleTable
  func describeEntries() -> String
  func reorderedAny(by precedence: StatePrecedence) -> any _StyleTable
  /// The table as a value an encoder can write, or `nil` when the value type is not Encodable.
  var encodable: (any Encodable)? { get }
}

/// The box that holds one attribute's table.
struct _StyleTableBox<Value: Hashable & Sendable>: _StyleTable {
  var table: StateTable<Value>

  func resolveAny(_ state: ControlState) -> AnyHashable? {
    table.resolve(state).map(AnyHashable.init)
  }

  func isEqual(_ other: any _StyleTable) -> Bool {
    (other as? Self)?.table == table
  }

  func hashAny(into hasher: inout Hasher) {
    table.hash(into: &hasher)
  }

  func describeEntries() -> String {
    table.description
  }

  func reorderedAny(by precedence: StatePrecedence) -> any _StyleTable {
    var copy = table
    copy.precedence = precedence
    return Self(table: copy)
  }

  var encodable: (any Encodable)? {
    table as? any Encodable
  }

  func overlaidAny(with other: any _StyleTable) -> any _StyleTable {
    // Boxes under one slot share the slot's value type, so the cast always succeeds.
    guard let other = other as? Self else { return self }
    return Self(table: table.overlaid(with: other.table))
  }
}
