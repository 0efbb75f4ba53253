import ErrorKitCore

// The `$transitions` member of a theme file, as the theme document reads it (in Embedded Swift
// too); StyleTransitions+Theme.swift has how a ``StyleTransitions`` reads and writes it.
//
//     "$transitions": {
//       "*": {"normal -> highlighted": {"duration": 80, "curve": "ease-out"},
//             "normal -> disabled": 0},
//       "width": {"normal -> highlighted": {"duration": 120, "delay": 20, "curve": "linear"}}
//     }
//
// `*` is the table for every attribute; any other member is an attribute's own table. Each key
// is a selector of the state left, `->`, and a selector of the state entered, in the selector
// text format; each value is a duration in milliseconds, or an object with `duration` and, when
// they are not the defaults, `delay` (milliseconds, 0) and `curve` (CSS text, `ease`).

extension StyleTransitions {
  /// The member name of the table for every attribute.
  static let allName = "*"
  /// The longest duration or delay a theme may give, in milliseconds: an hour.
  static let longestMilliseconds = 3_600_000
}

extension _ThemeDocument {
  /// `$transitions`: the table for every attribute under `*`, and tables of attributes among
  /// `attributes`, each ranked by `precedence`.
  func transitions(
    _ value: JSONValue, attributes: [String], catalog: StateCatalog,
    precedence: StatePrecedence
  ) throws(StateKitError) -> StyleTransitions {
    let directive = Self.transitionsKey
    var transitions = StyleTransitions(precedence: precedence)
    let known = Set(attributes)
    for (name, member) in Self.sorted(try Self.object(value, at: [directive], in: self)) {
      if name != StyleTransitions.allName, !known.contains(name) {
        throw failure(
          "unknown style attribute \(quoted(name)); known: \(attributes.sorted().joined(separator: ", "))",
          at: [directive, name])
      }
      var entries: [TransitionTable.Entry] = []
      var seen: [[StateSelector]: String] = [:]
      for (key, entry) in Self.sorted(try Self.object(member, at: [directive, name], in: self)) {
        let path = [directive, name, key]
        let (from, to) = try pair(key, at: path, catalog: catalog)
        if let earlier = seen[[from, to]] {
          throw failure(
            "key \(quoted(key)) denotes the same states as \(quoted(earlier)); keep one", at: path)
        }
        seen[[from, to]] = key
        entries.append(
          TransitionTable.Entry(from: from, to: to, transition: try transition(entry, at: path)))
      }
      let table = TransitionTable(entries, precedence: precedence)
      if name == StyleTransitions.allName {
        transitions.all = table
      } else {
        transitions[attribute: name] = table
      }
    }
    return transitions
  }

  /// A key `FROM -> TO`: two selectors.
  private func pair(_ key: String, at path: [String], catalog: StateCatalog)
    throws(StateKitError) -> (StateSelector, StateSelector)
  {
    let sides = Self.sides(of: key)
    guard sides.count == 2 else {
      throw failure(
        "key \(quoted(key)) is not a change of state: write the states left, \"->\", and the states entered, such as \"highlighted -> normal\"",
        at: path)
    }
    var selectors: [StateSelector] = []
    for side in sides {
      let text = side.trimmingSpaces()
      do throws(StateKitError) {
        selectors.append(try catalog.parseSelector(text))
      } catch {
        throw failure(
          "invalid selector \(quoted(String(text))) in key \(quoted(key)): \(error.reason)",
          at: path, token: error.token)
      }
    }
    return (selectors[0], selectors[1])
  }

  /// The text around each `->` of a key, compared character by character (Embedded Swift has
  /// no `split` on a string separator): byte by byte for an ASCII key, where the two agree.
  private static func sides(of key: String) -> [Substring] {
    asciiSides(of: key) ?? characterSides(of: key)
  }

  /// `sides(of:)` character by character, for any key.
  static func characterSides(of key: String) -> [Substring] {
    var sides: [Substring] = []
    var start = key.startIndex
    var index = key.startIndex
    while index < key.endIndex {
      if key[index...].hasPrefix("->") {
        sides.append(key[start..<index])
        index = key.index(index, offsetBy: 2)
        start = index
      } else {
        index = key.index(after: index)
      }
    }
    sides.append(key[start...])
    return sides
  }

