// doc-code: continues ../Styles/StyleSet.swift

/// A style's looks and transitions, ready to animate widgets: what every ``AnimatedLook`` of
/// one kind of widget shares.
///
/// Make one per widget kind, from the style set (usually read from a theme), a default look
/// and the fields the style fills, as for a ``StateLookup``; each widget keeps an
/// ``AnimatedLook`` of its own:
///
///     struct ButtonLook: Equatable, Sendable {
///         var fill = 0.0
///         var label = "idle"
///     }
///     extension StyleKey where Value == Double {
///         static var fill: StyleKey<Double> { StyleKey("fill") }
///     }
///     extension StyleKey where Value == String {
///         static var label: StyleKey<String> { StyleKey("label") }
///     }
///
///     func buttonStyle() -> StyleSet {
///         var style = StyleSet()
///         style[.fill, for: .normal] = 0
///         style[.fill, for: .highlighted] = 1
///         style[.label, for: .highlighted] = "pressed"
///         style.transitions.all[to: .highlighted] = Transition(milliseconds: 100, curve: .linear)
///         style.transitions.all[from: .highlighted] = Transition(milliseconds: 200, curve: .linear)
///         return style
///     }
///
///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [
///         .field(\.fill, from: .fill), .field(\.label, from: .label),
///     ])
///     animator.look(for: .highlighted) == ButtonLook(fill: 1, label: "pressed")  // true
///
/// A field of an ``Interpolatable`` type moves smoothly; any other switches
/// (``StyleSet/Field/field(_:from:switching:)``). The transitions are the style set's
/// ``StyleSet/transitions``, chosen per field by its attribute's name.
public struct StyleAnimator<Look> {
  @usableFromInline let _core: _AnimatorCore<Look>

  /// Creates an animator from a style set, with its transitions.
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)])
  ///     animator.look(for: .highlighted).fill  // 1.0
  ///
  /// - Parameters:
  ///   - style: The style set; later changes to it do not reach the animator.
  ///   - defaultLook: The look of a state that no entry matches, field by field.
  ///   - fields: Which attribute fills which field, and how each moves.
  /// - Complexity: That of a ``StateLookup``, once.
  public init(_ style: StyleSet, default defaultLook: Look, _ fields: [StyleSet.Field<Look>]) {
    self.init(StateLookup(style, default: defaultLook, fields), transitions: style.transitions)
  }

  /// Creates an animator from a lookup and transitions of your choice.
  ///
  ///     let looks = StateLookup(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)])
  ///     let still = StyleAnimator(looks, transitions: StyleTransitions())
  ///     var button = AnimatedLook(still)
  ///     button.change(to: .highlighted, at: 0)
  ///     button.look(at: 0).fill  // 1.0: no transitions, every change snaps
  ///
  /// - Parameters:
  ///   - looks: The look of each state, and how each field moves.
  ///   - transitions: The transitions, found by each field's attribute name.
  public init(_ looks: StateLookup<Look>, transitions: StyleTransitions) {
    _core = _AnimatorCore(lookup: looks, transitions: transitions)
  }

  /// The look of a state once every transition has ended: what ``StateLookup/resolve(_:)``
  /// gives.
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.label, from: .label)])
  ///     animator.look(for: [.highlighted, .focused]).label  // "pressed"
  ///
  /// - Parameter state: The state of a control.
  /// - Returns: The look.
  @inlinable
  public func look(for state: ControlState) -> Look {
    _core.lookup.resolve(state)
  }

  /// The transitions the animator plays.
  public var transitions: StyleTransitions { _core.transitions }

  /// The names of the attributes that fill the fields, in the order of the fields.
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [
  ///         .field(\.fill, from: .fill), .field(\.label, from: .label),
  ///     ])
  ///     animator.attributes  // ["fill", "label"]
  public var attributes: [String] { _core.motions.map(\.name) }

  /// Why each field gets its transition for a change: one explanation per field, in the order
  /// of the fields (see ``StyleTransitions/explain(_:attribute:catalog:)``).
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)])
  ///     let why = animator.explain(StateChange(old: .highlighted, new: .normal))
  ///     why[0].transition.duration  // 200
  ///     print(why[0])
  ///     // fill: 200 ms linear from all, highlighted -> normal; the only entry that matches
  ///
  /// - Parameters:
  ///   - change: The states left and entered.
  ///   - catalog: The names to print states with; ``BitCatalog/system`` by default.
  /// - Returns: The explanations.
  public func explain(_ change: StateChange, catalog: StateCatalog = .system)
    -> [StyleTransitions.Explanation]
  {
    _core.motions.map {
      _core.transitions.explain(change, attribute: $0.name, catalog: catalog)
    }
  }
}

// @unchecked: the core is immutable, and the looks it holds are values of a Sendable type.
extension StyleAnimator: @unchecked Sendable where Look: Sendable {}
