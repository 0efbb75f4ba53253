import StateKit

/// A colour of 8-bit channels, written `#rrggbb` in theme files; it interpolates channel by
/// channel, so a transition between two fills passes through the colours between them.
public struct RGB: Hashable, Sendable, Interpolatable, CustomStringConvertible {
  /// The red channel.
  public var red: UInt8
  /// The green channel.
  public var green: UInt8
  /// The blue channel.
  public var blue: UInt8

  /// Creates a colour from its channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    (self.red, self.green, self.blue) = (red, green, blue)
  }

  /// The colour a fraction of the way to another, channel by channel.
  public func interpolated(to other: RGB, by fraction: Double) -> RGB {
    RGB(
      red: red.interpolated(to: other.red, by: fraction),
      green: green.interpolated(to: other.green, by: fraction),
      blue: blue.interpolated(to: other.blue, by: fraction))
  }

  /// `#rrggbb`.
  public var description: String {
    "#"
      + [red, green, blue].map { $0 < 16 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
      .joined()
  }

  /// The colour `#rrggbb` names, or `nil`.
  public init?(hex text: String) {
    let digits = text.utf8.dropFirst()
    guard text.utf8.first == UInt8(ascii: "#"), digits.count == 6,
      let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
    else { return nil }
    self.init(
      red: UInt8(truncatingIfNeeded: value >> 16), green: UInt8(truncatingIfNeeded: value >> 8),
      blue: UInt8(truncatingIfNeeded: value))
  }
}

extension RGB: Codable {
  /// Reads `#rrggbb`; anything else is an error that says what a colour looks like.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let colour = RGB(hex: text) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected a colour written #rrggbb, such as #3050a0"))
    }
    self = colour
  }

  /// Writes `#rrggbb`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// What a button draws with. The initial values are the looks of states the theme says nothing
/// about.
public struct ButtonLook: Equatable, Sendable {
  /// The colour of the button's face.
  public var fill = RGB(red: 0, green: 0, blue: 0)
  /// How many columns the button takes, brackets aside.
  public var width = 10.0
  /// The text on the button.
  public var label = "Button"
  /// Whether the label is underlined (drawn between underscores).
  public var underlined = false

  /// The look of a state the theme says nothing about.
  public init() {}
}

extension StyleKey where Value == RGB {
  /// The colour of the button's face.
  public static var fill: StyleKey<RGB> { StyleKey("fill") }
}
extension StyleKey where Value == Double {
  /// How many columns the button takes.
  public static var width: StyleKey<Double> { StyleKey("width") }
}
extension StyleKey where Value == String {
  /// The text on the button.
  public static var label: StyleKey<String> { StyleKey("label") }
}
extension StyleKey where Value == Bool {
  /// Whether the label is underlined.
  public static var underlined: StyleKey<Bool> { StyleKey("underlined") }
}

extension StyleSet {
  /// The attributes a button's theme may hold.
  public static let buttonKeys: [StyleSet.DecodableKey] = [
    .init(.fill), .init(.width), .init(.label), .init(.underlined),
  ]
}

extension StyleAnimator where Look == ButtonLook {
  /// The looks and transitions of buttons styled by a theme: the fill and the width
  /// interpolate, the label switches when its transition starts, the underline when it ends.
  public static func buttons(_ theme: StyleSet, transitions: StyleTransitions)
    -> StyleAnimator<ButtonLook>
  {
    StyleAnimator(
      theme, default: ButtonLook(),
      [
        .field(\.fill, from: .fill), .field(\.width, from: .width), .field(\.label, from: .label),
        .field(\.underlined, from: .underlined, switching: .end),
      ], transitions: transitions)
  }

  /// The animator of buttons styled by a theme file: its values and its `$transitions`.
  public static func buttons(themeJSON bytes: some Sequence<UInt8>) throws(StateKitError)
    -> StyleAnimator<ButtonLook>
  {
    let bytes = Array(bytes)
    return buttons(
      try StyleSet(themeJSON: bytes, keys: StyleSet.buttonKeys),
      transitions: try StyleTransitions(themeJSON: bytes, keys: StyleSet.buttonKeys))
  }
}

/// A button in a terminal that moves between its looks. It keeps its state and its running
/// transitions in an `AnimatedLook`, reads no clock, and draws the look at the time it is
/// given, so an app's frame loop and a test's virtual clock drive it alike.
public final class AnimatedButton {
  private var animated: AnimatedLook<ButtonLook>

  /// Creates a button at rest in a state.
  public init(_ animator: StyleAnimator<ButtonLook>, state: ControlState = .normal) {
    animated = AnimatedLook(animator, state: state)
  }

  /// The button's state, or the state it is moving to.
  public var state: ControlState { animated.state }

  /// When the last running transition ends, in milliseconds.
  public var settledAt: Int { animated.settledAt }

  /// Changes the state at a time: each part of the look moves from where it is then.
  public func change(to state: ControlState, at time: Int) {
    animated.change(to: state, at: time)
  }

  /// The look at a time no earlier than the last change.
  public func look(at time: Int) -> ButtonLook { animated.look(at: time) }

  /// The button as text at a time: the label in brackets, as wide as the look's width, with
  /// underscores around an underlined label.
  public func draw(at time: Int) -> String {
    let look = look(at: time)
    let label = look.underlined ? "_\(look.label)_" : look.label
    let width = max(Int(look.width.rounded()), label.count)
    let left = (width - label.count) / 2
    let right = width - label.count - left
    return "[" + String(repeating: " ", count: left) + label + String(repeating: " ", count: right)
      + "]"
  }
}
