import Foundation

/// An error and the errors that caused it, each described as well as the platform allows, in a
/// chain bounded against cycles and runaway depth.
///
/// It describes any error well, on Linux too: a ``DescribedError`` by its own properties, an
/// `NSError` by its user info, a `LocalizedError` by its texts, and a plain enum by its type and
/// case (`MyError.notFound(path: "/tmp")`) instead of "The operation could not be completed."
///
///     let chain = ErrorChain(SaveError.writeFailed(underlying: posixError))
///     chain.description
///     // "Could not save your changes.: Permission denied"
///     print(chain.report)
///     // Could not save your changes.
///     //
///     // Caused by:
///     //     0: Permission denied
///
/// Walking stops after ``maximumDepth`` errors, or when an `NSError` appears twice; the chain
/// then ends with a marker link in the domain ``ErrorChain/markerDomain`` and
/// ``isTruncated`` is `true`.
public struct ErrorChain: Sendable, Equatable, CustomStringConvertible {
  /// One error of the chain, described.
  ///
  ///     ErrorChain(error).links[0].message  // the outermost error's message
  public struct Link: Sendable, Equatable {
    /// The error domain: a ``DescribedError``'s own, otherwise the bridged `NSError` domain.
    public var domain: String
    /// The error code within the domain.
    public var code: Int
    /// The case name, when known.
    public var name: String?
    /// What went wrong, for a person.
    public var message: String
    /// Why it went wrong, when known.
    public var failureReason: String?
    /// What to do about it, when known.
    public var recoverySuggestion: String?
    /// The error's data as named strings.
    public var details: [String: String]
  }

  /// The most errors a chain holds before it is cut; deeper chains end with a marker.
  ///
  ///     ErrorChain.maximumDepth  // 32
  public static let maximumDepth = 32

  /// The domain of the marker link that ends a cut chain.
  ///
  ///     ErrorChain.markerDomain  // "dev.statekit.ErrorKit"
  public static let markerDomain = "dev.statekit.ErrorKit"

  /// The marker's code when the chain was cut for depth.
  public static let depthMarkerCode = 1
  /// The marker's code when the chain was cut because an error appeared twice.
  public static let cycleMarkerCode = 2

  /// The errors, outermost first; a cut chain ends with its marker.
  ///
  ///     ErrorChain(error).links.count  // 1 for an error without a cause
  public let links: [Link]

  /// Whether the chain was cut (its last link is a marker).
  ///
  ///     ErrorChain(error).isTruncated  // false for ordinary errors
  public let isTruncated: Bool

  /// Describes an error and its causes.
  ///
  ///     let chain = ErrorChain(error)
  ///
  /// - Parameter error: Any error.
  public init(_ error: any Error) {
    var links: [Link] = []
    var seen: [ObjectIdentifier] = []
    var current: (any Error)? = error
    var truncated = false
    while let error = current {
      if links.count == Self.maximumDepth {
        links.append(
          Self.marker(Self.depthMarkerCode, "error chain cut after \(Self.maximumDepth) errors"))
        truncated = true
        break
      }
      if type(of: error) is NSError.Type {
        let object = ObjectIdentifier(error as AnyObject)
        if seen.contains(object) {
          links.append(
            Self.marker(Self.cycleMarkerCode, "error chain cut: an error is its own cause"))
          truncated = true
          break
        }
        seen.append(object)
      }
      let (link, cause) = Self.describe(error)
      links.append(link)
      current = cause
    }
    self.links = links
    self.isTruncated = truncated
  }

  /// The message of any error, without its causes.
  ///
  ///     ErrorChain.message(of: MyError.notFound(path: "/tmp"))  // "MyError.notFound(path: \"/tmp\")"
  ///
  /// - Parameter error: Any error.
  public static func message(of error: any Error) -> String {
    describe(error).link.message
  }

  /// The chain on one line, outermost first: `outer: cause: root`.
  ///
  ///     ErrorChain(error).description  // "Could not save.: Permission denied"
  public var description: String {
    links.map(\.message).joined(separator: ": ")
  }

  /// The chain on several lines: the message, then a numbered "Caused by:" list.
  ///
  ///     print(ErrorChain(error).report)
  ///     // Could not save.
  ///     //
  ///     // Caused by:
  ///     //     0: Permission denied
  public var report: String {
    guard let first = links.first else { return "" }
    var lines = [first.message]
    if links.count > 1 {
      lines += ["", "Caused by:"]
      for (index, link) in links.dropFirst().enumerated() {
        lines.append("    \(index): \(link.message)")
      }
    }
    return lines.joined(separator: "\n")
  }

  static func marker(_ code: Int, _ message: String) -> Link {
    Link(
      domain: markerDomain, code: code,
      name: code == depthMarkerCode ? "chainTooDeep" : "chainCycle",
      message: message, failureReason: nil, recoverySuggestion: nil, details: [:])
  }

  /// The one place that turns an error into a link and finds its cause.
  static func describe(_ error: any Error) -> (link: Link, cause: (any Error)?) {
    if let described = error as? any DescribedError {
      return (
        Link(
          domain: type(of: described).domain, code: described.code.errorCodeValue,
          name: described.name,
          message: described.message, failureReason: described.failureReason,
          recoverySuggestion: described.recoverySuggestion, details: described.details),
        described.underlyingError
      )
    }
    let ns = error as NSError
    let fields = _NSErrorFields(ns)
    let localized = error as? any LocalizedError
    let isObject = type(of: error) is NSError.Type
    let reflected = isObject ? nil : _ReflectedError(error)
    let message =
      fields.description ?? localized?.errorDescription
      ?? (isObject ? ns.localizedDescription : "\(type(of: error)).\(String(describing: error))")
    return (
      Link(
        domain: cleanDomain(ns.domain), code: ns.code, name: fields.name ?? reflected?.caseName,
        message: message, failureReason: fields.failureReason ?? localized?.failureReason,
        recoverySuggestion: fields.recoverySuggestion ?? localized?.recoverySuggestion,
        details: fields.details.isEmpty ? reflected?.details ?? [:] : fields.details),
      fields.underlying
    )
  }

  /// A bridged domain without the memory address Swift puts in the names of private types
  /// (`App.(unknown context at $10a3c).Failure` becomes `App.Failure`).
  static func cleanDomain(_ domain: String) -> String {
    var result = domain
    while let start = result.range(of: "(unknown context at "),
      let end = result[start.upperBound...].range(of: ").")
    {
      result.removeSubrange(start.lowerBound..<end.upperBound)
    }
    return result
  }
}
