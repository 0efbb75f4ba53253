import StateKit
import StateKitTesting
import Testing

@testable import StateKitCore

@Suite("ControlState")
struct ControlStateTests {
  /// The statics have UIKit's values; a state splits into its system, application and
  /// reserved parts; `isNormal` means no bit while every state contains `.normal`; and an
  /// out-of-range application bit is caught by its code.
  @Test func staticsHaveUIKitValuesAndStatesSplitIntoParts() {
    let statics: [ControlState] = [
      .normal, .highlighted, .disabled, .selected, .focused, .application, .reserved, .system,
    ]
    let raws: [UInt] = [0, 1, 2, 4, 8, 0x00FF_0000, 0xFF00_0000, 0x0000_FFFF]
    let staticRaws: [UInt] = statics.map(\.rawValue)
    #expect(staticRaws == raws)
    let state = ControlState(rawValue: 0x8103_0024)
    let masks: [ControlState] = [.system, .application, .reserved]
    let parts: [UInt] = masks.map { state.intersection($0).rawValue }
    let expectedParts: [UInt] = [0x24, 0x0003_0000, 0x8100_0000]
    #expect(parts == expectedParts)
    let normal: [Bool] = [
      ControlState.normal.isNormal, ControlState.selected.isNormal,
      ControlState.selected.contains(.normal), ControlState(rawValue: 1 << 40).isNormal,
      ControlState(rawValue: 1 << 40).intersection(.system).isNormal,
    ]
    #expect(normal == [true, false, true, false, true])

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

  /// Application bits 0...7 are bits 16...23; any other index throws, naming the index and
  /// the range.
  @Test(arguments: Array(0..<8) + [-1, 8, 16, Int.min, Int.max])
  func applicationBitsInRangeAreMadeAndOthersThrow(index: Int) throws {
    if (0..<8).contains(index) {
      let state = try ControlState(applicationBit: index)
      let expectedRaw: UInt = 1 << UInt(16 + index)
      #expect(state.rawValue == expectedRaw)
      #expect(state.isSubset(of: .application) && state.applicationBitIndex == index)
      return
    }
    let error = #expect(throws: StateKitError.self) { try ControlState(applicationBit: index) }
    #expect(error?.code == .applicationBitOutOfRange)
    #expect(error?.input == String(index))
    #expect(
      error?.description.contains("\(index)") == true
        && error?.description.contains("0...7") == true, "\(error?.description ?? "")")
  }

  /// Members come in ascending bit order and rebuild the state; only a single application bit
  /// has an application bit index.
  @Test func membersInAscendingBitOrderAndApplicationBitIndexes() {
    let state: ControlState = [
      .focused, .highlighted, ControlState(rawValue: 1 << 63), .application,
    ]
    let members = Array(state.members)
    let counts: [Int] = [
      members.count, state.rawValue.nonzeroBitCount, Array(ControlState.normal.members).count,
    ]
    #expect(counts == [11, 11, 0])
    let ends: [ControlState?] = [members.first, members[1], members.last]
    #expect(ends == [.highlighted, .focused, ControlState(rawValue: 1 << 63)])
    let indexes: [Int?] = [
      ControlState.selected, .normal, ControlState(rawValue: 0x0003_0000),
      ControlState(rawValue: 0x0100_0000),
    ].map(\.applicationBitIndex)
    #expect(indexes == [nil, nil, nil, nil])

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
