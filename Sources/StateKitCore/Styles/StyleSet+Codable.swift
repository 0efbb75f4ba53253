import ErrorKitCore

// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md
// doc-code: continues StyleSet.swift

extension StyleSet {
  /// A ``StyleKey`` whose values can be decoded, with its value type erased, so a list of them
  /// tells a decoder which attributes a theme file may hold and the type of each.
  ///
  ///     let keys: [StyleSet.DecodableKey] = [.init(.titleColor), .init(.underlined)]
  public struct DecodableKey: Sendable {
    /// The attribute's name.
    public let name: String
    let slot: _StyleSlot
    /// Reads the attribute's table from a theme document's member at a path; `nil` for an
    /// empty table.
    let column:
      @Sendable (JSONValue, [String], _ThemeReading) throws(StateKitError) -> _StyleColumnBase?

    /// Creates a decodable key from a key whose values are Decodable.
    ///
    /// - Parameter key: The attribute.
    public init<Value: Decodable>(_ key: StyleKey<Value>) {
      name = key.name
      slot = key.slot
      let slot = slot
      column = { json, path, reading throws(StateKitError) in
        let document = reading.document
        let table = try document.table(json, at: path, catalog: reading.catalog) {
          member, memberPath throws(StateKitError) in
          do {
            return try _ThemeValueDecoder.decode(
              Value.self, from: member, path: memberPath.map { _SelectorKey($0) },
              userInfo: reading.userInfo)
          } catch let error as DecodingError {
            throw document.failure(error)
          } catch let error as StateKitError {
            throw error
          } catch {
            throw document.failure("\(error)", at: memberPath)
          }
        }
        return table.isEmpty ? nil : _StyleColumn(slot: slot, table: table)
      }
    }
  }
}

extension StyleSet {
  /// The members of a theme file that are not attributes, besides `$transitions` (which
  /// ``StyleTransitions`` reads and writes); no attribute may take their names. The article "Styling a screen" documents each for users.
  enum ThemeDirective: String, CaseIterable, Sendable {
    /// `"$precedence"`: the ``StatePrecedence`` of every table, an object with two optional
    /// members: `"order"`, an array of state text, highest first (``StatePrecedence/order``,
    /// only as long as needed), and `"dominant"`, state text (``StatePrecedence/dominant``).
    /// Absent, the precedence is ``StatePrecedence/standard``.
    case precedence = "$precedence"
    /// `"$replace"`, in an overlay: attributes whose whole table the overlay replaces (see
    /// ``StyleOverlay``).
    case replace = "$replace"
    /// `"$remove"`, in an overlay: entries the overlay removes, an array of selector text
    /// per attribute (see ``StyleOverlay``).
    case remove = "$remove"
    /// `"$layout"`: the name of the layout of the theme's states, a layout of states of
    /// ``BitLayout/all`` such as `"lvgl"`: its selectors and `$transitions` use that layout's
    /// names (and its C constants, such as `LV_STATE_PRESSED`), and its tables resolve by that
    /// toolkit's rule (``StatePrecedence/init(layout:)``). Absent, the states are UIKit's. A
    /// theme of another layout has no `"$precedence"`.
    case layout = "$layout"
  }
}

/// The JSON form of a ``StatePrecedence``, as a theme writes it: `{"order": [state text],
/// "dominant": state text}`, each member absent when it has its standard value. The theme
/// document reads it (`_ThemeDocument`).
struct _PrecedenceForm: Encodable {
  let precedence: StatePrecedence

  init(_ precedence: StatePrecedence) {
    self.precedence = precedence
  }

  private enum Member: String, CodingKey {
    case order, dominant
  }

  func encode(to encoder: any Encoder) throws {
    let catalog = StateCatalog.forCoding(encoder.userInfo[.stateCatalog])
    var container = encoder.container(keyedBy: Member.self)
    let order = precedence.shortestOrder
    if !order.isEmpty {
      try container.encode(order.map { catalog.description(of: $0) }, forKey: .order)
    }
    if !precedence.dominant.isNormal {
      try container.encode(catalog.description(of: precedence.dominant), forKey: .dominant)
    }
  }
}

/// A coding key for an array element.
struct _IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { intValue.map(String.init) ?? "" }

  init(_ index: Int) {
    intValue = index
  }

  init?(stringValue: String) {
    return nil
  }

  init?(intValue: Int) {
    self.intValue = intValue
  }
}

extension StyleSet.DecodableKey {
  /// The keys a decoder's `userInfo` holds under `CodingUserInfoKey.styleKeys`; without them,
  /// decoding `what` (a style set or an overlay) cannot know its attributes.
  static func keys(of decoder: any Decoder, decoding what: String) throws -> [Self] {
    guard let keys = decoder.userInfo[.styleKeys] as? [Self] else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "decoding \(what) needs its attributes: set userInfo[.styleKeys] to [StyleSet.DecodableKey], or call init(from:keys:)"
        ))
    }
    return keys
  }

  /// The keys by name; two keys of one name are an error.
  static func byName(_ keys: [Self], in document: _ThemeDocument) throws(StateKitError)
    -> [String: Self]
  {
    var byName: [String: Self] = [:]
    for key in keys {
      if byName.updateValue(key, forKey: key.name) != nil {
        throw document.failure("two style keys are both named \(quoted(key.name))", at: [])
      }
    }
    return byName
  }

  /// The key an attribute's name names; an unknown attribute is an error that lists the known
  /// ones.
  static func named(
    _ name: String, in byName: [String: Self], document: _ThemeDocument, at path: [String] = []
  ) throws(StateKitError) -> Self {
    guard let key = byName[name] else {
      throw document.failure(
        "unknown style attribute \(quoted(name)); known: \(byName.keys.sorted().joined(separator: ", "))",
        at: path + [name])
    }
    return key
  }
}

