import StateKitTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A counter that overflows after five increments in a row: a bug only a long run of one action
/// shows.
final class Overflowing {
  var value = 0
  var streak = 0
  func increment() {
    streak += 1
    value += streak >= 5 ? 2 : 1
  }
  func other() { streak = 0 }
}

/// Five actions that leave the value alone and end a run of increments.
func otherActions() -> [StateMachine<Int, Overflowing>.Action] {
  ["a", "b", "c", "d", "e"].map { name in .init(name, model: { _ in }, system: { $0.other() }) }
}

/// Six actions, one of them the increment: uniform choices rarely repeat one five times.
func overflowMachine() -> StateMachine<Int, Overflowing> {
  StateMachine(
    model: { 0 }, system: { Overflowing() },
    actions: [.init("increment", model: { $0 += 1 }, system: { $0.increment() })] + otherActions(),
    invariant: { model, counter in model == counter.value })
}

@Suite("Swarm testing")
struct SwarmTests {
  /// With swarm, a run switches off some actions for each sequence, so long runs of one
  /// action occur far more often; without it, the overflow is rarely reached. Swarm testing
  /// finds the overflow and keeps preconditions.
  @Test @MainActor func swarmRaisesTheShareOfLongRunsAndFindsTheOverflow() throws {
    let machine = StateMachine<Int, Overflowing>(
      model: { 0 }, system: { Overflowing() },
      actions: otherActions() + [.init("increment", model: { _ in }, system: { _ in })])
    let plain = checkWithStatistics("runs", machine, count: 0...30, cases: 2_000, seed: 3)
    let swarm = checkWithStatistics(
      "runs", machine, count: 0...30, cases: 2_000, seed: 3, swarm: true)
    // The share of sequences whose longest run of one action is 5 or more.
    func share(_ statistics: PropertyStatistics) -> Double {
      let runs = statistics.longestRuns
      let long = runs.filter { $0.key >= 5 }.values.reduce(0, +)
      return Double(long) / Double(max(runs.values.reduce(0, +), 1))
    }
    let (without, with) = (share(plain.statistics), share(swarm.statistics))
    print(
      "sequences with a run of 5 or more of one action: \(without * 100)% without swarm, \(with * 100)% with"
    )
    #expect(
      (
        plain.failure == nil && swarm.failure == nil, with > 2 * without,
        swarm.statistics.description.contains("of sequences have a run of 5 or more")
      ) == (true, true, true), "swarm \(with), uniform \(without)")

    // Swarm testing finds the overflow and shrinks it to the five increments, and it never
    // generates an action whose precondition fails (the precondition-counting test of the
    // tracking button, with swarm on).
    let failure = try #require(
      check("overflow", overflowMachine(), count: 0...30, cases: 2_000, seed: 5, swarm: true))
    #expect(failure.counterexample == Array(repeating: "increment", count: 5), "\(failure)")
    let audit = Audit()
    let button = try #require(
      check("taps", buttonMachine(buggy: true, audit: audit), cases: 1_000, swarm: true))
    #expect(
      (button.counterexample, audit.forbidden) == (["press", "drag outside", "release"], 0))
  }
}

