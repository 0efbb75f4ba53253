import ErrorKitCore

/// One error found in a text by a reader, or a region that looks like one but cannot be read:
/// never both. It is the item of the whole `error` path: a reader returns it, ``ErrorScanner``
/// and ``ErrorStream`` hand it on (the stream with its range in the input, an error read from
/// text redacted and named), and ``ErrorPrinter/show(_:)`` prints it.
struct ErrorFinding {
  /// What a region of the text is.
  enum Result {
    /// An error, as complete as the text allows.
    case error(ReadError)
    /// A region that looks like an error but cannot be read, and why.
    case unreadable(reason: String)
  }

  /// An error read from text.
  struct ReadError {
    /// The error and its causes.
    var payload: ErrorPayload
    /// Whether the text was printed by an Apple platform (POSIX codes follow Darwin's numbering).
    var darwin = true
    /// What the text cut off, when it ends inside the error: "inside UserInfo", for example.
    var cut: String?
    /// Whether the error was given as an ErrorPayload (a JSON document, or an entry a look-up
    /// found) rather than read from text: it prints as it was given.
    var isDocument = false
  }

  /// Where the region stands in the text, in bytes.
  var range: Range<Int>
  /// What the region is.
  var result: Result
  /// Whether the text ends where this error may still go on: a stream waits for more lines
  /// (or a pause) before it reports it.
  var mayContinue = false

  /// An error found in `range`.
  static func error(
    _ payload: ErrorPayload, in range: Range<Int>, darwin: Bool = true, cut: String? = nil,
    mayContinue: Bool = false
  ) -> ErrorFinding {
    ErrorFinding(
      range: range, result: .error(ReadError(payload: payload, darwin: darwin, cut: cut)),
      mayContinue: mayContinue)
  }

  /// An error given as an ErrorPayload, in `range` (empty for an entry a look-up found).
  static func document(_ payload: ErrorPayload, in range: Range<Int> = 0..<0) -> ErrorFinding {
    ErrorFinding(range: range, result: .error(ReadError(payload: payload, isDocument: true)))
  }

  /// A region in `range` that cannot be read.
  static func unreadable(_ reason: String, in range: Range<Int>, mayContinue: Bool = false)
    -> ErrorFinding
  {
    ErrorFinding(range: range, result: .unreadable(reason: reason), mayContinue: mayContinue)
  }

  /// The error, when the region is one.
  var payload: ErrorPayload? {
    if case .error(let read) = result { read.payload } else { nil }
  }
}
