#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The failures of properties saved next to the tests that found them, replayed first on every
/// later run until their line is deleted.
///
/// One file per test directory, `StateKitFailures.txt`: after a comment, one line per failure,
/// `NAME<TAB>choices: 3 0 1<TAB>counterexample: TEXT` (a name that starts with `#` or `\`
/// is written after a `\`, so that it is not a comment). The choices are the record the shrunk
/// counterexample was generated from, so replaying them regenerates it whatever the seed; the
/// counterexample is there for people and diffs, and is not read back. A line whose choices do
/// not parse is skipped, never a crash.
struct _SavedFailures {
  /// The file's path.
  let path: String

  static let fileName = "StateKitFailures.txt"
  /// The environment variable that turns saving and replaying off for a whole run when it is
  /// `off` (a CI job that must not write into the checkout).
  static let environmentVariable = "STATEKIT_SAVED_FAILURES"

  /// The file next to a test file, or `nil` when the caller or the environment turned it off,
  /// or when the path is not one of a user's test files: a path without a directory, or one
  /// inside StateKitTesting's own sources (a caller that passed its own `#filePath` rather
  /// than its caller's). Failures are saved where the tests that found them are, nowhere else.
  static func file(testFile: String, enabled: Bool) -> _SavedFailures? {
    guard enabled else { return nil }
    if let value = getenv(environmentVariable), String(cString: value) == "off" { return nil }
    guard let directory = directory(of: testFile), !isLibrarySource(directory) else { return nil }
    return _SavedFailures(directory: directory)
  }

  /// The directory part of a path, or `nil` for a path without one.
  static func directory(of path: String) -> String? {
    path.lastIndex(of: "/").map { String(path[..<$0]) }
  }

  /// The directory of StateKitTesting's sources, found from this file's own path
  /// (`Sources/StateKitTesting/Internals/SavedFailures.swift`).
  static let libraryDirectory: String? = directory(of: #filePath).flatMap { directory(of: $0) }

  /// Whether a directory is StateKitTesting's source directory or inside it.
  static func isLibrarySource(_ directory: String) -> Bool {
    guard let library = libraryDirectory, !library.isEmpty else { return false }
    return directory == library || directory.hasPrefix(library + "/")
  }
  static let header = """
    # Failing cases StateKitTesting found, replayed first on every run of their property until the
    # line is deleted: property name, the choices that generate the case, and the case as it read.

    """

  /// The file in a test directory.
  private init(directory: String) {
    path = directory + "/" + Self.fileName
  }

  /// A text on one line: tabs and line breaks become spaces.
  static func field(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
  }

  /// A property's name as its lines hold it: on one line, and with a `\` in front when it
  /// starts with `#` (which starts a comment) or `\`, so that every name's lines are read
  /// back as its own.
  static func key(_ name: String) -> String {
    let flat = field(name)
    return flat.hasPrefix("#") || flat.hasPrefix("\\") ? "\\" + flat : flat
  }

  /// The saved choices of a property, in file order; none when the file does not exist.
  func choices(for name: String) -> [[UInt64]] {
    Self.choices(for: name, in: read())
  }

  /// The saved choices of a property in the file's text.
  private static func choices(for name: String, in text: String) -> [[UInt64]] {
    let saved = key(name)
    return text.split(whereSeparator: \.isNewline).compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count >= 2, !line.hasPrefix("#"), fields[0] == saved,
        fields[1].hasPrefix("choices:")
      else { return nil }
      var choices: [UInt64] = []
      for word in fields[1].dropFirst("choices:".count).split(separator: " ") {
        guard let choice = UInt64(word) else { return nil }
        choices.append(choice)
      }
      return choices
    }
  }

  /// Adds a failure, unless the same choices are saved already; returns whether the file holds
  /// it now.
  @discardableResult
  func save(name: String, choices: [UInt64], counterexample: String) -> Bool {
    let existing = read()
    if Self.choices(for: name, in: existing).contains(choices) { return true }
    var text = existing.isEmpty ? Self.header : ""
    if !existing.isEmpty && !existing.hasSuffix("\n") { text += "\n" }
    text += Self.key(name) + "\tchoices: " + choices.map(String.init).joined(separator: " ")
    text += "\tcounterexample: " + Self.field(counterexample) + "\n"
    guard let file = fopen(path, "a") else { return false }
    defer { fclose(file) }
    return text.utf8CString.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return false }
      return fputs(base, file) >= 0
    }
  }

  private func read() -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
