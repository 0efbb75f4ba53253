import Foundation
import StateKit
import Testing
import ValueFixtures
import ValueScreen
import ValueStyled

/// Both versions draw every control kind, with every sample, in every combination of the
/// Booleans it reads, with and without the caller's overrides, in every palette and at every
/// pulse phase, cell for cell alike.
@Suite("Snapshots")
struct SnapshotTests {
  @Test(arguments: Kind.allCases)
  func bothVersionsDrawAlike(kind: Kind) {
    var cells = 0
    for flags in 0..<(1 << kind.flags.count) {
      for content in kind.samples {
        for overrides in [false, true] {
          let control = Control(kind, content, flags: flags, overrides: overrides)
          for palette in palettes {
            for now in pulseTimes {
              let (handEnv, styledEnv) = environments(palette, now: now)
              var handWritten = Canvas(width: 40, height: 1)
              var styled = Canvas(width: 40, height: 1)
              control.drawHandWritten(in: &handWritten, x: 1, y: 0, env: handEnv)
              control.drawStyled(in: &styled, x: 1, y: 0, env: styledEnv)
              // The first cell that differs, rather than two canvases, when they differ.
              let cell = styled.cells.indices.first { styled.cells[$0] != handWritten.cells[$0] }
              #expect(
                cell == nil,
                "\(kind) flags \(flags) \(content.title) overrides \(overrides) at \(now): cell \(cell ?? 0)"
              )
              cells += styled.cells.count
            }
          }
        }
      }
    }
    print("\(kind): \(cells) cells compared")
    #expect(cells == (1 << kind.flags.count) * kind.samples.count * 2 * 2 * pulseTimes.count * 40)
  }

  /// Each Boolean a kind reads changes some drawing, so a table that ignored one would pass the
  /// snapshot only if the hand-written code ignored it too.
  @Test(arguments: Kind.allCases)
  func everyFlagChangesTheDrawing(kind: Kind) {
    let env = environments(Midnight(), now: 250).styled
    func draw(_ flags: Int) -> Canvas {
      var canvas = Canvas(width: 40, height: 1)
      Control(kind, kind.samples[0], flags: flags).drawStyled(in: &canvas, x: 0, y: 0, env: env)
      return canvas
    }
    for bit in kind.flags.indices {
      let differs = (0..<(1 << kind.flags.count)).contains { draw($0) != draw($0 | 1 << bit) }
      #expect(differs, "\(kind) ignores \(kind.flags[bit])")
    }
  }

  /// The first times of the clock are the pulse's phases 0, 0.25, 0.5 and 1.
  @Test func theClockTimesAreThePhasesTheSnapshotsClaim() {
    let phases = pulseTimes.prefix(4).map { focusPulse.phase(.focused, at: $0, since: 0) }
    #expect(phases == [0, 0.25, 0.5, 1])
  }

  /// The pulse moves a focused control's colours between frames and leaves others still.
  @Test func theFocusPulseMovesFocusedControlsOnly() {
    func draw(_ flags: Int, at now: Int) -> Canvas {
      var canvas = Canvas(width: 40, height: 1)
      let env = environments(Paper(), now: now).styled
      Control(.button, Content("OK"), flags: flags).drawStyled(in: &canvas, x: 0, y: 0, env: env)
      return canvas
    }
    #expect(draw(0b10, at: 0) != draw(0b10, at: 250))
    #expect(draw(0b10, at: 0) == draw(0b10, at: 1_000))
    #expect(draw(0, at: 0) == draw(0, at: 250))
  }

  /// A subtree's environment holds a look of its own; copies of the standard styles share it.
  @Test func aSubtreeThemeReachesItsSubtreeOnly() {
    let env = environments(Midnight(), now: 0).styled
    var subtree = env
    subtree.styles.button = StyleHolder(
      firstMatch: [.focused: ButtonLook(text: .danger, fill: .surface)],
      default: ButtonLook(text: .danger, fill: .background))
    let button = Control(.button, Content("OK"), flags: 0)
    var (inside, outside) = (Canvas(width: 10, height: 1), Canvas(width: 10, height: 1))
    button.drawStyled(in: &inside, x: 0, y: 0, env: subtree)
    button.drawStyled(in: &outside, x: 0, y: 0, env: env)
    #expect(inside.cells[2].foreground == Midnight().danger)
    #expect(outside.cells[2].foreground == Midnight().foreground)
  }
}

/// The StateKit version, counting everything it adds, is shorter than the hand-written
/// selection code it replaces.
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

  /// The code lines of every Swift file of a target.
  static func targetLines(_ target: String) throws -> (total: Int, files: [String: Int]) {
    let root = URLPath(#filePath).parent.parent.parent
    let names = try FileManager.default.contentsOfDirectory(atPath: root + "/Sources/" + target)
    var files: [String: Int] = [:]
    for name in names where name.hasSuffix(".swift") {
      files[name] = try codeLines(target + "/" + name)
    }
    return (files.values.reduce(0, +), files)
  }

  @Test func theStyledSelectionIsShorter() throws {
    // Every file of each version: the selection code, and the conformances that draw with it;
    // for StateKit, the tables, their call sites, the state name, the pulse and the paints'
    // vocabulary (the palette's colours as StateKit paints, the named opacities).
    let handWritten = try Self.targetLines("ValueHandWritten")
    let styled = try Self.targetLines("ValueStyled")
    print("code lines: hand-written \(handWritten), StateKit \(styled)")
    let (styles, selection) = (
      try Self.codeLines("ValueStyled/Styles.swift"),
      try Self.codeLines("ValueHandWritten/Selection.swift")
    )
    print("selection code lines: hand-written \(selection), StateKit \(styles)")
    #expect(styled.total < handWritten.total)
    #expect(styles < selection)
  }
}

/// A path as text, enough to walk up from this file.
struct URLPath {
  let text: String
  init(_ text: String) { self.text = text }
  var parent: URLPath { URLPath(String(text[..<(text.lastIndex(of: "/") ?? text.startIndex)])) }
  static func + (lhs: URLPath, rhs: String) -> String { lhs.text + rhs }
}
