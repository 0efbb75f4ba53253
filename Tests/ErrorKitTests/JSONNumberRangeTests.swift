import ErrorKitCore
import StateKitTesting
import Testing
@testable import ErrorKitCore

/// A JSON number's fit in a `Double` is read from its digits (`ASCIIDigits.doubleFit`), so
/// Embedded Swift, which converts text with a C library a WebAssembly module lacks, refuses the
/// numbers Foundation refuses. Checked against `Double(_:)`, a correctly rounded conversion.
@Suite("A JSON number's fit in a Double, from its digits")
struct JSONNumberRangeTests {
  /// 2^1024 − 2^970, all 309 digits (computed with Python's integers): at and above it, infinity.
  static let roundsToInfinity =
    [
      "1797693134862315807937289714053034150799341327100378269361737789804449682927647509466490",
      "1797758720709633028641669288791094655554785194040263065748867150582068190890200070838367",
      "6273854845817711531764475730270069855571366959622842914819860834936475292719074168444365",
      "510704342711559699508093042880177904174497792",
    ].joined()

  /// 5^1075, the digits of 2^-1075 = 5^1075 × 10^-1075: at and below it (and above zero), zero.
  static let roundsToZero =
    [
      "2470328229206232720882843964341106861825299013071623822127928412503377536351043759326499",
      "1818081799618989828234772285886546332835517796989819938739800539093906315035659515570226",
      "3922908583924491051844359318028499365361525003193704576782492193656236698636584807570015",
      "8576926990370631192827955855133292783433840935197801553124659726357957462276646527282722",
      "0056374006485499977096599470454020828166226237857393450736339007967761930577506740176324",
      "6736009689513405355374585166611342237666786041621596804619144672918403005300575308490487",
      "6539171138659164623952491262365388187963623937328042389101867234849766823508986338858792",
      "5628302755995657524455507255189313690836254779186948667994968324049705821028513185451396",
      "213837722826145437693412532098591327667236328125",
    ].joined()

  /// What a conversion to `Double` makes of `text`.
  static func converted(_ text: String) -> ASCIIDigits.DoubleFit? {
    guard let value = Double(text) else { return nil }
    if value.isInfinite { return .tooLarge }
    let mantissa = text.prefix { $0 != "e" && $0 != "E" }
    if value == 0, mantissa.contains(where: { ("1"..."9").contains($0) }) { return .tooSmall }
    return .fits
  }

  static func fit(_ text: String) -> ASCIIDigits.DoubleFit {
    ASCIIDigits.doubleFit(ofJSONNumber: Array(text.utf8))
  }

  /// The bounds' own digits, one digit either side, and numbers far past them.
  @Test func theBoundsAreExact() {
    let large = Self.roundsToInfinity
    let small = Self.roundsToZero
    // The bounds with their last digit one lower and one higher (they end in 2 and 5).
    #expect(large.last == "2" && small.last == "5")
    let below = large.dropLast() + "1"
    let above = small.dropLast() + "6"
    let cases: [(String, ASCIIDigits.DoubleFit)] = [
      ("0." + large + "e309", .tooLarge),
      (large, .tooLarge),
      ("-" + large + ".0", .tooLarge),
      ("0." + String(below) + "e309", .fits),
      (String(below), .fits),
      ("1.7976931348623157e308", .fits),
      ("1e308", .fits),
      ("1e309", .tooLarge),
      ("1E+400", .tooLarge),
      ("-1e400", .tooLarge),
      ("1e99999999999999999999999999", .tooLarge),
      ("0." + small + "e-323", .tooSmall),
      ("0." + String(repeating: "0", count: 323) + small, .tooSmall),
      ("0." + String(above) + "e-323", .fits),
      ("5e-324", .fits),
      ("2.4703282292062328e-324", .fits),
      ("2.4703282292062327e-324", .tooSmall),
      ("1e-324", .tooSmall),
      ("-1e-400", .tooSmall),
      ("1e-99999999999999999999999999", .tooSmall),
      ("0e-400", .fits),
      ("0.000e99999", .fits),
      ("-0", .fits),
      ("1" + String(repeating: "0", count: 400), .tooLarge),
      ("0." + String(repeating: "0", count: 400) + "1", .tooSmall),
      ("123.456e-7", .fits),
    ]
    for (text, expected) in cases {
      #expect(Self.fit(text) == expected, "\(text.prefix(60))")
      #expect(Self.converted(text) == expected, "Double(_:) of \(text.prefix(60))")
    }
  }

