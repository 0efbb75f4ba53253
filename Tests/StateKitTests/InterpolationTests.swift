import StateKitTesting
import Testing

@testable import StateKitCore

/// The laws of `Interpolatable` and of looks that interpolate field by field.
@Suite("Interpolation")
struct InterpolationTests {
  /// Every pair of bytes, at both ends, halfway, and far past both ends: exact ends, rounded
  /// middles, clamped overshoot, never a trap. Wide integers keep their ends and never trap.
  @Test func integersKeepTheirEndsClampAndNeverTrap() {
    let fractions: [Double] = [0, 1, 0.5, 40, -40, 1.5]
    for a in UInt8.min...UInt8.max {
      for b in UInt8.min...UInt8.max {
        let values: [Double] = fractions.map { Double(a.interpolated(to: b, by: $0)) }
        let expected: [Double] = fractions.map { fraction in
          let exact = (Double(a) + (Double(b) - Double(a)) * fraction).rounded()
          return min(max(exact, 0), 255)
        }
        #expect(values == expected, "\(a) to \(b)")
      }
    }
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

  /// Floating-point values with every edge: infinities, the largest and smallest magnitudes,
  /// zeros of both signs, and ordinary values.
  static func floats<F: BinaryFloatingPoint & Sendable>(_: F.Type) -> Generator<F> {
    let edges: [F] = [
      .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
      .leastNonzeroMagnitude, -.leastNormalMagnitude, 0, -0.0, 1, -1,
    ]
    return Gen.frequency(
      (1, Gen.element(of: edges)), (1, Gen.int(in: -1_000_000...1_000_000).map { F($0) / 997 }))
  }

  /// Integers of a type: its extremes and values around 0.
  static func integers<I: FixedWidthInteger & Sendable>(_: I.Type) -> Generator<I> {
    Gen.frequency(
      (1, Gen.element(of: [I.min, I.min + 1, I.max - 1, I.max, 0])),
      (1, Gen.int(in: -300...300).map { I(clamping: $0) }))
  }

  /// The ends are exact for every conformance the library ships, whatever the values: a width
  /// moving to `.infinity` (SwiftUI's "fill") is its old width until the move starts.
  @Test func everyConformanceKeepsItsEnds() {
    let value = Gen.int(in: -1_000_000...1_000_000).map { Double($0) / 997 }
    forAll(
      "a.interpolated(to: b, by: 0) == a, by: 1 == b", Gen.zip(value, value),
      cases: GrowthChecks.cases(3_000)
    ) { a, b in
      a.interpolated(to: b, by: 0) == a && a.interpolated(to: b, by: 1) == b
        && Float(a).interpolated(to: Float(b), by: 0) == Float(a)
        && Float(a).interpolated(to: Float(b), by: 1) == Float(b)
        && SIMD2(a, b).interpolated(to: SIMD2(b, a), by: 1) == SIMD2(b, a)
    }
    let (doubles, floats) = (Self.floats(Double.self), Self.floats(Float.self))
    func pairs<F: SIMDScalar & BinaryFloatingPoint & Sendable>(_ values: Generator<F>)
      -> Generator<SIMD2<F>>
    {
      Gen.zip(values, values).map { SIMD2($0, $1) }
    }
    func triples<F: SIMDScalar & BinaryFloatingPoint & Sendable>(_ values: Generator<F>)
      -> Generator<SIMD3<F>>
    {
      Gen.zip(values, values, values).map { SIMD3($0, $1, $2) }
    }
    func quadruples<F: SIMDScalar & BinaryFloatingPoint & Sendable>(_ values: Generator<F>)
      -> Generator<SIMD4<F>>
    {
      Gen.zip(pairs(values), pairs(values)).map { SIMD4(lowHalf: $0, highHalf: $1) }
    }
    forAll(
      [
        Law.interpolationKeepsItsEnds(doubles), Law.interpolationKeepsItsEnds(floats),
        Law.interpolationKeepsItsEnds(pairs(doubles)), Law.interpolationKeepsItsEnds(pairs(floats)),
        Law.interpolationKeepsItsEnds(triples(doubles)),
        Law.interpolationKeepsItsEnds(triples(floats)),
        Law.interpolationKeepsItsEnds(quadruples(doubles)),
        Law.interpolationKeepsItsEnds(quadruples(floats)),
        Law.interpolationKeepsItsEnds(Self.integers(Int.self)),
        Law.interpolationKeepsItsEnds(Self.integers(Int8.self)),
        Law.interpolationKeepsItsEnds(Self.integers(Int16.self)),
        Law.interpolationKeepsItsEnds(Self.integers(Int32.self)),
        Law.interpolationKeepsItsEnds(Self.integers(Int64.self)),
        Law.interpolationKeepsItsEnds(Self.integers(UInt.self)),
        Law.interpolationKeepsItsEnds(Self.integers(UInt8.self)),
        Law.interpolationKeepsItsEnds(Self.integers(UInt16.self)),
        Law.interpolationKeepsItsEnds(Self.integers(UInt32.self)),
        Law.interpolationKeepsItsEnds(Self.integers(UInt64.self)),
      ], cases: GrowthChecks.cases(2_000))
    // A fraction so near an end that a Float's share rounds to it gives that end too.
    let nearEnds: [Float] = [
      Float(5).interpolated(to: .infinity, by: 1e-50),
      Float.infinity.interpolated(to: 5, by: 1 - 1e-12),
    ]
    #expect(nearEnds == [5, 5])
    // Between the ends, an infinite end is reached at once; the finite middles are unchanged.
    let middles: [Double] = [
      Double(100).interpolated(to: .infinity, by: 0.5), Double(2).interpolated(to: 4, by: 0.5),
    ]
    #expect(middles == [.infinity, 3])
  }

  /// A width that moves to `.infinity` after a delay, in steps: its old width through the
  /// delay and the first step, then infinite; never NaN.
  @Test func aWidthMovingToInfinityIsNeverNaN() {
    struct Frame: Equatable, Sendable { var maxWidth = 100.0 }
    let maxWidth = StyleKey<Double>("maxWidth")
    var style = StyleSet()
    style[maxWidth, for: .normal] = 100
    style[maxWidth, for: .selected] = .infinity
    var transitions = StyleTransitions()
    transitions.all[to: .selected] = Transition(
      milliseconds: 100, delay: 50, curve: .steps(2, at: .end))
    transitions.all[from: .selected] = Transition(milliseconds: 100, delay: 50)
    let animator = StyleAnimator(
      style, default: Frame(), [.field(\.maxWidth, from: maxWidth)], transitions: transitions)
    var look = AnimatedLook(animator)
    look.change(to: .selected, at: 0)
    let selecting: [Double] = [0, 25, 50, 99, 100, 150, 400].map { look.look(at: $0).maxWidth }
    #expect(selecting == [100, 100, 100, 100, .infinity, .infinity, .infinity])
    look.change(to: .normal, at: 1_000)
    let leaving: [Double] = [1_000, 1_049, 1_150].map { look.look(at: $0).maxWidth }
    #expect(leaving == [.infinity, .infinity, 100])
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

  /// Looks interpolate field by field; fields that are not stored properties go through their
  /// key paths, with the same answers; interpolating fields are chosen by type.
  @Test func looksInterpolateFieldByField() {
    let looks = StyleAnimator(Self.style(), default: Look(), Self.fields)
    let states = Array(ControlState.combinations(of: [.highlighted, .selected, .disabled]))
    for old in states {
      for new in states {
        let (from, to) = (looks.look(for: old), looks.look(for: new))
        let ends: [Look] = [0, 1].map { looks.interpolate(from: from, to: to, by: $0) }
        #expect(ends == [from, to])
        // A field that switches at the start has switched; one that switches at the end has not.
        let middle = looks.interpolate(from: from, to: to, by: 0.5)
        let expected = Look(
          fill: (from.fill + to.fill) / 2, size: Int((Double(from.size + to.size) / 2).rounded()),
          label: to.label, visible: from.visible)
        #expect(middle == expected)
      }
    }

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
    let boxed = StyleAnimator(style, default: Boxed(), [.field(\.width, from: width)])
    #expect(MemoryLayout<Boxed>.offset(of: \Boxed.width) == nil)
    let (off, on) = (boxed.look(for: .normal), boxed.look(for: .selected))
    #expect(boxed.interpolate(from: off, to: on, by: 0.25).width == 2)
    #expect(boxed.interpolate(from: off, to: on, by: 1) == on)

    let switching: StyleAnimator<Look>.Field = .field(\.fill, from: Self.fill, switching: .end)
    #expect(
      Self.fields.map { $0.motion.switching } + [switching.motion.switching] == [
        nil, nil, .start, .end, .end,
      ])
    #expect(Self.fields.map(\.attribute) == ["fill", "size", "label", "visible"])
  }
}
