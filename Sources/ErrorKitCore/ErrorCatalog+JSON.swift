// The one mapping between ErrorCatalog and JSON, used by the Codable conformance and by
// `statekit-inspect --errors`.

extension ErrorCatalog {
  /// Reads a catalog from JSON text, without Foundation.
  ///
  ///     let catalog = try ErrorCatalog(json: #"{"errors": [{"domain": "D", "code": 1, "name": "broken"}]}"#)
  ///     catalog.entries.first?.name  // "broken"
  ///
  /// Each entry needs a string `domain` and a whole-number `code`; `name` and `description` may
  /// be absent or null.
  ///
  /// - Parameter json: A catalog as ``jsonText`` writes it.
  /// - Throws: ``JSONFormatError`` naming the entry and the problem.
  public init(json: String) throws(JSONFormatError) {
    try self.init(jsonValue: JSONReader.parse(Array(json.utf8)))
  }

  /// The catalog as JSON text, one entry a line, keys sorted.
  ///
  ///     print(ErrorCatalog([.init(domain: "D", code: 1, name: "broken", description: "It broke.")]).jsonText)
  ///     // {"errors": [
  ///     //   {"code": 1, "description": "It broke.", "domain": "D", "name": "broken"}
  ///     // ]}
  public var jsonText: String {
    var writer = JSONWriter()
    writer.raw("{\"errors\": [")
    for (offset, entry) in entries.enumerated() {
      writer.raw(offset == 0 ? "\n  " : ",\n  ")
      writer.value(Self.jsonValue(of: entry))
    }
    writer.raw(entries.isEmpty ? "]}\n" : "\n]}\n")
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// Reads a catalog from a parsed JSON value.
  package init(jsonValue json: JSONValue) throws(JSONFormatError) {
    guard case .array(let rows)? = json["errors"] else {
      throw JSONFormatError(message: "an error catalog is an object with an \"errors\" array")
    }
    var entries: [Entry] = []
    entries.reserveCapacity(rows.count)
    for (index, row) in rows.enumerated() {
      guard case .object = row, case .string(let domain)? = row["domain"],
        let code = row["code"]?.wholeNumber
      else {
        throw JSONFormatError(
          message: "entry \(index) of \"errors\" needs a string \"domain\" and an integer \"code\"")
      }
      func text(_ key: String) throws(JSONFormatError) -> String? {
        switch row[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?:
          throw JSONFormatError(
            message: "entry \(index) of \"errors\": \"\(key)\" must be a string, not \(other.kind)")
        }
      }
      entries.append(
        Entry(
          domain: domain, code: code, name: try text("name"),
          description: try text("description") ?? ""))
    }
    self.init(entries)
  }

  private static func jsonValue(of entry: Entry) -> JSONValue {
    .object([
      ("code", .number(String(entry.code))), ("description", .string(entry.description)),
      ("domain", .string(entry.domain)), ("name", entry.name.map(JSONValue.string) ?? .null),
    ])
  }

  package var jsonValue: JSONValue {
    .object([("errors", .array(entries.map(Self.jsonValue(of:))))])
  }
}

extension ErrorCatalog: Codable {
  /// Encodes the catalog as `{"errors": [...]}`.
  ///
  ///     let catalog = ErrorCatalog([.init(domain: "D", code: 1, name: "broken", description: "")])
  ///     let data = try JSONEncoder().encode(catalog)
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    try jsonValue.encode(to: encoder)
  }

  /// Decodes a catalog by the rules of ``init(json:)``.
  ///
  ///     let data = Data(#"{"errors": [{"domain": "D", "code": 1}]}"#.utf8)
  ///     try JSONDecoder().decode(ErrorCatalog.self, from: data).entries.count  // 1
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the entry and the problem.
  public init(from decoder: any Decoder) throws {
    self = try JSONValue.decode(from: decoder, as: ErrorCatalog.init(jsonValue:))
  }
}
