// GTK's own way of choosing a node's look, transcribed from GTK 4's sources (GNOME/gtk as
// stored in a public code index, GTK 4.16 or later: the gtkcssprovider.c that has CSS custom
// properties and looks for `gtk-4.16` theme folders, the gtkcssselector.c that matches on
// GtkCssNode and parses `:focus-visible`, `:focus-within` and `:drop(active)`, and the
// gtkenums.h whose GtkStateFlags end at FOCUS_WITHIN):
//
// - gtkenums.h: the GtkStateFlags bits (GTK_STATE_FLAG_ACTIVE = 1 << 0 … FOCUS_WITHIN = 1 << 14);
// - gtkcssselector.c, gtk_css_selector_parse_selector_pseudo_class: the `pseudo_classes[]`
//   table mapping names to flags, and `dir(ltr|rtl)`, `drop(active)` parsed as functions;
//   match_pseudoclass_state: `(gtk_css_node_get_state (node) & flag) == flag`, negated for
//   `:not()`; match_name and match_any; the add_specificity functions (a state pseudo-class,
//   negated or not, adds a class; a name adds an element; `*` adds nothing) and
//   _gtk_css_selector_compare (ids, then classes, then elements);
// - gtkcssprovider.c: css_provider_commit (one ruleset per selector of a list, in order; none
//   for a rule with no declarations), gtk_css_ruleset_add (a property declared again in a rule
//   replaces its value), gtk_css_provider_postprocess (g_array_sort by
//   gtk_css_provider_compare_rule: specificity only, and g_array_sort is stable, so equal
//   specificity keeps stylesheet order), and gtk_css_style_provider_lookup (the matching
//   rulesets in array order, walked from the last: a property takes the first value it meets).
//
// Our own code, following those functions; it sees one node, so combinators never occur.

/// The GtkStateFlags bits of `gtkenums.h`, written here as the header writes them, not taken
/// from StateKit's layout, so that the two ways share nothing but the stylesheet.
public enum GtkStateFlags {
  /// GTK_STATE_FLAG_ACTIVE.
  public static let active: UInt32 = 1 << 0
  /// GTK_STATE_FLAG_PRELIGHT.
  public static let prelight: UInt32 = 1 << 1
  /// GTK_STATE_FLAG_SELECTED.
  public static let selected: UInt32 = 1 << 2
  /// GTK_STATE_FLAG_INSENSITIVE.
  public static let insensitive: UInt32 = 1 << 3
  /// GTK_STATE_FLAG_INCONSISTENT.
  public static let inconsistent: UInt32 = 1 << 4
  /// GTK_STATE_FLAG_FOCUSED.
  public static let focused: UInt32 = 1 << 5
  /// GTK_STATE_FLAG_BACKDROP.
  public static let backdrop: UInt32 = 1 << 6
  /// GTK_STATE_FLAG_DIR_LTR.
  public static let dirLtr: UInt32 = 1 << 7
  /// GTK_STATE_FLAG_DIR_RTL.
  public static let dirRtl: UInt32 = 1 << 8
  /// GTK_STATE_FLAG_LINK.
  public static let link: UInt32 = 1 << 9
  /// GTK_STATE_FLAG_VISITED.
  public static let visited: UInt32 = 1 << 10
  /// GTK_STATE_FLAG_CHECKED.
  public static let checked: UInt32 = 1 << 11
  /// GTK_STATE_FLAG_DROP_ACTIVE.
  public static let dropActive: UInt32 = 1 << 12
  /// GTK_STATE_FLAG_FOCUS_VISIBLE.
  public static let focusVisible: UInt32 = 1 << 13
  /// GTK_STATE_FLAG_FOCUS_WITHIN.
  public static let focusWithin: UInt32 = 1 << 14

  /// The flag of each state pseudo-class, as gtk_css_selector_parse_selector_pseudo_class maps
  /// them (its `pseudo_classes[]` table, then the `dir()` and `drop()` functions).
  public static func flag(ofPseudoClass name: String) -> UInt32? {
    switch name {
    case "active": active
    case "hover": prelight
    case "selected": selected
    case "disabled": insensitive
    case "indeterminate": inconsistent
    case "focus": focused
    case "backdrop": backdrop
    case "link": link
    case "visited": visited
    case "checked": checked
    case "focus-visible": focusVisible
    case "focus-within": focusWithin
    case "dir(ltr)": dirLtr
    case "dir(rtl)": dirRtl
    case "drop(active)": dropActive
    default: nil
    }
  }
}

