/// The clock of `checkFrames` and `forAllFrames`, moved by hand, frame by frame at a fixed rate,
/// for widgets that animate on the time they are given (`ClockedWidget`, `AnimatedLook`).
///
/// Frame *n* is at `n × 1000 / framesPerSecond` milliseconds, rounded down, so a 60 Hz clock
/// ticks at 0, 16, 33, 50, 66, 83 and 100 ms, and never drifts:
///
///     var clock = VirtualClock(framesPerSecond: 60)
///     clock.now                           // 0
///     clock.tick()                        // 16
///     clock.tick()                        // 33
///     clock.time(ofFrame: 60)             // 1000
///     clock.firstFrame(after: 40)         // 3: the frame at 50 ms
struct VirtualClock: Hashable, Sendable, CustomStringConvertible {
  /// How many frames a second; between 1 and 1,000.
  ///
  ///     VirtualClock(framesPerSecond: 50).framesPerSecond  // 50
  let framesPerSecond: Int

  /// The current frame, counted from 0.
  ///
  ///     var clock = VirtualClock()
  ///     clock.tick()
  ///     clock.frame  // 1
  private(set) var frame = 0

  /// Creates a clock at frame 0, time 0.
  ///
  ///     VirtualClock().framesPerSecond  // 60
  ///
  /// - Parameter framesPerSecond: The frame rate, clamped to `1...1000`; 60 by default.
  init(framesPerSecond: Int = 60) {
    self.framesPerSecond = min(max(framesPerSecond, 1), 1_000)
  }

  /// The time of the current frame, in milliseconds.
  ///
  ///     var clock = VirtualClock(framesPerSecond: 50)
  ///     clock.tick()
  ///     clock.now  // 20
  var now: Int { time(ofFrame: frame) }

  /// The time of a frame, in milliseconds: `frame × 1000 / framesPerSecond`, rounded down.
  ///
  ///     VirtualClock(framesPerSecond: 60).time(ofFrame: 3)  // 50
  ///
  /// - Parameter frame: A frame number, from 0.
  func time(ofFrame frame: Int) -> Int {
    let (product, overflow) = frame.multipliedReportingOverflow(by: 1_000)
    return overflow ? .max : product / framesPerSecond
  }

  /// The number of the first frame at or after a time: the least frame whose
  /// ``time(ofFrame:)`` is the time or later, for any time up to `Int.max`.
  ///
  ///     VirtualClock(framesPerSecond: 60).firstFrame(after: 33)  // 2
  ///     VirtualClock(framesPerSecond: 60).firstFrame(after: 34)  // 3
  ///
  /// - Parameter time: A time in milliseconds, 0 or later.
  func firstFrame(after time: Int) -> Int {
    guard time > 0 else { return 0 }
    // Frames past `Int.max / 1000` are all at `Int.max` (``time(ofFrame:)`` saturates): the
    // first of them is the answer for a time no earlier frame reaches.
    let saturated = Int.max / 1_000 + 1
    // The least n with n × 1000 / fps >= time is n >= time × fps / 1000, rounded up, which is
    // time / 1000 × fps plus (time % 1000) × fps / 1000 rounded up: no product overflows.
    let (whole, rest) = time.quotientAndRemainder(dividingBy: 1_000)
    guard whole <= saturated / framesPerSecond else { return saturated }
    let frames = whole * framesPerSecond + (rest * framesPerSecond + 999) / 1_000
    return min(frames, saturated)
  }

  /// Moves to the next frame and returns its time.
  ///
  ///     var clock = VirtualClock(framesPerSecond: 30)
  ///     clock.tick()  // 33
  ///
  /// - Returns: The time of the new current frame, in milliseconds.
  @discardableResult
  mutating func tick() -> Int {
    frame += 1
    return now
  }

  /// `frame N at T ms`.
  ///
  ///     VirtualClock().description  // "frame 0 at 0 ms"
  var description: String { "frame \(frame) at \(now) ms" }
}
