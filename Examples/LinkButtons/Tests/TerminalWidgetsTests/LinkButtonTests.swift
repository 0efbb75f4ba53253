import Foundation
import StateKit
import StateKitTesting
import TerminalWidgets
import Testing

/// The example's theme file, read as the app reads it.
func exampleTheme() throws -> StyleSet {
  let url = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("theme.json")
  let catalog = try StateCatalog(merging: [.terminalWidgets])
  return try StyleSet(
    themeJSON: try Data(contentsOf: url), keys: StyleSet.linkButtonKeys, catalog: catalog)
}

/// What a test expects of a link: its state, and how many times it must have been drawn.
struct LinkModel: Sendable {
  var state: ControlState = .normal
  var draws = 1
}

@Suite("LinkButton")
struct LinkButtonTests {
  /// The theme resolves as the README describes: disabled dominates, visited beats normal.
  @Test func themeFileResolves() throws {
    let theme = try exampleTheme()
    #expect(theme.resolve(.normal)[.titleColor] == .blue)
    #expect(theme.resolve(.visited)[.titleColor] == .purple)
    #expect(theme.resolve([.visited, .disabled])[.titleColor] == .white)
    #expect(theme.resolve([.highlighted, .focused])[.underlined] == true)
    #expect(theme.relevantStates == [.highlighted, .disabled, .visited])
  }

  /// Random sequences of events on a link: after each, the link shows the theme's look for
  /// the model's state, and it has redrawn exactly once per change that touched a bit the
  /// theme mentions (focus and selection, which the theme ignores, never redraw it).
  @Test func linksRedrawOnlyWhenTheirLookCanChange() throws {
    let theme = try exampleTheme()
    let relevant = theme.relevantStates
    typealias Action = StateMachine<LinkModel, LinkButton>.Action
    /// An event that sets or clears bits of the state, on the model and on the link.
    func event(_ name: String, _ bits: ControlState, on: Bool) -> Action {
      Action(
        name, when: { $0.state.contains(bits) != on },
        model: { model in
          let old = model.state
          if on { model.state.formUnion(bits) } else { model.state.subtract(bits) }
          if !old.symmetricDifference(model.state).isDisjoint(with: relevant) { model.draws += 1 }
        },
        system: { link in link.state.set(bits, on) })
    }
    let machine = StateMachine<LinkModel, LinkButton>(
      model: { LinkModel() }, system: { LinkButton("Link", style: theme) },
      actions: [
        event("hover", .highlighted, on: true), event("leave", .highlighted, on: false),
        event("focus", .focused, on: true), event("blur", .focused, on: false),
        event("select", .selected, on: true), event("deselect", .selected, on: false),
        event("disable", .disabled, on: true), event("enable", .disabled, on: false),
        event("follow", .visited, on: true), event("forget", .visited, on: false),
      ],
      invariant: { model, link in
        let look = theme.resolve(model.state)
        return link.state.state == model.state && link.drawCount == model.draws
          && link.rendered.contains(look[.titleColor].map { "[\($0.ansiCode)" } ?? "Link")
          && link.rendered.contains(";4m") == (look[.underlined] == true && look[.dimmed] != true)
      })
    forAll("a link redraws exactly when its look can change", machine, count: 0...30, cases: 1_000)
  }
}
