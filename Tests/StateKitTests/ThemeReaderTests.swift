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
    let error = try #require(self.error(text))
    #expect(error.code == .repeatedKey)
    #expect(error.token == "normal")
    #expect(error.path == ["titleColor", "normal"])
    #expect(error.location.map { [$0.offset, $0.line, $0.column] } == [46, 4, 5])
    #expect(
      error.description
        == #"invalid theme at line 4, column 5: selector key "normal" of attribute "titleColor" is repeated; first at line 3, column 5"#
    )
    #expect(error.details["path"] == "/titleColor/normal")
    #expect(error.details["line"] == "4")
    #expect(error.details["column"] == "5")
    #expect(error.details["offset"] == "46")
  }

  @Test func repeatsAnywhereAreRejected() throws {
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
      #expect(error.code == .repeatedKey, "\(text)")
      #expect(error.path == path, "\(text)")
      #expect(error.description.contains(fragment), "\(text): \(error)")
    }
    // The same selector written two ways is the table decoder's error, with its location.
    let twoWays = try #require(
      error(#"{"titleColor": {"selected | focused": "a", "focused|selected": "b"}}"#))
    #expect(twoWays.code == .invalidTheme)
    #expect(twoWays.description.contains("denotes the same selector"))
    #expect(twoWays.location?.line == 1)
  }

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
      #expect(error.code == .invalidTheme, "\(text)")
      #expect(error.description.contains(fragment), "\(text): \(error)")
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
  }

  @Test func goodDocumentsReadAsJSONDecoderReadsThem() throws {
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
    #expect(read.resolve(.normal)[.titleColor] == "blüe \"x\"")
    let overlay = try StyleOverlay(
      themeJSON: Array(#"{"$replace": {"size": {}}, "titleColor": {"focused": "x"}}"#.utf8),
      keys: Self.keys)
    #expect(read.overlaid(with: overlay)[StyleKey<Int>("size")].entries.isEmpty)
    #expect(read.overlaid(with: overlay)[.titleColor, for: .focused] == "x")
  }
}
