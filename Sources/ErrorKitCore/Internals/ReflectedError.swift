/// What reflection can tell about an error value: its enum case's name, the errors it wraps and,
/// for types that opt in, its values.
package enum _ReflectedError {
  /// The errors an error wraps, for a type that does not declare its causes: those among an
  /// enum case's values (each alone, optional, or in an array), or those of a struct's or
  /// class's stored `underlyingErrors`. A stored `underlyingError` is not looked for: a type
  /// that has one declares the cause itself (``CodedError/underlyingError`` is its property).
  package static func causes(of error: some Error) -> [any Error] {
    let mirror = Mirror(reflecting: error)
    switch mirror.displayStyle {
    case .enum:
      guard let payload = mirror.children.first else { return [] }
      let fields = Mirror(reflecting: payload.value)
      guard fields.displayStyle == .tuple else {
        return _ErrorFieldShapes.errors(in: payload.value)
      }
      return fields.children.flatMap { _ErrorFieldShapes.errors(in: $0.value) }
    case .struct, .class:
      return mirror.children.filter { $0.label == "underlyingErrors" }.flatMap {
        _ErrorFieldShapes.errors(in: $0.value)
      }
    default: return []
    }
  }

  /// The case name of an enum error, read without describing its values; `nil` otherwise.
  package static func caseName(of error: some Error) -> String? {
    let mirror = Mirror(reflecting: error)
    guard mirror.displayStyle == .enum else { return nil }
    if let payload = mirror.children.first { return payload.label }
    // A case without values prints as its name, unless the type has its own description; only
    // text that reads as an identifier is taken for the name.
    let text = String(describing: error)
    let isIdentifier =
      text.first.map { $0.isLetter || $0 == "_" } == true
      && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    return isIdentifier ? text : nil
  }

  /// The associated values of an enum case or the stored properties of a struct or class.
  package static func details(of error: some Error) -> [String: String] {
    let mirror = Mirror(reflecting: error)
    var details: [String: String] = [:]
    switch mirror.displayStyle {
    case .enum:
      guard let payload = mirror.children.first else { return [:] }
      let fields = Mirror(reflecting: payload.value)
      if fields.displayStyle == .tuple {
        for (offset, field) in fields.children.enumerated() {
          details[key(field.label, offset)] = text(field.value)
        }
      } else {
        details["0"] = text(payload.value)
      }
    case .struct, .class:
      for (offset, field) in mirror.children.enumerated() {
        details[key(field.label, offset)] = text(field.value)
      }
    default: break
    }
    return details
  }

  /// A value as a detail: `nil` for errors (they belong in the chain) and empty optionals. A
  /// value that holds an error anywhere inside (an array of errors, a struct with an error
  /// field) is written out by its structure, each error inside by its type and case name only:
  /// an error that did not opt in never exports its values through another one's.
  private static func text(_ value: Any) -> String? {
    if value is any Error { return nil }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.flatMap { text($0.value) }
    }
    var budget = inspectedValues
    guard holdsError(value, depth: 0, budget: &budget) else { return String(describing: value) }
    budget = inspectedValues
    return structure(of: value, depth: 0, budget: &budget)
  }

  /// How many values inside one detail are looked at, at most (a class may refer to itself).
  private static let inspectedValues = 256
  /// How deep inside one detail values are looked at, at most.
  private static let inspectedDepth = 8

  /// Whether an error stands anywhere inside a value; `true` too when the value is too large or
  /// deep to tell, so that nothing unknown is written out.
  private static func holdsError(_ value: Any, depth: Int, budget: inout Int) -> Bool {
    if value is any Error { return true }
    budget -= 1
    guard budget > 0, depth <= inspectedDepth else { return true }
    for child in Mirror(reflecting: value).children
    where holdsError(child.value, depth: depth + 1, budget: &budget) {
      return true
    }
    return false
  }

  /// A value written out by its structure, errors inside by type and case name, elided (`…`)
  /// past the bounds.
  private static func structure(of value: Any, depth: Int, budget: inout Int) -> String {
    if let error = value as? any Error {
      let name = String(describing: type(of: error))
      return caseName(of: error).map { "\(name).\($0)" } ?? name
    }
    budget -= 1
    guard budget > 0, depth <= inspectedDepth else { return "…" }
    let mirror = Mirror(reflecting: value)
    if mirror.children.isEmpty, mirror.displayStyle != .optional {
      return String(describing: value)
    }
    var parts: [String] = []
    for child in mirror.children {
      var part = structure(of: child.value, depth: depth + 1, budget: &budget)
      if let label = child.label, mirror.displayStyle != .collection,
        mirror.displayStyle != .set, mirror.displayStyle != .enum
      {
        part = "\(label): \(part)"
      }
      parts.append(part)
    }
    let inside = parts.joined(separator: ", ")
    switch mirror.displayStyle {
    case .optional: return parts.first ?? "nil"
    case .collection, .set, .dictionary: return "[\(inside)]"
    case .tuple: return "(\(inside))"
    case .enum:
      let label = mirror.children.first?.label ?? ""
      return "\(type(of: value)).\(label)(\(inside))"
    default: return "\(type(of: value))(\(inside))"
    }
  }

  /// A tuple label, without the `.0` Swift uses for unlabelled elements.
  private static func key(_ label: String?, _ offset: Int) -> String {
    guard let label, !label.hasPrefix(".") else { return String(offset) }
    return label
  }
}
