/// A part's paint in a style table: a colour of the toolkit's palette, optionally adjusted and
/// blended toward another of its colours by a phase, resolved against the palette where the
/// control draws.
///
/// A table holds paints, not colours, so one table serves every palette and a theme that
/// swaps the palette needs no new table. The slot is whatever names a colour in the toolkit's
/// palette: a property of a palette protocol or class (`\.accent` or `{ $0.accent }`), a
/// subscript by the toolkit's enumeration of colours (`{ $0[.accent] }`); no wrapper type.
///
///     protocol Palette: Sendable {
///         var text: Double { get }
///         var accent: Double { get }
///     }
///     struct Light: Palette {
///         let text = 0.1, accent = 0.6
///     }
///     extension Double: AdjustableColor {
///         func adjusted(by factor: Double) -> Double { self * factor }
///     }
///
///     let caption = PaletteColor<any Palette, Double>(\.text).adjusted(by: 0.5)
///     let ring = PaletteColor<any Palette, Double>(\.text).blended(toward: \.accent)
///     caption.color(in: Light(), phase: 0)  // 0.05
///     ring.color(in: Light(), phase: 0)     // 0.1
///     ring.color(in: Light(), phase: 1)     // 0.6
///
/// Resolving costs a call of the slot (and of the target's when it blends), the adjustment and
/// the blend: no lookup, no allocation. A slot written as a closure that captures nothing, such
/// as `{ $0.accent }`, costs nothing to copy; a key path literal (`\.accent`) reads as fast but
/// is a reference the copy retains.
public struct PaletteColor<Palette, Color: AdjustableColor>: Sendable {
  /// Reads the colour from the palette.
  public var slot: @Sendable (Palette) -> Color
  /// What is applied to the slot's colour, or `nil` to take it as it is.
  public var adjustment: Color.Adjustment?
  /// The colour the paint blends toward by the phase, or `nil` for a paint that does not move.
  public var target: (@Sendable (Palette) -> Color)?

  /// Creates a paint of a palette's colour.
  ///
  /// - Parameters:
  ///   - slot: Reads the colour from the palette: a key path or a closure.
  ///   - adjustment: What is applied to it, or `nil`.
  ///   - target: The colour the paint blends toward by the phase, or `nil`.
  @inlinable
  public init(
    _ slot: @escaping @Sendable (Palette) -> Color, adjustment: Color.Adjustment? = nil,
    blendingToward target: (@Sendable (Palette) -> Color)? = nil
  ) {
    (self.slot, self.adjustment, self.target) = (slot, adjustment, target)
  }

  /// This paint with `adjustment` applied to its slot's colour, in place of any it had.
  ///
  /// - Parameter adjustment: One of the toolkit's adjustments.
  /// - Returns: The adjusted paint.
  @inlinable
  public func adjusted(by adjustment: Color.Adjustment) -> Self {
    var paint = self
    paint.adjustment = adjustment
    return paint
  }

  /// This paint blending toward `target` by the phase it is resolved at: the adjusted slot's
  /// colour at phase 0, the target's at phase 1.
  ///
  /// - Parameter target: Reads the colour to blend toward from the palette.
  /// - Returns: The blending paint.
  @inlinable
  public func blended(toward target: @escaping @Sendable (Palette) -> Color) -> Self {
    var paint = self
    paint.target = target
    return paint
  }

  /// The colour in `palette`: the slot's colour, adjusted, then blended toward the target by
  /// `phase`.
  ///
  /// - Parameters:
  ///   - palette: The palette the control draws with.
  ///   - phase: How far toward the target a blending paint is, from 0 to 1 (a ``Pulse``'s
  ///     phase); a paint that does not blend ignores it.
  /// - Returns: The colour to draw with.
  @inlinable
  public func color(in palette: Palette, phase: Double) -> Color {
    var color = slot(palette)
    if let adjustment { color = color.adjusted(by: adjustment) }
    guard let target else { return color }
    return color.interpolated(to: target(palette), by: phase)
  }
}
