import StateKit
import StateKitTesting
import Testing

@testable import StateKitCore

@Suite("ControlState")
struct ControlStateTests {
  @Test func staticsHaveUIKitValues() {
    #expect(ControlState.normal.rawValue == 0)
    #expect(ControlState.highlighted.rawValue == 1)
    #expect(ControlState.disabled.rawValue == 2)
    #expect(ControlState.selected.rawValue == 4)
    #expect(ControlState.focused.rawValue == 8)
    #expect(ControlState.application.rawValue == 0x00FF_0000)
    #expect(ControlState.reserved.rawValue == 0xFF00_0000)
    #expect(ControlState.system.rawValue == 0x0000_FFFF)
  }

  @Test(arguments: 0..<8)
  func applicationBitInRange(index: Int) throws {
    let state = try ControlState(applicationBit: index)
    #expect(state.rawValue == 1 << UInt(16 + index))
    #expect(state.isSubset(of: .application))
    #expect(state.applicationBitIndex == index)
  }

  @Test(arguments: [-1, 8, 16, Int.min, Int.max])
  func applicationBitOutOfRangeThrows(index: Int) {
    let error = #expect(throws: StateKitError.self) { try ControlState(applicationBit: index) }
    #expect(error?.code == .applicationBitOutOfRange)
    #expect(error?.input == String(index))
    #expect(error?.description.contains("\(index)") == true)
    #expect(error?.description.contains("0...7") == true)
  }

  @Test func catchByCode() {
    var caught = false
    do {
      _ = try ControlState(applicationBit: 9)
    } catch StateKitError.Code.applicationBitOutOfRange {
      caught = true
    } catch {
      Issue.record("unexpected error \(error)")
    }
    #expect(caught)
  }

  @Test func isNormalVersusContainsNormal() {
    #expect(ControlState.normal.isNormal)
    #expect(!ControlState.selected.isNormal)
    #expect(ControlState.selected.contains(.normal))
    #expect(ControlState(rawValue: 1 << 40).isNormal == false)
  }

  @Test func applicationBitIndexIsNilForOtherStates() {
    #expect(ControlState.selected.applicationBitIndex == nil)
    #expect(ControlState.normal.applicationBitIndex == nil)
    #expect(ControlState(rawValue: 0x0003_0000).applicationBitIndex == nil)
    #expect(ControlState(rawValue: 0x0100_0000).applicationBitIndex == nil)
  }

  @Test func parts() {
    let state = ControlState(rawValue: 0x8103_0024)
    #expect(state.intersection(.system).rawValue == 0x24)
    #expect(state.intersection(.application).rawValue == 0x0003_0000)
    #expect(state.intersection(.reserved).rawValue == 0x8100_0000)
    #expect(ControlState(rawValue: 1 << 40).intersection(.system).isNormal)
  }

  @Test func membersInAscendingBitOrder() {
    let state: ControlState = [
      .focused, .highlighted, ControlState(rawValue: 1 << 63), .application,
    ]
    let members = Array(state.members)
    #expect(members.count == 11)
    #expect(members.first == .highlighted)
    #expect(members[1] == .focused)
    #expect(members.last == ControlState(rawValue: 1 << 63))
    #expect(state.rawValue.nonzeroBitCount == 11)
    #expect(Array(ControlState.normal.members).isEmpty)
  }

  @Test func membersLaw() {
    forAll("members are the single bits of a state, ascending, and rebuild it", Gen.anyState) {
      state in
      let members = Array(state.members)
      let rebuilt = members.reduce(ControlState.normal) { $0.union($1) }
      let single = members.allSatisfy { $0.rawValue.nonzeroBitCount == 1 }
      let ascending = zip(members, members.dropFirst()).allSatisfy { $0.rawValue < $1.rawValue }
      return rebuilt == state && single && ascending
        && members.count == state.rawValue.nonzeroBitCount
    }
  }
}
