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

  @Test func aPaintReadsItsSlotFromThePaletteItIsGiven() {
    let text = Paint(.text)
    let (dark, light) = (
      Swatches(colors: [Dark().text, Dark().accent]),
      Swatches(colors: [
        RGBA(red: 1, green: 2, blue: 3, alpha: 255), Dark().accent,
      ])
    )
    #expect(text.color(phase: 0, adjusting: adjust) { dark[$0] } == Dark().text)
    #expect(text.color(phase: 0, adjusting: adjust) { light[$0] } == light[.text])
    #expect(Paint(.accent).color(phase: 0.7, adjusting: adjust) { dark[$0] } == Dark().accent)
  }

  @Test func anyTypeThatNamesColoursGivesTheSlots() {
    // A protocol's colours by key path, a class's by closure.
    let dark: any Palette = Dark()
    let accent = PaletteColor<KeyPath<any Palette, RGBA> & Sendable, RGBA.Opacity>(\.accent)
    #expect(accent.color(phase: 0, adjusting: adjust) { dark[keyPath: $0] } == Dark().accent)
    let theme = Theme()
    let text = PaletteColor<@Sendable (Theme) -> RGBA, RGBA.Opacity>({ $0.text })
    #expect(text.color(phase: 0, adjusting: adjust) { $0(theme) } == theme.text)
  }

  @Test func anAdjustmentAppliesToTheSlotAndTheLastOneWins() {
    let swatches = Swatches(colors: [Dark().text, Dark().accent])
    let half = Paint(.text).adjusted(by: .half)
    #expect(half.color(phase: 0, adjusting: adjust) { swatches[$0] }.alpha == 128)
    #expect(
      half.adjusted(by: .clear).color(phase: 0, adjusting: adjust) { swatches[$0] }.alpha == 0)
    #expect(
      Paint(.text, adjustment: .half).color(phase: 1, adjusting: adjust) { swatches[$0] }.alpha
        == 128)
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

  @Test func aBlendGoesTowardTheTargetAsItIs() {
    let swatches = Swatches(colors: [Dark().text, Dark().accent])
    let glow = Paint(.text, blendingToward: .accent).adjusted(by: .clear)
    // The target is not adjusted: at phase 1 the paint is the accent, fully opaque.
    #expect(glow.color(phase: 1, adjusting: adjust) { swatches[$0] } == Dark().accent)
    #expect(glow.color(phase: 0, adjusting: adjust) { swatches[$0] }.alpha == 0)
  }

  /// A change table reads, in every state, what the `if`/`else` chain it ports gives.
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
    for bits in 0..<16 {
      let state = ControlState(rawValue: UInt(bits) << 1)
      #expect(looks[state] == chain(state), "\(state)")
    }
  }

  @Test func entriesOfTheSameStatesAreOneBranchWhereTheFirstIs() {
    var calls = 0
    let looks = StyleHolder(firstMatch: [
      .focused: { $0.glyph = "═" },
      .disabled: { $0.glyph = "·" },
      .focused: { $0.bold = true },
      .focused: { $0.width += 1 },
    ]) {
      calls += 1
      return Look()
    }
    #expect(calls == 1)
    #expect(looks[.focused] == Look(glyph: "═", width: 2, bold: true))
    // The focused branch is tried first, as its first entry is.
    #expect(looks[[.focused, .disabled]] == Look(glyph: "═", width: 2, bold: true))
    #expect(looks[.disabled] == Look(glyph: "·"))
    #expect(looks[.normal] == Look())
    #expect(looks.table?.entries.count == 2)
  }

  @Test func aThemeChangesAChangeTableAsAnyOther() {
    let looks = StyleHolder(firstMatch: [.focused: { $0.glyph = "═" }]) { Look() }
    looks.update { $0[StateSelector(.focused)] = Look(glyph: "*") }
    #expect(looks[.focused] == Look(glyph: "*"))
  }

  @Test func resolvingWithAChangeSetsFieldsOfTheLookRead() {
    let looks = StyleHolder(firstMatch: [.disabled: Look(glyph: "·")], default: Look())
    #expect(looks.resolve(.disabled) { $0.width = 3 } == Look(glyph: "·", width: 3))
    #expect(looks.resolve(.normal) { $0.bold = true } == Look(bold: true))
    // The holder's values stay as they are.
    #expect(looks[.disabled] == Look(glyph: "·"))
  }

  @Test func resolvingWithAChangeWorksWhenTheLookupHasNoIndex() {
    // Bits that do not gather into an index: the lookup resolves each state as it is read.
    let far = ControlState(rawValue: 0x1111_1111)
    let looks = StyleHolder(firstMatch: [far: Look(glyph: "·")], default: Look())
    #expect(looks.table.map { StateLookup($0, default: Look()).isIndexed } == false)
    #expect(looks.resolve(far) { $0.width = 3 } == Look(glyph: "·", width: 3))
    #expect(looks.resolve(.normal) { $0.bold = true } == Look(bold: true))
    #expect(looks[far] == Look(glyph: "·"))
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
