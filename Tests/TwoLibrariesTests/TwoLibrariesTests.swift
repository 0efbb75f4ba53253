import Foundation
import LinkKit
import ListKit
import StateKit
import Testing

// The app: it uses LinkKit and ListKit, which both put a state on bit 16, and edits neither.

extension StyleKey where Value == String {
  /// The app's one attribute: a widget's title color.
  static var titleColor: StyleKey<String> { StyleKey("titleColor") }
}

/// Where the app starts: the namespaces of its libraries and its one theme file.
struct App {
  let namespaces: StateNamespaces
  let theme: StyleSet

  init(libraries: [StateNames] = [.linkKit, .listKit]) throws {
    namespaces = try StateNamespaces(libraries)
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Theme.json")
    let decoder = JSONDecoder()
    decoder.userInfo[.styleKeys] = [StyleSet.DecodableKey(.titleColor)]
    decoder.userInfo[.stateCatalog] = namespaces.catalog
    theme = try decoder.decode(StyleSet.self, from: Data(contentsOf: url))
  }

  /// A link's color by the theme: its state moves onto the app's bits at the boundary.
  func color(of link: Link) -> String? {
    theme.resolve(namespaces.relocation(for: "LinkKit").apply(link.state))[.titleColor]
  }

  func color(of row: Row) -> String? {
    theme.resolve(namespaces.relocation(for: "ListKit").apply(row.state))[.titleColor]
  }
}

@Suite("Two libraries on one bit")
struct TwoLibrariesTests {
  @Test func bothLibrariesReallyUseBit16() {
    #expect(ControlState.visited == ControlState.dragging)
    #expect(ControlState.visited.rawValue == 1 << 16)
  }

  @Test func eachLibrarysWidgetsResolveTheirOwnLook() {
    #expect(Link(state: .visited).color == "purple")
    #expect(Link(state: [.visited, .disabled]).color == "gray")
    #expect(Row(state: .dragging).color == "orange")
    #expect(Row(state: .reordering).color == "teal")
  }

  @Test func oneThemeFileStylesBoth() throws {
    let app = try App()
    #expect(app.color(of: Link()) == "ink")
    #expect(app.color(of: Link(state: .visited)) == "plum")
    #expect(app.color(of: Link(state: [.visited, .highlighted])) == "plum")
    #expect(app.color(of: Row(state: .dragging)) == "amber")
    #expect(app.color(of: Row(state: [.dragging, .highlighted])) == "gold")
    #expect(app.color(of: Row(state: .reordering)) == "sea")
    #expect(app.color(of: Row(state: [.dragging, .disabled])) == "ash", "ties go to disabled")
    // What the issue saw: without the relocation, a dragged row reads as a visited link.
    #expect(app.theme.resolve(Row(state: .dragging).state)[.titleColor] == "plum")
  }

  @Test func textIsQualifiedWhereNeededAndTheSameInEveryOrder() throws {
    let app = try App()
    let other = try App(libraries: [.listKit, .linkKit])
    #expect(app.namespaces == other.namespaces)
    let catalog = app.namespaces.catalog
    // Only the colliding bit moves: dragging (bit 16, LinkKit's visited's) goes to the lowest
    // free bit, 18; reordering keeps bit 17, which no earlier library took.
    #expect(catalog.customEntries.map(\.name) == ["visited", "reordering", "dragging"])
    let bits: [UInt] = [1 << 16, 1 << 17, 1 << 18]
    #expect(catalog.customEntries.map(\.bits.rawValue) == bits)
    #expect(catalog.owner(of: ControlState(rawValue: 1 << 17)) == "ListKit")
    #expect(app.namespaces.relocation(for: "ListKit").apply(.reordering) == .reordering)
    let row = app.namespaces.relocation(for: "ListKit").apply([.dragging, .selected])
    #expect(catalog.description(of: row) == "selected | dragging")
    #expect(try catalog.parse("ListKit.dragging | selected") == row)
    #expect(try catalog.parse("LinkKit.visited") == .visited)
    #expect(app.namespaces.relocation(for: "LinkKit").isIdentity)
    #expect(app.namespaces.relocation(for: "ListKit").revert(row) == [.dragging, .selected])
  }

  /// One widget of the app that is both a link and a row: merging the two libraries' names
  /// into one catalog fails with both claims; the namespaces combine them on distinct bits.
  @Test func aWidgetCombiningBothGetsAClearErrorAndARemedy() throws {
    do {
      _ = try StateCatalog(merging: [.linkKit, .listKit])
      Issue.record("the merge accepted two states on bit 16")
    } catch {
      #expect(error.code == .bitAlreadyDeclared)
      #expect(
        error.description
          == #"cannot declare state "dragging": "ListKit" claims bit 16 (0x10000) as "dragging", but "LinkKit" claims it as "visited""#
      )
      #expect(
        error.details == [
          "input": "dragging", "bit": "16", "owner": "ListKit", "state": "dragging",
          "earlierOwner": "LinkKit", "earlierState": "visited",
        ])
      #expect(error.recoverySuggestion?.contains("StateNamespaces") == true)
      #expect(error.recoverySuggestion?.contains("Library authors") == true)
    }
    let app = try App()
    let link = Link(state: .visited)
    let row = Row(state: .dragging)
    let combined = app.namespaces.relocation(for: "LinkKit").apply(link.state)
      .union(app.namespaces.relocation(for: "ListKit").apply(row.state))
    #expect(app.namespaces.catalog.description(of: combined) == "visited | dragging")
    // Equally specific: the tie goes to the higher application bit, ListKit's assigned 18.
    #expect(app.theme.resolve(combined)[.titleColor] == "amber")
  }
}
