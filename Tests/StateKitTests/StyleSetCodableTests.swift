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
    #expect(try decoder.decode(StyleSet.self, from: data) == linkStyle())
    let empty = try decoder.decode(StyleSet.self, from: Data(#"{"background": {}}"#.utf8))
    #expect(empty == StyleSet(), "an empty table is no attribute")
  }

  @Test func roundTripLaw() throws {
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = keys
    forAll("decode(encode(style)) == style", StateTableTests.randomTable, cases: 500) { entries in
      var style = StyleSet()
      for (selector, value) in entries {
        switch value % 3 {
        case 0: style[.titleColor, for: selector] = "c\(value)"
        case 1: style[.underlined, for: selector] = value % 2 == 0
        default: style[.background, for: selector] = "b\(value)"
        }
      }
      return try decoder.decode(StyleSet.self, from: encoder.encode(style)) == style
    }
  }

  @Test func decodingErrorsSayWhatIsWrong() throws {
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
  }

  @Test func encodingErrorsSayWhatIsWrong() {
    var style = StyleSet()
    style[StyleKey<Opaque>("shape"), for: .normal] = Opaque()
    let opaque = #expect(throws: EncodingError.self) { try JSONEncoder().encode(style) }
    #expect("\(opaque as Any)".contains(#"the values of attribute "shape" are not Encodable"#))
    var clash = StyleSet()
    clash[StyleKey<String>("flag"), for: .normal] = "yes"
    clash[StyleKey<Bool>("flag"), for: .normal] = true
    let twice = #expect(throws: EncodingError.self) { try JSONEncoder().encode(clash) }
    #expect("\(twice as Any)".contains(#"both named "flag""#))
  }

  @Test func everyTableTakesTheStylePrecedence() {
    var style = StyleSet(precedence: StatePrecedence(dominant: .disabled))
    style[.titleColor, for: [.selected, .highlighted]] = "white"
    style[.titleColor, for: .disabled] = "gray"
    style[.background] = StateTable([
      (StateSelector([.selected, .focused]), "blue"), (StateSelector(.disabled), "none"),
    ])
    let look = style.resolve([.disabled, .selected, .highlighted, .focused])
    #expect(look[.titleColor] == "gray" && look[.background] == "none")
    #expect(style[.background].precedence == style.precedence)
    var standard = style
    standard.precedence = .standard
    #expect(standard != style)
    #expect(standard.resolve([.disabled, .selected, .highlighted])[.titleColor] == "white")
    var plain = StyleSet()
    plain[.titleColor, for: .disabled] = "black"
    let overlaid = style.overlaid(with: plain)
    #expect(overlaid.precedence == style.precedence)
    #expect(overlaid[.titleColor].precedence == style.precedence)
    #expect(overlaid.resolve([.disabled, .selected, .highlighted])[.titleColor] == "black")
  }
}