@Suite("Saved failures")
@MainActor
struct SavedFailureTests {
  /// A scratch test directory, and the path of a test file in it.
  static func scratchTestFile() -> (directory: String, file: String) {
    var template = Array("/tmp/statekit-saved-XXXXXX".utf8CString)
    let directory = template.withUnsafeMutableBufferPointer { buffer -> String in
      guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return "/tmp" }
      return String(cString: made)
    }
    return (directory, directory + "/ButtonTests.swift")
  }

  static func contents(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    while case let byte = fgetc(file), byte != EOF { bytes.append(UInt8(byte)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The walk-through of the issue: a failure is saved next to the test; the next run replays
  /// it first (whatever the seed) and fails at once; once the bug is fixed the run passes with
  /// the entry still there, and after the entry is removed too.
  @Test func aSavedFailureIsReplayedFirstUntilItsLineIsDeleted() throws {
    let (directory, testFile) = Self.scratchTestFile()
    let saved = directory + "/StateKitFailures.txt"
    defer {
      unlink(saved)
      rmdir(directory)
    }
    let name = "taps follow the model"
    // The first run finds the bug (seed 1) and saves it.
    withKnownIssue {
      forAll(
        name, buttonMachine(buggy: true, audit: Audit()), cases: 1_000, seed: 1,
        filePath: testFile)
    }
    let text = Self.contents(saved)
    #expect(text.hasPrefix("# Failing cases StateKitTesting found"))
    #expect(text.contains("\(name)\tchoices: "))
    #expect(text.contains("\tcounterexample: [press, drag outside, release]\n"))

    // The next run, with another seed, replays it before any new case: zero tries.
    var replayed: PropertyFailure<[String]>?
    withKnownIssue {
      replayed = forAll(
        name, buttonMachine(buggy: true, audit: Audit()), cases: 1_000, seed: 99,
        filePath: testFile)
    }
    let failure = try #require(replayed)
    #expect(failure.counterexample == ["press", "drag outside", "release"])
    #expect(failure.report.tries == 0)
    #expect(failure.report.replay.hasPrefix("saved failure 1 of this property in \(saved)"))
    #expect(Self.contents(saved) == text, "a replayed failure is not saved twice")

    // Fixed: the saved case passes, and so does the run.
    let audit = Audit()
    #expect(
      forAll(name, buttonMachine(buggy: false, audit: audit), seed: 99, filePath: testFile) == nil)
    #expect(audit.forbidden == 0)
    // The entry removed: the run passes too, and nothing is written.
    unlink(saved)
    #expect(forAll(name, buttonMachine(buggy: false, audit: audit), filePath: testFile) == nil)
    #expect(Self.contents(saved).isEmpty)
  }

  /// Generated values are saved and replayed the same way, and a line that does not parse is
  /// skipped; a name that looks like a comment is replayed
  /// (`aNameThatLooksLikeACommentIsReplayed`).
  @Test func savedValuesOfAnyGeneratorReplay() throws {
    let (directory, testFile) = Self.scratchTestFile()
    let saved = directory + "/StateKitFailures.txt"
    defer {
      unlink(saved)
      rmdir(directory)
    }
    withKnownIssue {
      forAll("below 50", Gen.int(in: 0...99), seed: 2, filePath: testFile) { $0 < 50 }
    }
    #expect(Self.contents(saved).contains("below 50\tchoices: "))
    if let file = fopen(saved, "a") {
      fputs("below 50\tchoices: not numbers\tcounterexample: ?\n", file)
      fclose(file)
    }
    var replayed: PropertyFailure<Int>?
    withKnownIssue {
      replayed = forAll("below 50", Gen.int(in: 0...99), seed: 3, filePath: testFile) { $0 < 50 }
    }
    #expect(
      (
        replayed?.counterexample, replayed?.report.tries,
        forAll("below 100", Gen.int(in: 0...99), filePath: testFile) { $0 < 100 } == nil
      ) == (50, 0, true))
    try aNameThatLooksLikeACommentIsReplayed()
  }

  /// A property whose name starts with `#`, as a comment line does, or with `\` is saved
  /// once and replayed like any other, each name from its own lines.
  func aNameThatLooksLikeACommentIsReplayed() throws {
    let (directory, testFile) = Self.scratchTestFile()
    let saved = directory + "/StateKitFailures.txt"
    defer {
      unlink(saved)
      rmdir(directory)
    }
    let names = ["# below 50", "\\# below 50", "\\ below 50", " # below 50"]
    for name in names {
      withKnownIssue {
        forAll(name, Gen.int(in: 0...99), seed: 2, filePath: testFile) { $0 < 50 }
      }
    }
    let text = Self.contents(saved)
    for name in names {
      var replayed: PropertyFailure<Int>?
      withKnownIssue {
        replayed = forAll(name, Gen.int(in: 0...99), seed: 3, filePath: testFile) { $0 < 50 }
      }
      #expect(replayed?.report.tries == 0, "\(name) is replayed before new cases")
      #expect(replayed?.report.replay.hasPrefix("saved failure 1 of this property") == true)
    }
    #expect(Self.contents(saved) == text, "a replayed failure is not saved again")
    let lines = text.split(separator: "\n").filter { $0.contains("\tchoices: ") }
    #expect(lines.count == names.count, "\(text)")
  }

  /// StateKitTesting's own source directory, from this file's path
  /// (`Tests/StateKitTestingTests/SwarmAndSavedFailureTests.swift`).
  static func libraryDirectory(_ testFile: String = #filePath) -> String {
    var root = testFile
    for _ in 0..<3 { root = String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)]) }
    return root + "/Sources/StateKitTesting"
  }

  /// The forms of two and three generators save their failures next to the test file that
  /// calls them, and replay them from there, as the form of one does; nothing goes into
  /// StateKitTesting's own sources.
  @Test func everyFormSavesNextToItsTestFile() throws {
    let (directory, testFile) = Self.scratchTestFile()
    let saved = directory + "/StateKitFailures.txt"
    defer {
      unlink(saved)
      rmdir(directory)
    }
    let digits = Gen.int(in: 0...9)
    withKnownIssue {
      forAll("pairs sum below 10", Gen.zip(digits, digits), seed: 4, filePath: testFile) {
        $0 + $1 < 10
      }
      forAll("triples sum below 10", Gen.zip(digits, digits, digits), seed: 4, filePath: testFile) {
        $0 + $1 + $2 < 10
      }
    }
    let text = Self.contents(saved)
    #expect(text.contains("pairs sum below 10\tchoices: "), "\(text)")
    #expect(text.contains("triples sum below 10\tchoices: "), "\(text)")
    var pair: PropertyFailure<(Int, Int)>?
    var triple: PropertyFailure<(Int, Int, Int)>?
    withKnownIssue {
      pair = forAll("pairs sum below 10", Gen.zip(digits, digits), seed: 5, filePath: testFile) {
        $0 + $1 < 10
      }
      triple = forAll(
        "triples sum below 10", Gen.zip(digits, digits, digits), seed: 5, filePath: testFile
      ) {
        $0 + $1 + $2 < 10
      }
    }
    #expect(pair?.report.tries == 0 && triple?.report.tries == 0, "replayed before new cases")
    #expect(pair?.report.replay.hasPrefix("saved failure 1 of this property in \(saved)") == true)
    let library = Self.contents(Self.libraryDirectory() + "/StateKitFailures.txt")
    #expect(!library.contains("sum below 10"), "nothing is saved next to the library's sources")
  }

  /// A path that is not a user's test file saves nothing: one inside StateKitTesting's own
  /// sources (a caller that passed its own `#filePath`), or one without a directory (which
  /// would put the file in the working directory).
  @Test func aPathOutsideTheTestsSavesNothing() {
    let library = Self.libraryDirectory()
    let places = [
      library + "/StateKitFailures.txt", library + "/Internals/StateKitFailures.txt",
      "StateKitFailures.txt",
    ]
    let existed = places.map { access($0, F_OK) == 0 }
    defer {
      // Only files this test made are removed.
      for (place, existed) in zip(places, existed) where !existed { unlink(place) }
    }
    for path in [library + "/ForAll.swift", library + "/Internals/Runner.swift", "Tests.swift"] {
      withKnownIssue {
        forAll("saved nowhere", Gen.int(in: 0...9), seed: 4, filePath: path) { $0 < 5 }
      }
    }
    for place in places {
      #expect(!Self.contents(place).contains("saved nowhere"), "\(place)")
    }
  }
}
