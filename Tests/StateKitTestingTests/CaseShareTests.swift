import Testing

@testable import StateKitTesting

/// `STATEKIT_CASES`: the share of each property's cases a slow run takes.
@Suite("Case share")
struct CaseShareTests {
  @Test func percentagesParseAndOthersDoNot() {
    #expect(_CaseShare.parse("25%") == 25)
    #expect(_CaseShare.parse("100") == 100)
    #expect(_CaseShare.parse("1%") == 1)
    for bad in ["0%", "101%", "", "%", "-5%", "25 %", "1e2", "quarter", "0025%", "٢٥%"] {
      #expect(_CaseShare.parse(bad) == nil, "\(bad)")
    }
  }

  @Test func aShareKeepsAtLeastOneCaseAndNeverOverflows() {
    #expect(_CaseShare.scaled(2_000, percent: 25) == 500)
    #expect(_CaseShare.scaled(3, percent: 1) == 1)
    #expect(_CaseShare.scaled(0, percent: 50) == 0)
    #expect(_CaseShare.scaled(Int.max, percent: 100) == Int.max)
    #expect(_CaseShare.scaled(Int.max, percent: 50) == Int.max / 2)
    for cases in [1, 7, 99, 100, 101, 1_999] {
      for percent in [1, 33, 50, 99, 100] {
        let scaled = _CaseShare.scaled(cases, percent: percent)
        #expect(scaled >= 1 && scaled <= cases, "\(cases) at \(percent)%")
        #expect(scaled == max(1, cases * percent / 100), "\(cases) at \(percent)%")
      }
    }
  }

  @Test func theShareIsReadFromTheEnvironment() throws {
    // The test run's own value (CI sets it for the sanitizer runs), read the same way.
    #expect(_CaseShare.environmentVariable == "STATEKIT_CASES")
    let percent = try _CaseShare.current.get()
    #expect((1...100).contains(percent))
  }
}
