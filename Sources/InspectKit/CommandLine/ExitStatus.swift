/// The exit codes of statekit-inspect (sysexits.h where one applies).
package enum ExitStatus: Int32 {
  case success = 0
  /// A lookup found nothing.
  case notFound = 1
  /// A bad command line: unknown flag, malformed option value, missing operand.
  case usage = 64
  /// Malformed input: a bad mask, text, JSON or NSError text, or a colliding `--state`.
  case dataError = 65
  /// A file that cannot be read.
  case noInput = 66
  /// Output that cannot be written: a full disk, `/dev/full`, a non-blocking descriptor that
  /// would block.
  case ioError = 74
}

/// A failure that ends one input (or the whole run) with a one-line message.
struct Failure: Error {
  var status: ExitStatus
  var message: String
}
