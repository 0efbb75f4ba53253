// doc-code: continues StyleSet.swift

/// Changes to lay over a ``StyleSet``: entries merged per selector, as
/// `StyleSet.overlaid(with:)` merges them, and also whole tables replaced and single
/// entries removed, which merging cannot say.
///
///     var theme = StyleSet()
///     theme[.titleColor, for: .normal] = "blue"
///     theme[.titleColor, for: .visited] = "purple"
///     theme[.underlined, for: .highlighted] = true
///
///     var overlay = StyleOverlay()
///     // Merged, removed, replaced:
///     overlay[.titleColor, for: .disabled] = "gray"
///     overlay.remove(.titleColor, selector: StateSelector(.visited))
///     overlay.replace(.underlined, with: StateTable([(StateSelector(.normal), false)]))
///
///     let styled = theme.overlaid(with: overlay)
///     styled.resolve(.visited)[.titleColor]      // "blue": the visited entry is gone
///     styled.resolve(.disabled)[.titleColor]     // "gray"
///     styled.resolve(.highlighted)[.underlined]  // false: the whole table was replaced
///
/// For each attribute, a replaced table takes the place of the style set's table; otherwise the
/// removed entries leave it and the merged entries are laid over it. The operations keep one
/// another consistent: replacing an attribute drops its merged and removed entries (later
/// changes go to the replacement), merging an entry cancels its removal, and removing one
/// drops it from the merged entries. An overlay may also set the ``precedence`` of the result.
///
/// In a theme file an overlay is a style set's object with two more members whose names begin
/// with `$`:
///
/// ```json
/// {
///   "titleColor": {"disabled": "gray"},
///   "$replace": {"underlined": {"normal": false}, "background": {}},
///   "$remove": {"titleColor": ["visited"]}
/// }
/// ```
///
/// `"$replace"` holds whole tables (`{}` removes the attribute), `"$remove"` the selectors to
/// remove, per attribute. An attribute both replaced and merged or removed, or a selector both
/// removed and merged, is an error when decoding.
public struct StyleOverlay: Hashable, Sendable, CustomStringConvertible {
  /// The entries merged per selector, over attributes that are not replaced.
  public internal(set) var merged = StyleSet()
  /// The replacing tables, except the empty ones (`cleared`).
  var replacements = StyleSet()
  /// Attributes replaced with an empty table: removed.
  var cleared: Set<_StyleSlot> = []
  /// Selectors removed per attribute, for attributes that are not replaced; none of them is
  /// among the merged entries.
  var removals: [_StyleSlot: Set<StateSelector>] = [:]

  /// The precedence the result takes; `nil` keeps the style set's.
  public var precedence: StatePrecedence?

  /// Creates an overlay that changes nothing.

  /// Creates an overlay that merges a style set's entries per selector, as
  /// `StyleSet.overlaid(with:)` does.
  ///
  /// - Parameter style: The entries to merge; its precedence is not the result's.
  public init(merging style: StyleSet = StyleSet()) {
    merged = style
  }

  /// Whether the overlay changes nothing and keeps the precedence.
  public var isEmpty: Bool {
    merged._storage.columns.isEmpty
      && replacements._storage.columns.isEmpty && cleared.isEmpty && removals.isEmpty
      && precedence == nil
  }

  /// The value merged for an attribute and selector, or, for a replaced attribute, the value
  /// of its replacement; setting it merges (or changes the replacement), setting `nil`
  /// forgets the entry (it does not remove the style set's: see
  /// ``remove(_:selector:)``).
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - selector: The entry's selector.
  public subscript<Value>(key: StyleKey<Value>, for selector: StateSelector) -> Value? {
    get {
      isReplaced(key.slot) ? replacements[key, for: selector] : merged[key, for: selector]
    }
    set {
      let slot = key.slot
      if isReplaced(slot) {
        replacements[key, for: selector] = newValue
        if newValue != nil { cleared.remove(slot) }
        if replacements._storage.position(of: slot) == nil { cleared.insert(slot) }
        return
      }
      merged[key, for: selector] = newValue
      if newValue != nil, removals[slot]?.remove(selector) != nil, removals[slot]?.isEmpty == true {
        removals[slot] = nil
      }
    }
  }

  /// The value merged for an attribute and exactly this state; see
  /// the selector subscript.
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - state: The exact state of the entry.
  public subscript<Value>(key: StyleKey<Value>, for state: ControlState) -> Value? {
    get { self[key, for: StateSelector(state)] }
    set { self[key, for: StateSelector(state)] = newValue }
  }

  /// Replaces an attribute's whole table: the result has exactly `table` for it (none when the
  /// table is empty), whatever the style set had. Drops the attribute's merged and removed
  /// entries.
  ///
  ///     var overlay = StyleOverlay()
  ///     overlay.replace(.underlined, with: StateTable())
  ///     var theme = StyleSet()
  ///     theme[.underlined, for: .highlighted] = true
  ///     theme.overlaid(with: overlay).attributeNames  // []
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - table: Its new table; the result's precedence ranks it.
  public mutating func replace<Value>(_ key: StyleKey<Value>, with table: StateTable<Value>) {
    let slot = key.slot
    merged[key] = StateTable()
    removals[slot] = nil
    replacements[key] = table
    if table.isEmpty { cleared.insert(slot) } else { cleared.remove(slot) }
  }