/// A stylesheet loaded the way a GtkCssProvider loads it, answering the look of a node from its
/// name and state flags as gtk_css_style_provider_lookup does.
public struct GTKCSSProvider: Sendable {
  /// A simple selector of a compound selector, as gtkcssselector.c's selector classes.
  enum SimpleSelector: Sendable {
    /// GTK_CSS_SELECTOR_ANY: `*`.
    case any
    /// GTK_CSS_SELECTOR_NAME: an element name.
    case name(String)
    /// GTK_CSS_SELECTOR_PSEUDOCLASS_STATE: a state pseudo-class's flag.
    case pseudoclassState(UInt32)
    /// GTK_CSS_SELECTOR_NOT_PSEUDOCLASS_STATE: `:not()` of one.
    case notPseudoclassState(UInt32)

    /// match_any, match_name, match_pseudoclass_state and its negation.
    func matchOne(name nodeName: String, state: UInt32) -> Bool {
      switch self {
      case .any: true
      case .name(let name): name == nodeName
      case .pseudoclassState(let flag): state & flag == flag
      case .notPseudoclassState(let flag): !(state & flag == flag)
      }
    }

    /// The add_specificity of each class: `(ids, classes, elements)`.
    func addSpecificity(_ specificity: inout (ids: Int, classes: Int, elements: Int)) {
      switch self {
      case .any: break
      case .name: specificity.elements += 1
      case .pseudoclassState, .notPseudoclassState: specificity.classes += 1
      }
    }
  }

  /// A GtkCssRuleset: one selector and the values it sets.
  struct Ruleset: Sendable {
    var selector: [SimpleSelector]
    var styles: [(property: ButtonProperty, value: String)]

    /// _gtk_css_selector_get_specificity.
    var specificity: (ids: Int, classes: Int, elements: Int) {
      var specificity = (ids: 0, classes: 0, elements: 0)
      for simple in selector { simple.addSpecificity(&specificity) }
      return specificity
    }
  }

  /// The rulesets, sorted as gtk_css_provider_postprocess leaves them: least specific first.
  let rulesets: [Ruleset]

  /// Loads a stylesheet (parse_ruleset, css_provider_commit, gtk_css_provider_postprocess).
  ///
  /// A selector with a pseudo-class GTK does not know drops its whole rule, as GTK's parser
  /// drops a rule whose selector list has an error; ``Stylesheet`` refuses such names anyway.
  public init(_ stylesheet: Stylesheet) {
    var rulesets: [Ruleset] = []
    rules: for rule in stylesheet.rules {
      var selectors: [[SimpleSelector]] = []
      for selector in rule.selectors {
        var simple: [SimpleSelector] = [selector.element.map { .name($0) } ?? .any]
        for pseudoClass in selector.pseudoClasses {
          guard let flag = GtkStateFlags.flag(ofPseudoClass: pseudoClass.name) else {
            continue rules
          }
          simple.append(
            pseudoClass.negated ? .notPseudoclassState(flag) : .pseudoclassState(flag))
        }
        selectors.append(simple)
      }
      // gtk_css_ruleset_add: a property set again replaces its value in place.
      var styles: [(property: ButtonProperty, value: String)] = []
      for declaration in rule.declarations {
        if let index = styles.firstIndex(where: { $0.property == declaration.property }) {
          styles[index].value = declaration.value
        } else {
          styles.append((declaration.property, declaration.value))
        }
      }
      // css_provider_commit: nothing for a rule without declarations.
      guard !styles.isEmpty else { continue }
      for selector in selectors { rulesets.append(Ruleset(selector: selector, styles: styles)) }
    }
    // g_array_sort is stable: equal specificities keep their order (the index says so here).
    self.rulesets = rulesets.enumerated().sorted { a, b in
      let (x, y) = (a.element.specificity, b.element.specificity)
      if x != y { return x < y }
      return a.offset < b.offset
    }.map(\.element)
  }

  /// The look of a node in a state: gtk_css_style_provider_lookup over the rulesets the node
  /// matches (_gtk_css_selector_tree_match_all keeps them in array order).
  ///
  /// - Parameters:
  ///   - name: The node's name (`button` for a GtkButton).
  ///   - state: Its GtkStateFlags.
  /// - Returns: Each property from the last matching ruleset that sets it, or
  ///   ``ButtonLook/unset``.
  public func lookup(name: String = "button", state: UInt32) -> ButtonLook {
    let matches = rulesets.indices.filter { index in
      rulesets[index].selector.allSatisfy { $0.matchOne(name: name, state: state) }
    }
    var look = ButtonLook()
    var missing = Set(ButtonProperty.allCases)
    for index in matches.reversed() {
      for style in rulesets[index].styles where missing.contains(style.property) {
        look[style.property] = style.value
        missing.remove(style.property)
      }
    }
    return look
  }
}
