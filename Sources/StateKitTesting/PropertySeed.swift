#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where property runs get their seed: 0x5EED (24301) when the `STATEKIT_SEED` environment
/// variable is not set, so every run is the same, or the seed that variable gives.
///
/// `STATEKIT_SEED` takes a decimal or `0x` hexadecimal seed, which replays a run, or `random`,
/// which picks a fresh seed for the process and prints it in every failure report:
///
/// ```sh
/// STATEKIT_SEED=random swift test              # a fresh seed
/// STATEKIT_SEED=8124093 swift test --filter …  # replay a report's seed
/// ```
///
/// A `seed:` argument to ``check(_:_:cases:seed:maxShrinks:_:)`` or ``forAll(_:_:cases:seed:maxShrinks:saveFailures:filePath:sourceLocation:_:)``
/// takes precedence over both.
///
///     try PropertySeed.current.get()  // 0x5EED, unless STATEKIT_SEED is set
///     let fixed = check("no selection", Gen.controlState(), seed: 7) { !$0.contains(.selected) }
///     fixed?.report.seed  // 7
public enum PropertySeed {
  /// The name of the environment variable: `STATEKIT_SEED`.
  package static let environmentVariable = "STATEKIT_SEED"

  /// The seed used when `STATEKIT_SEED` is not set: 0x5EED.
  static let `default`: UInt64 = 0x5EED

  /// The seed of this process's runs, or an explanation of why `STATEKIT_SEED` is not a seed.
  ///
  ///     let seed = try PropertySeed.current.get()  // 0x5EED unless STATEKIT_SEED is set
  public static let current: Result<UInt64, PropertyReport> = {
    guard let pointer = getenv(environmentVariable) else { return .success(`default`) }
    let text = String(cString: pointer)
    if let seed = parse(text) { return .success(seed) }
    return .failure(
      PropertyReport(
        problem:
          "\(environmentVariable)=\(text) is not a seed: use a decimal number, 0x and hexadecimal digits, or random"
      ))
  }()

  /// Reads a seed: decimal, `0x` hexadecimal, or `random` for a fresh one.
  ///
  /// - Parameter text: The text of the environment variable.
  /// - Returns: The seed, or `nil` when the text is none of these.
  package static func parse(_ text: String) -> UInt64? {
    if text == "random" { return UInt64.random(in: .min ... .max) }
    if text.hasPrefix("0x") || text.hasPrefix("0X") { return UInt64(text.dropFirst(2), radix: 16) }
    return UInt64(text)
  }
}
