import Foundation

/// An error and the errors that caused it, each described as well as the platform allows, in a
/// chain bounded against cycles and runaway depth.
///
/// It describes any error well, on Linux too: a ``CodedError`` (and so a ``DescribedError``) by
/// its own properties, an `NSError` by its user info, a `LocalizedError` by its texts, and a
/// plain enum by its type and case (`MyError.notFound`) instead of "The operation could not be
/// completed." Associated values are never printed: they may hold secrets. Every text of a
/// chain (messages, reasons, suggestions, details) follows the secrets policy
/// (``ErrorPayload/redactingSecrets(in:)``) unless an error's type adopts
/// ``ExportsSecretDetails``.
///
///     enum SaveError: DescribedError {
///         case writeFailed(underlying: any Error)
///         static let domain = "com.example.Save"
///         var code: Int { 1 }
///         var message: String { "Could not save your changes." }
///         var underlyingError: (any Error)? {
///             switch self { case .writeFailed(let underlying): underlying }
///         }
///     }
///
///     let denied = NSError(domain: NSPOSIXErrorDomain, code: 13,
///                          userInfo: [NSLocalizedDescriptionKey: "Permission denied"])
///     let chain = ErrorChain(SaveError.writeFailed(underlying: denied))
///     chain.description  // "Could not save your changes.: Permission denied"
///     print(chain.report)
///     // Could not save your changes.
///     //
///     // Caused by:
///     //     0: Permission denied
///
/// A chain holds at most ``ErrorPayload/maximumDepth`` errors, its marker included: a longer
/// one keeps the first `maximumDepth - 1` and ends with a marker link, domain
/// `dev.statekit.ErrorKit`, code 1 and name `chainTooDeep`; a chain in which an `NSError`
/// appears twice ends with code 2, `chainCycle`, and a tree of causes cut at
/// ``ErrorPayload/maximumCount`` errors ends the branch where it stopped with code 4,
/// `treeTooLarge`. ``isTruncated`` is then `true`; the marker's name says which cut it was:
///
///     var deep: any Error = CancellationError()
///     for _ in 0..<100 { deep = ContextualError("retrying", cause: deep) }
///     let cut = ErrorChain(deep)
///     cut.isTruncated  // true
///     cut.links.last?.payload.name  // "chainTooDeep"
///     cut.links.last?.payload.code  // 1
public struct ErrorChain: Sendable, Equatable, CustomStringConvertible {
  /// One error of the chain, described.
  ///
  ///     let chain = ErrorChain(SaveError.writeFailed(underlying: CocoaError(.fileNoSuchFile)))
  ///     chain.links[0].message  // "Could not save your changes.", the outermost error's
  public struct Link: Sendable, Equatable {
    /// The error as data, without its causes (the next link and ``otherCauses`` hold them):
    /// its message is absent when the error gives none.
    ///
    ///     ErrorChain(CocoaError(.fileNoSuchFile)).links[0].payload.code  // 4
    public var payload: ErrorPayload
    /// What went wrong, for a person: the error's own message, or the best text the platform
    /// has for it.
    public var message: String
    /// The causes of this error besides the next link, each a chain of its own (see
    /// ``CodedError/otherUnderlyingErrors``); empty for most errors.
    ///
    ///     ErrorChain(CocoaError(.fileNoSuchFile)).links[0].otherCauses.isEmpty  // true
    public var otherCauses: [ErrorChain] = []

    /// A link of a payload's own fields; its message is the payload's, else `fallback`, else
    /// "DOMAIN error CODE".
    init(_ payload: ErrorPayload, fallback: String? = nil) {
      self.payload = payload
      message = payload.message ?? fallback ?? "\(payload.domain) error \(payload.code)"
    }

    /// The payload with its other causes, as an error of a payload chain.
    var payloadWithOtherCauses: ErrorPayload {
      var level = payload
      level.otherCauses = otherCauses.compactMap(\.payload)
      return level
    }
  }

  /// The errors, outermost first; a cut chain ends with its marker.
  ///
  ///     ErrorChain(CocoaError(.fileNoSuchFile)).links.count  // 1, for an error without a cause
  public let links: [Link]

  /// Whether the chain was cut: its last link, or the last link of a branch of other causes,
  /// is a marker.
  ///
  ///     ErrorChain(CocoaError(.fileNoSuchFile)).isTruncated  // false, for ordinary errors
  public let isTruncated: Bool

