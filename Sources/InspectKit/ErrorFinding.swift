import ErrorKitCore

/// One error found in pasted text by one of the readers (NSError text, Foundation's short form,
/// Swift's `DecodingError` dumps, Xcode's reports): the error, or why it could not be read.
struct ErrorFinding {
  /// Where the error stands in the text, in bytes.
  var range: Range<Int>
  /// The error, as complete as the text allows; `nil` when nothing could be read.
  var payload: ErrorPayload?
  /// Whether the text was printed by an Apple platform (POSIX codes follow Darwin's numbering).
  var darwin: Bool = true
  /// What the text cut off, when it ends inside the error: "inside UserInfo", for example.
  var cut: String?
  /// Why the error could not be read, when `payload` is `nil`.
  var failure: String?

  /// Whether the text ends where this error may still go on: a stream waits for more lines
  /// before it prints the error.
  var mayContinue = false
}
