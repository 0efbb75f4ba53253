import Foundation
import StateKit
import StateKitTesting
import Testing

@Suite("Theme files carry precedence")
struct ThemePrecedenceTests {
  static let keys: [StyleSet.DecodableKey] = [
    .init(.titleColor), .init(.underlined), .init(.background),
  ]
  static let named: [ControlState] =
    [.highlighted, .disabled, .selected, .focused]
    + (16...23).map { ControlState(rawValue: 1 << UInt($0)) }

  /// Any precedence: a shuffled prefix of the named bits as the order, and a few dominant
  /// states, named or not.
  static let precedences: Generator<StatePrecedence> = Gen.zip(
    Gen.shuffled(named), Gen.int(in: 0...12),
    Gen.controlState(in: ControlState(rawValue: 0x00FF_000F | 1 << 9), count: 0...3, namedWeight: 1)
  ).map { order, count, dominant in StatePrecedence(Array(order.prefix(count)), dominant: dominant)
  }
  .described { "\($0)" }

  /// A style of three attributes over one of the random-table pools, with a precedence.
  static let styles: Generator<StyleSet> = Gen.zip(
    StateTableTests.randomTable, StateTableTests.randomTable, precedences
  ).map { first, second, precedence in
    var style = StyleSet(precedence: precedence)
    for (selector, value) in first + second {
      switch value % 3 {
      case 0: style[.titleColor, for: selector] = "c\(value)"
      case 1: style[.underlined, for: selector] = value % 2 == 0
      default: style[.background, for: selector] = "b\(value)"
      }
    }
    return style
  }.described { "\($0) with \($0.precedence)" }

  /// Every state over the bits the style mentions, or 512 of them with noise when there are
  /// more than nine.
  static func states(of style: StyleSet) -> [ControlState] {
    let relevant = style.relevantStates.union(style.precedence.dominant)
    if relevant.rawValue.nonzeroBitCount <= 9 {
      return Array(ControlState.combinations(of: relevant))
    }
    var random = SplitMix64(seed: UInt64(relevant.rawValue))
    return (0..<512).map { _ in
      ControlState.random(in: relevant, using: &random).union(
        ControlState(rawValue: UInt(truncatingIfNeeded: random.next()) & 0xFF00_F0F0))
    }
  }

  /// The law: a decoded theme resolves every state exactly as the style set it was encoded
  /// from, whatever its precedence, through JSONDecoder and through the raw reader.
  @Test func encodeDecodePreservesResolution() throws {
    let catalog = try StateCatalog(merging: [.linkKit])
    let encoder = JSONEncoder()
    encoder.userInfo[.stateCatalog] = catalog
    let decoder = JSONDecoder()
    decoder.userInfo[.stateCatalog] = catalog
    decoder.userInfo[.styleKeys] = Self.keys
    forAll(
      "decoded themes resolve as the style they were encoded from", Self.styles,
      cases: GrowthChecks.cases(2_000)
    ) { style in
      let data = try encoder.encode(style)
      let decoded = try decoder.decode(StyleSet.self, from: data)
      let read = try StyleSet(themeJSON: data, keys: Self.keys, catalog: catalog)
      guard decoded == style, read == style, decoded.precedence == style.precedence else {
        return false
      }
      return Self.states(of: style).allSatisfy { state in
        let (mine, theirs) = (style.resolve(state), decoded.resolve(state))
        return mine[.titleColor] == theirs[.titleColor] && mine[.underlined] == theirs[.underlined]
          && mine[.background] == theirs[.background]
      }
    }
  }

  /// Precedence is written only when not standard (the order as short as it can be); a theme
  /// file states its precedence; `$precedence` is a reserved name, not an attribute; a bad
  /// precedence is a decoding error.
  @Test func precedenceIsWrittenOnlyWhenNotStandardAndBadPrecedenceIsADecodingError() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    var style = StyleSet()
    style[.titleColor, for: .normal] = "blue"
    var written: [String] = [String(decoding: try encoder.encode(style), as: UTF8.self)]
    style.precedence = StatePrecedence(dominant: .disabled)
    written.append(String(decoding: try encoder.encode(style), as: UTF8.self))
    style.precedence = StatePrecedence([StateTableTests.visited, .selected])
    encoder.userInfo[.stateCatalog] = try StateCatalog(merging: [.linkKit])
    written.append(String(decoding: try encoder.encode(style), as: UTF8.self))
    let expectedWritten: [String] = [
      #"{"titleColor":{"normal":"blue"}}"#,
      #"{"$precedence":{"dominant":"disabled"},"titleColor":{"normal":"blue"}}"#,
      #"{"$precedence":{"order":["visited","selected"]},"titleColor":{"normal":"blue"}}"#,
    ]
    #expect(written == expectedWritten)
    // An order that only restates the standard one is not written.
    style.precedence = StatePrecedence([.disabled, .highlighted])
    #expect(style.precedence == .standard)

    var reserved = StyleSet()
    reserved[StyleKey<String>("$precedence"), for: .normal] = "x"
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(reserved) }

    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = Self.keys
    decoder.userInfo[.stateCatalog] = try StateCatalog(merging: [.linkKit])
    let json = #"""
      {"$precedence": {"order": ["visited"], "dominant": "disabled | focused"},
       "titleColor": {"selected | highlighted": "white", "disabled": "gray", "visited": "purple",
                      "selected": "black"}}
      """#
    let theme = try decoder.decode(StyleSet.self, from: Data(json.utf8))
    let expected = StatePrecedence([StateTableTests.visited], dominant: [.disabled, .focused])
    // The same file without the directive decodes as before, with the standard precedence.
    let old = #"{"titleColor": {"selected | highlighted": "white", "disabled": "gray"}}"#
    let standard = try decoder.decode(StyleSet.self, from: Data(old.utf8))
    let precedences: [StatePrecedence] = [
      theme.precedence, theme[.titleColor].precedence, standard.precedence,
    ]
    #expect(precedences == [expected, expected, .standard])
    let titles: [String?] = [
      theme.resolve([.disabled, .selected, .highlighted])[.titleColor],
      theme.resolve([StateTableTests.visited, .selected])[.titleColor],
      standard.resolve([.disabled, .selected, .highlighted])[.titleColor],
    ]
    #expect(titles == ["gray", "purple", "white"])

    // Without a catalog, `visited` is no state.
    let plainDecoder = JSONDecoder()
    plainDecoder.userInfo[.styleKeys] = Self.keys
    for (json, fragment) in [
      (#"{"$precedence": {"order": ["visited"]}}"#, #"invalid state "visited""#),
      (#"{"$precedence": {"dominant": "selected | | focused"}}"#, "invalid state"),
      (#"{"$precedence": {"ordre": []}}"#, #"unknown member "ordre""#),
      (#"{"$precedence": {"order": "selected"}}"#, "expected an array, found a string"),
      (#"{"$replace": {}}"#, "belongs to an overlay"),
    ] {
      do {
        _ = try plainDecoder.decode(StyleSet.self, from: Data(json.utf8))
        Issue.record("\(json) decoded")
      } catch let DecodingError.dataCorrupted(context) {
        #expect(context.debugDescription.contains(fragment), "\(json): \(context.debugDescription)")
      } catch {
        #expect(fragment.isEmpty, "\(json): \(error)")
      }
    }
  }
}
