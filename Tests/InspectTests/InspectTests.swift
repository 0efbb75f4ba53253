import Foundation
import Testing

/// Runs the built statekit-inspect binary and checks its whole output and exit code.
@Suite("statekit-inspect")
struct InspectTests {
  struct Run {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  static var binary: URL {
    // The test bundle sits next to the built products.
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = testBinary.deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("statekit-inspect").path),
      directory.path != "/"
    {
      directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("statekit-inspect")
  }

  func run(_ arguments: [String]) throws -> Run {
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  @Test func decodesTheReadmeMask() throws {
    let result = try run(["0x00010004"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        0x00010004: 0x00010004 = 65540
          bit  2  selected      system
          bit 16  (unnamed)     application
          text: selected | 0x10000

        """)
  }

  @Test func decimalBinaryAndHighBits() throws {
    let result = try run(["5", "0b1000", "0x8000000000000000"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        5: 0x00000005 = 5
          bit  0  highlighted   system
          bit  2  selected      system
          text: highlighted | selected

        0b1000: 0x00000008 = 8
          bit  3  focused       system
          text: focused

        0x8000000000000000: 0x8000000000000000 = 9223372036854775808
          bit 63  (unnamed)     extended
          text: 0x8000000000000000

        """)
  }

  @Test(arguments: [
    (["zz"], "statekit-inspect: error: invalid mask \"zz\": not a decimal number\n"),
    (["0x"], "statekit-inspect: error: invalid mask \"0x\": no digits\n"),
    (["0b102"], "statekit-inspect: error: invalid mask \"0b102\": not a binary number\n"),
    (["0x1FFFFFFFFFFFFFFFF"], "statekit-inspect: error: invalid mask \"0x1FFFFFFFFFFFFFFFF\": does not fit in 64 bits\n"),
    (["+5"], "statekit-inspect: error: invalid mask \"+5\": not a decimal number\n"),
  ])
  func malformedMasksExit65(arguments: [String], message: String) throws {
    let result = try run(arguments)
    #expect(result.status == 65)
    #expect(result.stdout == "")
    #expect(result.stderr == message)
  }

  @Test func goodMasksAreStillDecodedAfterABadOne() throws {
    let result = try run(["bad", "4"])
    #expect(result.status == 65)
    #expect(result.stdout.hasPrefix("4: 0x00000004 = 4\n"))
    #expect(result.stderr == "statekit-inspect: error: invalid mask \"bad\": not a decimal number\n")
  }

  @Test func usageErrorsExit64() throws {
    let none = try run([])
    #expect(none.status == 64)
    #expect(none.stderr == "statekit-inspect: error: missing MASK; see --help\n")
    let flag = try run(["--bogus"])
    #expect(flag.status == 64)
    #expect(flag.stderr == "statekit-inspect: error: unknown option \"--bogus\"; see --help\n")
    #expect(flag.stdout == "")
  }

  @Test func helpAndVersion() throws {
    let help = try run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("statekit-inspect: decode control-state masks\n"))
    let version = try run(["--version"])
    #expect(version.status == 0)
    #expect(version.stdout.hasPrefix("statekit-inspect "))
  }
}
