// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md
// doc-code: continues StyleSet.swift

extension StyleSet {
  /// Why a style set resolves a state as it does: for each attribute, the entry that won and
  /// what decided, from each table's ``StateTable/explain(_:catalog:)``.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .disabled] = "gray"
  ///     style[.titleColor, for: .highlighted] = "dark blue"
  ///     style[.underlined, for: .highlighted] = true
  ///     let why = style.explain([.disabled, .highlighted])
  ///     why.attributes.map(\.name)  // ["titleColor", "underlined"]
  ///     why.attributes.map(\.resolution.decision)  // [.precedence, .onlyMatch]
  ///     print(why)
  ///     // highlighted | disabled:
  ///     //   titleColor → "gray" from disabled: it and highlighted match with 1 state each; disabled has precedence (disabled, highlighted, focused, selected, application bits 23 down to 16, other bits)
  ///     //   underlined → true from highlighted: the only entry that matches
  public struct Explanation: Sendable, CustomStringConvertible {
    /// The state explained.
    let state: ControlState
    /// One explanation per attribute, sorted by name.
    public let attributes: [Attribute]
    /// The names the explanation prints states with.
    let catalog: StateCatalog

    /// How one attribute resolves the state: its name, the layer that supplied its value, and
    /// its table's resolution, whose entries hold the values as `any Hashable & Sendable`.
    ///
    ///     var style = StyleSet()
    ///     style[.titleColor, for: .normal] = "blue"
    ///     style[.titleColor, for: .selected] = "white"
    ///     let titleColor = style.explain([.selected, .focused]).attributes.first { $0.name == "titleColor" }
    ///     titleColor?.resolution.decision  // .mostSpecific
    ///     titleColor?.resolution.winner?.value as? String  // "white"
    ///     titleColor?.resolution.matches.map(\.selector) == [StateSelector(.selected), StateSelector(.normal)]  // true
    ///     titleColor?.resolution.winner.map { String(reflecting: $0.value) }  // "\"white\""
    public struct Attribute: Sendable, CustomStringConvertible {
      /// The attribute's name.
      public let name: String
      /// The name of the layer that supplied the value, when explained through layers
      /// (``StyleSet/explain(_:layers:catalog:)``); `nil` otherwise, or when no layer has a
      /// matching entry.
      public let layer: String?
      /// How the attribute's table (through layers, the supplying layer's) resolves the state:
      /// the entries that match, best first, what decided, and why. It prints as the
      /// attribute's ``description`` does.
      public let resolution: Resolution<StateTable<any Hashable & Sendable>.Entry>

      /// An attribute's explanation, printed as `name → value from selector: reason`, with the
      /// layer after the selector when there is one.
      init(
        name: String, layer: String? = nil, matches: [StateTable<any Hashable & Sendable>.Entry],
        decision: ResolutionDecision, reason: String, catalog: StateCatalog
      ) {
        (self.name, self.layer) = (name, layer)
        resolution = Resolution(
          matches: matches, decision: decision, reason: reason, catalog: catalog
        ) {
          guard let winner = $0.winner else { return "\(name) → nil: \($0.reason)" }
          let source =
            $0.catalog.description(of: winner.selector) + (layer.map { " in \($0)" } ?? "")
          return "\(name) → \(String(reflecting: winner.value)) from \(source): \($0.reason)"
        }
      }

      /// One line: the attribute, its value and winning selector, and the reason.
      ///
      ///     var style = StyleSet()
      ///     style[.underlined, for: .highlighted] = true
      ///     style.explain(.normal).attributes.first?.description  // "underlined → nil: no entry matches (a table with a normal entry always has one)"
      public var description: String { resolution.description }
    }

    /// The state, then one indented line per attribute.
    ///
    ///     StyleSet().explain(.selected).description  // "selected: no attributes"
    public var description: String {
      let header = catalog.description(of: state)
      guard !attributes.isEmpty else { return "\(header): no attributes" }
      return ([header + ":"] + attributes.map { "  \($0)" }).joined(separator: "\n")
    }
  }

  /// Explains how ``resolve(_:)`` resolves a state: for each attribute, which entry wins and
  /// why (an exact match, the only match, a dominant state, the most specific match, or the
  /// precedence order breaking a tie), or that no entry matches.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .selected] = "white"
  ///     style.explain([.selected, .focused]).attributes.first?.resolution.decision  // .mostSpecific
  ///
  /// - Parameters:
  ///   - state: Any state.
  ///   - catalog: The names to print states with; ``BitCatalog/system`` by default.
  /// - Returns: The explanation; each attribute's value is what `resolve(state)` gives it.
  public func explain(_ state: ControlState, catalog: StateCatalog = .system) -> Explanation {
    // A style set of another toolkit's states prints them with that toolkit's names.
    let catalog = catalog.naming(precedence.layout)
    let attributes = _storage.columns.sorted { $0.slot < $1.slot }.map {
      $0.explain(state, catalog: catalog)
    }
    return Explanation(state: state, attributes: attributes, catalog: catalog)
  }
}
