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
///         return style
///     }
///
///     func buttonTransitions() -> StyleTransitions {
///         var transitions = StyleTransitions()
///         transitions.all[to: .highlighted] = Transition(milliseconds: 100, curve: .linear)
///         transitions.all[from: .highlighted] = Transition(milliseconds: 200, curve: .linear)
///         return transitions
///     }
///
///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [
///         .field(\.fill, from: .fill), .field(\.label, from: .label),
///     ], transitions: buttonTransitions())
///     animator.look(for: .highlighted) == ButtonLook(fill: 1, label: "pressed")  // true
///
/// A field of an ``Interpolatable`` type moves smoothly; any other switches
/// (``Field/field(_:from:switching:)``). Each field takes its transitions by its attribute's
/// name. A theme file carries both parts: ``StyleSet/init(themeJSON:keys:catalog:)`` reads its
/// values and ``StyleTransitions/init(themeJSON:keys:catalog:)`` its transitions.
public struct StyleAnimator<Look> {
  @usableFromInline let _core: _AnimatorCore<Look>

  /// A field of the look, the attribute that fills it, and how it moves when the look changes.
  ///
  ///     let fill: StyleAnimator<ButtonLook>.Field = .field(\.fill, from: .fill)
  public struct Field {
    /// The field as a ``StateLookup`` fills it.
    let field: StyleSet.Field<Look>
    /// How the field moves between two looks.
    @usableFromInline let motion: _FieldMotion<Look>

    /// The name of the attribute that fills the field, which finds its transitions.
    var attribute: String { field.attribute }

    /// A field that switches to its new value at the start or the end of its transition.
    ///
    ///     // Shown as soon as a press starts; kept until the release has ended.
    ///     let label: StyleAnimator<ButtonLook>.Field = .field(\.label, from: .label, switching: .end)
    ///
    /// A field of an ``Interpolatable`` type declared this way switches too, instead of
    /// interpolating.
    ///
    /// - Parameters:
    ///   - path: The field of the look.
    ///   - key: The attribute.
    ///   - position: When the new value shows: at the start of the transition (after its
    ///     delay) or at its end.
    /// - Returns: The field.
    public static func field<Value>(
      _ path: WritableKeyPath<Look, Value>, from key: StyleKey<Value>,
      switching position: StepPosition = .start
    ) -> Field {
      Field(
        field: .field(path, from: key),
        motion: _FieldMotion(path, name: key.name, switching: position))
    }

    /// A field filled from an attribute whose values interpolate: during a transition it
    /// moves smoothly from the old value to the new one.
    ///
    /// - Parameters:
    ///   - path: The field of the look; a stored property of a struct is read and written in
    ///     place, any other through its key path.
    ///   - key: The attribute.
    /// - Returns: The field.
    @inlinable
    public static func field<Value: Interpolatable>(
      _ path: WritableKeyPath<Look, Value>, from key: StyleKey<Value>
    ) -> Field {
      Field(
        field: .field(path, from: key), motion: _FieldMotion(interpolating: path, name: key.name))
    }

    @usableFromInline
    init(field: StyleSet.Field<Look>, motion: _FieldMotion<Look>) {
      (self.field, self.motion) = (field, motion)
    }
  }

  /// Creates an animator from a style set, the fields it fills and the transitions that move
  /// them.
  ///
  /// - Parameters:
  ///   - style: The style set; later changes to it do not reach the animator.
  ///   - defaultLook: The look of a state that no entry matches, field by field.
  ///   - fields: Which attribute fills which field, and how each moves.
  ///   - transitions: The transitions, found by each field's attribute name and ranked by the
  ///     style set's ``StyleSet/precedence``, as its values are; none by default: every change
  ///     snaps.
  /// - Complexity: That of a ``StateLookup``, once.
  public init(
    _ style: StyleSet, default defaultLook: Look, _ fields: [Field],
    transitions: StyleTransitions = StyleTransitions()
  ) {
    var transitions = transitions
    transitions.precedence = style.precedence
    _core = _AnimatorCore(
      lookup: StateLookup(style, default: defaultLook, fields.map(\.field)),
      motions: fields.map(\.motion), transitions: transitions)
  }

  /// The look of a state once every transition has ended: what ``StateLookup/resolve(_:)``
  /// gives.
  ///
  /// - Parameter state: The state of a control.
  /// - Returns: The look.
  @inlinable
  public func look(for state: ControlState) -> Look {
    _core.lookup.resolve(state)
  }

  /// The transitions the animator plays, ranked by the style set's precedence.
  var transitions: StyleTransitions { _core.transitions }

  /// The names of the attributes that fill the fields, in the order of the fields.
  package var attributes: [String] { _core.motions.map(\.name) }

  /// Why each field gets its transition for a change: one explanation per field, in the order
  /// of the fields (see ``StyleTransitions/explain(_:attribute:catalog:)``).
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [.field(\.fill, from: .fill)],
  ///                                  transitions: buttonTransitions())
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

  /// The look a fraction of the way from one look to another, field by field: a field whose
  /// values interpolate takes the value in between, a field that switches takes the new value
  /// from the start (any fraction above 0) or at the end (fraction 1) of the way.
  ///
  ///     let animator = StyleAnimator(buttonStyle(), default: ButtonLook(), [
  ///         .field(\.fill, from: .fill), .field(\.label, from: .label, switching: .end),
  ///     ])
  ///     let (idle, pressed) = (animator.look(for: .normal), animator.look(for: .highlighted))
  ///     animator.interpolate(from: idle, to: pressed, by: 0.25) == ButtonLook(fill: 0.25, label: "idle")  // true
  ///     animator.interpolate(from: idle, to: pressed, by: 1) == pressed  // true
  ///
  /// - Parameters:
  ///   - from: The look at fraction 0.
  ///   - to: The look at fraction 1; fields the animator does not fill keep its values.
  ///   - fraction: How far along, usually the progress of a ``TransitionCurve``.
  /// - Returns: The look in between.
  @inlinable
  public func interpolate(from: Look, to: Look, by fraction: Double) -> Look {
    _core.interpolate(from: from, to: to, by: fraction)
  }
}

extension StyleAnimator: Sendable where Look: Sendable {}
// @unchecked: a field's closures capture a key path, a style key and an offset, all immutable.
extension StyleAnimator.Field: @unchecked Sendable where Look: Sendable {}