  /// Numbers near both bounds, written every way JSON allows (leading zeros after the point,
  /// a point anywhere, an exponent of either case and sign), fit as `Double(_:)` says.
  @Test func numbersNearTheBoundsFitAsDoubleSays() {
    let seed = (try? PropertySeed.current.get()) ?? 39
    var rng = SplitMix64(seed: seed)
    let bounds = [(Array(Self.roundsToInfinity), 309), (Array(Self.roundsToZero), -323)]
    var counts: [ASCIIDigits.DoubleFit: Int] = [:]
    for run in 0..<GrowthChecks.cases(20_000) {
      let (bound, boundScale) = bounds[Int.random(in: 0...1, using: &rng)]
      // The bound's first digits, perhaps one changed, perhaps more digits after them.
      var digits = Array(bound.prefix(Int.random(in: 1...(bound.count + 2), using: &rng)))
      if Bool.random(using: &rng) {
        let last = digits.count - 1
        let value = Int(digits[last].asciiValue! - 48) + Int.random(in: -1...1, using: &rng)
        digits[last] = Character(String(min(max(value, 0), 9)))
      }
      if Int.random(in: 0..<4, using: &rng) == 0 {
        digits += (0..<Int.random(in: 1...5, using: &rng)).map { _ in
          Character(String(Int.random(in: 0...9, using: &rng)))
        }
      }
      guard let first = digits.firstIndex(where: { $0 != "0" }) else { continue }
      digits.removeFirst(first)
      let scale = boundScale + Int.random(in: -1...1, using: &rng) * (run % 7 == 0 ? 1 : 0)
      // 0.DIGITS × 10^scale, written with `whole` digits before the point.
      let whole = Int.random(in: 0...min(3, digits.count), using: &rng)
      var text = Bool.random(using: &rng) ? "-" : ""
      var exponent = scale - whole
      if whole == 0 {
        let zeros = Int.random(in: 0...3, using: &rng)
        text += "0." + String(repeating: "0", count: zeros) + String(digits)
        exponent += zeros
      } else {
        text += String(digits.prefix(whole))
        if digits.count > whole { text += "." + String(digits.dropFirst(whole)) }
      }
      if Bool.random(using: &rng), text.contains(".") { text += "00" }
      let sign = exponent < 0 ? "-" : (Bool.random(using: &rng) ? "+" : "")
      text += (Bool.random(using: &rng) ? "e" : "E") + sign + String(exponent.magnitude)
      let expected = Self.converted(text)
      let found = Self.fit(text)
      #expect(found == expected, "seed \(seed), case \(run): \(text)")
      counts[found, default: 0] += 1
    }
    // Every outcome was met, so the cases straddle both bounds.
    #expect(counts.count == 3, "seed \(seed): \(counts)")
  }

  /// Reading a number's fit is linear in its length, for the worst token: digits that agree
  /// with a bound's, then more, under an exponent, so every digit is compared. 2, 8 and 32
  /// times as many digits may take at most 3, 12 and 48 times as long, with room for noise.
  @Test(.enabled(if: GrowthChecks.requested)) func readingTheFitIsLinearInTheDigits() throws {
    func seconds(_ count: Int) throws -> Double {
      let digits = Self.roundsToInfinity + String(repeating: "0", count: count) + "1"
      let document = Array(("[0." + digits + "e309]").utf8)
      #expect(Self.fit("0." + digits + "e309") == .tooLarge)
      return GrowthChecks.bestSeconds { _ = try? JSONReader.parse(document) }
    }
    let sizes = [50_000, 100_000, 400_000, 1_600_000]
    let times = try sizes.map(seconds)
    for (index, bound) in [3.0, 12, 48].enumerated() {
      #expect(
        times[index + 1] / max(times[0], 1e-6) < bound || times[index + 1] < 0.05,
        "\(sizes) digits: \(times) s")
    }
  }
}
