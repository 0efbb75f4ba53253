// A screen mid-transition: every widget moving from one state's look to another's, one frame
// over all widgets per call. StateKit's two ways of keeping the looks, an array of
// `AnimatedLook` (one per widget, each with its own storage) and one `AnimatedLooks` for the
// screen (their fields interpolated: colours by channel with the user's function, numbers; the
// Bool switching at the start) against the interpolation a toolkit writes by hand (an array of
// both looks and a start time per widget, a progress, one line per field, every field), given
// the same colour function and the same curve function, in the same rounds. Two screens: widgets between two random states (the
// fields whose values differ move), and between normal and a state where every field differs.
import AllocationCounter
import BenchmarkSupport
import StateKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Color: Interpolatable {
  /// The user's interpolation of their colour type: the same function the hand-written code
  /// calls, so that the two ways differ only in what is around it.
  func interpolated(to other: Color, by fraction: Double) -> Color {
    lerp(self, other, fraction)
  }
}

/// What a toolkit keeps per widget to animate it by hand: both looks and when it started.
struct HandAnimation {
  var from: ButtonLook
  var to: ButtonLook
  var start: Int
}

/// A channel by hand: rounded to the nearest, as `UInt8.interpolated` rounds.
@inline(__always) func lerp(_ a: UInt8, _ b: UInt8, _ p: Double) -> UInt8 {
  UInt8((Double(a) + (Double(b) - Double(a)) * p).rounded())
}

@inline(__always) func lerp(_ a: Color, _ b: Color, _ p: Double) -> Color {
  let r = lerp(UInt8(truncatingIfNeeded: a.rgba), UInt8(truncatingIfNeeded: b.rgba), p)
  let g = lerp(UInt8(truncatingIfNeeded: a.rgba >> 8), UInt8(truncatingIfNeeded: b.rgba >> 8), p)
  let bl = lerp(UInt8(truncatingIfNeeded: a.rgba >> 16), UInt8(truncatingIfNeeded: b.rgba >> 16), p)
  let al = lerp(UInt8(truncatingIfNeeded: a.rgba >> 24), UInt8(truncatingIfNeeded: b.rgba >> 24), p)
  return Color(rgba: UInt32(r) | UInt32(g) << 8 | UInt32(bl) << 16 | UInt32(al) << 24)
}

/// The look of a hand-animated widget at a time: every field interpolated, `underlined`
/// switching at the start.
@inline(__always) func handLook(
  _ animation: HandAnimation, at time: Int, duration: Int, curve: TransitionCurve
) -> ButtonLook {
  let elapsed = time - animation.start
  if elapsed >= duration { return animation.to }
  let p = elapsed <= 0 ? 0 : curve.progress(at: Double(elapsed) / Double(duration))
  let (from, to) = (animation.from, animation.to)
  var look = to
  look.titleColor = lerp(from.titleColor, to.titleColor, p)
  look.background = lerp(from.background, to.background, p)
  look.borderWidth = from.borderWidth * (1 - p) + to.borderWidth * p
  look.underlined = elapsed >= 0 ? to.underlined : from.underlined
  look.opacity = from.opacity * (1 - p) + to.opacity * p
  look.cornerRadius =
    from.cornerRadius + Int((Double(to.cornerRadius - from.cornerRadius) * p).rounded())
  return look
}

/// Whether two looks agree to rounding: the two ways compute the same formulas in different
/// orders, and a field that does not change is copied by one and interpolated by the other.
func close(_ a: ButtonLook, _ b: ButtonLook) -> Bool {
  func channels(_ x: Color, _ y: Color) -> Bool {
    stride(from: 0, to: 32, by: 8).allSatisfy {
      abs(Int(x.rgba >> UInt32($0) & 0xFF) - Int(y.rgba >> UInt32($0) & 0xFF)) <= 1
    }
  }
  return channels(a.titleColor, b.titleColor) && channels(a.background, b.background)
    && abs(a.borderWidth - b.borderWidth) < 1e-9 && a.underlined == b.underlined
    && abs(a.opacity - b.opacity) < 1e-9 && abs(a.cornerRadius - b.cornerRadius) <= 1
}

