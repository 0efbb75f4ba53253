import ErrorKit
import StateKitTesting
import Testing

@testable import ErrorKitCore

/// The walks of ErrorPayload (its chain, equality, JSON text, tree size and limits, codes beyond
/// JSON) against the rules they replaced, written here as they were, over seeded random trees:
/// chains long and short, other causes, shared causes, absent and present fields.
@Suite("ErrorPayload's walks agree with their plain rules")
struct PayloadWalkEquivalenceTests {
  /// The package's SplitMix64, so that the cases repeat.
  struct Random {
    var generator: SplitMix64
    init(state: UInt64) { generator = SplitMix64(seed: state) }
    mutating func next() -> UInt64 { generator.next() }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
  }

  static let words = ["", "D", "id", "a\"b", "line\nbreak", "\u{1B}[31m", "日本", "\\"]

  static func text(_ random: inout Random) -> String? {
    random.chance(40) ? nil : words[random.below(words.count)]
  }

  static func code(_ random: inout Random) -> Int {
    switch random.below(10) {
    case 0: return Int.min
    case 1: return 1 << 53
    case 2: return -(1 << 53 - 1)
    default: return random.below(2_000) - 1_000
    }
  }

  /// A payload with a chain of `length` errors below it at most, and other causes while
  /// `budget` lasts.
  static func payload(_ random: inout Random, length: Int, budget: inout Int) -> ErrorPayload {
    var levels: [ErrorPayload] = []
    for _ in 0..<max(1, length) {
      var details: [String: String] = [:]
      if random.chance(30) {
        for _ in 0..<random.below(3) { details["k\(random.below(4))"] = text(&random) ?? "" }
      }
      var level = ErrorPayload(
        domain: text(&random) ?? "D", code: code(&random), name: text(&random),
        message: text(&random), failureReason: text(&random),
        recoverySuggestion: text(&random), details: details)
      if budget > 0, random.chance(10) {
        for _ in 0..<(1 + random.below(2)) {
          budget -= 1
          level.otherCauses.append(
            payload(&random, length: random.below(random.chance(10) ? 80 : 4), budget: &budget))
        }
      }
      levels.append(level)
    }
    var result = levels.removeLast()
    while var outer = levels.popLast() {
      outer.underlying = result
      result = outer
    }
    return result
  }

  static func cases(seed: UInt64, count: Int) -> [ErrorPayload] {
    var random = Random(state: seed)
    return (0..<count).map { _ in
      var budget = random.below(6)
      let length = random.chance(10) ? 60 + random.below(20) : 1 + random.below(6)
      return payload(&random, length: length, budget: &budget)
    }
  }

  // The rules as they were.

  static func plainChain(_ payload: ErrorPayload) -> [ErrorPayload] {
    var result: [ErrorPayload] = []
    var current: ErrorPayload? = payload
    while let payload = current {
      result.append(payload)
      current = payload.underlying
    }
    return result
  }

  static func plainEqual(_ a: ErrorPayload?, _ b: ErrorPayload?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return sameFields(a, b) && plainEqual(a.underlying, b.underlying)
  }

  /// The fields and other causes alike, by the plain rule; the underlying errors not compared.
  static func sameFields(_ a: ErrorPayload, _ b: ErrorPayload) -> Bool {
    a.domain == b.domain && a.code == b.code && a.name == b.name
      && a.message == b.message && a.failureReason == b.failureReason
      && a.recoverySuggestion == b.recoverySuggestion && a.details == b.details
      && a.otherCauses.count == b.otherCauses.count
      && zip(a.otherCauses, b.otherCauses).allSatisfy { plainEqual($0, $1) }
  }

  /// Two lists of the errors of chains alike: each error's fields, level by level (its
  /// underlying error is the next level).
  static func sameLevels(_ a: [ErrorPayload], _ b: [ErrorPayload]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { sameFields($0, $1) }
  }

  static func plainTreeSize(_ root: ErrorPayload) -> (depth: Int, count: Int) {
    var deepest = 0
    var count = 0
    var pending: [(payload: ErrorPayload, level: Int)] = [(root, 1)]
    while let (payload, level) = pending.popLast() {
      count += 1
      deepest = max(deepest, level)
      if let first = payload.underlying { pending.append((first, level + 1)) }
      for other in payload.otherCauses { pending.append((other, level + 1)) }
    }
    return (deepest, count)
  }

  static func plainCodeBeyondJSON(_ root: ErrorPayload) -> Int? {
    var pending = [root]
    while let payload = pending.popLast() {
      if payload.code.magnitude > UInt((1 << 53) - 1) { return payload.code }
      if let first = payload.underlying { pending.append(first) }
      pending.append(contentsOf: payload.otherCauses)
    }
    return nil
  }

