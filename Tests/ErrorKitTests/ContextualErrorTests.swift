import ErrorKit
import Foundation
import StateKit
import Testing

/// Context in one line, and searching a chain as Go's `errors.As` and `errors.Is` do.
@Suite("Context and chain search")
struct ContextualErrorTests {
  enum ThemeError: Error { case unreadable }

  /// The context wraps and keeps the cause, and is built only on failure.
  @Test func contextWrapsKeepsTheCauseAndIsBuiltOnlyOnFailure() throws {
    var thrown: ContextualError?
    do {
      _ = try withContext("loading the theme at /tmp/theme.json") { () throws -> Int in
        throw ThemeError.unreadable
      }
    } catch {
      thrown = error
    }
    let error = try #require(thrown)
    let chain = ErrorChain(error)
    let messages: [String] = chain.links.map(\.message)
    let expectedMessages: [String] = [
      "loading the theme at /tmp/theme.json", "ThemeError.unreadable",
    ]
    #expect(messages == expectedMessages)
    let wrapper: (String?, Int?, Int, String) = (
      chain.links.first?.payload.domain, chain.links.first?.payload.code,
      ErrorPayload(error).chain.count, error.localizedDescription
    )
    let expectedWrapper: (String?, Int?, Int, String) = (
      "dev.statekit.ErrorKit", 3, 2, "loading the theme at /tmp/theme.json"
    )
    #expect(wrapper == expectedWrapper)

    var built = 0
    let value = try withContext(
      {
        built += 1
        return "never"
      }()
    ) { 5 }
    #expect((value, built) == (5, 0))
  }

  @Test func asyncWorkGetsContextToo() async {
    do {
      try await withContext("fetching") { () async throws in throw CancellationError() }
      Issue.record("no error")
    } catch {
      #expect(error.message == "fetching")
      #expect(error.underlyingError is CancellationError)
    }
  }

  /// `first` finds a type anywhere in the chain; an NSError is not taken for another domain's
  /// struct.
  @Test func firstFindsATypeAnywhereButNotInAnotherDomain() throws {
    let stateError: any Error
    do {
      _ = try StateCatalog.system.parse("highlited")
      Issue.record("parsed")
      return
    } catch {
      stateError = error
    }
    let wrapped = ContextualError(
      "loading the theme", cause: ContextualError("reading the state", cause: stateError))
    let found = try #require(ErrorChain.first(StateKitError.self, in: wrapped))
    #expect(
      (
        ErrorChain(found).links.first?.payload.domain,
        ErrorChain.first(ThemeError.self, in: wrapped) == nil,
        ErrorChain.first(ContextualError.self, in: wrapped)?.message
      ) == ("dev.statekit.StateKit", true, "loading the theme"))

    let posix = NSError(domain: NSPOSIXErrorDomain, code: 2)
    let cocoa = ContextualError(
      "loading", cause: CocoaError(.fileNoSuchFile, userInfo: [NSUnderlyingErrorKey: posix]))
    #expect(
      [
        ErrorChain.first(URLError.self, in: cocoa) == nil,
        ErrorChain.contains(domain: NSPOSIXErrorDomain, code: 2, in: cocoa),
        ErrorChain.contains(domain: NSCocoaErrorDomain, code: 4, in: cocoa),
        ErrorChain.contains(domain: NSCocoaErrorDomain, code: 260, in: cocoa),
      ] == [true, true, true, false])
  }
}
