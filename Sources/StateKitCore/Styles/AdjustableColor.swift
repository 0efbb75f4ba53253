/// A toolkit's colour type as a ``PaletteColor`` resolves it: adjusted by one of the toolkit's
/// own adjustments (a named opacity, a derived attribute) and blended toward another colour.
///
/// A colour type that already has both adopts it in one line; otherwise it forwards to what it
/// has:
///
///     struct RGBA: Hashable, Sendable {
///         var red, green, blue, alpha: Double
///     }
///     enum Opacity: Double, Sendable { case full = 1, disabled = 0.4 }
///
///     extension RGBA: AdjustableColor {
///         func adjusted(by opacity: Opacity) -> RGBA {
///             RGBA(red: red, green: green, blue: blue, alpha: alpha * opacity.rawValue)
///         }
///         func interpolated(to other: RGBA, by fraction: Double) -> RGBA {
///             RGBA(red: red.interpolated(to: other.red, by: fraction),
///                  green: green.interpolated(to: other.green, by: fraction),
///                  blue: blue.interpolated(to: other.blue, by: fraction),
///                  alpha: alpha.interpolated(to: other.alpha, by: fraction))
///         }
///     }
///     RGBA(red: 1, green: 1, blue: 1, alpha: 1).adjusted(by: .disabled).alpha  // 0.4
///
/// The blend is ``Interpolatable``'s, with its laws: a fraction of 0 gives the colour itself
/// and 1 gives the other.
public protocol AdjustableColor: Interpolatable, Sendable {
  /// What a paint may apply to a palette's colour: the toolkit's named opacities, or an
  /// enumeration of them and its derived attributes (lighter, contrasting, …).
  associatedtype Adjustment: Sendable

  /// This colour with `adjustment` applied.
  ///
  /// - Parameter adjustment: One of the toolkit's adjustments.
  /// - Returns: The adjusted colour.
  func adjusted(by adjustment: Adjustment) -> Self
}
