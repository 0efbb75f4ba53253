import StateKit

extension StyleTransitions {
  /// How buttons move between states: a quick press, a slow release, a snap into disabled, a
  /// fade out of it, and a width of its own when pressed.
  public static var buttons: StyleTransitions {
    var transitions = StyleTransitions(precedence: StatePrecedence(dominant: .disabled))
    transitions.all[to: .highlighted] = Transition(milliseconds: 80, curve: .easeOut)
    transitions.all[from: .highlighted] = Transition(milliseconds: 250, curve: .ease)
    transitions.all[to: .focused] = Transition(milliseconds: 150, curve: .linear)
    transitions.all[to: .disabled] = .snap
    transitions.all[from: .disabled] = Transition(milliseconds: 200, curve: .linear)
    transitions[.width][to: .highlighted] = Transition(
      milliseconds: 120, curve: .cubicBezier(0.3, 1.6, 0.6, 1))
    return transitions
  }
}
