import StateKit
import StateKitTesting
import Testing

/// Styles in layers: a toolkit's defaults, a subtree's theme over them, and a per-instance
/// override over both, each attribute resolved by the topmost layer with a matching entry.
@Suite("Style layers")
struct StyleLayersTests {
  static var defaults: StyleSet {
    var style = StyleSet()
    style[.titleColor, for: .normal] = "black"
    style[.titleColor, for: [.focused, .selected]] = "white"
    style[.background, for: .normal] = "paper"
    style[.background, for: .selected] = "blue"
    return style
  }
  static var theme: StyleSet {
    var style = StyleSet()
    style[.titleColor, for: .normal] = "navy"
    style[.underlined, for: .focused] = true
    return style
  }
  static var instance: StyleSet {
    var style = StyleSet()
    style[.titleColor, for: .focused] = "red"
    return style
  }
  static let states = Array(
    ControlState.combinations(of: [.focused, .selected, .disabled, .highlighted]))

  /// A field the instance sets wins even where a lower layer has a more specific entry; a field
  /// absent there falls to the theme, then to the defaults.
  ///
  /// The explanation names the layer that supplied each attribute, and says which layers above
  /// it had no matching entry.
  @Test func theTopmostLayerWithAMatchingEntryWinsAndExplainNamesIt() throws {
    let layers = [Self.defaults, Self.theme, Self.instance]
    let state: ControlState = [.focused, .selected]
    // Merging the layers' entries would let the defaults' more specific entry win instead.
    let merged = Self.defaults.overlaid(with: Self.theme).overlaid(with: Self.instance)
    let strings: [String?] = [
      StyleSet.resolve(.titleColor, state, layers: layers), merged.resolve(state)[.titleColor],
      StyleSet.resolve(.titleColor, .selected, layers: layers),
      StyleSet.resolve(.background, state, layers: layers),
      StyleSet.resolve(.titleColor, .normal, layers: []),
    ]
    let expectedStrings: [String?] = ["red", "white", "navy", "blue", nil]
    #expect(strings == expectedStrings)
    let underlined: [Bool?] = [
      StyleSet.resolve(.underlined, state, layers: layers),
      StyleSet.resolve(.underlined, .selected, layers: layers),
    ]
    #expect(underlined == [true, nil])
    // It is what the chain of looks a draw writes gives, in every state.
    for state in Self.states {
      let resolved: [String?] = [
        StyleSet.resolve(.titleColor, state, layers: layers),
        StyleSet.resolve(.background, state, layers: layers + [StyleSet()]),
      ]
      let chained: [String?] = [
        Self.instance.resolve(state)[.titleColor] ?? Self.theme.resolve(state)[.titleColor]
          ?? Self.defaults.resolve(state)[.titleColor],
        Self.defaults.resolve(state)[.background],
      ]
      #expect(resolved == chained, "\(state)")
    }

    let namedLayers: KeyValuePairs = [
      "defaults": Self.defaults, "theme": Self.theme, "instance": Self.instance,
    ]
    let why = StyleSet.explain([.focused, .selected], layers: namedLayers)
    #expect(why.attributes.map(\.name) == ["background", "titleColor", "underlined"])
    let layerNames: [String?] = ["titleColor", "underlined", "background"].map { why[$0]?.layer }
    #expect(layerNames == ["instance", "theme", "defaults"])
    #expect(
      why.description == """
        selected | focused:
          background → "blue" from selected in defaults: \(Self.defaults.explain([.focused, .selected])["background"]?.resolution.reason ?? "")
          titleColor → "red" from focused in instance: the only entry that matches
          underlined → true from focused in theme: the only entry that matches
        """)
    let selected = StyleSet.explain(.selected, layers: namedLayers)
    let none = try #require(selected["underlined"])
    // A style set's own explanation names no layer.
    let selectedLayers: [String?] = [
      selected["titleColor"]?.layer, none.layer, Self.theme.explain(.focused)["underlined"]?.layer,
    ]
    #expect(selectedLayers == ["theme", nil, nil])
    #expect(none.resolution.winner == nil && none.resolution.decision == .noMatch)
    let descriptions: [String?] = [selected["titleColor"]?.description, none.description]
    let expected: [String?] = [
      "titleColor → \"navy\" from normal in theme: the only entry that matches; nothing in instance matches",
      "underlined → nil: no entry matches in any layer",
    ]
    #expect(descriptions == expected)
    // Every value explained is the value resolved.
    let pairs = [Self.defaults, Self.theme, Self.instance]
    for state in Self.states {
      let explained = StyleSet.explain(state, layers: namedLayers)
      let descriptions: [String?] = ["titleColor", "background"].map { name in
        explained[name]?.resolution.winner.map { String(reflecting: $0.value) }
      }
      let resolved: [String?] = [
        StyleSet.resolve(.titleColor, state, layers: pairs).map { "\"\($0)\"" },
        StyleSet.resolve(.background, state, layers: pairs).map { "\"\($0)\"" },
      ]
      #expect(descriptions == resolved, "\(state)")
    }
  }
}
