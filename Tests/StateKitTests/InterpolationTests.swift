import StateKitTesting
import Testing

@testable import StateKitCore

/// The laws of `Interpolatable` and of looks that interpolate field by field.
@Suite("Interpolation")
struct InterpolationTests {
  @Test func floatingPointEndsAreExact() {
    let value = Gen.int(in: -1_000_000...1_000_000).map { Double($0) / 997 }
    forAll(
      "a.interpolated(to: b, by: 0) == a, by: 1 == b", value, value,
      cases: GrowthChecks.cases(3_000)
    ) { a, b in
      a.interpolated(to: b, by: 0) == a && a.interpolated(to: b, by: 1) == b
        && Float(a).interpolated(to: Float(b), by: 0) == Float(a)
        && Float(a).interpolated(to: Float(b), by: 1) == Float(b)
        && SIMD2(a, b).interpolated(to: SIMD2(b, a), by: 1) == SIMD2(b, a)
    }
  }

  /// Every pair of bytes, at both ends, halfway, and far past both ends: exact ends, rounded
  /// middles, clamped overshoot, never a trap.
  @Test func bytesInterpolateAndClamp() {
    for a in UInt8.min...UInt8.max {
      for b in UInt8.min...UInt8.max {
        #expect(a.interpolated(to: b, by: 0) == a && a.interpolated(to: b, by: 1) == b)
        let half = a.interpolated(to: b, by: 0.5)
        #expect(Double(half) == ((Double(a) + Double(b)) / 2).rounded())
        for fraction in [40.0, -40, 1.5] {
          let exact = (Double(a) + (Double(b) - Double(a)) * fraction).rounded()
          #expect(Double(a.interpolated(to: b, by: fraction)) == min(max(exact, 0), 255))
        }
      }
    }
  }

  @Test func wideIntegersKeepTheirEndsAndNeverTrap() {
    let extremes = [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max]
    for a in extremes {
      for b in extremes {
        #expect(a.interpolated(to: b, by: 0) == a && a.interpolated(to: b, by: 1) == b)
        for fraction in [-2.0, 0.5, 3, .nan, .infinity, -.infinity] {
          _ = a.interpolated(to: b, by: fraction)
          _ = UInt64(clamping: a).interpolated(to: UInt64(clamping: b), by: fraction)
        }
      }
    }
    #expect(Int.max.interpolated(to: Int.min, by: .nan) == .max)
  }

  typealias Look = AnimatedLookTests.Look
  static let (fill, size) = (AnimatedLookTests.fill, AnimatedLookTests.size)
  static let (label, visible) = (AnimatedLookTests.label, AnimatedLookTests.visible)
  static let fields = AnimatedLookTests.fields

  static func style() -> StyleSet {
    var style = StyleSet()
    style[fill, for: .highlighted] = 1
    style[fill, for: .selected] = 0.5
    style[size, for: .selected] = 20
    style[label, for: .highlighted] = "pressed"
    style[visible, for: .disabled] = false
    return style
  }

  @Test func looksInterpolateFieldByField() {
    let looks = StyleSet.Lookup(Self.style(), default: Look(), Self.fields)
    let states = Array(ControlState.combinations(of: [.highlighted, .selected, .disabled]))
    for old in states {
      for new in states {
        let (from, to) = (looks.resolve(old), looks.resolve(new))
        #expect(looks.interpolate(from: from, to: to, by: 0) == from)
        #expect(looks.interpolate(from: from, to: to, by: 1) == to)
        let middle = looks.interpolate(from: from, to: to, by: 0.5)
        #expect(middle.fill == (from.fill + to.fill) / 2)
        #expect(Double(middle.size) == (Double(from.size + to.size) / 2).rounded())
        #expect(middle.label == to.label, "a field that switches at the start has switched")
        #expect(middle.visible == from.visible, "a field that switches at the end has not")
      }
    }
  }

  /// Fields that are not stored properties go through their key paths, with the same answers.
  @Test func computedFieldsInterpolateThroughKeyPaths() {
    struct Boxed: Equatable {
      var storage: [Double] = [0]
      var width: Double {
        get { storage[0] }
        set { storage[0] = newValue }
      }
    }
    let width = StyleKey<Double>("width")
    var style = StyleSet()
    style[width, for: .selected] = 8
    let looks = StyleSet.Lookup(style, default: Boxed(), [.field(\.width, from: width)])
    #expect(MemoryLayout<Boxed>.offset(of: \Boxed.width) == nil)
    let (off, on) = (looks.resolve(.normal), looks.resolve(.selected))
    #expect(looks.interpolate(from: off, to: on, by: 0.25).width == 2)
    #expect(looks.interpolate(from: off, to: on, by: 1) == on)
  }

  @Test func interpolatingFieldsAreChosenByType() {
    #expect(Self.fields.map { $0.motion.switching } == [nil, nil, .start, .end])
    #expect(Self.fields.map(\.attribute) == ["fill", "size", "label", "visible"])
    let switching: StyleSet.Field<Look> = .field(\.fill, from: Self.fill, switching: .end)
    #expect(switching.motion.switching == .end)
  }
}