  static func plainWrite(_ root: ErrorPayload, to writer: inout JSONWriter) {
    let levels = plainChain(root)
    for (index, payload) in levels.enumerated() {
      writer.raw("{\"domain\": ")
      writer.string(payload.domain)
      writer.raw(", \"code\": \(payload.code), \"name\": ")
      writer.optionalString(payload.name)
      writer.raw(", \"description\": ")
      writer.optionalString(payload.message)
      writer.raw(", \"failureReason\": ")
      writer.optionalString(payload.failureReason)
      writer.raw(", \"recoverySuggestion\": ")
      writer.optionalString(payload.recoverySuggestion)
      writer.raw(", \"details\": {")
      for (offset, key) in payload.details.keys.sorted().enumerated() {
        if offset > 0 { writer.raw(", ") }
        writer.string(key)
        writer.raw(": ")
        writer.string(payload.details[key] ?? "")
      }
      writer.raw("}, \"underlying\": ")
      if index == levels.count - 1 { writer.raw("null") }
    }
    for payload in levels.reversed() {
      if !payload.otherCauses.isEmpty {
        writer.raw(", \"otherCauses\": [")
        for (offset, other) in payload.otherCauses.enumerated() {
          if offset > 0 { writer.raw(", ") }
          plainWrite(other, to: &writer)
        }
        writer.raw("]")
      }
      writer.raw("}")
    }
  }

  @Test func walksAgreeWithThePlainRules() {
    let payloads = Self.cases(seed: 0x5EED, count: 200)
    var mismatches: [String] = []
    for (index, payload) in payloads.enumerated() {
      let chain = payload.chain
      let plain = Self.plainChain(payload)
      if !Self.sameLevels(chain, plain) || !Self.plainEqual(chain.last, plain.last) {
        mismatches.append("\(index): chain")
      }
      for limit in [0, 1, 2, 64, 65, chain.count - 1, chain.count, chain.count + 1]
      where limit >= 0 {
        let prefix = payload.chainPrefix(limit)
        if !Self.sameLevels(prefix, Array(plain.prefix(limit))) {
          mismatches.append("\(index): chainPrefix(\(limit))")
        }
      }
      let linked = ErrorPayload(linking: payload.chainPrefix(ErrorPayload.maximumDepth + 1))
      if !Self.plainEqual(linked, ErrorPayload(linking: plain)) {
        mismatches.append("\(index): linking the prefix")
      }
      var writer = JSONWriter()
      Self.plainWrite(payload, to: &writer)
      if payload.jsonText != String(decoding: writer.bytes, as: UTF8.self) {
        mismatches.append("\(index): jsonText")
      }
      let size = Self.plainTreeSize(payload)
      if payload.treeSize != size { mismatches.append("\(index): treeSize") }
      let within =
        size.depth <= ErrorPayload.maximumDepth && size.count <= ErrorPayload.maximumCount
      if payload.isWithinLimits != within { mismatches.append("\(index): isWithinLimits") }
      if payload.codeBeyondJSON != Self.plainCodeBeyondJSON(payload) {
        mismatches.append("\(index): codeBeyondJSON")
      }
      // Equality against itself, a copy rebuilt from its fields, and the next case and a
      // changed copy, which differ.
      for other in [payload, Self.rebuilt(payload), payloads[(index + 1) % payloads.count]]
        + Self.changed(payload)
      {
        if (payload == other) != Self.plainEqual(payload, other)
          || (other == payload) != Self.plainEqual(other, payload)
        {
          mismatches.append("\(index): ==")
        }
      }
    }
    #expect(mismatches == [])
    // The cases reach both sides of each rule.
    #expect(
      Set(payloads.map { [$0.isWithinLimits, $0.codeBeyondJSON == nil, $0.otherCauses.isEmpty] })
        .count > 4)
  }

  /// The same payload with no box shared with the original.
  static func rebuilt(_ payload: ErrorPayload) -> ErrorPayload {
    var copy = ErrorPayload(
      domain: payload.domain, code: payload.code, name: payload.name, message: payload.message,
      failureReason: payload.failureReason, recoverySuggestion: payload.recoverySuggestion,
      details: payload.details, underlying: payload.underlying.map(rebuilt))
    copy.otherCauses = payload.otherCauses.map(rebuilt)
    return copy
  }

  /// Copies with one field changed at the top, at the bottom of the chain, or in a cause.
  static func changed(_ payload: ErrorPayload) -> [ErrorPayload] {
    var results: [ErrorPayload] = []
    var top = payload
    top.code &+= 1
    results.append(top)
    var levels = payload.chain
    levels[levels.count - 1].message = (levels[levels.count - 1].message ?? "") + "!"
    results.append(ErrorPayload(linking: levels) ?? payload)
    if levels.count > 1 {
      var shorter = payload.chain
      shorter.removeLast()
      results.append(ErrorPayload(linking: shorter) ?? payload)
    }
    if let index = levels.firstIndex(where: { !$0.otherCauses.isEmpty }) {
      levels = payload.chain
      levels[index].otherCauses[0].domain += "x"
      results.append(ErrorPayload(linking: levels) ?? payload)
    }
    return results
  }

  /// Sharing boxes: a payload and one that shares the bottom of its chain, and equal chains
  /// that share no box.
  @Test func sharedAndLongChainsCompareAsThePlainRule() {
    var base = ErrorPayload(domain: "D", code: 0)
    for level in 1...200 { base = ErrorPayload(domain: "D", code: level, underlying: base) }
    var other = base
    other.message = "m"
    let pairs = [
      (base, base), (base, other), (base, Self.rebuilt(base)),
      (
        ErrorPayload(domain: "D", code: 201, underlying: base),
        ErrorPayload(domain: "D", code: 201, underlying: Self.rebuilt(base))
      ),
    ]
    #expect(pairs.map { $0 == $1 } == pairs.map { Self.plainEqual($0, $1) })
    #expect(pairs.map { $0 == $1 } == [true, false, true, true])
    #expect(base.treeSize == Self.plainTreeSize(base) && !base.isWithinLimits)
  }
}
