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
