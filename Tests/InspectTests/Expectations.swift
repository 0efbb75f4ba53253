/// Values that let one `#expect` compare what several did, and still print what differed.
extension StringProtocol {
  /// The parts this text does not contain, in order: `text.lacking([...]) == []`
  /// names each missing part.
  func lacking(_ parts: [String]) -> [String] { parts.filter { !contains($0) } }

  /// The parts this text contains, in order: `text.holding([...]) == []` names each
  /// part that should not be there.
  func holding(_ parts: [String]) -> [String] { parts.filter { contains($0) } }

  /// The text before the first line break, or nil when there is none: for a heading of one
  /// line, `text.firstLine == heading` says what `text.hasPrefix(heading + "\n")` says.
  var firstLine: String? { firstIndex(of: "\n").map { String(self[..<$0]) } }

  /// The lines of the text, without empty ones.
  var lines: [String] { String(self).split(separator: "\n").map(String.init) }
}

extension Run {
  /// The secrets found in the run's standard output or error: `run.leaking(s) == []`
  /// names each one that left the tool.
  func leaking(_ secrets: [String]) -> [String] {
    secrets.filter { stdout.contains($0) || stderr.contains($0) }
  }
}
