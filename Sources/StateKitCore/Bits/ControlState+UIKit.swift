#if canImport(UIKit)
  import UIKit

  extension ControlState {
    /// Creates a state with the same bits as a UIKit control state.
    ///
    ///     let button = UIButton()
    ///     button.isSelected = true
    ///     let state = ControlState(button.state)
    ///     print(state)  // "selected"
    ///
    /// - Parameter state: A `UIControl.State`; every bit is kept.
    public init(_ state: UIControl.State) {
      self.init(rawValue: state.rawValue)
    }
  }

  extension UIControl.State {
    /// Creates a UIKit control state with the same bits as a ``ControlState``.
    ///
    ///     let visited = ControlState(rawValue: 1 << 16)
    ///     let button = UIButton()
    ///     button.setTitleColor(.purple, for: UIControl.State(visited))
    ///
    /// - Parameter state: A ``ControlState``; every bit is kept.
    public init(_ state: ControlState) {
      self.init(rawValue: state.rawValue)
    }
  }
#endif
