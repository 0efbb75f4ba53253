/// Why JSON text could not be read as the document it should be: bad syntax, or a value of the
/// wrong kind.
///
///     do {
///         _ = try ErrorPayload(json: #"{"domain": "D"}"#)
///     } catch {
///         error.message  // "an error payload needs an integer \"code\""
///     }
public struct JSONFormatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One line saying what is wrong and, for syntax errors, at which byte.
  public let message: String

  /// Creates an error with its message.
  ///
  ///     let error = JSONFormatError(message: "invalid JSON at byte 3: unexpected character")
  ///     error.message  // "invalid JSON at byte 3: unexpected character"
  package init(message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
