/// How the package reads a ``CodedError``'s message, name, details and causes, whatever types
/// the conforming type gave them: a library that already has `underlyingError: any Error` or
/// `message: String?` conforms without renaming its public properties, and nothing it declares
/// is silently replaced by a default (the requirements' types are associated types, so the
/// type's own property is always the one read). Every reader of a CodedError goes through these.
extension CodedError {
  /// ``message`` as text; `nil` for a `String?` that is `nil`.
  package var _messageText: String? { _ErrorFieldShapes.text(message) }

  /// ``name`` as text.
  package var _nameText: String? { _ErrorFieldShapes.text(name) }

  /// ``details`` as named strings.
  package var _detailStrings: [String: String] { _ErrorFieldShapes.details(details) }

  /// Every cause, in order: the errors ``underlyingError`` holds, then ``otherUnderlyingErrors``.
  package var _causes: [any Error] {
    _ErrorFieldShapes.errors(in: underlyingError) + otherUnderlyingErrors
  }
}

/// The shapes a CodedError's fields are read from.
enum _ErrorFieldShapes {
  /// How deep errors are looked for inside optionals and collections.
  private static let searchedDepth = 4

  /// A value as text: a string as it is, `nil` for an empty optional, the raw value of a
  /// string-backed enum, otherwise its description.
  static func text(_ value: Any) -> String? {
    if let text = value as? String { return text }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.flatMap { text($0.value) }
    }
    if let raw = value as? any RawRepresentable, let text = raw.rawValue as? String { return text }
    return String(describing: value)
  }

  /// A value as details: a dictionary (or a list of pairs) keyed by text, each value as text
  /// (errors, which belong to the causes, and empty optionals left out); anything else as one
  /// detail, `details`.
  static func details(_ value: Any) -> [String: String] {
    if let details = value as? [String: String] { return details }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      return mirror.children.first.map { details($0.value) } ?? [:]
    case .dictionary, .collection:
      var result: [String: String] = [:]
      for element in mirror.children {
        let pair = Mirror(reflecting: element.value).children.map(\.value)
        guard pair.count == 2, let key = text(pair[0]) else {
          return ["details": text(value) ?? ""]
        }
        if !(pair[1] is any Error), let text = text(pair[1]) { result[key] = text }
      }
      return result
    default:
      return text(value).map { ["details": $0] } ?? [:]
    }
  }

  /// The errors a value holds: itself, the error inside an optional, or those of a collection,
  /// in order.
  static func errors(in value: Any) -> [any Error] {
    var found: [any Error] = []
    collect(value, depth: 0, into: &found)
    return found
  }

  private static func collect(_ value: Any, depth: Int, into found: inout [any Error]) {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first { collect(wrapped.value, depth: depth, into: &found) }
    default:
      if let error = value as? any Error {
        found.append(error)
      } else if mirror.displayStyle == .collection || mirror.displayStyle == .set,
        depth < searchedDepth
      {
        for element in mirror.children { collect(element.value, depth: depth + 1, into: &found) }
      }
    }
  }
}
