/// A part's paint in a style table: a slot of the toolkit's palette, optionally adjusted and
/// blended toward another slot by a phase, resolved against the palette where the control
/// draws.
///
/// A table holds paints, not colours, so one table serves every palette and a theme that
/// swaps the palette needs no new table. The slot is whatever names a colour of the toolkit's
/// palette: its enumeration of colours, a key path of a palette protocol or class, a closure
/// that reads one. The adjustment is whatever the toolkit applies to a colour: its named
/// opacities, or an enumeration of them and its derived attributes. Where the control draws,
/// ``color(phase:adjusting:_:)`` reads the slots with the function it is given and applies the
/// adjustment with the toolkit's own function; the colour only has to be ``Interpolatable``
/// for the blend, or ``color(phase:adjusting:blending:_:)`` blends with the toolkit's own
/// function too. No wrapper type.
///
///     enum Role: Sendable { case text, accent }
///     struct Gray: Equatable, Sendable, Interpolatable {
///         var level: Double
///         func interpolated(to other: Gray, by fraction: Double) -> Gray {
///             Gray(level: level.interpolated(to: other.level, by: fraction))
///         }
///     }
///     struct Palette: Sendable {
///         var text = Gray(level: 0.1), accent = Gray(level: 0.6)
///         subscript(role: Role) -> Gray { role == .text ? text : accent }
///     }
///     func dimmed(_ gray: Gray, by factor: Double) -> Gray { Gray(level: gray.level * factor) }
///
///     let caption = PaletteColor<Role, Double>(.text).adjusted(by: 0.5)
///     let ring = PaletteColor<Role, Double>(.text).blended(toward: .accent)
///     let light = Palette()
///     caption.color(phase: 0, adjusting: dimmed) { light[$0] }.level  // 0.05
///     ring.color(phase: 0, adjusting: dimmed) { light[$0] }.level     // 0.1
///     ring.color(phase: 1, adjusting: dimmed) { light[$0] }.level     // 0.6
///
/// With an enumeration for its slots and an adjustment that copies as plain bits (a named
/// opacity), a paint copies as plain bits too, however generic the code that copies a look
/// that holds it; resolving costs a read of the palette (two when it blends), the adjustment
/// and the blend. A key path or a closure as the slot works as well, but a key path is read
/// through the runtime, and either is retained with each copy.
public struct PaletteColor<Slot: Sendable, Adjustment: Sendable>: Sendable {
  /// The palette's colour the paint starts from.
  public var slot: Slot
  /// What is applied to the slot's colour, or `nil` to take it as it is.
  public var adjustment: Adjustment?
  /// The palette's colour the paint blends toward by the phase, or `nil` for a paint that does
  /// not move.
  public var target: Slot?

  /// Creates a paint of a palette's colour.
  ///
  /// - Parameters:
  ///   - slot: The palette's colour.
  ///   - adjustment: What is applied to it, or `nil`.
  ///   - target: The colour the paint blends toward by the phase, or `nil`.
  @inlinable
  public init(_ slot: Slot, adjustment: Adjustment? = nil, blendingToward target: Slot? = nil) {
    (self.slot, self.adjustment, self.target) = (slot, adjustment, target)
  }

  /// This paint with `adjustment` applied to its slot's colour, in place of any it had.
  ///
  /// - Parameter adjustment: One of the toolkit's adjustments.
  /// - Returns: The adjusted paint.
  @inlinable
  public func adjusted(by adjustment: Adjustment) -> Self {
    var paint = self
    paint.adjustment = adjustment
    return paint
  }

  /// This paint blending toward `target` by the phase it is resolved at: the adjusted slot's
  /// colour at phase 0, the target's colour as it is at phase 1.
  ///
  /// - Parameter target: The palette's colour to blend toward.
  /// - Returns: The blending paint.
  @inlinable
  public func blended(toward target: Slot) -> Self {
    var paint = self
    paint.target = target
    return paint
  }

  /// The colour to draw with: the slot's colour, adjusted, then blended toward the target's by
  /// `phase`.
  ///
  /// - Parameters:
  ///   - phase: How far toward the target a blending paint is, from 0 to 1 (a ``Pulse``'s
  ///     phase); a paint that does not blend ignores it.
  ///   - adjust: Applies an adjustment to a colour, the toolkit's own function (`opacity(_:)`).
  ///   - palette: Reads a slot's colour from the palette the control draws with.
  /// - Returns: The colour.
  @inlinable
  public func color<Color: Interpolatable>(
    phase: Double, adjusting adjust: (Color, Adjustment) -> Color, _ palette: (Slot) -> Color
  ) -> Color {
    var color = palette(slot)
    if let adjustment { color = adjust(color, adjustment) }
    guard let target else { return color }
    return color.interpolated(to: palette(target), by: phase)
  }

  /// The colour to draw with, adjusted and blended by the colour type's own methods, passed
  /// unapplied (`Color.opacity`, `Color.mixed`): the slot's colour, adjusted, then blended
  /// toward the target's by `phase`. The colour need not be ``Interpolatable``.
  ///
  ///     struct RGB {
  ///         var red: Double
  ///         func scaled(_ factor: Double) -> RGB { RGB(red: red * factor) }
  ///         func mixed(with other: RGB, by share: Double) -> RGB {
  ///             RGB(red: red + (other.red - red) * share)
  ///         }
  ///     }
  ///     enum Ink { case text, paper }
  ///     let paint = PaletteColor<Ink, Double>(.text, adjustment: 0.5, blendingToward: .paper)
  ///     let color = paint.color(phase: 0.5, adjusting: RGB.scaled, blending: RGB.mixed) {
  ///         $0 == .text ? RGB(red: 1) : RGB(red: 0)
  ///     }
  ///     color.red  // 0.25: half the text's red, then halfway to the paper's
  ///
  /// - Parameters:
  ///   - phase: How far toward the target a blending paint is, from 0 to 1.
  ///   - adjust: The colour type's method that applies an adjustment.
  ///   - blend: The colour type's method that blends toward another colour by a share from 0
  ///     to 1.
  ///   - palette: Reads a slot's colour from the palette the control draws with.
  /// - Returns: The colour.
  @inlinable
  public func color<Color>(
    phase: Double, adjusting adjust: (Color) -> (Adjustment) -> Color,
    blending blend: (Color) -> (Color, Double) -> Color, _ palette: (Slot) -> Color
  ) -> Color {
    var color = palette(slot)
    if let adjustment { color = adjust(color)(adjustment) }
    guard let target else { return color }
    return blend(color)(palette(target), phase)
  }
}

extension PaletteColor: Equatable where Slot: Equatable, Adjustment: Equatable {}
extension PaletteColor: Hashable where Slot: Hashable, Adjustment: Hashable {}
