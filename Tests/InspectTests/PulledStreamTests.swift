import ErrorKitCore
import StateKitTesting
import Testing

@testable import InspectKit

/// The error stream as the tool pulls it (``ErrorStream/next()``): every item carries its byte
/// range in the input, and the three ways of giving input (chunks pushed in, an argument given
/// whole, standard input read by a ``LineReader``) give the same items.
@Suite("Error stream, pulled")
struct PulledStreamTests {
  /// An item and where it stands: "summary @ start..<end".
  static func located(_ finding: ErrorFinding) -> String {
    "\(ErrorStreamTests.summary(ErrorStream.Item(finding))) @ \(finding.range)"
  }

  static func drain(_ stream: inout ErrorStream) -> [String] {
    var items: [String] = []
    while let finding = try? stream.next() { items.append(located(finding)) }
    return items
  }

  /// A text's lines taken in random groups, items pulled after each.
  static func pushed(_ bytes: [UInt8], _ rng: inout SplitMix64) -> [String] {
    var lines: [[UInt8]] = []
    var start = 0
    while start < bytes.count {
      let end = (bytes[start...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
      lines.append(Array(bytes[start..<end]))
      start = end
    }
    var stream = ErrorStream(directory: CodeDirectory())
    var items: [String] = []
    var index = 0
    while index < lines.count {
      let take = Int.random(in: 1...max(1, lines.count - index), using: &rng)
      let chunk = lines[index..<index + take].flatMap { $0 }
      stream.take(.lines(chunk, count: chunk.count))
      items += drain(&stream)
      index += take
    }
    stream.take(.end)
    return items + drain(&stream)
  }

  @Test func everyItemCarriesItsRangeInTheInputHoweverItIsChunked() {
    let seed = (try? PropertySeed.current.get()) ?? 46
    var rng = SplitMix64(seed: seed)
    var located = 0
    // 400 texts, chunked at random: some 2,200 items, each pool entry some 85 times.
    for run in 0..<400 {
      // Text without JSON documents, which the whole text's scan reads as text.
      let text = ErrorStreamTests.randomText(&rng).split(
        separator: "\n", omittingEmptySubsequences: false
      )
      .filter { !$0.hasPrefix("{") }.joined(separator: "\n")
      let whole = ErrorScanner.findAll(in: PastedText(text)).map(Self.located)
      let streamed = Self.pushed(Array(text.utf8), &rng)
      located += whole.count
      #expect(streamed == whole, "seed \(seed), case \(run):\n\(text)")
      if streamed != whole { break }
    }
    #expect(located > 1_500, "seed \(seed)")
  }

  @Test func aLineThatIsNotUTF8AndADocumentHaveTheirRanges() {
    let error = Array(#"Error Domain=A Code=1 "x""#.utf8)
    let document = Array(#"{"domain": "B", "code": 2}"#.utf8)
    let bytes = Array("ok\n".utf8) + [0x41, 0xFF, 0x42, 0x0A] + error + [0x0A] + document + [0x0A]
    var stream = ErrorStream(whole: bytes, directory: CodeDirectory())
    // "ok\n" is 3 bytes, the line that is not UTF-8 4 with its line feed.
    let documentStart = 7 + error.count + 1
    #expect(
      Self.drain(&stream) == [
        "unreadable: a line is not valid UTF-8 @ 3..<6",
        "A 1 @ 7..<\(7 + error.count)",
        "document B 2 @ \(documentStart)..<\(documentStart + document.count + 1)",
      ])
  }

  @Test func pushedGivenWholeAndReadByLinesAreTheSame() throws {
    let seed = (try? PropertySeed.current.get()) ?? 11
    var rng = SplitMix64(seed: seed)
    // 150 texts: each also read whole and by lines, the three ways agreeing on every item.
    for run in 0..<150 {
      let bytes = Array(ErrorStreamTests.randomText(&rng).utf8)
      var whole = ErrorStream(whole: bytes, directory: CodeDirectory())
      let given = Self.drain(&whole)
      let terminal = Terminal(input: bytes)
      var read = ErrorStream(
        reading: LineReader(terminal.input, name: "standard input"), directory: CodeDirectory(),
        output: terminal)
      var byLines: [String] = []
      while let finding = try read.next() { byLines.append(Self.located(finding)) }
      let pushed = Self.pushed(bytes, &rng)
      #expect(given == pushed, "seed \(seed), case \(run)")
      #expect(byLines == pushed, "seed \(seed), case \(run)")
      if given != pushed || byLines != pushed { break }
    }
  }
}
