import Foundation

/// An error with what was being done when it happened ("loading the theme at /tmp/theme.json"),
/// keeping the original error as its cause.
///
/// Wrap with `withContext(_:_:)` (sync or async) or `ContextualError(_:cause:)`; the chain then
/// reads from the task to the cause:
///
///     enum ThemeError: Error { case unreadable }
///
///     func loadTheme() throws { throw ThemeError.unreadable }
///
///     do {
///         try withContext("loading the theme at /tmp/theme.json") { try loadTheme() }
///     } catch {
///         print(ErrorChain(error).report)
///         // loading the theme at /tmp/theme.json
///         //
///         // Caused by:
///         //     0: ThemeError.unreadable
///     }
///
/// Its domain is `dev.statekit.ErrorKit` and its code 3, so a payload keeps the context as a
/// link of its own; search the chain for the cause with ``ErrorChain/first(_:in:)``.
public struct ContextualError: DescribedError {
  /// ErrorKit's own domain.
  ///
  ///     ContextualError.domain  // "dev.statekit.ErrorKit"
  public static var domain: String { "dev.statekit.ErrorKit" }

  /// What was being done: "loading the theme at /tmp/theme.json".
  let context: String
  /// The error that happened, which ``underlyingError`` gives.
  let cause: any Error

  /// Wraps an error with what was being done.
  ///
  ///     let wrapped = ContextualError("saving the theme", cause: CancellationError())
  ///
  /// - Parameters:
  ///   - context: What was being done, in words a person reads.
  ///   - cause: The error.
  public init(_ context: String, cause: any Error) {
    self.context = context
    self.cause = cause
  }

  /// 3, the same in every version.
  ///
  ///     ContextualError("saving", cause: CancellationError()).code  // 3
  public var code: Int { 3 }
  /// `context`.
  ///
  ///     ContextualError("saving", cause: CancellationError()).name  // "context"
  public var name: String? { "context" }
  /// The context, as the message of this link.
  ///
  ///     ContextualError("saving", cause: CancellationError()).message  // "saving"
  public var message: String { context }
  /// The wrapped error. Its details are none (the protocol's default): the context is the
  /// message, and the cause exports its own.
  ///
  ///     let wrapped = ContextualError("saving", cause: CancellationError())
  ///     wrapped.underlyingError is CancellationError  // true
  ///     wrapped.details  // [:]
  public var underlyingError: (any Error)? { cause }
}

/// Runs `body`; an error it throws is wrapped with `context` (see ``ContextualError``).
///
///     let text = try withContext("reading the greeting") { "hello" }
///     text  // "hello"
///
/// - Parameters:
///   - context: What `body` does, in words a person reads; built only when `body` throws.
///   - body: The work.
/// - Returns: What `body` returns.
/// - Throws: A ``ContextualError`` with the error `body` threw as its cause.
public func withContext<Result>(
  _ context: @autoclosure () -> String, _ body: () throws -> Result
) throws(ContextualError) -> Result {
  do {
    return try body()
  } catch {
    throw ContextualError(context(), cause: error)
  }
}

/// Runs async `body`; an error it throws is wrapped with `context` (see ``ContextualError``).
///
///     func fetch() async throws -> Int { 7 }
///     func fetchCount() async throws -> Int {
///         try await withContext("fetching the count") { try await fetch() }
///     }
///
/// - Parameters:
///   - context: What `body` does; built only when `body` throws.
///   - body: The work.
/// - Returns: What `body` returns.
/// - Throws: A ``ContextualError`` with the error `body` threw as its cause.
public func withContext<Result>(
  _ context: @autoclosure () -> String, _ body: () async throws -> Result
) async throws(ContextualError) -> Result {
  do {
    return try await body()
  } catch {
    throw ContextualError(context(), cause: error)
  }
}

extension ErrorChain {
  /// The first error of a type in an error's chain, the error itself first (as Go's
  /// `errors.As`). The walk follows the same causes as ``ErrorChain``, depth first (each error,
  /// then its first cause's chain, then its other causes), and stops at its limits.
  ///
  ///     let error = ContextualError("saving", cause: CancellationError())
  ///     ErrorChain.first(CancellationError.self, in: error) != nil  // true
  ///
  /// - Parameters:
  ///   - wanted: The type to look for.
  ///   - error: The outermost error.
  /// - Returns: The first error of that type, or `nil`.
  public static func first<T: Error>(_ wanted: T.Type, in error: any Error) -> T? {
    // Depth first, each error before its causes and the first cause before the others, as Go
    // searches a tree of wrapped errors; bounded as a capture is.
    var pending: [(error: any Error, depth: Int)] = [(error, 0)]
    var visited = 0
    while let (error, depth) = pending.popLast(), visited < ErrorPayload.maximumCount {
      visited += 1
      // An NSError casts to any of Foundation's error structs; it is one only in their domain.
      if let found = error as? T, (found as NSError).domain == (error as NSError).domain {
        return found
      }
      guard depth + 1 < ErrorPayload.maximumDepth else { continue }
      let described = describe(error)
      for other in described.others.reversed() { pending.append((other, depth + 1)) }
      if let cause = described.cause { pending.append((cause, depth + 1)) }
    }
    return nil
  }

  /// Whether a domain and code appear anywhere in an error's chain, other causes included (as
  /// Go's `errors.Is`).
  ///
  ///     let error = ContextualError("loading", cause: CocoaError(.fileNoSuchFile))
  ///     ErrorChain.contains(domain: NSCocoaErrorDomain, code: 4, in: error)  // true
  ///
  /// - Parameters:
  ///   - domain: The domain.
  ///   - code: The code.
  ///   - error: The outermost error.
  /// - Returns: Whether a link of the chain has that domain and code.
  public static func contains(domain: String, code: Int, in error: any Error) -> Bool {
    let chain = ErrorChain(error)
    let links = chain.links.prefix(1) + chain.causesDepthFirst().map(\.link)
    return links.contains { $0.payload.domain == domain && $0.payload.code == code }
  }
}
