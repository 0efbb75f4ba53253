// doc-code: continues ../Styles/StyleSet.swift
import ErrorKitCore

// Transitions as a ``StyleSet`` holds them and writes them into a theme file: its
// `transitions`, tables found by ``StyleKey``, and the `$transitions` member's JSON form. Apart
// from StyleTransitions.swift and StyleTransitions+ThemeJSON.swift, which compile in Embedded
// Swift (the browser page reads and plays a theme's transitions), as these do not.

extension StyleTransitions {
  /// The table of one attribute's own; an empty table when it has none.
  ///
  ///     var transitions = StyleTransitions()
  ///     transitions[.titleColor][to: .selected] = Transition(milliseconds: 90)
  ///     transitions[attribute: "titleColor"].count  // 1
  ///
  /// - Parameter key: The attribute; its name finds the table.
  public subscript<Value>(key: StyleKey<Value>) -> TransitionTable {
    get { self[attribute: key.name] }
    set { self[attribute: key.name] = newValue }
  }
}

extension StyleSet {
  /// How the style's attributes move from one state's value to another's: the transitions a
  /// theme carries with its values, played by ``AnimatedLook``.
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.titleColor, for: .highlighted] = "navy"
  ///     style.transitions.all[to: .highlighted] = Transition(milliseconds: 60)
  ///     style.transitions.all[to: .disabled] = .snap
  ///     style.transitions.transition(for: "titleColor", StateChange(old: .normal, new: .highlighted)).duration  // 60
  ///
  /// Its tables rank entries by the style set's ``precedence``, as the values' tables do; a
  /// style set with no transitions snaps on every change.
  ///
  /// A theme file holds them under `"$transitions"`: the table for every attribute under
  /// `"*"` and an attribute's own table under its name. Each table maps `"FROM -> TO"` (two
  /// selectors, the states left and entered) to a duration in milliseconds, or to
  /// `{"duration": ms, "delay": ms, "curve": text}` (delay 0 and curve `ease` by default;
  /// curves as ``TransitionCurve/description`` writes them):
  ///
  /// ```json
  /// "$transitions": {
  ///   "*": {"!highlighted -> highlighted": {"duration": 80, "curve": "ease-out"},
  ///         "highlighted -> !highlighted": 250, "!disabled -> disabled": 0},
  ///   "titleColor": {"normal -> visited": {"duration": 300, "delay": 100}}
  /// }
  /// ```
  ///
  /// Durations and delays are whole numbers from 0 to 3,600,000 (an hour); two keys for one
  /// pair of selectors, or an attribute that is not among the keys, are errors with their
  /// place in the file. ``StyleSet/encode(to:)`` writes them, and throws for what a theme
  /// cannot hold (a longer duration or delay, a table of its own for an attribute with no
  /// values or named `*`); ``StyleSet/init(themeJSON:keys:catalog:)``
  /// and ``StyleSet/init(from:keys:)`` read them. ``overlaid(with:)-(StyleSet)`` lays the other
  /// style's transitions over these, table by table.
  public var transitions: StyleTransitions {
    get { _transitions }
    set {
      _transitions = newValue
      _transitions.precedence = precedence
    }
  }
}

extension StyleSet {
  /// The theme member that holds the transitions.
  static var transitionsMember: String { _ThemeDocument.transitionsKey }

  /// Whether a theme's top-level member is a directive rather than an attribute.
  static func isThemeDirective(_ name: String) -> Bool {
    _ThemeDocument.directives.contains(name)
  }
}

/// The JSON form of a ``StyleTransitions``, as a theme writes it under `"$transitions"`. What a
/// theme cannot hold, and so no reader would read back, is an `EncodingError`: a duration or a
/// delay over ``StyleTransitions/longestMilliseconds``, a table of its own for an attribute
/// named `*`, and, in a style set, one for an attribute with no values.
struct _TransitionsForm: Encodable {
  let transitions: StyleTransitions
  /// The attributes that may have tables of their own: a style set's, with values (a theme
  /// names only those); `nil` for any, as an overlay's transitions may name attributes whose
  /// values are in the theme it is laid over.
  let attributes: Set<String>?

  func encode(to encoder: any Encoder) throws {
    let catalog = StateCatalog.forCoding(encoder.userInfo[.stateCatalog])
    var container = encoder.container(keyedBy: _SelectorKey.self)
    for name in transitions.attributeNames {
      let path = container.codingPath + [_SelectorKey(name)]
      if name == StyleTransitions.allName {
        throw Self.failure(
          "attribute \(quoted(name)) cannot have transitions of its own: in a theme, \(quoted(name)) names the table for every attribute",
          value: transitions, at: path)
      }
      if let attributes, !attributes.contains(name) {
        throw Self.failure(
          "transitions for attribute \(quoted(name)), which has no values: a theme's $transitions names only attributes it has values for",
          value: transitions, at: path)
      }
    }
    let tables =
      [(StyleTransitions.allName, transitions.all)]
      + transitions.attributeNames.map { ($0, transitions[attribute: $0]) }
    for (name, table) in tables where !table.isEmpty {
      var entries = container.nestedContainer(
        keyedBy: _SelectorKey.self, forKey: _SelectorKey(name))
      for entry in table.entries {
        let key = "\(catalog.description(of: entry.from)) -> \(catalog.description(of: entry.to))"
        let transition = entry.transition
        let longest = StyleTransitions.longestMilliseconds
        for (what, milliseconds) in [
          ("duration", transition.duration), ("delay", transition.delay),
        ]
        where milliseconds > longest {
          throw Self.failure(
            "transition \(quoted(key)) of \(quoted(name)) has a \(what) of \(milliseconds) ms; a theme holds up to \(longest) ms (an hour)",
            value: transition, at: entries.codingPath + [_SelectorKey(key)])
        }
        try entries.encode(_TransitionForm(transition), forKey: _SelectorKey(key))
      }
    }
  }

  /// The error for what a theme cannot hold.
  private static func failure(_ message: String, value: Any, at path: [any CodingKey])
    -> EncodingError
  {
    .invalidValue(value, EncodingError.Context(codingPath: path, debugDescription: message))
  }
}

/// A transition as a theme writes it: its duration alone when the rest is the default (no
/// delay, `ease`, or any curve for a jump), else an object.
struct _TransitionForm: Encodable {
  let transition: Transition

  init(_ transition: Transition) {
    self.transition = transition
  }

  private enum Member: String, CodingKey {
    case duration, delay, curve
  }

  func encode(to encoder: any Encoder) throws {
    let plain = transition.delay == 0 && (transition.curve == .ease || transition.duration == 0)
    if plain {
      var container = encoder.singleValueContainer()
      try container.encode(transition.duration)
      return
    }
    var container = encoder.container(keyedBy: Member.self)
    try container.encode(transition.duration, forKey: .duration)
    if transition.delay != 0 { try container.encode(transition.delay, forKey: .delay) }
    if transition.curve != .ease, transition.duration != 0 {
      try container.encode(transition.curve.description, forKey: .curve)
    }
  }
}
