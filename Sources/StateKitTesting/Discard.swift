/// Rejects the current case unless a condition holds: the case neither passes nor fails, and
/// the runner generates another (QuickCheck's `==>`, Hypothesis's `assume`).
///
///     let states = Gen.controlState()
///     let failure = check("a disabled state stays disabled", states) { state in
///         try assume(state.contains(.disabled))
///         return state.union(.selected).contains(.disabled)
///     }
///     failure == nil  // true
///
/// To discard a case on a branch, write `try assume(false)` there:
///
///     let odd = check("odd numbers are odd", Gen.int(in: 0...100)) { number in
///         if number % 2 == 0 { try assume(false) }
///         return number % 2 == 1
///     }
///     odd == nil  // true
///
/// Discarded cases do not count towards `cases`; a run that discards more than ten cases for
/// each one it needs gives up and fails, with a report that says how many it discarded. Prefer
/// generating valid values directly (``Generator/map(_:)``) when the condition is rarely true.
///
/// - Parameter condition: Whether the case is one the property is about.
/// - Throws: A discard, which the runner catches, when `condition` is false.
public func assume(_ condition: Bool) throws {
  if !condition { throw _Discard() }
}

/// The error ``assume(_:)`` throws.
struct _Discard: Error {}
