/// A colour with its opacity, 8 bits a channel.
public struct Color: Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8
  public var alpha: UInt8

  public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, alpha: UInt8 = 255) {
    (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
  }

  /// This colour at one of the toolkit's named opacities.
  @inlinable
  public func opacity(_ opacity: Opacity) -> Color {
    var color = self
    color.alpha = UInt8((Double(alpha) * opacity.rawValue).rounded())
    return color
  }

  /// The colour a fraction of the way from this one to `other`, channel by channel; the
  /// fraction is kept within `0...1`.
  @inlinable
  public func mixed(with other: Color, by fraction: Double) -> Color {
    let share = min(max(fraction, 0), 1)
    func mix(_ from: UInt8, _ to: UInt8) -> UInt8 {
      UInt8((Double(from) + (Double(to) - Double(from)) * share).rounded())
    }
    return Color(
      mix(red, other.red), mix(green, other.green), mix(blue, other.blue),
      alpha: mix(alpha, other.alpha))
  }

  @inlinable
  public var checksum: Int {
    Int(red) &* 31 &+ Int(green) &* 7 &+ Int(blue) &* 3 &+ Int(alpha)
  }
}

/// The opacities the toolkit's design names.
public enum Opacity: Double, Sendable, CaseIterable {
  case full = 1
  case secondary = 0.7
  case disabled = 0.38
  case faint = 0.12
}

/// The named colours a theme provides; views read them where they draw.
public protocol Palette: Sendable {
  var foreground: Color { get }
  var background: Color { get }
  var surface: Color { get }
  var accent: Color { get }
  var muted: Color { get }
  var danger: Color { get }
}

/// A dark palette.
public struct Midnight: Palette {
  public let foreground = Color(230, 232, 240)
  public let background = Color(12, 14, 22)
  public let surface = Color(30, 34, 48)
  public let accent = Color(98, 160, 255)
  public let muted = Color(120, 126, 150)
  public let danger = Color(240, 90, 90)
  public init() {}
}

/// A light palette.
public struct Paper: Palette {
  public let foreground = Color(20, 20, 24)
  public let background = Color(250, 250, 246)
  public let surface = Color(236, 236, 230)
  public let accent = Color(0, 110, 70)
  public let muted = Color(130, 130, 120)
  public let danger = Color(190, 30, 40)
  public init() {}
}

/// A per-instance override of a control's text and fill colours, as a caller passes it.
public struct Style: Hashable, Sendable {
  public var foreground: Color?
  public var background: Color?

  public init(foreground: Color? = nil, background: Color? = nil) {
    (self.foreground, self.background) = (foreground, background)
  }
}
