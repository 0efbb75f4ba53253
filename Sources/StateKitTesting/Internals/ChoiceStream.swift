/// The stream of choices a generator draws from: fresh and recorded while generating, replayed
/// while shrinking.
///
/// Every generator reduces to draws of numbers below a bound. While generating, each draw asks a
/// hint for a fresh number and records it; while shrinking, the runner replays a shorter or
/// smaller record, and every draw past its end is 0, the simplest choice. Generators are written
/// so that smaller choices mean simpler values: fewer elements, lower bits, named states first.
struct _ChoiceStream {
  /// The choices to replay, or `nil` while generating.
  private let replaying: [UInt64]?
  /// The choices drawn so far, in order.
  private(set) var recorded: [UInt64] = []
  /// The choices of each element of each array, so the shrinker can delete whole elements.
  var spans: [Range<Int>] = []
  /// The source of fresh choices while generating.
  var random: SplitMix64
  /// How large generated values may be, from 0 to 100; it grows over a run.
  var size: Int

  /// The most choices one case may draw, so that a generator that never stops still ends.
  static let limit = 16_384

  /// A stream that draws fresh choices.
  init(random: SplitMix64, size: Int) {
    replaying = nil
    self.random = random
    self.size = size
  }

  /// A stream that replays recorded choices.
  init(replaying choices: [UInt64]) {
    replaying = choices
    random = SplitMix64(seed: 0)
    size = 100
  }

  /// Draws a number below `bound` (which must be at least 1); `fresh` proposes it while
  /// generating. A replayed choice that is out of range wraps around.
  mutating func draw(
    below bound: UInt64, fresh: (inout SplitMix64) -> UInt64
  ) throws(_GenerationStop) -> UInt64 {
    guard recorded.count < Self.limit else { throw .overrun }
    let choice: UInt64
    if let replaying {
      choice = recorded.count < replaying.count ? replaying[recorded.count] : 0
    } else {
      choice = fresh(&random)
    }
    let value = bound == 0 ? 0 : choice % bound
    recorded.append(value)
    return value
  }

  /// Replaces the last choice with the one that gives the same value in the simplest way, so
  /// that lowering a choice always changes the value.
  mutating func canonicalizeLast(_ choice: UInt64) {
    if !recorded.isEmpty { recorded[recorded.count - 1] = choice }
  }

  /// Draws a number below `bound`, uniformly while generating.
  mutating func draw(below bound: UInt64) throws(_GenerationStop) -> UInt64 {
    try draw(below: bound) { $0.uniform(below: max(bound, 1)) }
  }
}

/// Why a case has no value.
enum _GenerationStop: Error {
  /// A filter rejected every value it tried.
  case rejected
  /// The case drew more than ``_ChoiceStream/limit`` choices.
  case overrun
}