  /// `sides(of:)` for a key of ASCII text, byte by byte; `nil` for any other key. In ASCII
  /// every byte is a character but for a CR LF pair, which holds neither `-` nor `>`, so the
  /// bytes split where the characters do, without the cost of finding each character's end.
  static func asciiSides(of key: String) -> [Substring]? {
    let bytes = key.utf8
    var sides: [Substring] = []
    var start = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte < 0x80 else { return nil }
      let next = bytes.index(after: index)
      if byte == UInt8(ascii: "-"), next < bytes.endIndex, bytes[next] == UInt8(ascii: ">") {
        sides.append(key[start..<index])
        index = bytes.index(after: next)
        start = index
      } else {
        index = next
      }
    }
    sides.append(key[start...])
    return sides
  }

  /// A transition: a duration, or `{"duration", "delay", "curve"}`.
  private func transition(_ value: JSONValue, at path: [String]) throws(StateKitError)
    -> Transition
  {
    if case .number = value {
      return Transition(milliseconds: try milliseconds(value, at: path))
    }
    let members = try Self.object(value, at: path, in: self)
    let known = ["curve", "delay", "duration"]
    for (name, _) in Self.sorted(members) where !known.contains(name) {
      throw failure(
        "unknown member \(quoted(name)) of a transition; known: \(known.joined(separator: ", "))",
        at: path + [name])
    }
    guard let duration = members.first(where: { $0.key == "duration" }) else {
      throw failure("a transition needs a \"duration\", in milliseconds", at: path)
    }
    var transition = Transition(
      milliseconds: try milliseconds(duration.value, at: path + ["duration"]))
    if let delay = members.first(where: { $0.key == "delay" }) {
      transition = Transition(
        milliseconds: transition.duration,
        delay: try milliseconds(delay.value, at: path + ["delay"]))
    }
    if let curve = members.first(where: { $0.key == "curve" }) {
      guard case .string(let text) = curve.value else {
        throw failure("expected a string, found \(curve.value.kind)", at: path + ["curve"])
      }
      guard let parsed = TransitionCurve(cssText: text) else {
        throw failure(
          "unknown curve \(quoted(text)); known: linear, ease, ease-in, ease-out, ease-in-out, cubic-bezier(x1, y1, x2, y2) with x1 and x2 in 0...1, steps(n, jump-start) or steps(n, jump-end)",
          at: path + ["curve"], token: text)
      }
      transition = Transition(
        milliseconds: transition.duration, delay: transition.delay, curve: parsed)
    }
    return transition
  }

  /// A whole number of milliseconds from 0 to an hour.
  private func milliseconds(_ value: JSONValue, at path: [String]) throws(StateKitError) -> Int {
    guard case .number = value else {
      throw failure("expected a number of milliseconds, found \(value.kind)", at: path)
    }
    guard let number = value.wholeNumber,
      (0...StyleTransitions.longestMilliseconds).contains(number)
    else {
      throw failure(
        "expected a whole number of milliseconds from 0 to \(StyleTransitions.longestMilliseconds) (an hour)",
        at: path)
    }
    return number
  }
}

extension TransitionCurve {
  /// The curve CSS text names, as ``description`` writes it: `linear`, `ease`, `ease-in`,
  /// `ease-out`, `ease-in-out`, `cubic-bezier(x1, y1, x2, y2)` (x1 and x2 in `0...1`) or
  /// `steps(n, jump-start)` and `steps(n, jump-end)` (also `start` and `end`), for any count
  /// from 1 that an `Int` holds, as ``steps(_:at:)`` takes; `nil` for anything else.
  init?(cssText text: String) {
    let trimmed = Substring(text).trimmingSpaces()
    switch trimmed {
    case "linear": self = .linear
    case "ease": self = .ease
    case "ease-in": self = .easeIn
    case "ease-out": self = .easeOut
    case "ease-in-out": self = .easeInOut
    default:
      guard trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") else { return nil }
      let name = trimmed[..<open].trimmingSpaces()
      let arguments = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        .split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
      switch (name, arguments.count) {
      case ("cubic-bezier", 4):
        let numbers = arguments.compactMap { Double(String($0)) }.filter { $0.isFinite }
        guard numbers.count == 4, (0...1).contains(numbers[0]), (0...1).contains(numbers[2])
        else { return nil }
        self = .cubicBezier(numbers[0], numbers[1], numbers[2], numbers[3])
      case ("steps", 2):
        guard let count = Int(String(arguments[0])), count >= 1 else { return nil }
        switch arguments[1] {
        case "jump-start", "start": self = .steps(count, at: .start)
        case "jump-end", "end": self = .steps(count, at: .end)
        default: return nil
        }
      default:
        return nil
      }
    }
  }
}
