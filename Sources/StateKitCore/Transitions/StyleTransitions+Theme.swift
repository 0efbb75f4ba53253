// doc-code: continues ../Styles/StyleSet.swift
import ErrorKitCore

// Transitions in a theme file: a `StyleTransitions` read from one and written into one. Apart
// from StyleTransitions.swift and StyleTransitions+ThemeJSON.swift, which compile in Embedded
// Swift (the browser page reads and plays a theme's transitions), as these do not.

extension StyleTransitions: Encodable {
  /// Reads the transitions of a theme file, its `$transitions` member, ranked by the theme's
  /// precedence; the theme's values are ``StyleSet/init(themeJSON:keys:catalog:)``'s to read.
  ///
  ///     let theme = Array([
  ///         #"{"$precedence": {"dominant": "disabled"},"#,
  ///         #" "$transitions": {"*": {"!highlighted -> highlighted": 80, "!disabled -> disabled": 0},"#,
  ///         #"                  "titleColor": {"normal -> selected": {"duration": 300, "delay": 100}}},"#,
  ///         #" "titleColor": {"normal": "blue", "selected": "purple"}}"#,
  ///     ].joined(separator: "\n").utf8)
  ///     let keys = [StyleSet.DecodableKey(.titleColor)]
  ///     let style = try StyleSet(themeJSON: theme, keys: keys)
  ///     let transitions = try StyleTransitions(themeJSON: theme, keys: keys)
  ///     transitions.transition(for: "titleColor", StateChange(old: .normal, new: .selected)).end  // 400
  ///     transitions.precedence == style.precedence  // true
  ///
  /// `$transitions` holds the table for every attribute under `"*"` and an attribute's own
  /// table under its name. Each table maps `"FROM -> TO"` (two selectors, the states left and
  /// entered) to a duration in milliseconds, or to `{"duration": ms, "delay": ms, "curve":
  /// text}` (delay 0 and curve `ease` by default; curves as ``TransitionCurve/description``
  /// writes them). Durations and delays are whole numbers from 0 to 3,600,000 (an hour). A
  /// theme with no `$transitions` gives transitions with no entries: every change snaps.
  ///
  /// - Parameters:
  ///   - bytes: The theme file, UTF-8 JSON.
  ///   - keys: The attributes whose names the tables may take.
  ///   - catalog: The names of the states the selectors use; the theme's `$layout` may choose
  ///     another toolkit's.
  /// - Throws: ``StateKitError`` with the place in the file: JSON that does not parse, an
  ///   invalid `$precedence` or `$layout`, an attribute not among `keys`, a key that is not a
  ///   change of state or repeats another's states, a duration or delay out of range, a curve
  ///   CSS does not define.
  public init(
    themeJSON bytes: some Sequence<UInt8>, keys: [StyleSet.DecodableKey],
    catalog: StateCatalog = .system
  ) throws(StateKitError) {
    self = try _ThemeDocument(bytes: Array(bytes)).styleTransitions(keys: keys, catalog: catalog)
  }

  /// Writes the transitions into a theme: the `$transitions` member of the encoder's object,
  /// beside the style set's values when the two encode into one encoder.
  ///
  ///     struct Theme: Encodable {
  ///         var style: StyleSet
  ///         var transitions: StyleTransitions
  ///         func encode(to encoder: any Encoder) throws {
  ///             try style.encode(to: encoder)
  ///             try transitions.encode(to: encoder)
  ///         }
  ///     }
  ///     var transitions = StyleTransitions()
  ///     transitions.all[to: .highlighted] = Transition(milliseconds: 80)
  ///     let json = try JSONEncoder().encode(Theme(style: StyleSet(), transitions: transitions))
  ///     // {"$transitions": {"*": {"normal -> highlighted": 80}}}
  ///
  /// The precedence is the style set's to write (``StyleSet/encode(to:)``): read back, the
  /// transitions take the theme's. State names come from the catalog under
  /// `CodingUserInfoKey.stateCatalog` in the encoder's `userInfo`, else the system names.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for what a theme cannot hold: a duration or delay
  ///   over an hour, or a table of its own for an attribute named `*`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _SelectorKey.self)
    guard !isEmpty else { return }
    try container.encode(
      _TransitionsForm(transitions: self), forKey: _SelectorKey(_ThemeDocument.transitionsKey))
  }
}

/// The JSON form of a ``StyleTransitions``, as a theme writes it under `"$transitions"`. What a
/// theme cannot hold, and so no reader would read back, is an `EncodingError`: a duration or a
/// delay over ``StyleTransitions/longestMilliseconds``, and a table of its own for an attribute
/// named `*`.
struct _TransitionsForm: Encodable {
  let transitions: StyleTransitions

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
