import ErrorKitCore

@testable import InspectKit

/// The stream as the tests drive it: chunks, pauses and the end pushed in, and what each makes
/// known collected as ``Item``s, a summary of ``ErrorFinding`` that tells an error read from
/// text from a document given whole. The tool pulls the same stream (``ErrorStream/next()``).
extension ErrorStream {
  /// What the stream gives, as the tests compare it.
  enum Item {
    /// An error read from text, redacted and named; `cut` says where the text ended inside it.
    case error(ErrorPayload, cut: String?)
    /// An error given as an ErrorPayload document.
    case document(ErrorPayload)
    /// A region that looks like an error but cannot be read, and why.
    case unreadable(String)

    init(_ finding: ErrorFinding) {
      switch finding.result {
      case .error(let read) where read.isDocument: self = .document(read.payload)
      case .error(let read): self = .error(read.payload, cut: read.cut)
      case .unreadable(let reason): self = .unreadable(reason)
      }
    }
  }

  /// Takes `input` and hands every item it makes known to `report`.
  mutating func push(_ input: LineReader.Chunk, _ report: (Item) -> Void) {
    take(input)
    // A stream that takes its input from its caller neither reads nor throws.
    while let finding = try? next() { report(Item(finding)) }
  }

  mutating func feed(_ chunk: [UInt8], count: Int, _ report: (Item) -> Void) {
    push(.lines(chunk, count: count), report)
  }

  mutating func pause(_ report: (Item) -> Void) { push(.paused, report) }

  mutating func finish(_ report: (Item) -> Void) { push(.end, report) }

  mutating func read(whole bytes: [UInt8], _ report: (Item) -> Void) {
    feed(bytes, count: bytes.count, report)
    finish(report)
  }
}
