import Foundation
import Testing

@Suite("statekit-inspect MASK")
struct MaskCommandTests {
  /// The README's mask, and high bits with a 64-bit ruler.
  @Test func masksPrintWithTheirRuler() throws {
    let run = try Run(["0x00010004"])
    let high = try Run(["0x8000000000000001"])
    #expect(
      (run.status, run.stderr, run.stdout, high.status, high.stdout)
        == (
          0, "",
          """
          0x00010004: 0x00010004 = 65540
            bit  2  selected      system
            bit 16  (unnamed)     application
            text: selected | 0x10000

            31    24 23    16 15     8 7      0
            ........ .......1 ........ .....1..
            reserved app      system

          """, 0,
          """
          0x8000000000000001: 0x8000000000000001 = 9223372036854775809
            bit  0  highlighted   system
            bit 63  (unnamed)     extended
            text: highlighted | 0x8000000000000000

            63    56 55    48 47    40 39    32 31    24 23    16 15     8 7      0
            1....... ........ ........ ........ ........ ........ ........ .......1
            extended extended extended extended reserved app      system

          """
        ))
  }

  /// JSON for one mask, and JSON Lines for masks in decimal, binary, with upper-case prefixes,
  /// and from standard input.
  @Test func jsonLinesForEveryFormOfMask() throws {
    let one = try Run(["--json", "0x00010004"])
    #expect(
      (one.status, one.stdout)
        == (
          0,
          #"{"input": "0x00010004", "raw": 65540, "hex": "0x00010004", "text": "selected | 0x10000", "bits": [{"bit": 2, "name": "selected", "range": "system"}, {"bit": 16, "name": null, "range": "application"}]}"#
            + "\n"
        ))
    let run = try Run(["--json", "5", "0b1000", "0X10", "0B1", "0", "18446744073709551615"])
    let lines = run.stdout.lines
    #expect((run.status, lines.count) == (0, 6))
    #expect(
      [lines[0], lines[4]] == [
        #"{"input": "5", "raw": 5, "hex": "0x00000005", "text": "highlighted | selected", "bits": [{"bit": 0, "name": "highlighted", "range": "system"}, {"bit": 2, "name": "selected", "range": "system"}]}"#,
        #"{"input": "0", "raw": 0, "hex": "0x00000000", "text": "normal", "bits": []}"#,
      ])
    let missing: [[String]] = [
      lines[1].lacking([#""raw": 8, "hex": "0x00000008", "text": "focused""#]),
      lines[2].lacking([#""raw": 16, "hex": "0x00000010", "text": "0x10""#]),
      lines[3].lacking([#""raw": 1,"#]),
      lines[5].lacking([
        #""hex": "0xFFFFFFFFFFFFFFFF", "text": "highlighted | disabled | selected | focused | 0xfffffffffffffff0""#,
        #"{"bit": 40, "name": null, "range": "extended"}"#,
        #"{"bit": 24, "name": null, "range": "reserved"}"#,
      ]),
    ]
    #expect(missing == [[], [], [], []])
    let stdin = try Run(["--json", "-"], stdin: Data("1\n\n  0x2  \r\n4\n".utf8))
    #expect(
      (stdin.status, stdin.stdout.lines.map { $0.contains(#""input": "0x2""#) })
        == (0, [false, true, false]))
  }

  /// Custom states by flag and file; `--strict` rejects unnamed and reserved bits, and good
  /// masks are still decoded.
  @Test func customStatesAndStrictRejectsUnnamedAndReservedBits() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "states-\(UUID().uuidString).json")
    try Data(#"{"visited": 16, "dragging": 23}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Run(["--json", "--states", file.path, "--state", "hovering=17", "0x830004"])
    #expect(run.status == 0)
    #expect(
      run.stdout.lacking([
        #""text": "selected | visited | hovering | dragging""#,
        #"{"bit": 23, "name": "dragging", "range": "application"}"#,
      ]) == [])
    let human = try Run(["--state=visited=16", "0x10000"])
    #expect(human.stdout.contains("bit 16  visited       application"))

    let strict = try Run(["--strict", "0x01000004", "4"])
    let named = try Run(["--strict", "--state", "visited=16", "0x10004"])
    #expect(
      (strict.status, strict.stderr, strict.stdout.firstLine, named.status)
        == (
          65,
          "statekit-inspect: error: mask \"0x01000004\": bits 24 (0x1000000) have no name (--strict)\n",
          "4: 0x00000004 = 4", 0
        ))
  }

  @Test(arguments: [
    (["zz"], "invalid mask \"zz\": not a decimal number"),
    (["0x"], "invalid mask \"0x\": no digits"),
    (["0b102"], "invalid mask \"0b102\": not a binary number"),
    (["0x1FFFFFFFFFFFFFFFF"], "invalid mask \"0x1FFFFFFFFFFFFFFFF\": does not fit in 64 bits"),
    (["18446744073709551616"], "invalid mask \"18446744073709551616\": does not fit in 64 bits"),
    (["+5"], "invalid mask \"+5\": not a decimal number"),
    (["1 2"], "invalid mask \"1 2\": not a decimal number"),
    (["0x1g"], "invalid mask \"0x1g\": not a hex number"),
    (["é"], "invalid mask \"é\": not a decimal number"),
  ])
  func malformedMasksExit65(arguments: [String], message: String) throws {
    let run = try Run(arguments)
    #expect(
      (run.status, run.stdout, run.stderr) == (65, "", "statekit-inspect: error: \(message)\n"))
  }

  /// The first failure sets the status, and good inputs still print.
  @Test func firstFailureSetsTheStatusAndGoodInputsStillPrint() throws {
    let run = try Run(["--json", "bad", "4", "0x", "8"])
    #expect((run.status, run.stdout.lines.count, run.stderr.lines.count) == (65, 2, 2))
  }

  @Test func colors() throws {
    let always = try Run(["--color", "always", "5"])
    #expect(
      always.stdout.lacking(["\u{1B}[1m5\u{1B}[0m: 0x00000005 = 5", "\u{1B}[32m1\u{1B}[0m"]) == [])
    let plain = try [["--color", "never", "5"], ["--color=auto", "5"], ["5"]].map { try Run($0) }
    let noColor = try Run(["--color", "auto", "5"], environment: ["NO_COLOR": "1"])
    #expect(
      (plain + [noColor]).map { $0.stdout.contains("\u{1B}") } == [false, false, false, false])
    // Standard output a terminal: `auto` colors, unless NO_COLOR is set (to anything but the
    // empty string) or TERM is dumb.
    for (environment, colored) in [
      ([:], true), (["NO_COLOR": ""], true), (["NO_COLOR": "1"], false), (["TERM": "dumb"], false),
    ] {
      let run = try Run(["--color", "auto", "5"], environment: environment, isTerminal: true)
      let seen: [Bool] = [
        run.stdout.contains("\u{1B}[1m5\u{1B}[0m"), run.stdout.contains("\u{1B}"),
      ]
      #expect(seen == [colored, colored], "\(environment)")
    }
    let bad = try Run(["--color", "sometimes", "5"])
    #expect(
      (bad.status, bad.stderr)
        == (
          64, "statekit-inspect: error: --color must be auto, always or never, not \"sometimes\"\n"
        ))
  }
}
