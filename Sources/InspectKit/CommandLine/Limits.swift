/// The documented input limits.
enum Limits {
  /// Bytes read from standard input or from one file.
  static let inputBytes = 64 << 20
  /// `--state` flags on one command line.
  static let stateFlags = 64
  /// Bytes of standard input held while an error's text may still go on (`error -`).
  static let heldError = 1 << 20
  /// How long a stream waits for the next complete line before it reports an error it holds,
  /// however many bytes of an unfinished line arrive meanwhile: under the 250 ms promised, with
  /// room for the reading and printing.
  static let pauseMilliseconds: Int32 = 200
  /// How far back before its anchor a reader may look for the rest of an error (a `code` key
  /// before its `domain` key), in bytes: a stream keeps this much of the text it has read, after
  /// its last error, as the context of the next lines.
  static let lookBehind = 1024
}
