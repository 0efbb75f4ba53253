import StateKit
import StateKitTesting
import Testing

@testable import StateKitCore

/// A toolkit's colour: 8 bits a channel, with named opacities as its adjustments.
private struct RGBA: Hashable, Sendable, Interpolatable {
  var red, green, blue, alpha: UInt8

  enum Opacity: Double, Sendable {
    case full = 1
    case half = 0.5
    case clear = 0
  }

  func adjusted(by opacity: Opacity) -> RGBA {
    RGBA(
      red: red, green: green, blue: blue,
      alpha: UInt8((Double(alpha) * opacity.rawValue).rounded()))
  }
  func interpolated(to other: RGBA, by fraction: Double) -> RGBA {
    RGBA(
      red: red.interpolated(to: other.red, by: fraction),
      green: green.interpolated(to: other.green, by: fraction),
      blue: blue.interpolated(to: other.blue, by: fraction),
      alpha: alpha.interpolated(to: other.alpha, by: fraction))
  }
}

/// A palette as a protocol of named colours, read through an existential.
private protocol Palette: Sendable {
  var text: RGBA { get }
  var accent: RGBA { get }
}
private struct Dark: Palette {
  var text = RGBA(red: 230, green: 230, blue: 230, alpha: 255)
  var accent = RGBA(red: 90, green: 160, blue: 250, alpha: 255)
}

/// A palette as a class with named colours.
private final class Theme: Sendable {
  let text = RGBA(red: 10, green: 10, blue: 10, alpha: 255)
  let accent = RGBA(red: 200, green: 40, blue: 40, alpha: 255)
}

/// A palette read by an enumeration of its colours.
private enum Role: Int, Sendable { case text, accent }
private struct Swatches: Sendable {
  var colors: [RGBA]
  subscript(role: Role) -> RGBA { colors[role.rawValue] }
}

private typealias Paint = PaletteColor<Role, RGBA.Opacity>

/// How the toolkit applies a named opacity, as a paint is resolved with it.
private func adjust(_ color: RGBA, _ opacity: RGBA.Opacity) -> RGBA { color.adjusted(by: opacity) }

private struct Look: Sendable, Equatable {
  var glyph = "-"
  var width = 1
  var bold = false
}

/// Counts the tokens released.
private final class Releases: @unchecked Sendable {
  // @unchecked: each test has its own and reads it after the tokens are gone.
  var count = 0
}

/// A reference a look holds, which counts its release.
private final class Token: @unchecked Sendable {
  let releases: Releases
  init(_ releases: Releases) { self.releases = releases }
  deinit { releases.count += 1 }
}

private struct Holding: Sendable {
  var token: Token?
}

private struct Failure: Error {}

@Suite("Paints")
struct PaintTests {
  static let channel = Gen.int(in: 0...255)
  fileprivate static let colors = Gen.zip(channel, channel, channel).map { red, green, blue in
    RGBA(red: UInt8(red), green: UInt8(green), blue: UInt8(blue), alpha: 255)
  }
  fileprivate static let pairs = Gen.zip(
    colors, colors, Gen.int(in: 0...100).map { Double($0) / 100 })

  /// A paint reads its slot from the palette it is given; any type that names colours gives
  /// the slots; an adjustment applies to the slot and the last one wins; a blend goes toward
  /// the target as it is.
  @Test func aPaintReadsItsSlotFromThePaletteItIsGiven() {
    let text = Paint(.text)
    let (dark, light) = (
      Swatches(colors: [Dark().text, Dark().accent]),
      Swatches(colors: [
        RGBA(red: 1, green: 2, blue: 3, alpha: 255), Dark().accent,
      ])
    )
    // A protocol's colours by key path, a class's by closure.
    let palette: any Palette = Dark()
    let accent = PaletteColor<KeyPath<any Palette, RGBA> & Sendable, RGBA.Opacity>(\.accent)
    let theme = Theme()
    let themeText = PaletteColor<@Sendable (Theme) -> RGBA, RGBA.Opacity>({ $0.text })
    // The target of a blend is not adjusted: at phase 1 the paint is the accent, fully opaque.
    let glow = Paint(.text, blendingToward: .accent).adjusted(by: .clear)
    let colors: [RGBA] = [
      text.color(phase: 0, adjusting: adjust) { dark[$0] },
      text.color(phase: 0, adjusting: adjust) { light[$0] },
      Paint(.accent).color(phase: 0.7, adjusting: adjust) { dark[$0] },
      accent.color(phase: 0, adjusting: adjust) { palette[keyPath: $0] },
      themeText.color(phase: 0, adjusting: adjust) { $0(theme) },
      glow.color(phase: 1, adjusting: adjust) { dark[$0] },
    ]
    let expected: [RGBA] = [
      Dark().text, light[.text], Dark().accent, Dark().accent, theme.text, Dark().accent,
    ]
    #expect(colors == expected)

    let half = Paint(.text).adjusted(by: .half)
    let alphas: [UInt8] = [
      half.color(phase: 0, adjusting: adjust) { dark[$0] }.alpha,
      half.adjusted(by: .clear).color(phase: 0, adjusting: adjust) { dark[$0] }.alpha,
      Paint(.text, adjustment: .half).color(phase: 1, adjusting: adjust) { dark[$0] }.alpha,
      glow.color(phase: 0, adjusting: adjust) { dark[$0] }.alpha,
    ]
    #expect(alphas == [128, 0, 128, 0])
    #expect(half == Paint(.text, adjustment: .half) && half != Paint(.text))
  }

