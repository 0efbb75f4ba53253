// The one mapping between ErrorPayload and JSON. The Codable conformance, the CLI and the fuzz
// targets all go through it.

extension ErrorPayload {
  /// Reads a payload from JSON text, without Foundation; `domain` and `code` are required, the
  /// other keys may be absent or null.
  ///
  ///     let payload = try ErrorPayload(json: #"{"domain": "D", "code": 1, "description": "Broken"}"#)
  ///     payload.message  // "Broken"
  ///
  /// The rules are those of the Codable conformance (Docs/ErrorPayload.md, "One reading"): a
  /// code is a whole number within 2^53 - 1 (`1.0` counts as `1`), a key given twice counts the
  /// first time, a leading byte-order mark is skipped, and at most ``maximumDepth`` errors nest.
  ///
  /// - Parameter json: An ErrorPayload JSON document.
  /// - Throws: ``JSONFormatError`` naming the problem.
  public init(json: String) throws(JSONFormatError) {
    try self.init(jsonValue: JSONReader.parse(Array(json.utf8)))
  }

  /// The payload as one line of JSON with every key of the contract, in its order, and details
  /// sorted by name. It writes any payload; readers of the format refuse one deeper than
  /// ``maximumDepth``, larger than ``maximumCount`` or with a code beyond 2^53 - 1 in magnitude
  /// (`JSONEncoder` throws for those instead).
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
    var count = 0
    self = try Self.tree(from: jsonValue, atDepth: 0, count: &count)
  }

  /// Reads the payload at `value`, `depth` errors below the document's first: its chain of
  /// `underlying` errors top down in a loop, then linked bottom up, and each error's
  /// `otherCauses` by a call that goes one level deeper (so the recursion is bounded by
  /// ``maximumDepth``).
  private static func tree(from value: JSONValue, atDepth depth: Int, count: inout Int)
    throws(JSONFormatError) -> ErrorPayload
  {
    var levels: [ErrorPayload] = []
    var current: JSONValue? = value
    while let value = current {
      guard depth + levels.count < Self.maximumDepth else {
        throw JSONFormatError(
          message: "error payloads are nested deeper than the limit of \(Self.maximumDepth)")
      }
      count += 1
      guard count <= Self.maximumCount else {
        throw JSONFormatError(
          message: "the payload holds more than the limit of \(Self.maximumCount) errors")
      }
      var level = try Self.fields(of: value)
      switch value["otherCauses"] {
      case nil, .null?: break
      case .array(let others)?:
        for other in others {
          level.otherCauses.append(
            try tree(from: other, atDepth: depth + levels.count + 1, count: &count))
        }
      case let other?:
        throw JSONFormatError(
          message: "\"otherCauses\" must be an array of error payloads or null, not \(other.kind)")
      }
      levels.append(level)
      switch value["underlying"] {
      case nil, .null?: current = nil
      case let cause?: current = cause
      }
    }
    // Never nil: the loop above read at least one level.
    return ErrorPayload(linking: levels) ?? ErrorPayload.depthMarker
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
            message: "\"details\" must map names to strings; \(quoted(key)) is \(value.kind)")
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

  /// Writes the payload as JSON with every key of the contract, in its order, and
  /// `otherCauses` after `underlying` when there are any; the chain of `underlying` errors is
  /// written without recursion.
  package func write(to writer: inout JSONWriter) {
    // A chain may be hundreds of thousands of errors long: it is walked through the boxes of
    // the causes, and each error is written with few calls.
    writeFields(to: &writer)
    var boxes: [_Cause] = []
    var next = cause
    while let box = next {
      boxes.append(box)
      box.payload.writeFields(to: &writer)
      next = box.payload.cause
    }
    writer.raw("null")
    var index = boxes.count
    while index > 0 {
      index -= 1
      if boxes[index].payload.otherCauses.isEmpty {
        writer.bytes.append(UInt8(ascii: "}"))
      } else {
        boxes[index].payload.writeOtherCausesAndEnd(to: &writer)
      }
    }
    writeOtherCausesAndEnd(to: &writer)
  }

  /// Writes the payload's object up to the value of `underlying`.
  private func writeFields(to writer: inout JSONWriter) {
    writer.raw("{\"domain\": ")
    writer.string(domain)
    writer.raw(", \"code\": ")
    writer.raw(String(code))
    if name == nil, message == nil, failureReason == nil, recoverySuggestion == nil,
      details.isEmpty
    {
      writer.raw(
        """
        , "name": null, "description": null, "failureReason": null, \
        "recoverySuggestion": null, "details": {}, "underlying":\u{20}
        """)
      return
    }
    writer.raw(", \"name\": ")
    writer.optionalString(name)
    writer.raw(", \"description\": ")
    writer.optionalString(message)
    writer.raw(", \"failureReason\": ")
    writer.optionalString(failureReason)
    writer.raw(", \"recoverySuggestion\": ")
    writer.optionalString(recoverySuggestion)
    writer.raw(", \"details\": {")
    // No sort of empty details.
    if !details.isEmpty {
      for (offset, key) in details.keys.sorted().enumerated() {
        if offset > 0 { writer.raw(", ") }
        writer.string(key)
        writer.raw(": ")
        writer.string(details[key] ?? "")
      }
    }
    writer.raw("}, \"underlying\": ")
  }

  /// Writes the payload's `otherCauses`, when there are any, and closes its object.
  private func writeOtherCausesAndEnd(to writer: inout JSONWriter) {
    if !otherCauses.isEmpty {
      writer.raw(", \"otherCauses\": [")
      for (offset, other) in otherCauses.enumerated() {
        if offset > 0 { writer.raw(", ") }
        other.write(to: &writer)
      }
      writer.raw("]")
    }
    writer.bytes.append(UInt8(ascii: "}"))
  }

  /// The payload as a JSON value, for encoders; `nil` beyond ``maximumDepth`` or
  /// ``maximumCount``, or with a code no reader of the format accepts.
  package var jsonValue: JSONValue? {
    guard isWithinLimits, codeBeyondJSON == nil else { return nil }
    return unlimitedJSONValue
  }

  /// The first code of the tree beyond 2^53 - 1 in magnitude, which JSON does not carry
  /// exactly (Docs/ErrorPayload.md), or `nil`.
  package var codeBeyondJSON: Int? {
    // Most trees have no such code: that is found by a cheaper walk, in another order.
    guard hasCode(beyond: UInt(ASCIIDigits.largestJSONInteger)) else { return nil }
    var pending = [self]
    while let payload = pending.popLast() {
      if payload.code.magnitude > UInt(ASCIIDigits.largestJSONInteger) { return payload.code }
      if let first = payload.underlying { pending.append(first) }
      pending.append(contentsOf: payload.otherCauses)
    }
    return nil
  }

  private var unlimitedJSONValue: JSONValue {
    var value = JSONValue.null
    for level in chain.reversed() {
      var members: [(String, JSONValue)] = [
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
      ]
      if !level.otherCauses.isEmpty {
        members.append(("otherCauses", .array(level.otherCauses.map(\.unlimitedJSONValue))))
      }
      value = .object(members)
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
  /// - Throws: `EncodingError.invalidValue` for a payload deeper than ``maximumDepth``, with
  ///   more than ``maximumCount`` errors, or with a code beyond 2^53 - 1 in magnitude, which no
  ///   decoder would read back.
  public func encode(to encoder: any Encoder) throws {
    if let code = codeBeyondJSON {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription:
            "the code \(code) is beyond 2^53 - 1, the largest integer JSON carries exactly"))
    }
    guard let value = jsonValue else {
      let size = treeSize
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: size.depth > Self.maximumDepth
            ? "the error chain holds \(size.depth) errors, more than the limit of \(Self.maximumDepth)"
            : "the payload holds \(size.count) errors, more than the limit of \(Self.maximumCount)")
      )
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
