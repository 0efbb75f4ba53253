/// An error as data: what logs, crash reports and other processes carry, and what
/// `statekit-inspect error` reads.
///
/// `ErrorPayload(error)` (in ErrorKit) captures any error with its whole chain of causes, as
/// well on Linux as on Apple platforms, and a payload encodes to JSON with fixed keys:
///
/// ```json
/// {"domain": "com.example.JSONDecode", "code": 1, "name": "missingRequiredKey",
///  "description": "The key \"id\" is missing.", "failureReason": null,
///  "recoverySuggestion": null, "details": {"0": "id"}, "underlying": null}
/// ```
///
///     let payload = ErrorPayload(JSONDecodeError.missingRequiredKey("id"))
///     payload.code     // 1
///     payload.message  // "The key \"id\" is missing."
///     let json = try JSONEncoder().encode(payload)
///     try JSONDecoder().decode(ErrorPayload.self, from: json) == payload  // true
///
/// The format is specified in `Docs/ErrorPayload.md`.
public struct ErrorPayload: Codable, Sendable, Equatable {
  /// The error domain (JSON key `domain`).
  public var domain: String
  /// The error code (JSON key `code`).
  public var code: Int
  /// The case name, when known (JSON key `name`, or null).
  public var name: String?
  /// What went wrong (JSON key `description`, or null).
  public var message: String?
  /// Why it went wrong (JSON key `failureReason`, or null).
  public var failureReason: String?
  /// What to do about it (JSON key `recoverySuggestion`, or null).
  public var recoverySuggestion: String?
  /// The error's data as named strings (JSON key `details`).
  public var details: [String: String]
  /// Zero or one payload: a struct cannot hold itself directly.
  private var causes: [ErrorPayload]

  /// The cause of this error (JSON key `underlying`, or null).
  ///
  ///     ErrorPayload(saveError).underlying?.domain  // "NSPOSIXErrorDomain"
  public var underlying: ErrorPayload? {
    get { causes.first }
    set { causes = newValue.map { [$0] } ?? [] }
  }

  /// The most nested payloads a JSON document may hold (deeper ones are a `DecodingError`).
  ///
  ///     ErrorPayload.maximumDepth  // 64
  public static let maximumDepth = 64

  /// Creates a payload from its fields.
  ///
  ///     let payload = ErrorPayload(domain: "NSPOSIXErrorDomain", code: 2, message: "No such file or directory")
  ///
  /// - Parameters:
  ///   - domain: The error domain.
  ///   - code: The error code.
  ///   - name: The case name.
  ///   - message: What went wrong.
  ///   - failureReason: Why it went wrong.
  ///   - recoverySuggestion: What to do about it.
  ///   - details: Named strings.
  ///   - underlying: The cause.
  public init(
    domain: String, code: Int, name: String? = nil, message: String? = nil,
    failureReason: String? = nil, recoverySuggestion: String? = nil,
    details: [String: String] = [:], underlying: ErrorPayload? = nil
  ) {
    self.domain = domain
    self.code = code
    self.name = name
    self.message = message
    self.failureReason = failureReason
    self.recoverySuggestion = recoverySuggestion
    self.details = details
    self.causes = underlying.map { [$0] } ?? []
  }

  /// The payload and its causes, outermost first.
  ///
  ///     ErrorPayload(error).chain.map(\.code)  // [outer code, cause code, ...]
  public var chain: [ErrorPayload] {
    var result: [ErrorPayload] = []
    var current: ErrorPayload? = self
    while let payload = current {
      result.append(payload)
      current = payload.underlying
    }
    return result
  }

  enum CodingKeys: String, CodingKey {
    case domain, code, name
    case message = "description"
    case failureReason, recoverySuggestion, details, underlying
  }

  /// Encodes every key, with `null` for absent values.
  ///
  ///     try JSONEncoder().encode(ErrorPayload(domain: "D", code: 1))
  ///     // {"domain":"D","code":1,"name":null,"description":null,...,"details":{},"underlying":null}
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(domain, forKey: .domain)
    try container.encode(code, forKey: .code)
    try container.encode(name, forKey: .name)
    try container.encode(message, forKey: .message)
    try container.encode(failureReason, forKey: .failureReason)
    try container.encode(recoverySuggestion, forKey: .recoverySuggestion)
    try container.encode(details, forKey: .details)
    try container.encode(underlying, forKey: .underlying)
  }

  /// Decodes a payload; `domain` and `code` are required, the other keys may be absent or null.
  ///
  ///     try JSONDecoder().decode(ErrorPayload.self, from: Data(#"{"domain":"D","code":1}"#.utf8))
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` for a missing or mistyped key, or payloads nested deeper than
  ///   ``maximumDepth``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    domain = try container.decode(String.self, forKey: .domain)
    code = try container.decode(Int.self, forKey: .code)
    name = try container.decodeIfPresent(String.self, forKey: .name)
    message = try container.decodeIfPresent(String.self, forKey: .message)
    failureReason = try container.decodeIfPresent(String.self, forKey: .failureReason)
    recoverySuggestion = try container.decodeIfPresent(String.self, forKey: .recoverySuggestion)
    details = try container.decodeIfPresent([String: String].self, forKey: .details) ?? [:]
    let depth = container.codingPath.filter { $0.stringValue == CodingKeys.underlying.stringValue }
      .count
    if container.contains(.underlying), try container.decodeNil(forKey: .underlying) == false {
      guard depth + 1 < Self.maximumDepth else {
        throw DecodingError.dataCorruptedError(
          forKey: .underlying, in: container,
          debugDescription:
            "error payloads are nested deeper than the limit of \(Self.maximumDepth)")
      }
      causes = [try container.decode(ErrorPayload.self, forKey: .underlying)]
    } else {
      causes = []
    }
  }
}