  /// Describes an error and its causes.
  ///
  ///     let chain = ErrorChain(CocoaError(.fileNoSuchFile))
  ///
  /// - Parameter error: Any error.
  public init(_ error: any Error) {
    (links, isTruncated) = Self.capture(error)
  }

  /// The chain as one payload, causes linked as ``ErrorPayload`` links them; `nil` for an
  /// empty chain. Messages the errors do not give themselves stay absent.
  var payload: ErrorPayload? {
    ErrorPayload(linking: links.map(\.payloadWithOtherCauses))
  }

  init(links: [Link], isTruncated: Bool) {
    self.links = links
    self.isTruncated = isTruncated
  }

  /// Whether some error of the chain, or of its other causes, has more than one cause.
  var hasSeveralCauses: Bool {
    links.contains { !$0.otherCauses.isEmpty }
  }

  /// The message of any error, without its causes.
  ///
  ///     enum MyError: Error { case notFound(path: String) }
  ///     ErrorChain.message(of: MyError.notFound(path: "/tmp"))  // "MyError.notFound"
  ///
  /// - Parameter error: Any error.
  public static func message(of error: any Error) -> String {
    describe(error).level.message
  }

  /// The chain on one line, outermost first: `outer: cause: root`.
  ///
  ///     let denied = NSError(domain: NSPOSIXErrorDomain, code: 13,
  ///                          userInfo: [NSLocalizedDescriptionKey: "Permission denied"])
  ///     let chain = ErrorChain(SaveError.writeFailed(underlying: denied))
  ///     chain.description  // "Could not save your changes.: Permission denied"
  ///
  /// When errors have other causes, the line names how many: `… (and 2 other causes)`.
  public var description: String {
    let line = links.map(\.message).joined(separator: ": ")
    // Every cause below the first error, less the ones on this line.
    let others = causesDepthFirst().count - (links.count - 1)
    guard others > 0 else { return line }
    return line + " (and \(others) other \(others == 1 ? "cause" : "causes"))"
  }

