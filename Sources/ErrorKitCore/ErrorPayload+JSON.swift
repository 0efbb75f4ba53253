// The one mapping between ErrorPayload and JSON. The Codable conformance, the CLI and the fuzz
// targets all go through it.

extension ErrorPayload {
  /// Reads a payload from JSON text, without Foundation; `domain` and `code` are required, the
  /// other keys may be absent or null.
  ///
  ///     let payload = try ErrorPayload(json: #"{"domain": "D", "code": 1, "description": "Broken"}"#)
  ///     payload.message  // "Broken"
  ///
  /// The rules are those of the Codable conformance: a code is a whole number (`1.0` counts as
  /// `1`), a key given twice counts the first time, and at most ``maximumDepth`` errors nest.
  ///
  /// - Parameter json: An ErrorPayload JSON document.
  /// - Throws: ``JSONFormatError`` naming the problem.
  public init(json: String) throws(JSONFormatError) {
    try self.init(jsonValue: JSONReader.parse(Array(json.utf8)))
  }

  /// The payload as one line of JSON with every key of the contract, in its order, and details
  /// sorted by name.
  ///
  ///     print(ErrorPayload(domain: "D", code: 1, details: ["b": "2", "a": "1"]).jsonText)
  ///     // {"domain": "D", "code": 1, "name": null, "description": null, "failureReason": null, "recoverySuggestion": null, "details": {"a": "1", "b": "2"}, "underlying": null}
  public var jsonText: String {
    var writer = JSONWriter()
    write(to: &writer)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Reads a payload from a parsed JSON value.
  package init(jsonValue: JSONValue) throws(JSONFormatError) {
    // Read the chain top down, then link it bottom up: no recursion, whatever the nesting.
    var levels: [ErrorPayload] = []
    var current: JSONValue? = jsonValue
    while let value = current {
      guard levels.count < Self.maximumDepth else {
        throw JSONFormatError(
          message: "error payloads are nested deeper than the limit of \(Self.maximumDepth)")
      }
      levels.append(try Self.fields(of: value))
      switch value["underlying"] {
      case nil, .null?: current = nil
      case let cause?: current = cause
      }
    }
    // Never nil: the loop above read at least one level.
    self = ErrorPayload(linking: levels) ?? ErrorPayload.depthMarker
  }

  /// One level of a payload, without its cause.
  private static func fields(of json: JSONValue) throws(JSONFormatError) -> ErrorPayload {
    guard case .object = json else {
      throw JSONFormatError(message: "an error payload is a JSON object, not \(json.kind)")
    }
    guard case .string(let domain)? = json["domain"] else {
      throw JSONFormatError(message: "an error payload needs a string \"domain\"")
    }
    guard let code = json["code"]?.wholeNumber else {
      throw JSONFormatError(message: "an error payload needs an integer \"code\"")
    }
    func text(_ key: String) throws(JSONFormatError) -> String? {
      switch json[key] {
      case nil, .null?: return nil
      case .string(let value)?: return value
      case let other?:
        throw JSONFormatError(message: "\"\(key)\" must be a string or null, not \(other.kind)")
      }
    }
    var details: [String: String] = [:]
    switch json["details"] {
    case nil, .null?: break
    case .object(let members)?:
      for (key, value) in members where details[key] == nil {
        guard case .string(let text) = value else {
          throw JSONFormatError(
            message: "\"details\" must map names to strings; \"\(key)\" is \(value.kind)")
        }
        details[key] = text
      }
    case let other?:
      throw JSONFormatError(message: "\"details\" must be an object, not \(other.kind)")
    }
    switch json["underlying"] {
    case nil, .null?, .object?: break
    case let other?:
      throw JSONFormatError(
        message: "\"underlying\" must be an error payload or null, not \(other.kind)")
    }
    return ErrorPayload(
      domain: domain, code: code, name: try text("name"), message: try text("description"),
      failureReason: try text("failureReason"), recoverySuggestion: try text("recoverySuggestion"),
      details: details)
  }

  /// Writes the payload as JSON with every key of the contract, in its order; the chain is
  /// written without recursion.
  package func write(to writer: inout JSONWriter) {
    var closing = 0
    var current: ErrorPayload? = self
    while let payload = current {
      writer.raw("{\"domain\": ")
      writer.string(payload.domain)
      writer.raw(", \"code\": \(payload.code), \"name\": ")
      writer.optionalString(payload.name)
      writer.raw(", \"description\": ")
      writer.optionalString(payload.message)
      writer.raw(", \"failureReason\": ")
      writer.optionalString(payload.failureReason)
      writer.raw(", \"recoverySuggestion\": ")
      writer.optionalString(payload.recoverySuggestion)
      writer.raw(", \"details\": {")
      for (offset, key) in payload.details.keys.sorted().enumerated() {
        if offset > 0 { writer.raw(", ") }
        writer.string(key)
        writer.raw(": ")
        writer.string(payload.details[key] ?? "")
      }
      writer.raw("}, \"underlying\": ")
      current = payload.underlying
      if current == nil { writer.raw("null") }
      closing += 1
    }
    writer.raw(String(repeating: "}", count: closing))
  }

  /// The payload as a JSON value, for encoders; `nil` past ``maximumDepth``.
  package var jsonValue: JSONValue? {
    let levels = chain
    guard levels.count <= Self.maximumDepth else { return nil }
    var value = JSONValue.null
    for level in levels.reversed() {
      value = .object([
        ("domain", .string(level.domain)), ("code", .number(String(level.code))),
        ("name", level.name.map(JSONValue.string) ?? .null),
        ("description", level.message.map(JSONValue.string) ?? .null),
        ("failureReason", level.failureReason.map(JSONValue.string) ?? .null),
        ("recoverySuggestion", level.recoverySuggestion.map(JSONValue.string) ?? .null),
        (
          "details",
          .object(level.details.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })
        ),
        ("underlying", value),
      ])
    }
    return value
  }
}

extension ErrorPayload: Codable {
  /// Encodes every key, with `null` for absent values.
  ///
  ///     let data = try JSONEncoder().encode(ErrorPayload(domain: "D", code: 1))
  ///     // {"domain":"D","code":1,"name":null,"description":null,...,"details":{},"underlying":null}
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a chain deeper than ``maximumDepth``, which no
  ///   decoder would read back.
  public func encode(to encoder: any Encoder) throws {
    guard let value = jsonValue else {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription:
            "the error chain holds \(depth) errors, more than the limit of \(Self.maximumDepth)"))
    }
    try value.encode(to: encoder)
  }

  /// Decodes a payload by the rules of ``init(json:)``.
  ///
  ///     let data = Data(#"{"domain": "D", "code": 1}"#.utf8)
  ///     try JSONDecoder().decode(ErrorPayload.self, from: data).code  // 1
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the problem: a missing or mistyped key, or
  ///   payloads nested deeper than ``maximumDepth``.
  public init(from decoder: any Decoder) throws {
    self = try JSONValue.decode(from: decoder, as: ErrorPayload.init(jsonValue:))
  }
}
