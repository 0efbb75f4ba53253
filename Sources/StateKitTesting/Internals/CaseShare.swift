#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The share of each property's cases that `forAll` and `check` run: all of them, unless the
/// `STATEKIT_CASES` environment variable gives a percentage (`STATEKIT_CASES=25%`) for a slow
/// run, such as one under a sanitizer, that checks each case more and needs fewer of them.
enum _CaseShare {
  static let environmentVariable = "STATEKIT_CASES"

  /// This process's percentage, or why `STATEKIT_CASES` is not one.
  static let current: Result<Int, PropertyReport> = {
    guard let pointer = getenv(environmentVariable) else { return .success(100) }
    let text = String(cString: pointer)
    if let percent = parse(text) { return .success(percent) }
    return .failure(
      PropertyReport(
        problem:
          "\(environmentVariable)=\(text) is not a share of cases: use a percentage from 1% to 100%"
      ))
  }()

  /// A percentage from 1 to 100, with or without its `%`.
  static func parse(_ text: String) -> Int? {
    var digits = Substring(text)
    if digits.hasSuffix("%") { digits.removeLast() }
    guard !digits.isEmpty, digits.utf8.count <= 3, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let percent = Int(digits), (1...100).contains(percent)
    else { return nil }
    return percent
  }

  /// `percent` of `cases`, at least one case when any is asked for.
  static func scaled(_ cases: Int, percent: Int) -> Int {
    guard cases > 0 else { return cases }
    return max(1, cases / 100 * percent + cases % 100 * percent / 100)
  }
}
