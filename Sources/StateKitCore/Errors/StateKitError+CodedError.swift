import ErrorKitCore

/// StateKit's errors, described without Foundation: domain ``StateKitError/domain`` (`dev.statekit.StateKit`), the
/// codes of ``StateKitError/Code`` (documented in `Docs/Errors.md`), the one-line description as
/// message, the reason as failure reason, and the input and token as details (state text and
/// names are not secrets). The `StateKit` product also links StateKitFoundation, which makes
/// `StateKitError` a Foundation `LocalizedError`, so `error.localizedDescription` is the message.
///
///     do {
///         _ = try StateCatalog.system.parse("selected | bogus")
///     } catch {
///         (error as NSError).domain  // "dev.statekit.StateKit"
///         (error as NSError).code    // 4
///         ErrorPayload(error).name   // "unknownName", with ErrorKit
///         (error as NSError).localizedFailureReason  // "unknown state name \"bogus\"; known names: normal, highlighted, disabled, selected, focused"
///     }
extension StateKitError: CodedError {
  /// `dev.statekit.StateKit`.
  public static var domain: String { "dev.statekit.StateKit" }

  /// The one-line description, which names the input and the reason.
  ///
  ///     // "cannot parse state text \"bogus\": unknown state name \"bogus\"; ..."
  public var message: String { description }

  /// The reason, in words, without the input.
  ///
  ///     // For `StateCatalog.system.parse("selected | bogus")`:
  ///     // "unknown state name \"bogus\"; known names: normal, highlighted, ..."
  public var failureReason: String? { reason }

  /// What to do about the error.
  ///
  ///     // "Check the spelling, or declare the state before parsing text that names it."
  public var recoverySuggestion: String? {
    switch code {
    case .applicationBitOutOfRange:
      "Use an application bit index inside the range: "
        + BitLayout.all.map { "0 through \($0.application.count - 1) for \($0.typeName)" }.joined(
          separator: ", ") + "."
    case .emptyText: "Write `normal` for the state with no bits."
    case .emptySegment: "Remove the extra `|` or put a state name between the bars."
    case .unknownName: "Check the spelling, or declare the state before parsing text that names it."
    case .invalidHex, .hexOverflow: "Write a hex token as 0x followed by at most 16 hex digits."
    case .hexNotAllowed, .unnamedBits:
      "Declare a name for every bit, or use the retain or truncate policy."
    case .invalidName, .reservedName: "Choose an identifier that is not a system state name."
    case .nameAlreadyDeclared, .bitAlreadyDeclared:
      "An app that uses both libraries needs no edit to either: build StateNamespaces from their "
        + "StateNames, which gives each library's states their own bits, relocate each "
        + "library's state with relocation(for:) where the widget combines them, and style "
        + "them with qualified names such as LinkKit.visited. Library authors: take bits "
        + "from the low end of the application range in the order you declare them, export "
        + "every state in your StateNames, and never rely on another library's bits."
    case .notSingleApplicationBit:
      "Declare exactly one bit of the application range: "
        + BitLayout.all.map { "\($0.applicationRangeText) for \($0.typeName)" }.joined(
          separator: ", ") + "."
    case .conflictingSelector: "Do not require and exclude the same state."
    case .repeatedKey: "Keep one of the two members: a JSON decoder would silently drop one."
    case .invalidTheme:
      "Check the theme against the attributes and state names the app declares."
    default: nil
    }
  }

  /// The code's name, such as `unknownName`.
  public var name: String? { code.description }

  /// The rejected input and, when there is one, the failing token; for a bit or name claimed
  /// twice, both claims: `bit`, `owner` and `state` of the rejected claim, `earlierOwner` and
  /// `earlierState` of the one that holds it; for a theme document, where: `path` (a JSON
  /// Pointer such as `/titleColor/normal`), `offset`, `line` and `column`.
  ///
  ///     // ["input": "selected | bogus", "token": "bogus"]
  ///     // ["input": "dragging", "bit": "16", "owner": "ListKit", "state": "dragging",
  ///     //  "earlierOwner": "LinkKit", "earlierState": "visited"]
  public var details: [String: String] {
    var details = claims
    details["input"] = input
    if let token { details["token"] = token }
    if !path.isEmpty {
      details["path"] = path.map {
        "/" + $0.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
      }.joined()
    }
    if let location {
      details["offset"] = String(location.offset)
      details["line"] = String(location.line)
      details["column"] = String(location.column)
    }
    return details
  }
}

extension StateKitError.Code: ErrorCodeRepresentable {}

extension ErrorCatalog {
  /// The catalog of StateKit's own errors: the one table of their domain, codes, names and
  /// meanings, which statekit-inspect reads too.
  ///
  ///     let unknownName = StateKitError.Code.unknownName.rawValue
  ///     let entry = ErrorCatalog.stateKit.entries.first { $0.code == unknownName }
  ///     entry?.name         // "unknownName"
  ///     entry?.description  // "State text names an unknown state."
  public static var stateKit: ErrorCatalog {
    ErrorCatalog(
      StateKitError.Code.allCases.map { code in
        Entry(
          domain: StateKitError.domain, code: code.rawValue, name: code.description,
          description: code.summary)
      })
  }
}

extension String {
  /// The text with every `target` character replaced, without Foundation.
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
