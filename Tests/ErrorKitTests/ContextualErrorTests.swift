import ErrorKit
import Foundation
import StateKit
import Testing

/// Context in one line, and searching a chain as Go's `errors.As` and `errors.Is` do.
@Suite("Context and chain search")
struct ContextualErrorTests {
  enum ThemeError: Error { case unreadable }

  @Test func contextWrapsAndKeepsTheCause() throws {
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
    #expect(
      chain.links.map(\.message) == [
        "loading the theme at /tmp/theme.json", "ThemeError.unreadable",
      ])
    #expect(chain.links.first?.payload.domain == "dev.statekit.ErrorKit")
    #expect(chain.links.first?.payload.code == 3)
    #expect(ErrorPayload(error).chain.count == 2)
    #expect(error.localizedDescription == "loading the theme at /tmp/theme.json")
  }

  @Test func theContextIsBuiltOnlyOnFailure() throws {
    var built = 0
    let value = try withContext(
      {
        built += 1
        return "never"
      }()
    ) { 5 }
    #expect(value == 5)
    #expect(built == 0)
  }

  @Test func asyncWorkGetsContextToo() async {
    do {
      try await withContext("fetching") { () async throws in throw CancellationError() }
      Issue.record("no error")
    } catch {
      #expect(error.message == "fetching")
      #expect(error.cause is CancellationError)
    }
  }

  @Test func firstFindsATypeAnywhereInTheChain() throws {
    let stateError: any Error
    do {
      _ = try ControlState(parsing: "highlited")
      Issue.record("parsed")
      return
    } catch {
      stateError = error
    }
    let wrapped = ContextualError(
      "loading the theme", cause: ContextualError("reading the state", cause: stateError))
    let found = try #require(ErrorChain.first(StateKitError.self, in: wrapped))
    #expect(ErrorChain(found).links.first?.payload.domain == "dev.statekit.StateKit")
    #expect(ErrorChain.first(ThemeError.self, in: wrapped) == nil)
    #expect(ErrorChain.first(ContextualError.self, in: wrapped)?.message == "loading the theme")
  }

  @Test func anNSErrorIsNotTakenForAnotherDomainsStruct() {
    let posix = NSError(domain: NSPOSIXErrorDomain, code: 2)
    let wrapped = ContextualError(
      "loading", cause: CocoaError(.fileNoSuchFile, userInfo: [NSUnderlyingErrorKey: posix]))
    #expect(ErrorChain.first(URLError.self, in: wrapped) == nil)
    #expect(ErrorChain.contains(domain: NSPOSIXErrorDomain, code: 2, in: wrapped))
    #expect(ErrorChain.contains(domain: NSCocoaErrorDomain, code: 4, in: wrapped))
    #expect(!ErrorChain.contains(domain: NSCocoaErrorDomain, code: 260, in: wrapped))
  }
}