/// Prints the mid-transition rows: ns per widget per frame each way and the ratios to the
/// hand-written code, for two screens (widgets between two random states, where the fields whose
/// values differ move; and widgets between normal and a state where every field differs) and two
/// curves, then the allocations of a frame and of an interrupt. Returns the ratios of the
/// screen's `AnimatedLooks`, then those of the `AnimatedLook` array, row by row.
func transitionRows(style: StyleSet, states: [ControlState], widgets: Int, rounds: Int) -> [Double]
{
  let duration = 200
  let everything: ControlState = [.highlighted, .disabled, .selected, .focused, visited, dragging]
  var ratios: [Double] = []
  var perWidgetRatios: [Double] = []
  print(
    "\na screen mid-transition: \(widgets) widgets, one frame of all of them per call "
      + "(ns per widget)")
  print(
    "screen        curve      AnimatedLooks  [AnimatedLook]  by hand  ratios to it: "
      + "AnimatedLooks, [AnimatedLook]")
  for curve in [TransitionCurve.linear, .easeOut] {
    var moving = StyleTransitions()
    moving.all[to: .normal] = Transition(milliseconds: duration, curve: curve)
    let animator = StyleAnimator(
      style, default: defaultLook,
      [
        .field(\.titleColor, from: .titleColor), .field(\.background, from: .background),
        .field(\.borderWidth, from: .borderWidth), .field(\.underlined, from: .underlined),
        .field(\.opacity, from: .opacity), .field(\.cornerRadius, from: .cornerRadius),
      ], transitions: moving)
    for screen in ["random", "every field"] {
      // Widget i moves between its two states, starting i % 100 ms before time 0: at every
      // frame time from 0 to 99, every widget is mid-way.
      var animated: [AnimatedLook<ButtonLook>] = []
      var screenLooks = AnimatedLooks(animator)
      var hand: [HandAnimation] = []
      animated.reserveCapacity(widgets)
      hand.reserveCapacity(widgets)
      for index in 0..<widgets {
        let (old, new) =
          screen == "random"
          ? (states[index], states[widgets + index])
          : index % 2 == 0 ? (ControlState.normal, everything) : (everything, .normal)
        let start = -(index % 100)
        var look = AnimatedLook(animator, state: old)
        look.change(to: new, at: start)
        animated.append(look)
        screenLooks.change(screenLooks.append(old), to: new, at: start)
        hand.append(
          HandAnimation(from: animator.look(for: old), to: animator.look(for: new), start: start))
      }
      for time in [0, 37, 99] {
        for index in 0..<widgets
        where !close(
          animated[index].look(at: time),
          handLook(hand[index], at: time, duration: duration, curve: curve))
          || screenLooks.look(index, at: time) != animated[index].look(at: time)
        {
          print("AnimatedLook and the hand-written code disagree for widget \(index) at \(time) ms")
          exit(1)
        }
      }
      let frames = opaque(animated)
      let screenFrames = opaque(screenLooks)
      let handFrames = opaque(hand)
      var frameTime = 0
      let times = measure(
        operations: widgets, rounds: rounds,
        [
          {
            frameTime = (frameTime + 1) % 100
            let time = frameTime
            var sum = 0
            for widget in frames { sum &+= fold(widget.look(at: time)) }
            return sum
          },

          {
            let time = frameTime
            var sum = 0
            for index in screenFrames.indices { sum &+= fold(screenFrames.look(index, at: time)) }
            return sum
          },

          {
            let time = frameTime
            var sum = 0
            for widget in handFrames {
              sum &+= fold(handLook(widget, at: time, duration: duration, curve: curve))
            }
            return sum
          },
        ])
      let (perWidget, ratio) = (medianRatio(times[0], times[2]), medianRatio(times[1], times[2]))
      ratios.append(ratio)
      perWidgetRatios.append(perWidget)
      print(
        padRight(screen, 13), padRight("\(curve)", 10), pad(format(median(times[1])), 13),
        pad(format(median(times[0])), 15), pad(format(median(times[2])), 8),
        pad(format(ratio) + "x", 7), pad(format(perWidget) + "x", 6))
      if curve == .linear && screen == "random" {
        var copy = animated
        var screenCopy = screenLooks
        let before = allocationcounter_count()
        var sum = 0
        for widget in copy { sum &+= fold(widget.look(at: 50)) }
        for index in screenCopy.indices { sum &+= fold(screenCopy.look(index, at: 50)) }
        let frameAllocations = allocationcounter_count() - before
        // The copies share storage with `animated`: the first change of each copies it once.
        for index in copy.indices { copy[index].change(to: states[index], at: 50) }
        let beforeChange = allocationcounter_count()
        for index in copy.indices { copy[index].change(to: states[widgets + index], at: 60) }
        let changeAllocations = allocationcounter_count() - beforeChange
        // The screen's copy shares its arrays: its first change copies them, once.
        screenCopy.change(0, to: states[0], at: 50)
        let beforeScreenChange = allocationcounter_count()
        for index in screenCopy.indices {
          screenCopy.change(index, to: states[widgets + index], at: 60)
        }
        let screenChangeAllocations = allocationcounter_count() - beforeScreenChange
        blackHole(sum &+ copy.indices.count &+ screenCopy.indices.count)
        print(
          "  allocations: \(frameAllocations) for a frame of \(widgets) looks both ways, "
            + "\(changeAllocations) for \(widgets) interrupts of [AnimatedLook], "
            + "\(screenChangeAllocations) of AnimatedLooks")
      }
    }
  }
  return ratios + perWidgetRatios
}
