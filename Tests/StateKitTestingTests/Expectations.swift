/// Values that let one `#expect` compare what several did, and still print what differed.
extension String {
  /// The parts this text does not contain, in order: `text.lacking([...]) == []` names each
  /// missing part.
  func lacking(_ parts: [String]) -> [String] { parts.filter { !contains($0) } }
}
