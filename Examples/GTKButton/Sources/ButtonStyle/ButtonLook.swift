/// A property of a button's look that a stylesheet sets, by its CSS name.
public enum ButtonProperty: String, Sendable, Hashable, CaseIterable {
  /// `background-color`.
  case backgroundColor = "background-color"
  /// `color`: the label's color.
  case color
  /// `border-color`.
  case borderColor = "border-color"
  /// `outline-color`: GTK draws the focus ring as the outline.
  case outlineColor = "outline-color"
  /// `font-weight`.
  case fontWeight = "font-weight"
}

/// What a button draws in one state: each property's value as the stylesheet writes it.
public struct ButtonLook: Sendable, Equatable, CustomStringConvertible {
  /// The value a property has when no rule matching the state sets it.
  public static let unset = "initial"

  /// `background-color`.
  public var backgroundColor = unset
  /// `color`.
  public var color = unset
  /// `border-color`.
  public var borderColor = unset
  /// `outline-color`.
  public var outlineColor = unset
  /// `font-weight`.
  public var fontWeight = unset

  /// A look with every property unset.
  public init() {}

  /// A property's value.
  public subscript(property: ButtonProperty) -> String {
    get {
      switch property {
      case .backgroundColor: backgroundColor
      case .color: color
      case .borderColor: borderColor
      case .outlineColor: outlineColor
      case .fontWeight: fontWeight
      }
    }
    set {
      switch property {
      case .backgroundColor: backgroundColor = newValue
      case .color: color = newValue
      case .borderColor: borderColor = newValue
      case .outlineColor: outlineColor = newValue
      case .fontWeight: fontWeight = newValue
      }
    }
  }

  /// The values in ``ButtonProperty`` order, separated by spaces.
  public var description: String {
    ButtonProperty.allCases.map { self[$0] }.joined(separator: " ")
  }
}
