/// What the case being run records: its labels, its required coverage, a mistake in a call such
/// as `cover`, and the length of its action sequence. The runner installs one per case it counts
/// (not per shrink candidate), so `collect` and `cover` outside a counted case do nothing.
final class _PropertyContext: @unchecked Sendable {
  // Only the thread running the case touches it: it is created, used and read in one call.
  @TaskLocal static var current: _PropertyContext?

  var labels: [String] = []
  /// The labels given to `cover`, each with its required share, in the order first given.
  var requirements: [(label: String, share: Double)] = []
  /// The labels of `requirements`, so that a label is found without a scan.
  var requiredLabels: Set<String> = []
  /// A mistake in the case's use of the library (a `cover` percentage outside 0...100): the
  /// runner reports it and stops.
  var problem: String?
  var length: Int?
  /// The longest run of one action in the case's action sequence.
  var longestRun: Int?

  func recordSequence(_ actions: [Int]) {
    length = actions.count
    var (longest, current) = (0, 0)
    for (offset, action) in actions.enumerated() {
      current = offset > 0 && actions[offset - 1] == action ? current + 1 : 1
      longest = max(longest, current)
    }
    longestRun = longest
  }
}
