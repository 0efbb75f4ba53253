import ButtonStyle
import StateKit
import StateKitTesting
import Testing

/// The differences of a comparison, one a line, for a failure message.
func report(_ comparison: LookComparison) -> String {
  comparison.differences.prefix(8).map {
    "\(GTKStateText.description(of: $0.state)): StateKit \($0.stateKit), GTK \($0.gtk)"
  }.joined(separator: "\n")
}

@Suite("The button's stylesheet, StateKit's way and GTK's")
struct ButtonStylesheetTests {
  /// The whole point: on every combination of the seven flags the stylesheet mentions
  /// (2^7 = 128 states), StateKit's tables give the look GTK's cascade gives.
  @Test func stateKitAgreesWithGTKOnEveryCombinationOfTheMentionedFlags() throws {
    let sheet = try Stylesheet(css: buttonStylesheet)
    let comparison = try LookComparison(sheet)
    #expect(
      comparison.flags
        == GtkStateFlags.active | GtkStateFlags.prelight | GtkStateFlags.insensitive
        | GtkStateFlags.backdrop | GtkStateFlags.checked | GtkStateFlags.dropActive
        | GtkStateFlags.focusVisible)
    #expect(comparison.stateCount == 128)
    #expect(comparison.differences.isEmpty, Comment(rawValue: report(comparison)))
  }

  /// Flags the stylesheet does not mention change nothing either way: all 32,768 values of
  /// GTK 4's fifteen flags agree.
  @Test func stateKitAgreesWithGTKOnEveryGtkStateFlagsValue() throws {
    let comparison = try LookComparison(Stylesheet(css: buttonStylesheet), flags: 0x7FFF)
    #expect(comparison.stateCount == 32_768)
    #expect(comparison.differences.isEmpty, Comment(rawValue: report(comparison)))
  }

  /// Looks read off the stylesheet by hand, where CSS's tie rule decides: both ways give them.
  @Test func theCascadeDecidesTiesByStylesheetOrder() throws {
    let sheet = try Stylesheet(css: buttonStylesheet)
    let style = try StateKitButtonStyle(sheet)
    let gtk = GTKCSSProvider(sheet)
    let expectations: [(String, ButtonProperty, String)] = [
      // `:active` comes after `:hover`, both one pseudo-class.
      ("active | prelight", .backgroundColor, "#d6d1cd"),
      // `:checked:disabled` comes after `:checked:hover`, both two.
      ("prelight | insensitive | checked", .backgroundColor, "#a4c6f0"),
      // `:backdrop` comes after `:disabled`.
      ("insensitive | backdrop", .color, "#8b8e8f"),
      // `:backdrop` comes after `:drop(active)` for the border, not for the outline.
      ("backdrop | dropActive", .borderColor, "#d5d0cc"),
      ("backdrop | dropActive", .outlineColor, "#2ec27e"),
      // Two pseudo-classes beat one, wherever they are.
      ("prelight | backdrop", .borderColor, "#bfb8b1"),
      ("prelight | insensitive", .borderColor, "#cdc7c2"),
      ("focused | focusVisible", .outlineColor, "#3584e4"),
      ("checked | dirRtl", .fontWeight, "bold"),
    ]
    for (text, property, value) in expectations {
      let state = try GTKStateText.flags(text)
      #expect(style.look(state)[property] == value, "StateKit, \(text), \(property)")
      #expect(gtk.lookup(state: state)[property] == value, "GTK, \(text), \(property)")
    }
  }

  /// StateKit's default resolution (most specific, ties by a precedence of bits) is not CSS's:
  /// here is why the tables are first-match tables in cascade order.
  @Test func mostSpecificTablesBreakTiesOtherwise() throws {
    let sheet = try Stylesheet(css: buttonStylesheet)
    let comparison = try LookComparison(sheet, resolution: .mostSpecific)
    let pressed = comparison.differences.first {
      $0.state == GtkStateFlags.active | GtkStateFlags.prelight
    }
    #expect(pressed?.stateKit.backgroundColor == "#f3f3f3")
    #expect(pressed?.gtk.backgroundColor == "#d6d1cd")
    #expect(comparison.differences.count > 0)
  }

  /// The demo's numbers, so that the README stays true.
  @Test func theTablesHaveOneFirstMatchEntryPerRuleThatSetsTheProperty() throws {
    let style = try StateKitButtonStyle(Stylesheet(css: buttonStylesheet))
    #expect(style.tables.values.allSatisfy { $0.isFirstMatch })
    #expect(style.tables[.backgroundColor]?.entries.count == 9)
    #expect(style.tables[.outlineColor]?.entries.count == 3)
    #expect(
      style.relevantFlags == (try Stylesheet(css: buttonStylesheet)).mentionedFlags)
  }
}

