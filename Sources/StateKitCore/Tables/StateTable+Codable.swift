import ErrorKitCore

// doc-code: continues ../../StateKit/StateKit.docc/DeclaringCustomStates.md

extension StateTable: Encodable where Value: Encodable {
  /// Encodes the table so that decoding it gives an equal table, which resolves every state as
  /// this one does. Selectors are written in the text format (names from the catalog under
  /// `CodingUserInfoKey.stateCatalog` in the encoder's `userInfo`, else the system names;
  /// unnamed bits as hex).
  ///
  /// A most-specific table is an object of selectors to values:
  ///
  ///     var table = StateTable<String>()
  ///     table[.normal] = "blue"
  ///     table[try StateSelector(requiring: .selected, excluding: .disabled)] = "white"
  ///     // {"normal": "blue", "selected | !disabled": "white"}
  ///
  /// A first-match table (``init(firstMatch:)``, ``init(evaluating:_:)``) is an array of
  /// objects of one entry each, in the order they are tried, as a theme file writes it:
  ///
  ///     let chain = StateTable(firstMatch: [(StateSelector(.disabled), "gray"), (StateSelector(.normal), "blue")])
  ///     // [{"disabled": "gray"}, {"normal": "blue"}]
  ///
  /// A precedence other than ``StatePrecedence/standard`` is written under `"$precedence"`, as
  /// a theme writes it, beside the selectors of a
  /// most-specific table or the entries of a first-match table under `"$firstMatch"`:
  ///
  ///     // {"$precedence": {"dominant": "disabled"}, "normal": "blue", "disabled": "gray"}
  ///     // {"$precedence": {"order": ["selected"]}, "$firstMatch": [{"disabled": "gray"}]}
  ///
  /// A table whose precedence is another toolkit's (``StatePrecedence/init(layout:)``) writes
  /// that layout's name under `"$layout"` instead, and its selectors with the layout's names:
  ///
  ///     var pressed = StateTable<String>(precedence: StatePrecedence(layout: .lvgl))
  ///     pressed[StateSelector(ControlState(rawValue: 0x20))] = "navy"
  ///     // {"$layout": "lvgl", "pressed": "navy"}
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    guard precedence != .standard else {
      try _encodeEntries(to: encoder)
      return
    }
    var container = encoder.container(keyedBy: _SelectorKey.self)
    if precedence.layout != .controlState {
      // A toolkit's rule takes no order or dominant states: its layout says it all.
      try container.encode(precedence.layout.name, forKey: _SelectorKey(Self._layoutKey))
    } else {
      try container.encode(
        _PrecedenceForm(precedence), forKey: _SelectorKey(Self._precedenceKey))
    }
    if isFirstMatch {
      try container.encode(_TableEntries(self), forKey: _SelectorKey(Self._firstMatchKey))
    } else {
      try _encodeSelectors(
        into: &container, catalog: encoder.catalogForCoding.naming(precedence.layout))
    }
  }

  /// Writes the entries as a theme file's attribute holds them: an object of selectors to
  /// values, or, for a first-match table, an array of one-entry objects in order. The
  /// precedence is not written: a style set writes its own, which every table takes.
  func _encodeEntries(to encoder: any Encoder) throws {
    let catalog = encoder.catalogForCoding.naming(precedence.layout)
    guard isFirstMatch else {
      var container = encoder.container(keyedBy: _SelectorKey.self)
      try _encodeSelectors(into: &container, catalog: catalog)
      return
    }
    var list = encoder.unkeyedContainer()
    for entry in _entries {
      var object = list.nestedContainer(keyedBy: _SelectorKey.self)
      try object.encode(entry.value, forKey: _SelectorKey(catalog.description(of: entry.selector)))
    }
  }

  private func _encodeSelectors(
    into container: inout KeyedEncodingContainer<_SelectorKey>, catalog: StateCatalog
  ) throws {
    for entry in _entries {
      try container.encode(
        entry.value, forKey: _SelectorKey(catalog.description(of: entry.selector)))
    }
  }
}

extension StateTable {
  /// The member of a table's form that holds its precedence.
  static var _precedenceKey: String { _ThemeDocument.precedenceKey }
  /// The member of a table's form that names the layout whose rule and names it has.
  static var _layoutKey: String { _ThemeDocument.layoutKey }
  /// The member of a table's form that holds a first-match table's entries beside its
  /// precedence.
  static var _firstMatchKey: String { "$firstMatch" }
}

/// A table's entries without its precedence, as a theme file's attribute holds them.
struct _TableEntries<Value: Encodable>: Encodable {
  let table: StateTable<Value>

  init(_ table: StateTable<Value>) {
    self.table = table
  }

  func encode(to encoder: any Encoder) throws {
    try table._encodeEntries(to: encoder)
  }
}

/// A table whose values are Encodable, with its value type erased: how a style set writes each
/// of its tables as a theme file's attribute (`_StyleColumn.encodable`).
protocol _ThemeEncodableTable {
  /// The table's entries, without its precedence.
  var _themeForm: any Encodable { get }
}

extension StateTable: _ThemeEncodableTable where Value: Encodable {
  var _themeForm: any Encodable { _TableEntries(self) }
}

