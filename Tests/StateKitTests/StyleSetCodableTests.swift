import Foundation
import StateKit
import StateKitTesting
import Testing

/// A value type that cannot be encoded, to check the error for it.
private struct Opaque: Hashable, Sendable {}

@Suite("StyleSet themes and precedence")
struct StyleSetCodableTests {
  let visited = StateTableTests.visited
  let keys: [StyleSet.DecodableKey] = [.init(.titleColor), .init(.underlined), .init(.background)]

  func linkStyle() -> StyleSet {
    var style = StyleSet()
    style[.titleColor, for: .normal] = "blue"
    style[.titleColor, for: visited] = "purple"
    style[.titleColor, for: StateSelector(.selected, unless: .disabled)] = "white"
    style[.underlined, for: .highlighted] = true
    return style
  }

  /// Theme files round-trip with names, and the round-trip law holds.
  @Test func themeFilesRoundTripWithNames() throws {
    let catalog = try StateCatalog(merging: [.linkKit])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.userInfo[.stateCatalog] = catalog
    let data = try encoder.encode(linkStyle())
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"titleColor":{"normal":"blue","selected | !disabled":"white","visited":"purple"},"underlined":{"highlighted":true}}"#
    )
    let decoder = JSONDecoder()
    decoder.userInfo[.stateCatalog] = catalog
    decoder.userInfo[.styleKeys] = keys
    // An empty table is no attribute.
    let empty = try decoder.decode(StyleSet.self, from: Data(#"{"background": {}}"#.utf8))
    let decoded: [StyleSet] = [try decoder.decode(StyleSet.self, from: data), empty]
    #expect(decoded == [linkStyle(), StyleSet()])

    let plainEncoder = JSONEncoder()
    let plainDecoder = JSONDecoder()
    plainDecoder.userInfo[.styleKeys] = keys
    forAll("decode(encode(style)) == style", StateTableTests.randomTable, cases: 500) { entries in
      var style = StyleSet()
      for (selector, value) in entries {
        switch value % 3 {
        case 0: style[.titleColor, for: selector] = "c\(value)"
        case 1: style[.underlined, for: selector] = value % 2 == 0
        default: style[.background, for: selector] = "b\(value)"
        }
      }
      return try plainDecoder.decode(StyleSet.self, from: plainEncoder.encode(style)) == style
    }
  }

  /// Decoding and encoding errors say what is wrong.
  @Test func decodingAndEncodingErrorsSayWhatIsWrong() throws {
    let decoder = JSONDecoder()
    let data = Data(#"{"titleColr": {"normal": "blue"}}"#.utf8)
    let noKeys = #expect(throws: DecodingError.self) {
      try decoder.decode(StyleSet.self, from: data)
    }
    #expect("\(noKeys as Any)".contains("userInfo[.styleKeys]"))
    decoder.userInfo[.styleKeys] = keys
    let unknown = #expect(throws: DecodingError.self) {
      try decoder.decode(StyleSet.self, from: data)
    }
    #expect(
      "\(unknown as Any)".contains(
        #"unknown style attribute "titleColr"; known: background, titleColor, underlined"#))
    let wrongType = #expect(throws: DecodingError.self) {
      try decoder.decode(StyleSet.self, from: Data(#"{"underlined": {"normal": "yes"}}"#.utf8))
    }
    #expect(wrongType != nil)
    decoder.userInfo[.styleKeys] = keys + [.init(StyleKey<Int>("titleColor"))]
    let twice = #expect(throws: DecodingError.self) {
      try decoder.decode(StyleSet.self, from: data)
    }
    #expect("\(twice as Any)".contains(#"two style keys are both named "titleColor""#))

    var style = StyleSet()
    style[StyleKey<Opaque>("shape"), for: .normal] = Opaque()
    let opaque = #expect(throws: EncodingError.self) { try JSONEncoder().encode(style) }
    #expect("\(opaque as Any)".contains(#"the values of attribute "shape" are not Encodable"#))
    var clash = StyleSet()
    clash[StyleKey<String>("flag"), for: .normal] = "yes"
    clash[StyleKey<Bool>("flag"), for: .normal] = true
    let clashing = #expect(throws: EncodingError.self) { try JSONEncoder().encode(clash) }
    #expect("\(clashing as Any)".contains(#"both named "flag""#))
  }

  /// Attributes of one name and different value types print, encode and fail in one order,
  /// by value type, and a document with several bad keys reports the first in key order: the
  /// text never depends on a dictionary's order, which changes from run to run.
  @Test func orderNeverDependsOnADictionary() throws {
    for names in [["size", "size", "size"], ["a", "size", "b", "size"]] {
      var style = StyleSet()
      for (index, name) in names.enumerated().reversed() {
        switch index % 3 {
        case 0: style[StyleKey<String>(name), for: .normal] = "big"
        case 1: style[StyleKey<Int>(name), for: .normal] = 12
        default: style[StyleKey<Bool>(name), for: .normal] = true
        }
      }
      let expected =
        names.count == 3
        ? "StyleSet(size: [normal: true], size: [normal: 12], size: [normal: big])"
        : "StyleSet(a: [normal: big], b: [normal: true], size: [normal: 12], size: [normal: big])"
      let resolved = expected.replacing("[normal: ", with: "").replacing("]", with: "")
        .replacing("StyleSet(", with: "ResolvedStyle(")
      let descriptions: [String] = [style.description, style.resolve(.normal).description]
      #expect(descriptions == [expected, resolved])
    }
    var clash = StyleSet()
    clash[StyleKey<String>("flag"), for: .normal] = "yes"
    clash[StyleKey<Opaque>("flag"), for: .normal] = Opaque()
    // By type name, StateKitTests.(…).Opaque comes before Swift.String: the first is written
    // and fails as not Encodable, in every run.
    let error = #expect(throws: EncodingError.self) { try JSONEncoder().encode(clash) }
    #expect("\(error as Any)".contains(#"the values of attribute "flag" are not Encodable"#))

    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = keys
    let unknown = #expect(throws: DecodingError.self) {
      try decoder.decode(
        StyleSet.self, from: Data(#"{"zz": {}, "titleColor": {}, "mm": {}, "aa": {}}"#.utf8))
    }
    #expect("\(unknown as Any)".contains(#"unknown style attribute "aa""#))
    let badKeys = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        StateTable<Int>.self, from: Data(#"{"zz": 1, "normal": 2, "mm": 3, "bb": 4}"#.utf8))
    }
    #expect("\(badKeys as Any)".contains(#"invalid selector key "bb""#))
    let twice = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        StateTable<Int>.self,
        from: Data(#"{"selected|focused": 1, "normal": 2, "focused | selected": 3}"#.utf8))
    }
    #expect(
      "\(twice as Any)".contains(
        #"selector key "selected|focused" denotes the same selector as "focused | selected""#))
  }

  @Test func everyTableTakesTheStylePrecedence() {
    var style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
    style[.titleColor, for: [.selected, .highlighted]] = "white"
    style[.titleColor, for: .disabled] = "gray"
    style[.background] = StateTable([
      (StateSelector([.selected, .focused]), "blue"), (StateSelector(.disabled), "none"),
    ])
    let look = style.resolve([.disabled, .selected, .highlighted, .focused])
    var standard = style
    standard.precedence = .standard
    #expect(standard != style)
    var plain = StyleSet()
    plain[.titleColor, for: .disabled] = "black"
    let overlaid = style.overlaid(with: plain)
    let values: [String?] = [
      look[.titleColor], look[.background],
      standard.resolve([.disabled, .selected, .highlighted])[.titleColor],
      overlaid.resolve([.disabled, .selected, .highlighted])[.titleColor],
    ]
    #expect(values == ["gray", "none", "white", "black"])
    let precedences: [StatePrecedence] = [
      style[.background].precedence, overlaid.precedence, overlaid[.titleColor].precedence,
    ]
    #expect(precedences == [style.precedence, style.precedence, style.precedence])
  }
}
