/// What a subtree of views draws with, passed down from parent to children: the palette, the
/// clock of the focus pulse, and the styles the toolkit version keeps there.
public struct Environment<Styles: Sendable>: Sendable {
  public var palette: any Palette
  /// Now, in milliseconds on the app's clock.
  public var now: Int
  /// When the focused control got the focus, on the same clock.
  public var focusSince: Int
  public var styles: Styles

  public init(palette: any Palette, now: Int = 0, focusSince: Int = 0, styles: Styles) {
    (self.palette, self.now, self.focusSince, self.styles) = (palette, now, focusSince, styles)
  }
}

/// What a part of a look is painted with: a colour, or something the palette and the pulse
/// phase turn into one at draw time.
public protocol Paint: Sendable {
  func color(in palette: any Palette, phase: Double) -> Color
}

extension Color: Paint {
  @inlinable
  public func color(in palette: any Palette, phase: Double) -> Color { self }
}

/// How paints become colours where a control draws: the palette, the pulse phase, and the
/// caller's override of the text and fill colours.
public struct Ink: Sendable {
  public var palette: any Palette
  public var phase: Double
  public var override: Style?

  public init(_ palette: any Palette, phase: Double = 0, override: Style? = nil) {
    (self.palette, self.phase, self.override) = (palette, phase, override)
  }

  /// A part's colour.
  @inlinable
  public func callAsFunction<P: Paint>(_ paint: P) -> Color {
    paint.color(in: palette, phase: phase)
  }
  /// The text's colour: the override's foreground, or the paint's.
  @inlinable
  public func text<P: Paint>(_ paint: P) -> Color {
    override?.foreground ?? paint.color(in: palette, phase: phase)
  }
  /// The fill's colour: the override's background, or the paint's.
  @inlinable
  public func fill<P: Paint>(_ paint: P) -> Color {
    override?.background ?? paint.color(in: palette, phase: phase)
  }
}
