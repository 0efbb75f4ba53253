// doc-code: continues StyleSet.swift

extension StyleSet {
  /// The value of an attribute in a state, resolved through layers of styles, each over the
  /// ones before it: the last layer whose table for the attribute has an entry that matches
  /// the state gives the value, as that table resolves it.
  ///
  /// This is how a toolkit's defaults, a subtree's theme and a per-instance override combine:
  /// an override that sets only the focused look wins while the widget is focused, whatever
  /// the layers under it say, and in any other state the theme's table decides, then the
  /// defaults'. Merging the layers' entries instead (``overlaid(with:)-(StyleSet)``) lets a
  /// more specific entry of a lower layer win.
  ///
  ///     var defaults = StyleSet()
  ///     defaults[.titleColor, for: .normal] = "black"
  ///     defaults[.titleColor, for: [.focused, .selected]] = "white"
  ///     var theme = StyleSet()
  ///     theme[.underlined, for: .focused] = true
  ///     var instance = StyleSet()
  ///     instance[.titleColor, for: .focused] = "red"
  ///     let layers = [defaults, theme, instance]
  ///     StyleSet.resolve(.titleColor, [.focused, .selected], layers: layers)  // "red"
  ///     StyleSet.resolve(.titleColor, .selected, layers: layers)              // "black"
  ///     StyleSet.resolve(.underlined, .focused, layers: layers)               // true
  ///
  /// It gives what a draw's chain of looks gives,
  /// `instance.resolve(state)[key] ?? theme.resolve(state)[key] ?? defaults.resolve(state)[key]`,
  /// which reads the layers without building an array; ``explain(_:layers:catalog:)`` names the
  /// layer that supplied each attribute.
  ///
  /// - Parameters:
  ///   - key: The attribute.
  ///   - state: Any state.
  ///   - layers: The styles, the lowest (such as a toolkit's defaults) first.
  /// - Returns: The value, or `nil` when no layer has a matching entry for the attribute.
  public static func resolve<Value>(
    _ key: StyleKey<Value>, _ state: ControlState, layers: [StyleSet]
  ) -> Value? {
    for layer in layers.reversed() {
      if let value = layer.resolve(state)[key] { return value }
    }
    return nil
  }

  /// Explains how ``resolve(_:_:layers:)`` resolves a state: for each attribute of any layer,
  /// the layer that supplied the value (``Explanation/Attribute/layer``), its winning entry and
  /// what decided within that layer's table, and the layers above it that had no matching
  /// entry.
  ///
  ///     var defaults = StyleSet()
  ///     defaults[.titleColor, for: .normal] = "black"
  ///     var instance = StyleSet()
  ///     instance[.titleColor, for: .focused] = "red"
  ///     let layers: KeyValuePairs = ["defaults": defaults, "instance": instance]
  ///     print(StyleSet.explain(.focused, layers: layers))
  ///     // focused:
  ///     //   titleColor → "red" from focused in instance: the only entry that matches
  ///     print(StyleSet.explain(.selected, layers: layers))
  ///     // selected:
  ///     //   titleColor → "black" from normal in defaults: the only entry that matches; nothing in instance matches
  ///
  /// - Parameters:
  ///   - state: Any state.
  ///   - layers: Each layer's name, such as "defaults", "theme" or "instance", with its style,
  ///     the lowest first.
  ///   - catalog: The names to print states with; ``BitCatalog/system`` by default.
  /// - Returns: The explanation, one attribute per name any layer styles, sorted by name; each
  ///   value is what `resolve(_:_:layers:)` gives.
  public static func explain(
    _ state: ControlState, layers: KeyValuePairs<String, StyleSet>,
    catalog: StateCatalog = .system
  ) -> Explanation {
    let explained = layers.reversed().map { ($0.key, $0.value.explain(state, catalog: catalog)) }
    var names = Set<String>()
    for (_, explanation) in explained { names.formUnion(explanation.attributes.map(\.name)) }
    let attributes = names.sorted().map { name -> Explanation.Attribute in
      var above: [String] = []
      for (layer, explanation) in explained {
        guard let why = explanation.attributes.first(where: { $0.name == name })?.resolution else {
          continue
        }
        guard why.winner != nil else {
          above.append(layer)
          continue
        }
        let missed = above.isEmpty ? "" : "; nothing in \(above.joined(separator: ", ")) matches"
        return Explanation.Attribute(
          name: name, layer: layer, matches: why.matches, decision: why.decision,
          reason: why.reason + missed, catalog: catalog)
      }
      return Explanation.Attribute(
        name: name, matches: [], decision: .noMatch, reason: "no entry matches in any layer",
        catalog: catalog)
    }
    return Explanation(state: state, attributes: attributes, catalog: catalog)
  }
}
