import StateKit

/// GtkStateFlags as text in `BitLayout.gtk`'s names (`prelight | checked`, `normal` for none),
/// as `statekit-inspect --layout gtk` prints them.
///
///     GTKStateText.description(of: GtkStateFlags.prelight | GtkStateFlags.checked)
///     // "prelight | checked"
public enum GTKStateText {
  /// The names of the flags set, lowest bit first; a bit the layout does not name is in hex.
  ///
  /// - Parameters:
  ///   - flags: GtkStateFlags.
  ///   - layout: The layout whose names are used.
  /// - Returns: The text.
  public static func description(of flags: UInt32, layout: BitLayout = .gtk) -> String {
    guard flags != 0 else { return layout.emptyName }
    var words: [String] = []
    var rest = flags
    for (name, bit) in layout.systemNames.sorted(by: { $0.bit < $1.bit })
    where flags & (1 << UInt32(bit)) != 0 {
      words.append(name)
      rest &= ~(1 << UInt32(bit))
    }
    if rest != 0 { words.append("0x" + String(rest, radix: 16, uppercase: true)) }
    return words.joined(separator: " | ")
  }

  /// Reads flags from their names, separated by `|` or spaces; `normal` is no flag, and a hex
  /// number (`0x802`) stands for its bits.
  ///
  /// - Parameters:
  ///   - text: The text, such as `prelight | checked`.
  ///   - layout: The layout whose names are read.
  /// - Returns: The flags.
  /// - Throws: ``StateTextError`` naming the word it does not know.
  public static func flags(_ text: String, layout: BitLayout = .gtk) throws(StateTextError)
    -> UInt32
  {
    var flags: UInt32 = 0
    let words = text.split { $0 == "|" || $0 == " " || $0 == "\t" }
    guard !words.isEmpty else { throw StateTextError(message: "no state in \"\(text)\"") }
    for word in words.map(String.init) {
      if word == layout.emptyName { continue }
      if let entry = layout.systemNames.first(where: { $0.name == word }) {
        flags |= 1 << UInt32(entry.bit)
      } else if word.hasPrefix("0x"), let value = UInt32(word.dropFirst(2), radix: 16) {
        flags |= value
      } else if Stylesheet.statePseudoClasses.contains(word) {
        let name = StateKitButtonStyle.layoutName(ofPseudoClass: word)
        throw StateTextError(
          message: "unknown \(layout.typeName) state \"\(word)\": CSS's :\(word) is \(name)")
      } else {
        throw StateTextError(
          message: "unknown \(layout.typeName) state \"\(word)\"; the states are "
            + layout.systemNames.map(\.name).joined(separator: ", "))
      }
    }
    return flags
  }
}

/// Why state text could not be read.
public struct StateTextError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What was wrong.
  public var message: String
  /// The message.
  public var description: String { message }
}
