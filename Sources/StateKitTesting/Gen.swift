/// The generators StateKitTesting provides, as a namespace: numbers, choices among values and
/// generators, tuples, control states, selectors, table entries and sequences of actions.
///
///     let state = Gen.controlState(in: [.system, .application])
///     let entries = Gen.entries(values: Gen.int(in: 0...9))
///     let actions = Gen.actions(count: 0...8)
///     forAll("unions commute", Gen.zip(state, state)) { a, b in a.union(b) == b.union(a) }
public enum Gen {
  /// A generator that always gives the same value.
  ///
  ///     let normal = Gen.constant(ControlState.normal)
  ///
  /// - Parameter value: The value.
  public static func constant<Value: Sendable>(_ value: Value) -> Generator<Value> {
    Generator { _ in value }
  }

  /// Integers in a range, shrinking towards its lower bound.
  ///
  ///     let digits = Gen.int(in: 0...9)  // 0, 1, …, 9
  ///
  /// - Parameter range: The possible values.
  public static func int(in range: ClosedRange<Int>) -> Generator<Int> {
    let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
    let lower = range.lowerBound
    return Generator { (stream) throws(_GenerationStop) in
      let offset =
        width == .max
        ? try stream.draw(below: .max) { $0.next() }
        : try stream.draw(below: width + 1)
      return lower &+ Int(truncatingIfNeeded: offset)
    }
  }

  /// `false` or `true`, shrinking towards `false`.
  ///
  ///     let coin = Gen.bool  // false or true, half and half
  public static var bool: Generator<Bool> {
    Generator { (stream) throws(_GenerationStop) in try stream.draw(below: 2) == 1 }
  }

  /// One of some values, shrinking towards the first.
  ///
  /// Put the simplest value first. A case with an empty collection is rejected.
  ///
  ///     let color = Gen.element(of: ["red", "green", "blue"])
  ///
  /// - Parameter values: The possible values.
  public static func element<Value: Sendable>(of values: [Value]) -> Generator<Value> {
    Generator { (stream) throws(_GenerationStop) in
      guard !values.isEmpty else { throw .rejected }
      return values[Int(try stream.draw(below: UInt64(values.count)))]
    }
  }

  /// A value from one of several generators, chosen in proportion to their weights, shrinking
  /// towards the first generator; with equal weights, each generator is as likely.
  ///
  ///     let state = Gen.frequency(
  ///         (6, Gen.controlState(in: .system)),
  ///         (1, Gen.controlState(in: ControlState(rawValue: .max), count: 0...64)))
  ///     let either = Gen.frequency((1, Gen.controlState(in: .system)), (1, Gen.controlState(in: .reserved)))
  ///
  /// - Parameters:
  ///   - first: The weight of the simplest generator, and the generator.
  ///   - others: The weights of the other generators, and the generators. Weights below 1
  ///     count as 0; a generator with weight 0 appears only through shrinking.
  public static func frequency<Value>(
    _ first: (Int, Generator<Value>), _ others: (Int, Generator<Value>)...
  ) -> Generator<Value> {
    frequency(first, others)
  }

  static func frequency<Value>(
    _ first: (Int, Generator<Value>), _ others: [(Int, Generator<Value>)]
  ) -> Generator<Value> {
    let options = [first] + others
    // Weights in the same proportions whose sum fits in 64 bits: halved together until it does.
    var halved = options.map { UInt64(max($0.0, 0)) }
    while sumOverflows(halved) { halved = halved.map { $0 >> 1 } }
    let weights = halved
    let total = weights.reduce(0, +)
    let generators = options.map(\.1)
    return Generator(describe: first.1._describe) { (stream) throws(_GenerationStop) in
      let index = try stream.draw(below: UInt64(options.count)) { random in
        guard total > 0 else { return random.uniform(below: UInt64(options.count)) }
        var pick = random.uniform(below: total)
        var index = 0
        while index < weights.count {
          if pick < weights[index] { return UInt64(index) }
          pick -= weights[index]
          index += 1
        }
        return 0
      }
      return try generators[Int(index)]._generate(&stream)
    }
  }

  /// Whether the sum of some weights is more than 64 bits hold.
  static func sumOverflows(_ weights: [UInt64]) -> Bool {
    var sum: UInt64 = 0
    for weight in weights {
      let (next, overflow) = sum.addingReportingOverflow(weight)
      if overflow { return true }
      sum = next
    }
    return false
  }

  /// Pairs of values from two generators; each part shrinks.
  ///
  ///     let pair = Gen.zip(Gen.controlState(), Gen.controlState())
  ///
  /// - Parameters:
  ///   - a: The generator of the first values.
  ///   - b: The generator of the second values.
  public static func zip<A, B>(_ a: Generator<A>, _ b: Generator<B>) -> Generator<(A, B)> {
    Generator<(A, B)> { (stream) throws(_GenerationStop) in
      (try a._generate(&stream), try b._generate(&stream))
    }.described { "(\(a.describe($0.0)), \(b.describe($0.1)))" }
  }

  /// Triples of values from three generators; each part shrinks.
  ///
  ///     let triple = Gen.zip(Gen.controlState(), Gen.controlState(), Gen.controlState())
  ///
  /// - Parameters:
  ///   - a: The generator of the first values.
  ///   - b: The generator of the second values.
  ///   - c: The generator of the third values.
  public static func zip<A, B, C>(
    _ a: Generator<A>, _ b: Generator<B>, _ c: Generator<C>
  ) -> Generator<(A, B, C)> {
    Generator<(A, B, C)> { (stream) throws(_GenerationStop) in
      (try a._generate(&stream), try b._generate(&stream), try c._generate(&stream))
    }.described { "(\(a.describe($0.0)), \(b.describe($0.1)), \(c.describe($0.2)))" }
  }

  /// The elements of an array in an order that shrinks towards the original order.
  ///
  ///     let order = Gen.shuffled([1, 2, 3])  // [2, 3, 1], …; shrinks to [1, 2, 3]
  ///
  /// - Parameter values: The elements.
  public static func shuffled<Value: Sendable>(_ values: [Value]) -> Generator<[Value]> {
    Generator { (stream) throws(_GenerationStop) in try shuffle(values, &stream) }
  }

  /// Fisher–Yates with recorded choices: all zeros keep the order.
  static func shuffle<Value>(
    _ values: [Value], _ stream: inout _ChoiceStream
  ) throws(_GenerationStop) -> [Value] {
    var result = values
    for index in result.indices.dropLast() {
      let offset = Int(try stream.draw(below: UInt64(result.count - index)))
      result.swapAt(index, index + offset)
    }
    return result
  }
}
