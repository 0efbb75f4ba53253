import StateKit

/// A button's look per state through StateKit, as a GTK toolkit built on it would keep a
/// stylesheet: one `StateTable` per property over GTK's own state bits, which it takes by name
/// from `BitLayout.gtk`.
///
/// A rule becomes a `StateSelector`: its pseudo-classes' bits required, its `:not()` bits
/// excluded. CSS's cascade (the most specific rule wins, and among equally specific ones the
/// later in the stylesheet) is not a ranking StateKit's default tables have: they break a tie
/// by a precedence of bits, never by the order entries were written in. So each table is a
/// first-match table whose entries are the rules in cascade order: most specific first, and
/// among equals the later rule first. The first rule that matches a state is the one CSS picks.
///
///     let style = try StateKitButtonStyle(Stylesheet(css: buttonStylesheet))
///     style.look(GtkStateFlags.prelight).backgroundColor  // "#f3f3f3"
public struct StateKitButtonStyle: Sendable {
  /// The resolution a style's tables use.
  public enum Resolution: Sendable {
    /// CSS's cascade: first-match tables in cascade order. Agrees with GTK.
    case cascade
    /// StateKit's default: the most specific entry, ties by the standard precedence of bits.
    /// Here to show where it differs from CSS; not what a GTK toolkit should use.
    case mostSpecific
  }

  /// The table of each property.
  public let tables: [ButtonProperty: StateTable<String>]
  /// The element name the styled widget has (`button`): rules for other names do not apply.
  public let element: String

  /// Builds the tables of a stylesheet's rules that apply to a widget.
  ///
  /// - Parameters:
  ///   - stylesheet: The stylesheet.
  ///   - element: The widget's element name.
  ///   - layout: The layout whose state names give the bits: GTK 4's.
  ///   - resolution: How the tables resolve; CSS's cascade unless comparing.
  /// - Throws: ``StylesheetError`` when the layout has no state for a pseudo-class.
  public init(
    _ stylesheet: Stylesheet, element: String = "button", layout: BitLayout = .gtk,
    resolution: Resolution = .cascade
  ) throws(StylesheetError) {
    self.element = element
    struct Candidate {
      var selector: StateSelector
      var specificity: (classes: Int, elements: Int)
      var order: Int
      var declarations: [Stylesheet.Declaration]
    }
    var candidates: [Candidate] = []
    for rule in stylesheet.rules {
      for selector in rule.selectors where selector.element == nil || selector.element == element {
        var required: UInt = 0
        var excluded: UInt = 0
        for pseudoClass in selector.pseudoClasses {
          let bit = try Self.bit(of: pseudoClass.name, in: layout, line: rule.line)
          if pseudoClass.negated { excluded |= bit } else { required |= bit }
        }
        // `:hover:not(:hover)` matches no state: it has no entry.
        guard
          let stateSelector = try? StateSelector(
            requiring: ControlState(rawValue: required),
            excluding: ControlState(rawValue: excluded))
        else { continue }
        // CSS's specificity: each pseudo-class written counts (`:hover:hover` is 2, where the
        // StateSelector's is 1), then the element name.
        candidates.append(
          Candidate(
            selector: stateSelector,
            specificity: (selector.pseudoClasses.count, selector.element == nil ? 0 : 1),
            order: candidates.count, declarations: rule.declarations))
      }
    }
    if resolution == .cascade {
      // Cascade order: the most specific first and, among equals, the later rule first.
      candidates.sort { a, b in
        a.specificity != b.specificity ? a.specificity > b.specificity : a.order > b.order
      }
    }
    var tables: [ButtonProperty: StateTable<String>] = [:]
    for property in ButtonProperty.allCases {
      // Within a rule, the last declaration of a property is its value.
      let entries = candidates.compactMap { candidate in
        candidate.declarations.last { $0.property == property }.map {
          (candidate.selector, $0.value)
        }
      }
      switch resolution {
      case .cascade:
        // A selector that comes again later in cascade order never wins where the first one
        // matches, so the first is kept (a first-match table keeps the last value given).
        var seen: Set<StateSelector> = []
        tables[property] = StateTable(firstMatch: entries.filter { seen.insert($0.0).inserted })
      case .mostSpecific:
        // A later value for the same selector replaces the earlier one, as in CSS.
        tables[property] = StateTable(entries)
      }
    }
    self.tables = tables
  }

  /// The bit of a pseudo-class, by the layout's name for its state.
  static func bit(of pseudoClass: String, in layout: BitLayout, line: Int) throws(StylesheetError)
    -> UInt
  {
    let name = layoutName(ofPseudoClass: pseudoClass)
    guard let entry = layout.systemNames.first(where: { $0.name == name }) else {
      throw StylesheetError(
        line: line,
        message: "the \(layout.name) layout has no state \"\(name)\" for :\(pseudoClass)")
    }
    return 1 << UInt(entry.bit)
  }

  /// The name `BitLayout.gtk` gives the state a pseudo-class selects: GTK's CSS names differ
  /// from its flag names (`hover` is PRELIGHT, `disabled` is INSENSITIVE).
  public static func layoutName(ofPseudoClass pseudoClass: String) -> String {
    switch pseudoClass {
    case "hover": "prelight"
    case "disabled": "insensitive"
    case "indeterminate": "inconsistent"
    case "focus": "focused"
    case "dir(ltr)": "dirLtr"
    case "dir(rtl)": "dirRtl"
    case "drop(active)": "dropActive"
    case "focus-visible": "focusVisible"
    case "focus-within": "focusWithin"
    default: pseudoClass
    }
  }

  /// The look of a button in a state.
  ///
  /// - Parameter state: GtkStateFlags.
  /// - Returns: Each property's value, or ``ButtonLook/unset`` where no rule sets it.
  public func look(_ state: UInt32) -> ButtonLook {
    let state = ControlState(rawValue: UInt(state))
    var look = ButtonLook()
    for (property, table) in tables {
      look[property] = table.resolve(state, default: ButtonLook.unset)
    }
    return look
  }

  /// The GTK flags some table mentions: the look depends on these bits only.
  public var relevantFlags: UInt32 {
    UInt32(truncatingIfNeeded: tables.values.reduce(0) { $0 | $1.relevantStates.rawValue })
  }
}
