import ErrorKit
import Foundation
import StateKit
import Testing

/// Swift's and Foundation's own errors are described by what they carry, in `ErrorChain`, its
/// report and `ErrorPayload(error)`: before, a theme loader's decoding error came out as
/// `DecodingError.dataCorrupted` and a missing file as `CocoaError`.
@Suite("Describing Swift's and Foundation's errors")
struct StandardErrorTests {
  struct Theme: Decodable {
    struct Button: Decodable {
      var title: String
    }
    var buttons: [Button]
  }

  /// A theme whose state text is checked as it is decoded, as a theme loader does.
  struct StateEntry: Decodable {
    var state: ControlState
    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      do {
        state = try StateCatalog.system.parse(text)
      } catch {
        throw DecodingError.dataCorrupted(
          .init(
            codingPath: decoder.codingPath, debugDescription: "not a state: \(text.count) bytes",
            underlyingError: error))
      }
    }
  }

  static func decodingError<T: Decodable>(_ type: T.Type, _ json: String) throws -> any Error {
    do {
      _ = try JSONDecoder().decode(type, from: Data(json.utf8))
    } catch {
      return error
    }
    throw CancellationError()
  }

  /// A decoding error has its case, coding path and debug description, a StateKit error inside
  /// it is its cause, a missing key is named; an encoding error never exports its value.
  @Test func decodingAndEncodingErrorsAreDescribedByWhatTheyCarry() throws {
    let error = try Self.decodingError(
      Theme.self, #"{"buttons": [{"title": "a"}, {"title": "b"}, {"title": 3}]}"#)
    let link = try #require(ErrorChain(error).links.first)
    let mismatch: (String, Int, String?, [String: String]) = (
      link.payload.domain, link.payload.code, link.payload.name, link.payload.details
    )
    let expectedMismatch: (String, Int, String?, [String: String]) = (
      NSCocoaErrorDomain, 4864, "typeMismatch",
      ["codingPath": "buttons[2].title", "type": "String"]
    )
    #expect(mismatch == expectedMismatch)
    guard case .typeMismatch(_, let context) = error as? DecodingError else {
      Issue.record("not a type mismatch: \(error)")
      return
    }
    #expect(
      link.message == "buttons[2].title: \(context.debugDescription)"
        && ErrorChain(error).report.contains("buttons[2].title"), "\(link.message)")

    // A StateKit error inside a decoding error is its cause.
    let stateError = try Self.decodingError(
      [String: StateEntry].self, #"{"pressed": "highlited"}"#)
    let chain = ErrorChain(stateError)
    let causes: (Int, String?, String?, String?, [String]) = (
      chain.links.count, chain.links.first?.payload.name,
      chain.links.first?.payload.details["codingPath"], chain.links.last?.payload.domain,
      ErrorPayload(stateError).chain.map(\.domain)
    )
    let expectedCauses: (Int, String?, String?, String?, [String]) = (
      2, "dataCorrupted", "pressed", "dev.statekit.StateKit",
      [NSCocoaErrorDomain, "dev.statekit.StateKit"]
    )
    #expect(causes == expectedCauses, "\(chain.links)")
    // The report shows the StateKitError's own message as the cause.
    let cause = try #require(chain.links.last)
    #expect(
      cause.message.contains("highlited") && chain.report.hasSuffix("0: \(cause.message)"),
      "\(cause.message)")

    // A missing key names the key.
    let missing = try Self.decodingError(Theme.self, #"{"buttons": [{}]}"#)
    let missingLink = try #require(ErrorChain(missing).links.first)
    let missingKey: (Int, String?, [String: String]) = (
      missingLink.payload.code, missingLink.payload.name, missingLink.payload.details
    )
    let expectedMissingKey: (Int, String?, [String: String]) = (
      4865, "keyNotFound", ["key": "title", "codingPath": "buttons[0]"]
    )
    #expect(missingKey == expectedMissingKey)

    // An encoding error never exports its value.
    let encoding = EncodingError.invalidValue(
      "hunter2", .init(codingPath: [], debugDescription: "cannot encode"))
    let payload = ErrorPayload(encoding)
    let encoded: (String?, Int, [String: String], Bool) = (
      payload.name, payload.code, payload.details, ErrorChain(encoding).report.contains("hunter2")
    )
    let expectedEncoded: (String?, Int, [String: String], Bool) = (
      "invalidValue", 4866, ["type": "String"], false
    )
    #expect(encoded == expectedEncoded)
  }

  @Test func foundationErrorsHaveFoundationsText() throws {
    let missing = CocoaError(.fileNoSuchFile)
    #expect(
      (
        ErrorChain.message(of: POSIXError(.ENOENT)),
        ErrorChain.message(of: missing) != "CocoaError",
        ErrorChain(URLError(.notConnectedToInternet)).links.first?.payload.code,
        ErrorChain.message(of: URLError(.notConnectedToInternet)) != "URLError"
      ) == ("No such file or directory", true, -1009, true))
    #if os(Linux)
      #expect(ErrorChain.message(of: missing) == "The file doesn’t exist.")
    #endif
    // A real missing file: Foundation's error with its POSIX cause.
    var thrown: (any Error)?
    do {
      _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/statekit/theme.json"))
    } catch {
      thrown = error
    }
    let error = try #require(thrown)
    let chain = ErrorChain(error)
    #expect(
      (chain.links.map(\.payload.code), ErrorPayload(error).chain.map(\.domain))
        == ([260, 2], [NSCocoaErrorDomain, NSPOSIXErrorDomain]))
  }
}
