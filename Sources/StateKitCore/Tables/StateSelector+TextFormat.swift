import ErrorKitCore

extension StateSelector: CustomStringConvertible {
  /// The selector as text, with the system names (custom states as hex): the required states in the state text
  /// format, then each excluded state prefixed with `!`.
  ///
  ///     try StateSelector(requiring: .selected, excluding: .disabled).description  // "selected | !disabled"
  ///     try StateSelector(requiring: .normal, excluding: .disabled).description    // "!disabled"
  ///     StateSelector(.normal).description                                         // "normal"
  public var description: String {
    StateCatalog.system.description(of: self)
  }
}

extension StateCatalog {
  /// Formats a selector: required states as state text, then `!name` for each excluded state
  /// (unnamed excluded bits as one `!0x...` token).
  ///
  ///     let selector = try StateSelector(requiring: .selected, excluding: .disabled)
  ///     StateCatalog().description(of: selector)  // "selected | !disabled"
  ///
  /// - Parameter selector: Any selector.
  /// - Returns: Text that ``parseSelector(_:)`` turns back into `selector`.
  public func description(of selector: StateSelector) -> String {
    var parts: [String] = []
    if !selector.required.isNormal || selector.excluded.isNormal {
      parts.append(description(of: selector.required))
    }
    let unnamed = unnamedBits(in: selector.excluded)
    for member in selector.excluded.subtracting(unnamed).members {
      if let name = name(of: member) { parts.append("!" + name) }
    }
    if !unnamed.isNormal { parts.append("!" + _hex(unnamed.rawValue)) }
    return parts.joined(separator: " | ")
  }

  /// Parses selector text: state text in which `!` before a token excludes that state.
  /// ``BitCatalog/system`` reads the system names, and custom states as hex.
  ///
  ///     let selector = try StateCatalog().parseSelector("highlighted | !disabled")
  ///     selector.matches(.highlighted)  // true
  ///     try StateCatalog.system.parseSelector("selected | !disabled").excluded  // .disabled
  ///
  /// - Parameter text: Tokens separated by `|`; `!` before a name or hex token excludes it.
  /// - Returns: The selector.
  /// - Throws: ``StateKitError`` for malformed text (as ``parse(_:unknownBits:)``), `!normal`,
  ///   or a state both required and excluded (``StateKitError/Code/conflictingSelector``).
  public func parseSelector(_ text: some StringProtocol) throws(StateKitError) -> StateSelector {
    let text = Substring(text)
    var required = ControlState.normal
    var excluded = ControlState.normal
    try forEachToken(in: text, unknownBits: .retain) {
      (token, negated, state) throws(StateKitError) in
      if negated {
        if state.isNormal {
          throw StateKitError.parse(
            .unknownName, text: text, token: token,
            reason: "\(quoted(token)) excludes nothing; `!` needs a state with bits")
        }
        excluded.formUnion(state)
      } else {
        required.formUnion(state)
      }
    }
    return try StateSelector(requiring: required, excluding: excluded)
  }
}