@Suite("GTK's names and bits")
struct GTKNamesTests {
  /// The transcription's flags are gtkenums.h's, and each pseudo-class selects the bit that
  /// `BitLayout.gtk` names for it, so the two ways read the same state from the same word.
  @Test func pseudoClassesSelectTheSameBitBothWays() {
    #expect(GtkStateFlags.flag(ofPseudoClass: "hover") == 0x2)
    #expect(GtkStateFlags.flag(ofPseudoClass: "disabled") == 0x8)
    #expect(GtkStateFlags.flag(ofPseudoClass: "checked") == 0x800)
    #expect(GtkStateFlags.flag(ofPseudoClass: "drop(active)") == 0x1000)
    #expect(GtkStateFlags.flag(ofPseudoClass: "focus-visible") == 0x2000)
    #expect(GtkStateFlags.flag(ofPseudoClass: "focus-within") == 0x4000)
    for name in Stylesheet.statePseudoClasses {
      let layoutName = StateKitButtonStyle.layoutName(ofPseudoClass: name)
      let bit = BitLayout.gtk.systemNames.first { $0.name == layoutName }?.bit
      #expect(
        bit.map { UInt32(1) << UInt32($0) } == GtkStateFlags.flag(ofPseudoClass: name), "\(name)")
    }
    #expect(Stylesheet.statePseudoClasses.count == BitLayout.gtk.systemNames.count)
  }

  @Test func stateTextReadsAndPrintsLayoutNames() throws {
    let flags = try GTKStateText.flags("prelight | checked")
    #expect(flags == 0x802)
    #expect(GTKStateText.description(of: flags) == "prelight | checked")
    #expect(GTKStateText.description(of: 0) == "normal")
    #expect(try GTKStateText.flags("normal") == 0)
    #expect(GTKStateText.description(of: 0x8001) == "active | 0x8000")
    #expect {
      try GTKStateText.flags("hover")
    } throws: {
      "\($0)" == "unknown GtkStateFlags state \"hover\": CSS's :hover is prelight"
    }
    #expect(throws: StateTextError.self) { try GTKStateText.flags("pressed") }
    #expect(throws: StateTextError.self) { try GTKStateText.flags(" | ") }
  }
}

@Suite("Stylesheets at the edges of the cascade")
struct CascadeEdgeTests {
  /// Each stylesheet resolves alike both ways on every combination of its flags, and gives the
  /// value worked out by hand for one state.
  @Test(arguments: [
    // The same selector twice: the later rule.
    ("button:hover { color: a; } button:hover { color: b; }", "prelight", "b"),
    // A pseudo-class written twice counts twice.
    (
      "button:hover:active { color: a; } button:hover:hover { color: b; }", "active | prelight", "b"
    ),
    ("button:hover:hover { color: a; } button:active { color: b; }", "active | prelight", "a"),
    // A selector that matches no state.
    ("button { color: a; } button:hover:not(:hover) { color: b; }", "prelight", "a"),
    // The element name counts below the pseudo-classes: `button:hover` beats a later `*:hover`.
    ("button:hover { color: a; } *:hover { color: b; }", "prelight", "a"),
    ("*:hover:active { color: a; } button:hover { color: b; }", "active | prelight", "a"),
    // Another widget's rule does not apply to a button.
    ("button { color: a; } label:hover { color: b; }", "prelight", "a"),
    // A selector list is a rule per selector; a property set twice in a rule keeps the last.
    (
      "button:active, button:hover { color: a; color: b; } button:checked { color: c; }",
      "prelight | checked", "c"
    ),
    // `:not()` counts as a pseudo-class.
    ("button:hover { color: a; } button:not(:disabled) { color: b; }", "prelight", "b"),
    (
      "button:not(:disabled):not(:backdrop) { color: a; } button:hover { color: b; }",
      "prelight", "a"
    ),
    // No rule sets the property in that state.
    ("button:checked { color: a; }", "prelight", ButtonLook.unset),
  ])
  func edgeAgrees(_ css: String, _ stateText: String, _ color: String) throws {
    let sheet = try Stylesheet(css: css)
    let comparison = try LookComparison(sheet)
    #expect(comparison.differences.isEmpty, Comment(rawValue: report(comparison)))
    let state = try GTKStateText.flags(stateText)
    #expect(try StateKitButtonStyle(sheet).look(state).color == color)
    #expect(GTKCSSProvider(sheet).lookup(state: state).color == color)
  }

