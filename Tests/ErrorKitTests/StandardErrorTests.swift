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
        state = try ControlState(parsing: text)
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

  @Test func aDecodingErrorHasItsCaseCodingPathAndDebugDescription() throws {
    let error = try Self.decodingError(
      Theme.self, #"{"buttons": [{"title": "a"}, {"title": "b"}, {"title": 3}]}"#)
    let link = try #require(ErrorChain(error).links.first)
    #expect(link.payload.domain == NSCocoaErrorDomain)
    #expect(link.payload.code == 4864)
    #expect(link.payload.name == "typeMismatch")
    #expect(link.payload.details["codingPath"] == "buttons[2].title")
    #expect(link.payload.details["type"] == "String")
    guard case .typeMismatch(_, let context) = error as? DecodingError else {
      Issue.record("not a type mismatch: \(error)")
      return
    }
    #expect(link.message == "buttons[2].title: \(context.debugDescription)")
    #expect(ErrorChain(error).report.contains("buttons[2].title"))
  }

  @Test func aStateKitErrorInsideADecodingErrorIsItsCause() throws {
    let error = try Self.decodingError([String: StateEntry].self, #"{"pressed": "highlited"}"#)
    let chain = ErrorChain(error)
    #expect(chain.links.count == 2, "\(chain.links)")
    #expect(chain.links.first?.payload.name == "dataCorrupted")
    #expect(chain.links.first?.payload.details["codingPath"] == "pressed")
    #expect(chain.links.last?.payload.domain == "dev.statekit.StateKit")
    let payload = ErrorPayload(error)
    #expect(payload.chain.map(\.domain) == [NSCocoaErrorDomain, "dev.statekit.StateKit"])
    // The report shows the StateKitError's own message as the cause.
    let cause = try #require(chain.links.last)
    #expect(cause.message.contains("highlited"), "\(cause.message)")
    #expect(chain.report.hasSuffix("0: \(cause.message)"))
  }

  @Test func aMissingKeyNamesTheKey() throws {
    let error = try Self.decodingError(Theme.self, #"{"buttons": [{}]}"#)
    let link = try #require(ErrorChain(error).links.first)
    #expect(link.payload.code == 4865)
    #expect(link.payload.name == "keyNotFound")
    #expect(link.payload.details["key"] == "title")
    #expect(link.payload.details["codingPath"] == "buttons[0]")
  }

  @Test func anEncodingErrorNeverExportsItsValue() throws {
    let error = EncodingError.invalidValue(
      "hunter2", .init(codingPath: [], debugDescription: "cannot encode"))
    let payload = ErrorPayload(error)
    #expect(payload.name == "invalidValue")
    #expect(payload.code == 4866)
    #expect(payload.details == ["type": "String"])
    #expect(!ErrorChain(error).report.contains("hunter2"))
  }

  @Test func foundationErrorsHaveFoundationsText() throws {
    #expect(ErrorChain.message(of: POSIXError(.ENOENT)) == "No such file or directory")
    let missing = CocoaError(.fileNoSuchFile)
    #expect(ErrorChain.message(of: missing) != "CocoaError")
    #if os(Linux)
      #expect(ErrorChain.message(of: missing) == "The file doesn’t exist.")
    #endif
    #expect(ErrorChain(URLError(.notConnectedToInternet)).links.first?.payload.code == -1009)
    #expect(ErrorChain.message(of: URLError(.notConnectedToInternet)) != "URLError")
    // A real missing file: Foundation's error with its POSIX cause.
    var thrown: (any Error)?
    do {
      _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/statekit/theme.json"))
    } catch {
      thrown = error
    }
    let error = try #require(thrown)
    let chain = ErrorChain(error)
    #expect(chain.links.map(\.payload.code) == [260, 2])
    #expect(ErrorPayload(error).chain.map(\.domain) == [NSCocoaErrorDomain, NSPOSIXErrorDomain])
  }
}
