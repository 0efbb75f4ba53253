/// A value as an explanation prints it: `String(reflecting:)`, as a debugger shows it.
///
/// Embedded Swift has no reflection, so there the values the package's tables hold in practice
/// print as they do elsewhere (strings quoted and escaped, integers, Booleans), and any other
/// value as `(value)`.
func _reflecting<Value>(_ value: Value) -> String {
  #if hasFeature(Embedded)
    if let text = value as? String { return text.debugDescription }
    if let number = value as? Int { return String(number) }
    if let number = value as? UInt8 { return String(number) }
    if let flag = value as? Bool { return flag ? "true" : "false" }
    return "(value)"
  #else
    return String(reflecting: value)
  #endif
}