  /// Random stylesheets over five flags, element names and `:not()`: both ways agree on all
  /// 32 states of each.
  @Test func randomStylesheetsAgree() {
    let pseudoClass = Gen.zip(
      Gen.element(of: ["hover", "active", "checked", "disabled", "backdrop"]), Gen.bool)
    let declaration = Gen.zip(
      Gen.element(of: ButtonProperty.allCases.map(\.rawValue)), Gen.element(of: ["x", "y", "z"]))
    let selector = Gen.zip(
      Gen.element(of: ["button", "*", "label"]), pseudoClass.array(count: 0...3)
    ).map { element, pseudoClasses in
      element + pseudoClasses.map { $0.1 ? ":not(:\($0.0))" : ":\($0.0)" }.joined()
    }
    let rule = Gen.zip(selector.array(count: 1...2), declaration.array(count: 1...3)).map {
      selectors, declarations in
      selectors.joined(separator: ", ") + " { "
        + declarations.map { "\($0.0): \($0.1);" }.joined(separator: " ") + " }"
    }
    let flags =
      GtkStateFlags.prelight | GtkStateFlags.active | GtkStateFlags.checked
      | GtkStateFlags.insensitive | GtkStateFlags.backdrop
    let stylesheets = rule.array(count: 1...10).map { $0.joined(separator: "\n") }
      .described { $0 }
    forAll("StateKit's cascade tables agree with GTK's lookup", stylesheets, cases: 400) { css in
      let sheet = try Stylesheet(css: css)
      return try LookComparison(sheet, flags: flags).differences.isEmpty
    }
  }
}

@Suite("Stylesheet errors")
struct StylesheetErrorTests {
  @Test(arguments: [
    ("button:hovr { color: a; }", "line 1: unknown pseudo-class \":hovr\""),
    (
      "button {\n  colour: a;\n}",
      "line 2: unknown property \"colour\"; a button's look has background-color, color, "
        + "border-color, outline-color, font-weight"
    ),
    (
      "button.flat { color: a; }",
      "line 1: classes and ids are not part of a state's look: only state pseudo-classes"
    ),
    (
      "box button { color: a; }",
      "line 1: combinators are not part of a state's look: one compound selector a rule"
    ),
    (
      "button:first-child { color: a; }",
      "line 1: \":first-child\" depends on the widget's siblings, not its state"
    ),
    ("button:not(:not(:hover)) { color: a; }", "line 1: nesting of :not() not allowed"),
    ("\nbutton { color: a;", "line 2: rule not closed with \"}\""),
    ("/* open", "line 1: comment not closed"),
    ("button { color: ; }", "line 1: color has no value"),
  ])
  func refused(_ css: String, _ message: String) {
    #expect(throws: StylesheetError.self) { try Stylesheet(css: css) }
    do {
      _ = try Stylesheet(css: css)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func readsWhatGTKWrites() throws {
    let sheet = try Stylesheet(
      css: "BUTTON:Hover , button:drop( active ):not( :dir(rtl) ) { font-weight : bold }")
    #expect(sheet.rules.count == 1)
    #expect(
      sheet.rules[0].selectors.map(\.text) == [
        "button:hover", "button:drop(active):not(:dir(rtl))",
      ])
    #expect(sheet.rules[0].declarations.map(\.property) == [.fontWeight])
    #expect(sheet.rules[0].declarations.map(\.value) == ["bold"])
  }
}
