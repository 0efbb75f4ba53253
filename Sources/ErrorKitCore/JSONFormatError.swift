/// Why JSON text could not be read as the document it should be: bad syntax, or a value of the
/// wrong kind.
///
///     do {
///         _ = try ErrorPayload(json: #"{"domain": "D"}"#)
///     } catch {
///         error.description  // "an error payload needs an integer \"code\""
///     }
public struct JSONFormatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One line saying what is wrong and, for syntax errors, at which byte: ``description``.
  package let message: String

  /// Creates an error with its message.
  package init(message: String) {
    self.message = message
  }

  /// One line saying what is wrong and, for syntax errors, at which byte.
  ///
  ///     do {
  ///         _ = try ErrorPayload(json: "[1, 2")
  ///     } catch {
  ///         error.description.hasPrefix("invalid JSON at byte 5")  // true
  ///     }
  public var description: String { message }
}
