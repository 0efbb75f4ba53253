import StateKit
import StateKitTesting
import Testing

@testable import StateKitCore

/// Properties of what ControlState adds to OptionSet, over 10,000 generated states each.
///
/// ControlState declares no SetAlgebra member of its own: union, intersection, `insert`,
/// `contains` and the rest are OptionSet's defaults over `rawValue`, so the SetAlgebra laws would
/// test the standard library. (`Law.setAlgebra` itself is tested, on a correct and a broken
/// option set, in StateKitTestingTests.) These properties test ControlState's own members.
@Suite("ControlState's own members")
struct ControlStatePropertyTests {
  /// Members are the single bits in ascending order; `isNormal` means no bit while
  /// `contains(.normal)` is always true.
  @Test func membersAreTheSingleBitsInAscendingOrderAndIsNormalMeansNone() {
    forAll(
      "members are the single bits, lowest first", Gen.anyState, cases: GrowthChecks.cases(10_000)
    ) { state in
      let members = Array(state.members)
      return members.allSatisfy { $0.rawValue.nonzeroBitCount == 1 && state.contains($0) }
        && zip(members, members.dropFirst()).allSatisfy { $0.rawValue < $1.rawValue }
        && members.reduce(ControlState.normal) { $0.union($1) } == state
        && members.count == state.rawValue.nonzeroBitCount
        && state.members.underestimatedCount == members.count
    }
    forAll("isNormal is rawValue == 0", Gen.anyState, cases: GrowthChecks.cases(10_000)) { state in
      state.isNormal == (state.rawValue == 0) && state.isNormal == (Array(state.members) == [])
        && state.contains(.normal)
    }
  }

  /// `applicationBitIndex` inverts `init(applicationBit:)`; unnamed bits are the bits outside
  /// the four system names.
  @Test func applicationBitIndexInvertsInitApplicationBitAndUnnamedBitsAreTheRest() {
    forAll("applicationBitIndex", Gen.anyState, cases: GrowthChecks.cases(10_000)) { state in
      guard let index = state.applicationBitIndex else {
        // nil exactly when the state is not one bit of 0x00FF0000.
        return state.rawValue.nonzeroBitCount != 1 || !state.isSubset(of: .application)
      }
      return (0...7).contains(index) && (try? ControlState(applicationBit: index)) == state
    }
    let named: ControlState = [.highlighted, .disabled, .selected, .focused]
    forAll("unnamedBits", Gen.anyState, cases: GrowthChecks.cases(10_000)) { state in
      let unnamed = StateCatalog.system.unnamedBits(in: state)
      return unnamed == state.subtracting(named)
        && unnamed.union(state.intersection(named)) == state
    }
  }
}
