/// What the case being run records: its labels, its required coverage, and the length of its
/// action sequence. The runner installs one per case it counts (not per shrink candidate), so
/// `classify`, `collect` and `cover` outside a counted case do nothing.
final class _PropertyContext: @unchecked Sendable {
  // Only the thread running the case touches it: it is created, used and read in one call.
  @TaskLocal static var current: _PropertyContext?

  var labels: [String] = []
  var requirements: [(label: String, share: Double)] = []
  var length: Int?

  func recordLength(_ length: Int) {
    self.length = length
  }
}
