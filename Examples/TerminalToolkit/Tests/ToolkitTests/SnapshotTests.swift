import Foundation
import StateKit
import Styled
import Terminal
import Testing
import ToolkitFixtures

/// Both versions draw every widget kind, with every sample, in every combination of the states
/// it reads (and with states it does not read added), in every colour scheme, cell for cell
/// alike.
@Suite("Snapshots")
struct SnapshotTests {
  @Test(arguments: Widget.Kind.allCases)
  func bothVersionsDrawAlike(kind: Widget.Kind) {
    var cases = 0
    for state in combinations(of: kind.states) {
      // States the kind does not read must not change what it draws.
      let noise = ControlState(rawValue: 0x00FF_000F | 1 << 40).subtracting(kind.states)
        .subtracting(.disabled)
      for extra in [ControlState.normal, noise] {
        for content in kind.samples {
          for scheme in ColorScheme.all {
            let pair = WidgetPair(kind, content, state: state.union(extra))
            var handWritten = Canvas(width: 40, height: 1)
            var styled = Canvas(width: 40, height: 1)
            pair.handWritten.draw(in: &handWritten, x: 1, y: 0, scheme: scheme)
            pair.styled.draw(in: &styled, x: 1, y: 0, scheme: scheme)
            #expect(styled == handWritten, "\(kind) in \(state.rawValue), \(content.title)")
            cases += 1
          }
        }
      }
    }
    #expect(cases == (1 << kind.states.rawValue.nonzeroBitCount) * 2 * kind.samples.count * 3)
  }

  /// The parts differ between states: a widget whose style ignored a state would pass the
  /// snapshot only if the hand-written code ignored it too, so each state a kind reads changes
  /// some drawing.
  @Test(arguments: Widget.Kind.allCases)
  func everyStateAKindReadsChangesItsDrawing(kind: Widget.Kind) {
    for bit in kind.states.members {
      let differs = combinations(of: kind.states.subtracting(bit)).contains { state in
        let draw = { (state: ControlState) -> Canvas in
          var canvas = Canvas(width: 40, height: 1)
          Widget(kind, kind.samples[0], state: state).draw(in: &canvas, x: 0, y: 0, scheme: .base)
          return canvas
        }
        return draw(state) != draw(state.union(bit))
      }
      #expect(differs, "\(kind) ignores \(bit.rawValue)")
    }
  }

  /// The toolkit's names merge without a collision and print its states.
  @Test func theToolkitNamesItsStates() throws {
    let catalog = try StateCatalog(merging: [.toolkit])
    #expect(catalog.description(of: [.focused, .hot]) == "focused | hot")
    #expect(try catalog.parse("open | navigating") == [.open, .navigating])
  }
}

/// The StateKit version's selection code and styles are shorter than the hand-written ones.
@Suite("Size")
struct SizeTests {
  /// The non-blank lines of a source file of the package that are not comments.
  static func codeLines(_ path: String) throws -> Int {
    let root = URLPath(#filePath).parent.parent.parent
    let text = try String(contentsOfFile: root + "/Sources/" + path, encoding: .utf8)
    return text.split(separator: "\n").filter { line in
      let trimmed = line.drop { $0 == " " }
      return !trimmed.isEmpty && !trimmed.hasPrefix("//")
    }.count
  }

  @Test func theStyledSelectionIsShorter() throws {
    let handWritten = try Self.codeLines("HandWritten/Selection.swift")
    let styled = try Self.codeLines("Styled/Styles.swift")
    print("selection code and styles: hand-written \(handWritten) lines, StateKit \(styled)")
    #expect(styled < handWritten)
  }
}

/// A path as text, enough to walk up from this file.
struct URLPath {
  let text: String
  init(_ text: String) { self.text = text }
  var parent: URLPath { URLPath(String(text[..<(text.lastIndex(of: "/") ?? text.startIndex)])) }
  static func + (lhs: URLPath, rhs: String) -> String { lhs.text + rhs }
}
