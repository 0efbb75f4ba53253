/// A JSON value read from or written to any `Decoder` or `Encoder`, so that the Codable
/// conformances of ErrorPayload and ErrorCatalog reuse the JSON mapping instead of restating it.
extension JSONValue: Codable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Reads a value from any decoder by the rules of the package's own reader: nesting deeper
  /// than `JSONReader.maximumDepth` below this value fails, in keys a mapping ignores too, and
  /// numbers read as the reader reads them (see ``init(numberFrom:)``).
  package init(from decoder: any Decoder) throws {
    self = try Self.read(from: decoder, depth: 0)
  }

  private static func tooDeep(_ codingPath: [any CodingKey]) -> DecodingError {
    DecodingError.dataCorrupted(
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "nested deeper than the limit of \(JSONReader.maximumDepth)"))
  }

  /// One value, `depth` containers below the first; containers are walked with nested
  /// containers, so the depth is counted from where the package's value starts, wherever that
  /// sits in the document. A decoder reports a value of another kind only by throwing, which
  /// costs: null is asked first (it does not throw), then the containers, then the scalars,
  /// strings first, so an object costs no throw, an array one and a string two.
  private static func read(from decoder: any Decoder, depth: Int) throws -> JSONValue {
    if let single = try? decoder.singleValueContainer(), single.decodeNil() { return .null }
    if let object = try attempt({ try decoder.container(keyedBy: Key.self) }) {
      guard depth < JSONReader.maximumDepth else { throw tooDeep(decoder.codingPath) }
      return try read(object, depth: depth + 1)
    }
    if let array = try attempt({ try decoder.unkeyedContainer() }) {
      guard depth < JSONReader.maximumDepth else { throw tooDeep(decoder.codingPath) }
      return try read(array, depth: depth + 1)
    }
    return try JSONValue(scalar: decoder.singleValueContainer())
  }

  /// The value `body` gives, or `nil` when the value is of another kind; any other failure (a
  /// string with a bad escape, say, which JSONDecoder checks only when it is read) is thrown, so
  /// the document is refused as the package's reader refuses it.
  private static func attempt<T>(_ body: () throws -> T) throws -> T? {
    do {
      return try body()
    } catch DecodingError.typeMismatch {
      return nil
    } catch DecodingError.valueNotFound {
      return nil
    }
  }

  private static func read(_ object: KeyedDecodingContainer<Key>, depth: Int) throws -> JSONValue {
    var members: [(String, JSONValue)] = []
    for key in object.allKeys {
      members.append(
        (key.stringValue, try read(from: object.superDecoder(forKey: key), depth: depth)))
    }
    return .object(members)
  }

  private static func read(_ array: UnkeyedDecodingContainer, depth: Int) throws -> JSONValue {
    var array = array
    var elements: [JSONValue] = []
    while !array.isAtEnd {
      elements.append(try read(from: array.superDecoder(), depth: depth))
    }
    return .array(elements)
  }

  /// A value that is not a container: a string, a boolean or a number.
  private init(scalar single: any SingleValueDecodingContainer) throws {
    if let text = try Self.attempt({ try single.decode(String.self) }) {
      self = .string(text)
    } else if let flag = try Self.attempt({ try single.decode(Bool.self) }) {
      self = .bool(flag)
    } else {
      self = try JSONValue(numberFrom: single)
    }
  }

  /// A number as the decoder gives it, as the text the package's reader would turn into the
  /// same `Int` (see `ASCIIDigits.wholeNumber`): a decoder gives an `Int` and a `Double`, not
  /// the text, so the rule is stated on what both can see. An `Int` counts when it is within
  /// 2^53 - 1 and is the `Double`'s value; otherwise the `Double` is the number. A number no
  /// `Double` holds (`1e400`, `1e-400`) is refused, as the reader refuses it.
  private init(numberFrom single: any SingleValueDecodingContainer) throws {
    let whole = try? single.decode(Int.self)
    let double = try single.decode(Double.self)
    if let whole, whole.magnitude <= UInt(ASCIIDigits.largestJSONInteger), Double(whole) == double {
      self = .number(String(whole))
    } else {
      self = .number(String(double))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var single = encoder.singleValueContainer()
      try single.encodeNil()
    case .bool(let flag):
      var single = encoder.singleValueContainer()
      try single.encode(flag)
    case .number(let text):
      var single = encoder.singleValueContainer()
      if let whole = Int(text) {
        try single.encode(whole)
      } else {
        try single.encode(Double(text) ?? .nan)
      }
    case .string(let text):
      var single = encoder.singleValueContainer()
      try single.encode(text)
    case .array(let elements):
      var array = encoder.unkeyedContainer()
      for element in elements { try array.encode(element) }
    case .object(let members):
      var object = encoder.container(keyedBy: Key.self)
      for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
    }
  }
}

extension JSONValue {
  /// Reads a value from any decoder, then maps it with one of the package's JSON mappings; a
  /// mapping's error becomes a `DecodingError` at the decoder's coding path.
  package static func decode<T>(
    from decoder: any Decoder, as mapping: (JSONValue) throws(JSONFormatError) -> T
  ) throws -> T {
    let value = try JSONValue(from: decoder)
    do {
      return try mapping(value)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message))
    }
  }
}