extension StateTable: Decodable where Value: Decodable {
  /// Decodes a table from any form ``encode(to:)`` writes: as a theme file's attribute, an
  /// object whose keys are selector text, such as `"normal"`, `"selected | visited"` or
  /// `"selected | !disabled"`, for a most-specific table, or an array of objects of one such
  /// key each, in the order tried, for a first-match table; and either with its precedence.
  ///
  ///     let json = #"{"normal": "blue", "visited": "purple"}"#
  ///     let decoder = JSONDecoder()
  ///     decoder.userInfo[.stateCatalog] = try StateCatalog(merging: [.linkKit])
  ///     let table = try decoder.decode(StateTable<String>.self, from: Data(json.utf8))
  ///     let chain = try decoder.decode(
  ///         StateTable<String>.self, from: Data(#"[{"visited": "purple"}, {"normal": "blue"}]"#.utf8))
  ///     chain.isFirstMatch  // true
  ///
  /// Names are looked up in the catalog under `CodingUserInfoKey.stateCatalog` in the
  /// decoder's `userInfo`, else among the system names. The table has the precedence under
  /// `"$precedence"`, if the object has one, else the standard ``StatePrecedence``; an object
  /// with `"$layout"` (such as `"lvgl"`) has that layout's precedence and names instead.
  ///
  /// Two keys written differently that denote one selector (`"selected | focused"` and
  /// `"focused|selected"`) are an error naming both. A key repeated byte for byte within one
  /// object never reaches the table: the decoder merges it first (Foundation's `JSONDecoder`
  /// keeps the first value).
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the key when a key is not valid selector
  ///   text, when two keys denote the same selector, when an element of a first-match table is
  ///   not an object of one key, when `"$precedence"` is not a precedence, or when `"$layout"`
  ///   is not a layout of states or stands beside `"$precedence"`; any error decoding a value.
  public init(from decoder: any Decoder) throws {
    var catalog = StateCatalog.forCoding(decoder.userInfo[.stateCatalog])
    var seen: [StateSelector: String] = [:]
    let container: KeyedDecodingContainer<_SelectorKey>
    do {
      container = try decoder.container(keyedBy: _SelectorKey.self)
    } catch DecodingError.typeMismatch(let type, let context) {
      // Not an object: a first-match table's array, or the mismatch an object would report.
      guard var list = try? decoder.unkeyedContainer() else {
        throw DecodingError.typeMismatch(type, context)
      }
      self.init(firstMatch: try Self._firstMatchEntries(&list, catalog: catalog, seen: &seen))
      return
    }
    let precedenceKey = _SelectorKey(Self._precedenceKey)
    let layoutKey = _SelectorKey(Self._layoutKey)
    // The two members read as a theme's: `$layout` names the catalog and the rule, and
    // `$precedence` is refused beside it.
    var members: [(key: String, value: JSONValue)] = []
    for key in [layoutKey, precedenceKey] where container.contains(key) {
      members.append((key.stringValue, try container.decode(JSONValue.self, forKey: key)))
    }
    let precedence: StatePrecedence
    do {
      let document = _ThemeDocument(members: members)
      catalog = try document.catalog(for: catalog)
      precedence = try document.precedence(catalog: catalog).precedence
    } catch {
      throw error.decodingError(below: container.codingPath)
    }
    let directives = [precedenceKey.stringValue, layoutKey.stringValue]
    let firstMatchKey = _SelectorKey(Self._firstMatchKey)
    if container.contains(firstMatchKey) {
      if let other = container.allKeys.map(\.stringValue).sorted().first(where: {
        $0 != firstMatchKey.stringValue && !directives.contains($0)
      }) {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [_SelectorKey(other)],
            debugDescription:
              "a table with \(quoted(firstMatchKey.stringValue)) has no selector keys beside it"))
      }
      var list = try container.nestedUnkeyedContainer(forKey: firstMatchKey)
      self.init(firstMatch: try Self._firstMatchEntries(&list, catalog: catalog, seen: &seen))
      self.precedence = precedence
      return
    }
    var pairs: [(StateSelector, Value)] = []
    // In key order, not the decoder's dictionary order, so a document with two keys for one
    // selector, or several bad keys, gives the same error in every run.
    for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue })
    where !directives.contains(key.stringValue) {
      pairs.append(
        (
          try Self._selector(key, in: container.codingPath, catalog: catalog, seen: &seen),
          try container.decode(Value.self, forKey: key)
        ))
    }
    self.init(pairs, precedence: precedence)
  }

  /// The entries of a first-match table's array, in order: objects of one selector key each.
  static func _firstMatchEntries(
    _ list: inout any UnkeyedDecodingContainer, catalog: StateCatalog,
    seen: inout [StateSelector: String]
  ) throws -> [(StateSelector, Value)] {
    var pairs: [(StateSelector, Value)] = []
    while !list.isAtEnd {
      let path = list.codingPath + [_IndexKey(list.currentIndex)]
      let entry = try list.nestedContainer(keyedBy: _SelectorKey.self)
      let keys = entry.allKeys.sorted { $0.stringValue < $1.stringValue }
      guard let key = keys.first, keys.count == 1 else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: path,
            debugDescription:
              "a first-match entry is an object of one selector key, found \(keys.isEmpty ? "none" : "\(keys.count)")"
          ))
      }
      pairs.append(
        (
          try _selector(key, in: path, catalog: catalog, seen: &seen),
          try entry.decode(Value.self, forKey: key)
        ))
    }
    return pairs
  }

  /// The selector a key denotes, unless it is not selector text or an earlier key of the table
  /// denotes the same selector.
  static func _selector(
    _ key: _SelectorKey, in codingPath: [any CodingKey], catalog: StateCatalog,
    seen: inout [StateSelector: String]
  ) throws -> StateSelector {
    do {
      return try _ThemeDocument.selectorKey(key.stringValue, catalog: catalog, seen: &seen)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: codingPath + [key], debugDescription: error.reason,
          underlyingError: error.cause))
    }
  }
}

extension Encoder {
  /// The catalog under `CodingUserInfoKey.stateCatalog` in `userInfo`, else the system names.
  var catalogForCoding: StateCatalog { StateCatalog.forCoding(userInfo[.stateCatalog]) }
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
