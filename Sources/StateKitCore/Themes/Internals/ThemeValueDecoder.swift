import ErrorKitCore

/// A `Decoder` over one value of a theme (an attribute's value for one selector), for value
/// types of the user's that are not one of the standard library's scalars: such a type reads
/// its JSON through its own `init(from:)`. The theme's structure is read by `_ThemeDocument`,
/// never through a decoder.
struct _ThemeValueDecoder: Decoder {
  /// The value decoded.
  let value: JSONValue
  let codingPath: [any CodingKey]
  let userInfo: [CodingUserInfoKey: Any]

  init(value: JSONValue, codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
    (self.value, self.codingPath, self.userInfo) = (value, codingPath, userInfo)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<
    Key
  > {
    guard case .object(let members) = value else {
      throw Self.mismatch([String: JSONValue].self, "an object", value, codingPath)
    }
    var byKey: [String: JSONValue] = [:]
    for (key, member) in members where byKey[key] == nil { byKey[key] = member }
    return KeyedDecodingContainer(
      Keyed<Key>(
        members: byKey, keys: members.map(\.0), codingPath: codingPath, userInfo: userInfo))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw Self.mismatch([JSONValue].self, "an array", value, codingPath)
    }
    return Unkeyed(elements: elements, codingPath: codingPath, userInfo: userInfo)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    Single(value: value, codingPath: codingPath, userInfo: userInfo)
  }

  /// Decodes a value: the standard library's scalar types directly, any other through its
  /// `init(from:)` with a decoder one level down.
  static func decode<T: Decodable>(
    _ type: T.Type, from value: JSONValue, path: [any CodingKey],
    userInfo: [CodingUserInfoKey: Any]
  ) throws -> T {
    if let scalar = try scalar(type, from: value, path: path) { return scalar }
    return try T(from: _ThemeValueDecoder(value: value, codingPath: path, userInfo: userInfo))
  }

  /// The value as a Bool, String or number type, or `nil` for another type.
  private static func scalar<T>(_ type: T.Type, from value: JSONValue, path: [any CodingKey])
    throws -> T?
  {
    switch type {
    case is Bool.Type:
      guard case .bool(let flag) = value else { throw mismatch(type, "a boolean", value, path) }
      return flag as? T
    case is String.Type:
      guard case .string(let text) = value else { throw mismatch(type, "a string", value, path) }
      return text as? T
    case is Double.Type:
      return try number(value, path, Double.self, finite) as? T
    case is Float.Type:
      return try number(value, path, Float.self, finite) as? T
    case is Int.Type: return try integer(Int.self, value, path) as? T
    case is Int8.Type: return try integer(Int8.self, value, path) as? T
    case is Int16.Type: return try integer(Int16.self, value, path) as? T
    case is Int32.Type: return try integer(Int32.self, value, path) as? T
    case is Int64.Type: return try integer(Int64.self, value, path) as? T
    case is UInt.Type: return try integer(UInt.self, value, path) as? T
    case is UInt8.Type: return try integer(UInt8.self, value, path) as? T
    case is UInt16.Type: return try integer(UInt16.self, value, path) as? T
    case is UInt32.Type: return try integer(UInt32.self, value, path) as? T
    case is UInt64.Type: return try integer(UInt64.self, value, path) as? T
    default: return nil
    }
  }

  private static func number<N>(
    _ value: JSONValue, _ path: [any CodingKey], _ type: N.Type, _ parse: (String) -> N?
  ) throws -> N {
    guard case .number(let text) = value else { throw mismatch(type, "a number", value, path) }
    guard let number = parse(text) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: path, debugDescription: "the number \(text) does not fit in \(N.self)"))
    }
    return number
  }

  /// A number a floating-point type holds without becoming infinite: a number too large for it
  /// (`1e39` for a `Float`) does not fit, as `JSONDecoder` refuses it.
  private static func finite<N: BinaryFloatingPoint & LosslessStringConvertible>(
    _ text: String
  ) -> N? {
    guard let number = N(text), number.isFinite else { return nil }
    return number
  }

  /// A whole number in range: `1`, `1.0` and `1e2` are whole, as `JSONDecoder` reads them.
  private static func integer<N: FixedWidthInteger>(
    _ type: N.Type, _ value: JSONValue, _ path: [any CodingKey]
  ) throws -> N {
    try number(value, path, type) { text in
      N(text) ?? Double(text).flatMap { N(exactly: $0) }
    }
  }

  static func mismatch<T>(
    _ type: T.Type, _ expected: String, _ value: JSONValue, _ path: [any CodingKey]
  ) -> DecodingError {
    .typeMismatch(
      type,
      DecodingError.Context(
        codingPath: path, debugDescription: "expected \(expected), found \(value.kind)"))
  }

  struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let keys: [String]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    var allKeys: [Key] { keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
      guard let value = members[key.stringValue] else {
        throw DecodingError.keyNotFound(
          key,
          DecodingError.Context(
            codingPath: codingPath, debugDescription: "no member \(quoted(key.stringValue))"))
      }
      return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
      try _ThemeValueDecoder.decode(
        type, from: member(key), path: codingPath + [key], userInfo: userInfo)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(type, key) }

    private func value<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
      try _ThemeValueDecoder.decode(
        type, from: member(key), path: codingPath + [key], userInfo: userInfo)
    }

    func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try superDecoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
      try superDecoder(forKey: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
      _ThemeValueDecoder(
        value: members["super"] ?? .null, codingPath: codingPath, userInfo: userInfo)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
      _ThemeValueDecoder(value: try member(key), codingPath: codingPath + [key], userInfo: userInfo)
    }
  }

  struct Unkeyed: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey], userInfo: [CodingUserInfoKey: Any]) {
      (self.elements, self.codingPath, self.userInfo) = (elements, codingPath, userInfo)
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
      guard !isAtEnd else {
        throw DecodingError.valueNotFound(
          JSONValue.self,
          DecodingError.Context(codingPath: codingPath, debugDescription: "the array has ended"))
      }
      defer { currentIndex += 1 }
      return (elements[currentIndex], codingPath + [_IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
      guard !isAtEnd, elements[currentIndex] == .null else { return false }
      currentIndex += 1
      return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let (value, path) = try next()
      return try _ThemeValueDecoder.decode(type, from: value, path: path, userInfo: userInfo)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      try superDecoder().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      try superDecoder().unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
      let (value, path) = try next()
      return _ThemeValueDecoder(value: value, codingPath: path, userInfo: userInfo)
    }
  }

  struct Single: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any]

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try _ThemeValueDecoder.decode(type, from: value, path: codingPath, userInfo: userInfo)
    }
  }
}