  /// The table that replaces an attribute's, or `nil` when the overlay does not replace it.
  ///
  /// - Parameter key: The attribute.
  public func replacement<Value>(for key: StyleKey<Value>) -> StateTable<Value>? {
    isReplaced(key.slot) ? replacements[key] : nil
  }

  /// Removes one entry of an attribute from the result: the style set's entry for exactly this
  /// selector, and any entry merged for it. For a replaced attribute, removes the entry from
  /// the replacement.
  ///
  ///     var theme = StyleSet()
  ///     theme[.titleColor, for: .normal] = "blue"
  ///     theme[.titleColor, for: .disabled] = "gray"
  ///     var overlay = StyleOverlay()
  ///     overlay.remove(.titleColor, selector: StateSelector(.disabled))
  ///     theme.overlaid(with: overlay).resolve(.disabled)[.titleColor]  // "blue"
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - selector: The selector of the entry to remove.
  public mutating func remove<Value>(_ key: StyleKey<Value>, selector: StateSelector) {
    let slot = key.slot
    if isReplaced(slot) {
      replacements[key, for: selector] = nil
      if replacements._storage.position(of: slot) == nil { cleared.insert(slot) }
      return
    }
    merged[key, for: selector] = nil
    removals[slot, default: []].insert(selector)
  }

  /// The selectors the overlay removes from an attribute that it does not replace, sorted by
  /// their text.
  ///
  /// - Parameter key: The attribute.
  public func removedSelectors<Value>(for key: StyleKey<Value>) -> [StateSelector] {
    (removals[key.slot] ?? []).sorted { $0.description < $1.description }
  }

  func isReplaced(_ slot: _StyleSlot) -> Bool {
    cleared.contains(slot) || replacements._storage.position(of: slot) != nil
  }

  /// The merged entries, the replaced tables and the removed selectors.
  ///
  ///     var overlay = StyleOverlay()
  ///     overlay[.titleColor, for: .normal] = "black"
  ///     overlay.remove(.titleColor, selector: StateSelector(.disabled))
  ///     overlay.description  // "StyleOverlay(merged: StyleSet(titleColor: [normal: black]), removed: [titleColor: disabled])"
  public var description: String {
    var parts: [String] = []
    if !merged._storage.columns.isEmpty { parts.append("merged: \(merged)") }
    let replaced =
      replacements._storage.columns.map { ($0.slot, "\($0.slot.name): \($0.describeEntries())") }
      + cleared.map { ($0, "\($0.name): []") }
    if !replaced.isEmpty {
      parts.append(
        "replaced: [" + replaced.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: ", ") + "]")
    }
    if !removals.isEmpty {
      let removed = removals.sorted { $0.key < $1.key }.map { slot, selectors in
        "\(slot.name): " + selectors.map(\.description).sorted().joined(separator: ", ")
      }
      parts.append("removed: [" + removed.joined(separator: "; ") + "]")
    }
    if let precedence { parts.append("precedence: \(precedence)") }
    return "StyleOverlay(" + parts.joined(separator: ", ") + ")"
  }
}

extension StyleSet {
  /// Returns this style with an overlay laid over it: replaced tables, removed entries, merged
  /// entries, and the overlay's precedence if it has one (see ``StyleOverlay``).
  ///
  ///     var theme = StyleSet()
  ///     theme[.titleColor, for: .normal] = "blue"
  ///     var overlay = StyleOverlay()
  ///     overlay.replace(.titleColor, with: StateTable([(StateSelector(.selected), "white")]))
  ///     theme.overlaid(with: overlay).resolve(.normal)[.titleColor]  // nil
  ///
  /// - Parameter overlay: The changes.
  /// - Returns: The changed style.
  public func overlaid(with overlay: StyleOverlay) -> StyleSet {
    var result = self
    result.apply(overlay)
    return result
  }

  /// Lays an overlay over this style (see `overlaid(with:)`).
  ///
  /// - Parameter overlay: The changes.
  mutating func apply(_ overlay: StyleOverlay) {
    if let precedence = overlay.precedence { self.precedence = precedence }
    for slot in overlay.cleared { setColumn(nil, for: slot) }
    for column in overlay.replacements._storage.columns {
      setColumn(column.reordered(by: precedence), for: column.slot)
    }
    for (slot, selectors) in overlay.removals {
      guard let position = _storage.position(of: slot) else { continue }
      setColumn(_storage.columns[position].removing(selectors), for: slot)
    }
    if !overlay.merged._storage.columns.isEmpty {
      self = overlaid(with: overlay.merged)
    }
  }
}