extension CodingUserInfoKey {
  /// The key under which a decoder's `userInfo` holds the `[StyleSet.DecodableKey]` that
  /// ``StyleSet/init(from:)`` accepts.
  public static let styleKeys: CodingUserInfoKey = {
    // `init(rawValue:)` is failable only to satisfy RawRepresentable: it accepts every string.
    guard let key = CodingUserInfoKey(rawValue: "dev.statekit.StyleSet.keys") else {
      preconditionFailure("CodingUserInfoKey rejected a constant key")
    }
    return key
  }()
}

extension StyleSet: Codable {
  /// Encodes the style set as an object with one member per attribute, named by the key's
  /// name, whose value is the attribute's ``StateTable``: selector text to value, or, for a
  /// first-match table, an array of one-entry objects in the order they are tried (see
  /// ``StateTable/encode(to:)``; a table here writes no precedence of its own).
  ///
  ///     var style = StyleSet()
  ///     style[.titleColor, for: .normal] = "blue"
  ///     style[.underlined, for: .highlighted] = true
  ///     let json = try JSONEncoder().encode(style)
  ///     // {"titleColor": {"normal": "blue"}, "underlined": {"highlighted": true}}
  ///     style[.titleColor] = StateTable(firstMatch: [(StateSelector(.disabled), "gray"), (StateSelector(.normal), "blue")])
  ///     // {"titleColor": [{"disabled": "gray"}, {"normal": "blue"}], "underlined": {"highlighted": true}}
  ///
  /// State names come from the catalog under `CodingUserInfoKey.stateCatalog` in the
  /// encoder's `userInfo`, else the system names and hex. A precedence other than
  /// ``StatePrecedence/standard`` is written under `"$precedence"`, so the decoded style set
  /// resolves every state as this one does:
  ///
  ///     var strict = StyleSet(precedence: StatePrecedence([.selected], dominant: .disabled))
  ///     strict[.titleColor, for: .normal] = "blue"
  ///     let strictJSON = try JSONEncoder().encode(strict)
  ///     // {"$precedence": {"dominant": "disabled", "order": ["selected"]}, "titleColor": {"normal": "blue"}}
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` when an attribute's value type is not Encodable,
  ///   two attributes of different types share a name, or an attribute has a reserved name
  ///   (`$precedence`, `$layout`, `$transitions`, `$replace`, `$remove`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: _SelectorKey.self)
    if precedence.layout != .controlState {
      // Another toolkit's theme names its layout, which gives its names and its rule.
      try container.encode(
        precedence.layout.name, forKey: _SelectorKey(ThemeDirective.layout.rawValue))
    } else if precedence != .standard {
      try container.encode(
        _PrecedenceForm(precedence), forKey: _SelectorKey(ThemeDirective.precedence.rawValue))
    }
    var written: Set<String> = []
    for column in _storage.columns.sorted(by: { $0.slot < $1.slot }) {
      let slot = column.slot
      guard !_ThemeDocument.directives.contains(slot.name) else {
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: container.codingPath,
            debugDescription:
              "attribute name \(quoted(slot.name)) is reserved for a theme directive"))
      }
      guard written.insert(slot.name).inserted else {
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: container.codingPath,
            debugDescription:
              "two attributes of different value types are both named \(quoted(slot.name))"))
      }
      guard let encodable = column.encodable else {
        throw EncodingError.invalidValue(
          self,
          EncodingError.Context(
            codingPath: container.codingPath + [_SelectorKey(slot.name)],
            debugDescription: "the values of attribute \(quoted(slot.name)) are not Encodable"))
      }
      try container.encode(encodable, forKey: _SelectorKey(slot.name))
    }
  }

  /// Decodes a style set, taking the attributes it may hold from the decoder's `userInfo`
  /// under `CodingUserInfoKey.styleKeys`.
  ///
  ///     let decoder = JSONDecoder()
  ///     decoder.userInfo[.styleKeys] = [StyleSet.DecodableKey(.titleColor)]
  ///     decoder.userInfo[.stateCatalog] = try StateCatalog(merging: [.linkKit])
  ///     let json = Data(#"{"titleColor": {"visited": "purple"}}"#.utf8)
  ///     let theme = try decoder.decode(StyleSet.self, from: json)
  ///     theme.resolve(.visited)[.titleColor]  // "purple"
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when `userInfo` has no keys, when the document names an
  ///   attribute that is not among them, or as ``StateTable``'s decoding throws.
  public init(from decoder: any Decoder) throws {
    try self.init(from: decoder, keys: DecodableKey.keys(of: decoder, decoding: "a StyleSet"))
  }

  /// Decodes a style set that may hold the given attributes.
  ///
  ///     struct LinkTheme: Decodable {
  ///         var style: StyleSet
  ///         init(from decoder: any Decoder) throws {
  ///             style = try StyleSet(from: decoder, keys: [.init(.titleColor), .init(.underlined)])
  ///         }
  ///     }
  ///
  /// - Parameters:
  ///   - decoder: The decoder to read from.
  ///   - keys: The attributes the document may hold, with their value types.
  /// - Throws: `DecodingError.dataCorrupted` naming an attribute that is not among `keys`, or
  ///   that two keys share; any error decoding a table.
  public init(from decoder: any Decoder, keys: [DecodableKey]) throws {
    let document = try _ThemeDocument(from: decoder)
    do {
      self = try document.styleSet(
        keys: keys, catalog: StateCatalog.forCoding(decoder.userInfo[.stateCatalog]),
        userInfo: decoder.userInfo)
    } catch {
      throw error.decodingError(below: decoder.codingPath)
    }
  }
}
