import Foundation
import Testing

@Suite("statekit-inspect encode")
struct EncodeCommandTests {
  /// Text becomes a mask: words, bars and hex mix; JSON is the mask object; standard input's
  /// lines are texts; `--strict` rejects hex.
  @Test func textBecomesAMaskInEveryForm() throws {
    let run = try Run(["encode", "--state", "visited=16", "selected | visited"])
    #expect(
      (run.status, run.stdout.firstLine) == (0, "selected | visited: 0x00010004 = 65540"), "\(run)")
    for arguments in [
      ["encode", "--json", "highlighted", "disabled"],
      ["encode", "--json", "highlighted disabled"],
      ["encode", "--json", "highlighted|0x2"], ["encode", "--json", " highlighted | disabled "],
    ] {
      let run = try Run(arguments)
      #expect(
        run.status == 0
          && run.stdout.contains(
            #""raw": 3, "hex": "0x00000003", "text": "highlighted | disabled""#),
        "\(arguments): \(run)")
    }
    let json = try Run(["encode", "--json", "selected | 0x10000"])
    #expect(
      json.stdout
        == #"{"input": "selected | 0x10000", "raw": 65540, "hex": "0x00010004", "text": "selected | 0x10000", "bits": [{"bit": 2, "name": "selected", "range": "system"}, {"bit": 16, "name": null, "range": "application"}]}"#
        + "\n")
    let stdin = try Run(
      ["encode", "--json", "-"], stdin: Data("selected\nnormal\nbogus\nfocused\n".utf8))
    let strict = try Run(["encode", "--strict", "selected | 0x10000"])
    #expect(
      (stdin.status, stdin.stdout.lines.count, strict.status) == (65, 3, 65)
        && stdin.stderr.contains("unknown state name \"bogus\"")
        && strict.stderr.contains("is not allowed in strict mode"), "\(stdin)\n\(strict)")
  }

  @Test(arguments: [
    (
      "bogus",
      "cannot encode \"bogus\": unknown state name \"bogus\"; known names: normal, highlighted, disabled, selected, focused"
    ),
    (
      "selected ||",
      "cannot encode \"selected ||\": segment 2 is empty; write one name or hex number between `|`s"
    ),
    ("0xzz", "cannot encode \"0xzz\": hex token \"0xzz\" has a character that is not a hex digit"),
    (
      "   ",
      "cannot encode \"   \": there is no state; write `normal` for the state with no bits"
    ),
  ])
  func badTextExits65(text: String, message: String) throws {
    let run = try Run(["encode", text])
    #expect(
      (run.status, run.stdout, run.stderr) == (65, "", "statekit-inspect: error: \(message)\n"))
  }

}
