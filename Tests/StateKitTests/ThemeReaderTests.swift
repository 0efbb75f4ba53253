import Foundation
import StateKit
import Testing

@Suite("Theme reader: raw bytes, repeated keys, positions")
struct ThemeReaderTests {
  static let keys: [StyleSet.DecodableKey] = [
    .init(.titleColor), .init(.underlined), .init(.background), .init(StyleKey<Int>("size")),
  ]

  func error(_ text: String, overlay: Bool = false) -> StateKitError? {
    do {
      if overlay {
        _ = try StyleOverlay(themeJSON: Array(text.utf8), keys: Self.keys)
      } else {
        _ = try StyleSet(themeJSON: Array(text.utf8), keys: Self.keys)
      }
      return nil
    } catch {
      return error
    }
  }

  /// A repeated selector key is rejected with its position; repeats anywhere are rejected.
  @Test func aRepeatedSelectorKeyIsRejectedWithItsPosition() throws {
    let text = """
      {
        "titleColor": {
          "normal": "blue",
          "normal": "red"
        }
      }
      """
    // JSONDecoder keeps one value without a word: the reason for the raw reader.
    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = Self.keys
    #expect((try? decoder.decode(StyleSet.self, from: Data(text.utf8))) != nil)
    let repeated = try #require(self.error(text))
    #expect(repeated.code == .repeatedKey)
    #expect(repeated.path == ["titleColor", "normal"])
    #expect(repeated.location.map { [$0.offset, $0.line, $0.column] } == [46, 4, 5])
    let texts: [String?] = [
      repeated.token, repeated.description, repeated.details["path"], repeated.details["line"],
      repeated.details["column"], repeated.details["offset"],
    ]
    let expected: [String?] = [
      "normal",
      #"invalid theme at line 4, column 5: selector key "normal" of attribute "titleColor" is repeated; first at line 3, column 5"#,
      "/titleColor/normal", "4", "5", "46",
    ]
    #expect(texts == expected)

    let cases: [(String, [String], String)] = [
      (#"{"titleColor": {}, "titleColor": {}}"#, ["titleColor"], #"attribute "titleColor""#),
      (
        #"{"$precedence": {"order": [], "order": []}}"#, ["$precedence", "order"],
        #"key "order" of "$precedence""#
      ),
      (
        #"{"$remove": {"size": ["normal"], "size": []}}"#, ["$remove", "size"],
        #"key "size" of "$remove""#
      ),
      (
        #"{"titleColor": {"normal": {"a": 1, "a": 2}}}"#, ["titleColor", "normal", "a"],
        #"key "a" at /titleColor/normal"#
      ),
      (
        #"{"titleColor": {"norm\u0061l": "x", "normal": "y"}}"#, ["titleColor", "normal"],
        "written differently, equal as text"
      ),
    ]
    for (text, path, fragment) in cases {
      let error = try #require(self.error(text, overlay: true), "\(text)")
      #expect(error.path == path, "\(text)")
      #expect(
        error.code == .repeatedKey && error.description.contains(fragment),
        "\(text): \(error.code), \(error)")
    }
    // The same selector written two ways is the table decoder's error, with its location.
    let twoWays = try #require(
      error(#"{"titleColor": {"selected | focused": "a", "focused|selected": "b"}}"#))
    #expect(
      twoWays.code == .invalidTheme && twoWays.description.contains("denotes the same selector"),
      "\(twoWays.code), \(twoWays)")
    #expect(twoWays.location?.line == 1)
  }

  /// Bad documents are invalid themes; good documents read as JSONDecoder reads them.
  @Test func badDocumentsAreInvalidThemes() throws {
    let cases: [(String, String, [String], Int?)] = [
      ("{\"titleColor\": {\"normal\": \"blue\"", "not JSON: unterminated object", [], 32),
      ("[1, 2]", "expected an object, found an array", [], nil),
      (#"{"titleColr": {}}"#, #"unknown style attribute "titleColr""#, ["titleColr"], 1),
      (
        #"{"titleColor": {"visited": "x"}}"#, #"unknown state name "visited""#,
        ["titleColor", "visited"], 16
      ),
      (
        #"{"titleColor": {"normal": 3}}"#, "/titleColor/normal: expected a string, found a number",
        ["titleColor", "normal"], 16
      ),
      (#"{"size": {"normal": 1.5}}"#, "does not fit in Int", ["size", "normal"], 10),
      (
        #"{"underlined": {"normal": null}}"#, "expected a boolean, found null",
        ["underlined", "normal"], 16
      ),
      (
        #"{"$precedence": {"order": ["bogus"]}}"#, #"invalid state "bogus""#,
        ["$precedence", "order", "0"], 17
      ),
    ]
    for (text, fragment, path, offset) in cases {
      let error = try #require(self.error(text), "\(text)")
      #expect(
        error.code == .invalidTheme && error.description.contains(fragment),
        "\(text): \(error.code), \(error)")
      #expect(error.path == path, "\(text): \(error.path)")
      #expect(error.location?.offset == offset, "\(text): \(String(describing: error.location))")
    }
    var notUTF8: StateKitError?
    do {
      _ = try StyleSet(themeJSON: [0x7B, 0x0A, 0xFF, 0x7D], keys: Self.keys)
    } catch {
      notUTF8 = error
    }
    #expect(
      notUTF8?.description == "invalid theme at line 2, column 1: the document is not valid UTF-8")
    #expect(
      error(String(repeating: "[", count: 513) + String(repeating: "]", count: 513))?
        .description.contains("nested deeper than the limit of 512") == true)

    let text = #"""
      {"$precedence": {"dominant": "disabled"},
       "titleColor": {"normal": "bl\u00fce \"x\"", "selected | !disabled": "white", "disabled": "gray"},
       "underlined": {"highlighted": true}, "size": {"normal": 1e1, "selected": -2.0}, "background": {}}
      """#
    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = Self.keys
    let expected = try decoder.decode(StyleSet.self, from: Data(text.utf8))
    let read = try StyleSet(themeJSON: Data(text.utf8), keys: Self.keys)
    #expect(read == expected)
    #expect(read.precedence == StatePrecedence(dominant: .disabled))
    #expect(read.resolve(.selected)[StyleKey<Int>("size")] == -2)
    let overlay = try StyleOverlay(
      themeJSON: Array(#"{"$replace": {"size": {}}, "titleColor": {"focused": "x"}}"#.utf8),
      keys: Self.keys)
    #expect(read.overlaid(with: overlay)[StyleKey<Int>("size")].entries.isEmpty)
    let titles: [String?] = [
      read.resolve(.normal)[.titleColor], read.overlaid(with: overlay)[.titleColor, for: .focused],
    ]
    #expect(titles == ["blüe \"x\"", "x"])
  }
}
