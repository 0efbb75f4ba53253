/// What reflection can tell about an error value: its enum case's name and, for types that opt
/// in, its values.
package enum _ReflectedError {
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

  /// A value as a detail: `nil` for errors (they belong in the chain) and empty optionals.
  private static func text(_ value: Any) -> String? {
    if value is any Error { return nil }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
      return mirror.children.first.flatMap { text($0.value) }
    }
    return String(describing: value)
  }

  /// A tuple label, without the `.0` Swift uses for unlabelled elements.
  private static func key(_ label: String?, _ offset: Int) -> String {
    guard let label, !label.hasPrefix(".") else { return String(offset) }
    return label
  }
}
