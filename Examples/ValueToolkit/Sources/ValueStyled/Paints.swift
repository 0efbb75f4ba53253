import ValueScreen

// What StateKit's tables need to hold a part's colour before the palette is known: a palette
// slot by name, at a named opacity, blended toward another slot by the focus pulse.

/// A named colour of the palette.
public enum Slot: UInt8, Sendable { case foreground, background, surface, accent, muted, danger }

extension Palette {
  @inlinable public subscript(slot: Slot) -> Color {
    switch slot {
    case .foreground: foreground
    case .background: background
    case .surface: surface
    case .accent: accent
    case .muted: muted
    case .danger: danger
    }
  }
}

/// A part's paint: a palette colour at a named opacity, blended toward another by the phase.
public struct Shade: Paint, Hashable {
  public var slot: Slot
  public var opacity = Opacity.full
  public var pulse: Slot? = nil

  @inlinable public func color(in palette: any Palette, phase: Double) -> Color {
    let base = opacity == .full ? palette[slot] : palette[slot].opacity(opacity)
    guard let pulse else { return base }
    return base.mixed(with: palette[pulse], by: phase)
  }
  public func at(_ opacity: Opacity) -> Shade { Shade(slot: slot, opacity: opacity, pulse: pulse) }
  public func pulsing(_ target: Slot) -> Shade {
    Shade(slot: slot, opacity: opacity, pulse: target)
  }
  public static let foreground = Shade(slot: .foreground), background = Shade(slot: .background)
  public static let surface = Shade(slot: .surface), accent = Shade(slot: .accent)
  public static let muted = Shade(slot: .muted), danger = Shade(slot: .danger)
}