  /// The chain on several lines: the message, then a numbered "Caused by:" list.
  ///
  ///     let denied = NSError(domain: NSPOSIXErrorDomain, code: 13,
  ///                          userInfo: [NSLocalizedDescriptionKey: "Permission denied"])
  ///     print(ErrorChain(SaveError.writeFailed(underlying: denied)).report)
  ///     // Could not save your changes.
  ///     //
  ///     // Caused by:
  ///     //     0: Permission denied
  ///
  /// When an error has several causes, the causes are drawn as a tree, each error above its
  /// own causes:
  ///
  ///     struct ThemeProblems: DescribedError {
  ///         var problems: [any Error]
  ///         static let domain = "com.example.Theme"
  ///         var code: Int { 1 }
  ///         var message: String { "The theme has \(problems.count) problems." }
  ///         var underlyingError: (any Error)? { problems.first }
  ///         var otherUnderlyingErrors: [any Error] { Array(problems.dropFirst()) }
  ///     }
  ///
  ///     let problems = ThemeProblems(problems: [
  ///         CocoaError(.fileReadCorruptFile), SaveError.writeFailed(underlying: CocoaError(.fileNoSuchFile)),
  ///     ])
  ///     print(ErrorChain(problems).report)
  ///     // The theme has 2 problems.
  ///     //
  ///     // Caused by:
  ///     // ├─ The file isn’t in the correct format.
  ///     // └─ Could not save your changes.
  ///     //    └─ The file doesn’t exist.
  public var report: String {
    guard let first = links.first else { return "" }
    var lines = [first.message]
    guard links.count > 1 || !first.otherCauses.isEmpty else { return first.message }
    lines += ["", "Caused by:"]
    if hasSeveralCauses {
      Self.drawCauses(of: self, at: 0, prefix: "", into: &lines)
    } else {
      for (index, link) in links.dropFirst().enumerated() {
        lines.append("    \(index): \(link.message)")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// Draws the causes of `chain.links[index]`: the next link, then its other causes. The
  /// recursion is as deep as the tree, which ``ErrorPayload/maximumDepth`` bounds.
  private static func drawCauses(
    of chain: ErrorChain, at index: Int, prefix: String, into lines: inout [String]
  ) {
    var causes: [(chain: ErrorChain, index: Int)] = []
    if index + 1 < chain.links.count { causes.append((chain, index + 1)) }
    for other in chain.links[index].otherCauses where !other.links.isEmpty {
      causes.append((other, 0))
    }
    for (offset, cause) in causes.enumerated() {
      let isLast = offset == causes.count - 1
      lines.append(prefix + (isLast ? "└─ " : "├─ ") + cause.chain.links[cause.index].message)
      drawCauses(
        of: cause.chain, at: cause.index, prefix: prefix + (isLast ? "   " : "│  "), into: &lines)
    }
  }

  // MARK: The funnel

  enum Cut {
    case depth, cycle, size
  }

  /// The marker that ends a cut chain.
  static func marker(_ cut: Cut) -> ErrorPayload {
    switch cut {
    case .depth: ErrorPayload.depthMarker
    case .cycle: ErrorPayload.cycleMarker
    case .size: ErrorPayload.sizeMarker
    }
  }

  /// How many errors a capture has taken, and whether it is full.
  struct CaptureBudget {
    var count = 0
    var isFull = false
  }

  /// The one place that walks an error's causes: every ErrorChain and every
  /// `ErrorPayload(error)` is made here. Each level's payload and link carry its other causes.
  static func capture(_ error: any Error) -> (links: [Link], truncated: Bool) {
    var budget = CaptureBudget()
    return capture(error, atDepth: 0, ancestors: [], budget: &budget)
  }

  /// Captures the chain that starts with `error`, `depth` errors below the first one captured.
  /// The chain of first causes is walked in a loop and taken first, so that a full budget never
  /// costs an error its first cause; then each error's other causes are captured by a call one
  /// level deeper, so the recursion is bounded by ``ErrorPayload/maximumDepth``. An `NSError`
  /// met again on the path from the top is a cycle; the same error in two branches is not.
  /// `truncated` says whether a marker ends this chain or any branch below it.
  private static func capture(
    _ error: any Error, atDepth depth: Int, ancestors: [ObjectIdentifier],
    budget: inout CaptureBudget
  ) -> (links: [Link], truncated: Bool) {
    var levels: [Link] = []
    // The other causes of each level, with the errors on the path down to it.
    var branches: [(others: [any Error], path: [ObjectIdentifier])] = []
    var seen = ancestors
    var truncated = false
    var current: (any Error)? = error
    chain: while let error = current {
      if budget.isFull {
        truncated = true
        break
      }
      if budget.count == ErrorPayload.maximumCount - 1 {
        levels.append(Link(marker(.size)))
        branches.append(([], seen))
        budget.count += 1
        budget.isFull = true
        truncated = true
        break
      }
      if type(of: error) is NSError.Type {
        let object = ObjectIdentifier(error as AnyObject)
        if seen.contains(object) {
          levels.append(Link(marker(.cycle)))
          branches.append(([], seen))
          budget.count += 1
          truncated = true
          break chain
        }
        seen.append(object)
      }
      var described = describe(error)
      // Causes given only as other causes: the first of them is the first cause.
      if described.cause == nil, !described.others.isEmpty {
        described.cause = described.others.removeFirst()
      }
      let position = depth + levels.count
      // The last slot takes the last error only if nothing comes after it.
      if position == ErrorPayload.maximumDepth - 1, described.cause != nil {
        levels.append(Link(marker(.depth)))
        branches.append(([], seen))
        budget.count += 1
        truncated = true
        break
      }
      levels.append(described.level)
      branches.append((described.others, seen))
      budget.count += 1
      current = described.cause
    }
    for index in levels.indices {
      for other in branches[index].others {
        let branch = capture(
          other, atDepth: depth + index + 1, ancestors: branches[index].path, budget: &budget)
        truncated = truncated || branch.truncated
        guard !branch.links.isEmpty else { break }
        levels[index].otherCauses.append(
          ErrorChain(links: branch.links, isTruncated: branch.truncated))
      }
    }
    return (levels, truncated)
  }

  /// One error described, and its cause; its texts (message, reason, suggestion, name and
  /// details, and the text the platform gives when it has no message) follow the secrets policy
  /// (``ErrorPayload/redactingSecrets(in:)``) unless its type adopts ``ExportsSecretDetails``.
  static func describe(_ error: any Error) -> (
    level: Link, cause: (any Error)?, others: [any Error]
  ) {
    var described = describeAsGiven(error)
    if !(error is any ExportsSecretDetails) {
      described.level.payload._redactOwnSecrets()
      described.level.message = ErrorPayload.redactingSecrets(in: described.level.message)
    }
    return described
  }

  /// One error described as it gives itself, and its cause.
  static func describeAsGiven(_ error: any Error) -> (
    level: Link, cause: (any Error)?, others: [any Error]
  ) {
    if let coded = error as? any CodedError, !(type(of: error) is NSError.Type) {
      let payload = ErrorPayload(
        domain: type(of: coded).domain, code: coded.code.errorCodeValue, name: coded._nameText,
        message: coded._messageText, failureReason: coded.failureReason,
        recoverySuggestion: coded.recoverySuggestion, details: coded._detailStrings)
      let causes = coded._causes
      return (
        Link(payload), causes.first,
        Array(causes.dropFirst().prefix(ErrorPayload.maximumCount))
      )
    }
    if !(type(of: error) is NSError.Type), let standard = StandardErrors.describe(error) {
      return (Link(standard.payload), standard.cause, [])
    }
    let ns = error as NSError
    let fields = _NSErrorFields(ns)
    // The one mapping from user info to fields, as for pasted NSError text.
    var payload = ErrorPayload(domain: ns.domain, code: ns.code, userInfo: fields.entries)
    if type(of: error) is NSError.Type {
      return (
        Link(payload, fallback: ns.localizedDescription), fields.underlying,
        fields.otherUnderlying
      )
    }
    // A Swift error that is not a CodedError: its type and case name, never its values.
    let localized = error as? any LocalizedError
    let caseName = _ReflectedError.caseName(of: error)
    let typeName = String(describing: type(of: error))
    payload.domain = normalizedDomain(ns.domain)
    payload.name = payload.name ?? caseName
    payload.message =
      payload.message ?? localized?.errorDescription ?? caseName.map { "\(typeName).\($0)" }
      ?? typeName
    payload.failureReason = payload.failureReason ?? localized?.failureReason
    payload.recoverySuggestion = payload.recoverySuggestion ?? localized?.recoverySuggestion
    return (Link(payload), fields.underlying, fields.otherUnderlying)
  }

  /// A bridged domain without the memory address Swift puts in the names of private types
  /// (`App.(unknown context at $10a3c).Failure` becomes `App.Failure`), in one pass.
  static func normalizedDomain(_ domain: String) -> String {
    var utf8 = Array(domain.utf8)
    let count = utf8.count
    let kept = utf8.withUnsafeMutableBufferPointer { bytes -> Int in
      let marker: StaticString = "(unknown context at "
      let markerCount = marker.utf8CodeUnitCount
      let markerStart = marker.utf8Start
      // A counted loop, not a range's iterator: a debug build calls the iterator's generic code
      // for every byte, and a domain may hold a million markers.
      func isMarker(at index: Int) -> Bool {
        guard index + markerCount <= count else { return false }
        var offset = 0
        while offset < markerCount {
          if bytes[index + offset] != markerStart[offset] { return false }
          offset += 1
        }
        return true
      }
      // The next `).` is searched for once and remembered, so the pass stays linear even when
      // markers repeat without a close. Bytes are compacted in place.
      var knownClose: Int?
      var searchedUpTo = 0
      var read = 0
      var write = 0
      while read < count {
        if bytes[read] == UInt8(ascii: "("), isMarker(at: read) {
          let start = read + markerCount
          var searches = true
          if let close = knownClose { searches = close < start }
          if searches {
            var position = max(start, searchedUpTo)
            knownClose = nil
            while position + 1 < count {
              if bytes[position] == UInt8(ascii: ")"), bytes[position + 1] == UInt8(ascii: ".") {
                knownClose = position
                break
              }
              position += 1
            }
            searchedUpTo = position
          }
          if let close = knownClose {
            read = close + 2
            continue
          }
        }
        bytes[write] = bytes[read]
        write += 1
        read += 1
      }
      return write
    }
    utf8.removeSubrange(kept...)
    return String(decoding: utf8, as: UTF8.self)
  }
}
