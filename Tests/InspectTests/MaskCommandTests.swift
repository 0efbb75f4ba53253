import Foundation
import Testing

@Suite("statekit-inspect MASK")
struct MaskCommandTests {
  @Test func readmeMask() throws {
    let run = try Run(["0x00010004"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(
      run.stdout == """
        0x00010004: 0x00010004 = 65540
          bit  2  selected      system
          bit 16  (unnamed)     application
          text: selected | 0x10000

          31    24 23    16 15     8 7      0
          ........ .......1 ........ .....1..
          reserved app      system

        """)
  }

  @Test func highBitsUseA64BitRuler() throws {
    let run = try Run(["0x8000000000000001"])
    #expect(run.status == 0)
    #expect(
      run.stdout == """
        0x8000000000000001: 0x8000000000000001 = 9223372036854775809
          bit  0  highlighted   system
          bit 63  (unnamed)     extended
          text: highlighted | 0x8000000000000000

          63    56 55    48 47    40 39    32 31    24 23    16 15     8 7      0
          1....... ........ ........ ........ ........ ........ ........ .......1
          extended extended extended extended reserved app      system

        """)
  }

  @Test func jsonForOneMask() throws {
    let run = try Run(["--json", "0x00010004"])
    #expect(run.status == 0)
    #expect(
      run.stdout
        == #"{"input": "0x00010004", "raw": 65540, "hex": "0x00010004", "text": "selected | 0x10000", "bits": [{"bit": 2, "name": "selected", "range": "system"}, {"bit": 16, "name": null, "range": "application"}]}"#
        + "\n")
  }

  @Test func decimalBinaryUppercasePrefixesAndJSONLines() throws {
    let run = try Run(["--json", "5", "0b1000", "0X10", "0B1", "0", "18446744073709551615"])
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 6)
    #expect(
      lines[0]
        == #"{"input": "5", "raw": 5, "hex": "0x00000005", "text": "highlighted | selected", "bits": [{"bit": 0, "name": "highlighted", "range": "system"}, {"bit": 2, "name": "selected", "range": "system"}]}"#
    )
    #expect(lines[1].contains(#""raw": 8, "hex": "0x00000008", "text": "focused""#))
    #expect(lines[2].contains(#""raw": 16, "hex": "0x00000010", "text": "0x10""#))
    #expect(lines[3].contains(#""raw": 1,"#))
    #expect(
      lines[4] == #"{"input": "0", "raw": 0, "hex": "0x00000000", "text": "normal", "bits": []}"#)
    #expect(
      lines[5].contains(
        #""hex": "0xFFFFFFFFFFFFFFFF", "text": "highlighted | disabled | selected | focused | 0xfffffffffffffff0""#
      ))
    #expect(lines[5].contains(#"{"bit": 40, "name": null, "range": "extended"}"#))
    #expect(lines[5].contains(#"{"bit": 24, "name": null, "range": "reserved"}"#))
  }

  @Test func stdinMasksAreJSONLines() throws {
    let run = try Run(["--json", "-"], stdin: Data("1\n\n  0x2  \r\n4\n".utf8))
    #expect(run.status == 0)
    #expect(
      run.stdout.split(separator: "\n").map { $0.contains(#""input": "0x2""#) } == [
        false, true, false,
      ])
  }

  @Test func customStatesByFlagAndFile() throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "states-\(UUID().uuidString).json")
    try Data(#"{"visited": 16, "dragging": 23}"#.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let run = try Run(["--json", "--states", file.path, "--state", "hovering=17", "0x830004"])
    #expect(run.status == 0)
    #expect(run.stdout.contains(#""text": "selected | visited | hovering | dragging""#))
    #expect(run.stdout.contains(#"{"bit": 23, "name": "dragging", "range": "application"}"#))
    let human = try Run(["--state=visited=16", "0x10000"])
    #expect(human.stdout.contains("bit 16  visited       application"))
  }

  @Test func strictRejectsUnnamedAndReservedBits() throws {
    let run = try Run(["--strict", "0x01000004", "4"])
    #expect(run.status == 65)
    #expect(
      run.stderr
        == "statekit-inspect: error: mask \"0x01000004\": bits 24 (0x1000000) have no name (--strict)\n"
    )
    #expect(run.stdout.hasPrefix("4: 0x00000004 = 4\n"), "good masks are still decoded")
    let named = try Run(["--strict", "--state", "visited=16", "0x10004"])
    #expect(named.status == 0)
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
    #expect(run.status == 65)
    #expect(run.stdout == "")
    #expect(run.stderr == "statekit-inspect: error: \(message)\n")
  }

  @Test func firstFailureSetsTheStatusAndGoodInputsStillPrint() throws {
    let run = try Run(["--json", "bad", "4", "0x", "8"])
    #expect(run.status == 65)
    #expect(run.stdout.split(separator: "\n").count == 2)
    #expect(run.stderr.split(separator: "\n").count == 2)
  }

  @Test func colors() throws {
    let always = try Run(["--color", "always", "5"])
    #expect(always.stdout.contains("\u{1B}[1m5\u{1B}[0m: 0x00000005 = 5"))
    #expect(always.stdout.contains("\u{1B}[32m1\u{1B}[0m"))
    for arguments in [["--color", "never", "5"], ["--color=auto", "5"], ["5"]] {
      let plain = try Run(arguments)
      #expect(!plain.stdout.contains("\u{1B}"), "\(arguments)")
    }
    let noColor = try Run(["--color", "auto", "5"], environment: ["NO_COLOR": "1"])
    #expect(!noColor.stdout.contains("\u{1B}"))
    // Standard output a terminal: `auto` colors, unless NO_COLOR is set (to anything but the
    // empty string) or TERM is dumb.
    for (environment, colored) in [
      ([:], true), (["NO_COLOR": ""], true), (["NO_COLOR": "1"], false), (["TERM": "dumb"], false),
    ] {
      let run = try Run(["--color", "auto", "5"], environment: environment, isTerminal: true)
      #expect(run.stdout.contains("\u{1B}[1m5\u{1B}[0m") == colored, "\(environment)")
      #expect(run.stdout.contains("\u{1B}") == colored, "\(environment)")
    }
    let bad = try Run(["--color", "sometimes", "5"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr
        == "statekit-inspect: error: --color must be auto, always or never, not \"sometimes\"\n")
  }
}
