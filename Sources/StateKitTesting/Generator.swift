/// A recipe for random values of one type that a property runner can also shrink.
///
/// A generator draws every decision from a recorded stream of choices. When a property fails,
/// the runner shortens and lowers that record and generates again, so shrinking needs no code of
/// its own: a smaller record gives fewer elements, lower bits and earlier options. Every value a
/// shrink proposes is one the generator could have produced, so filters and dependencies hold.
///
/// Build generators from those in ``Gen`` and combine them with ``map(_:)``, ``flatMap(_:)``,
/// ``filter(_:)``, ``Gen/zip(_:_:)`` and ``Gen/frequency(_:_:)``:
///
///     let states = Gen.controlState(in: .system)
///     let pressed = states.map { $0.union(.highlighted) }
///     let enabled = states.filter { !$0.contains(.disabled) }
///     forAll("pressed states are highlighted", pressed) { $0.contains(.highlighted) }
///
/// A generator also knows how to describe its values, so a counterexample prints in the state
/// text format with the catalog it was given.
public struct Generator<Value>: Sendable {
  let _generate: @Sendable (inout _ChoiceStream) throws(_GenerationStop) -> Value
  let _describe: @Sendable (Value) -> String

  init(
    describe: @escaping @Sendable (Value) -> String = { String(describing: $0) },
    _ generate: @escaping @Sendable (inout _ChoiceStream) throws(_GenerationStop) -> Value
  ) {
    _generate = generate
    _describe = describe
  }

  /// Describes a value as a counterexample report shows it.
  ///
  /// - Parameter value: A value of the generator's type.
  /// - Returns: Its text.
  package func describe(_ value: Value) -> String {
    _describe(value)
  }

  /// Returns a generator that describes its values with `describe`.
  ///
  ///     let hex = Gen.int(in: 0...255).described { "0x" + String($0, radix: 16) }
  ///
  /// - Parameter describe: The text of a value in reports.
  public func described(by describe: @escaping @Sendable (Value) -> String) -> Generator<Value> {
    Generator(describe: describe, _generate)
  }

  /// Returns a generator of transformed values; they shrink as the original values do.
  ///
  ///     let pressed = Gen.controlState().map { $0.union(.highlighted) }
  ///
  /// - Parameter transform: Turns a generated value into the new value.
  public func map<NewValue>(
    _ transform: @escaping @Sendable (Value) -> NewValue
  ) -> Generator<NewValue> {
    let generate = _generate
    return Generator<NewValue> { (stream) throws(_GenerationStop) in
      transform(try generate(&stream))
    }
  }

  /// Returns a generator that uses each value to choose the generator of the result.
  ///
  /// Both steps shrink together: a simpler first value gives a simpler second generator.
  ///
  ///     // A state, then one of its own bits.
  ///     let stateAndBit = Gen.controlState(count: 1...4).flatMap { state in
  ///         Gen.element(of: Array(state.members)).map { (state, $0) }
  ///     }
  ///
  /// - Parameter transform: Returns the generator of the result for a value.
  public func flatMap<NewValue>(
    _ transform: @escaping @Sendable (Value) -> Generator<NewValue>
  ) -> Generator<NewValue> {
    let generate = _generate
    return Generator<NewValue> { (stream) throws(_GenerationStop) in
      try transform(try generate(&stream))._generate(&stream)
    }
  }

  /// Returns a generator of the values that satisfy a predicate (Hypothesis's `filter`,
  /// QuickCheck's `such that`).
  ///
  /// It tries up to 100 values per case; a case with none is skipped and counted as rejected,
  /// and a run that rejects far more cases than it tests fails with a report saying so. Prefer
  /// generating valid values directly when the predicate is rarely true.
  ///
  ///     let enabled = Gen.controlState().filter { !$0.contains(.disabled) }
  ///
  /// - Parameter isIncluded: Whether a value may be generated.
  public func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Generator<Value> {
    let generate = _generate
    return Generator(describe: _describe) { (stream) throws(_GenerationStop) in
      for _ in 0..<100 {
        let value = try generate(&stream)
        if isIncluded(value) { return value }
      }
      throw .rejected
    }
  }

  /// Returns a generator that generates at a fixed size instead of the run's.
  ///
  /// A run's size grows from 0 to 100 over the first half of its cases, so early cases are
  /// small; sizes scale the lengths of arrays and action sequences. Fix it to test long
  /// sequences from the first case, or to keep values small.
  ///
  ///     let long = Gen.actions(count: 0...8).resized(100)  // lengths 0 to 8 from the start
  ///
  /// - Parameter size: The size, from 0 to 100.
  public func resized(_ size: Int) -> Generator<Value> {
    let generate = _generate
    let fixed = min(max(size, 0), 100)
    return Generator(describe: _describe) { (stream) throws(_GenerationStop) in
      let saved = stream.size
      stream.size = fixed
      defer { stream.size = saved }
      return try generate(&stream)
    }
  }

  /// Returns a generator of arrays of this generator's values, whose length shrinks first.
  ///
  /// The length grows with the run's size: early cases are short, later ones reach
  /// `count.upperBound`.
  ///
  ///     let digits = Gen.int(in: 0...9).array(count: 1...8)
  ///
  /// - Parameter count: The allowed lengths.
  public func array(count: ClosedRange<Int>) -> Generator<[Value]> {
    let generate = _generate
    let describe = _describe
    let low = max(count.lowerBound, 0)
    let high = max(count.upperBound, low)
    return Generator<[Value]> { (stream) throws(_GenerationStop) in
      // The target length only proposes choices; the record of "one more?" flags is what
      // replays, so deleting a flag and its element removes exactly one element.
      let span = _share(of: high - low, size: stream.size)
      let target = low + Int(stream.random.uniform(below: UInt64(span) + 1))
      var result: [Value] = []
      while result.count < high {
        let start = stream.recorded.count
        if result.count >= low {
          let count = result.count
          let more = try stream.draw(below: 2) { _ in count < target ? 1 : 0 }
          if more == 0 { break }
        }
        result.append(try generate(&stream))
        stream.spans.append(start..<stream.recorded.count)
      }
      return result
    }.described { "[" + $0.map(describe).joined(separator: ", ") + "]" }
  }
}

/// The part of a range of lengths that a run's size allows: `difference * size / 100`, without
/// overflow for any difference up to `Int.max` (a count such as `0...Int.max`).
func _share(of difference: Int, size: Int) -> Int {
  difference / 100 * size + difference % 100 * size / 100
}
