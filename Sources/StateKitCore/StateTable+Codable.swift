import ErrorKitCore

// doc-code: continues ../StateKit/StateKit.docc/DeclaringCustomStates.md

extension StateTable: Encodable where Value: Encodable {
  /// Encodes the table as an object whose keys are selectors in the text format (names from the
  /// catalog under `CodingUserInfoKey.stateCatalog` in the encoder's `userInfo`, else
  /// the system names; unnamed bits as hex) and whose values are the entries' values.
  ///
  ///     var table = StateTable<String>()
  ///     table[.normal] = "blue"
  ///     table[try StateSelector(requiring: .selected, excluding: .disabled)] = "white"
  ///     // {"normal": "blue", "selected | !disabled": "white"}
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _SelectorKey.self)
    let catalog = StateCatalog.forCoding(encoder.userInfo[.stateCatalog])
    for entry in _entries {
      try container.encode(
        entry.value, forKey: _SelectorKey(catalog.description(of: entry.selector)))
    }
  }
}

extension StateTable: Decodable where Value: Decodable {
  /// Decodes a table from an object whose keys are selector text, such as `"normal"`,
  /// `"selected | visited"` or `"selected | !disabled"`.
  ///
  ///     let json = #"{"normal": "blue", "visited": "purple"}"#
  ///     let decoder = JSONDecoder()
  ///     decoder.userInfo[.stateCatalog] = try StateCatalog(merging: [.linkKit])
  ///     let table = try decoder.decode(StateTable<String>.self, from: Data(json.utf8))
  ///
  /// Names are looked up in the catalog under `CodingUserInfoKey.stateCatalog` in the
  /// decoder's `userInfo`, else among the system names. The table gets the standard
  /// ``StatePrecedence``: a precedence is code, not data, so set ``precedence`` after decoding.
  ///
  /// Two keys written differently that denote one selector (`"selected | focused"` and
  /// `"focused|selected"`) are an error naming both. A key repeated byte for byte never reaches
  /// the table: the decoder merges it first (Foundation's `JSONDecoder` keeps the first value).
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the key when a key is not valid selector
  ///   text, or when two keys denote the same selector; any error decoding a value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: _SelectorKey.self)
    let catalog = StateCatalog.forCoding(decoder.userInfo[.stateCatalog])
    var seen: [StateSelector: String] = [:]
    var pairs: [(StateSelector, Value)] = []
    // In key order, not the decoder's dictionary order, so a document with two keys for one
    // selector, or several bad keys, gives the same error in every run.
    for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
      let selector: StateSelector
      do {
        selector = try _ThemeDocument.selectorKey(key.stringValue, catalog: catalog, seen: &seen)
      } catch {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [key], debugDescription: error.reason,
            underlyingError: error.cause))
      }
      pairs.append((selector, try container.decode(Value.self, forKey: key)))
    }
    self.init(pairs)
  }
}

/// A coding key that is any selector text.
struct _SelectorKey: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ stringValue: String) {
    self.stringValue = stringValue
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    return nil
  }
}