  /// Laws: full opacity is the identity; a blend is its adjusted slot at phase 0 and its
  /// target at phase 1; a paint that does not blend ignores the phase.
  @Test func adjustmentsAndBlendsKeepTheirLaws() {
    forAll("full opacity, blend ends, still paints", Self.pairs) { slot, target, phase in
      let palette = Swatches(colors: [slot, target])
      let read = { (role: Role) in palette[role] }
      let text = Paint(.text)
      let pulse = text.adjusted(by: .half).blended(toward: .accent)
      return text.adjusted(by: .full).color(phase: phase, adjusting: adjust, read) == slot
        && text.color(phase: phase, adjusting: adjust, read) == slot
        && pulse.color(phase: 0, adjusting: adjust, read) == slot.adjusted(by: .half)
        && pulse.color(phase: 1, adjusting: adjust, read) == target
        && pulse.color(phase: phase, adjusting: adjust, read)
          == slot.adjusted(by: .half).interpolated(to: target, by: phase)
    }
  }

  /// A change table reads, in every state, what the `if`/`else` chain it ports gives; entries
  /// of the same states are one branch where the first is; a theme changes a change table as
  /// any other.
  @Test func aChangeTableIsTheChainItPorts() {
    let looks = StyleHolder(firstMatch: [
      .disabled: { $0.glyph = "·" },
      [.selected, .focused]: { ($0.glyph, $0.bold) = ("═", true) },
      .focused: { $0.glyph = "─" },
      .selected: { $0.width = 2 },
    ]) { Look() }
    func chain(_ state: ControlState) -> Look {
      var look = Look()
      if state.contains(.disabled) {
        look.glyph = "·"
      } else if state.contains([.selected, .focused]) {
        (look.glyph, look.bold) = ("═", true)
      } else if state.contains(.focused) {
        look.glyph = "─"
      } else if state.contains(.selected) {
        look.width = 2
      }
      return look
    }
    let states: [ControlState] = (0..<16).map { ControlState(rawValue: UInt($0) << 1) }
    #expect(states.map { looks[$0] } == states.map(chain))

    var calls = 0
    let merged = StyleHolder(firstMatch: [
      .focused: { $0.glyph = "═" },
      .disabled: { $0.glyph = "·" },
      .focused: { $0.bold = true },
      .focused: { $0.width += 1 },
    ]) {
      calls += 1
      return Look()
    }
    // The focused branch is tried first, as its first entry is.
    let mergedLooks: [Look] = [
      merged[.focused], merged[[.focused, .disabled]], merged[.disabled], merged[.normal],
    ]
    let expected: [Look] = [
      Look(glyph: "═", width: 2, bold: true), Look(glyph: "═", width: 2, bold: true),
      Look(glyph: "·"), Look(),
    ]
    #expect(mergedLooks == expected)
    let counts: [Int?] = [calls, merged.table?.entries.count]
    #expect(counts == [1, 2])

    let themed = StyleHolder(firstMatch: [.focused: { $0.glyph = "═" }]) { Look() }
    themed.update { $0[StateSelector(.focused)] = Look(glyph: "*") }
    #expect(themed[.focused] == Look(glyph: "*"))
  }

  /// Resolving with a change sets fields of the look read, also when the lookup has no index
  /// (bits that do not gather into an index: the lookup resolves each state as it is read);
  /// the holder's values stay as they are.
  @Test(arguments: [ControlState.disabled, ControlState(rawValue: 0x1111_1111)])
  func resolvingWithAChangeSetsFieldsOfTheLookRead(state: ControlState) {
    let looks = StyleHolder(firstMatch: [state: Look(glyph: "·")], default: Look())
    #expect(looks.table.map { StateLookup($0, default: Look()).isIndexed } == (state == .disabled))
    let resolved: [Look] = [
      looks.resolve(state) { $0.width = 3 }, looks.resolve(.normal) { $0.bold = true },
      looks[state],
    ]
    #expect(resolved == [Look(glyph: "·", width: 3), Look(bold: true), Look(glyph: "·")])
  }

  @Test(arguments: [ControlState.focused, ControlState(rawValue: 0x1111_1111)])
  func aChangeThatThrowsReleasesWhatItSet(state: ControlState) {
    let releases = Releases()
    let looks = StyleHolder(firstMatch: [state: Holding()], default: Holding())
    #expect(throws: Failure.self) {
      _ = try looks.resolve(state) { look in
        look.token = Token(releases)
        throw Failure()
      }
    }
    #expect(releases.count == 1)
    #expect(looks[state].token == nil)
  }
}
