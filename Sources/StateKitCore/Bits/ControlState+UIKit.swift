#if canImport(UIKit)
  import UIKit

  extension ControlState {
    /// Creates a state with the same bits as a UIKit control state.
    ///
    /// - Parameter state: A `UIControl.State`; every bit is kept.
    public init(_ state: UIControl.State) {
      self.init(rawValue: state.rawValue)
    }
  }

  extension UIControl.State {
    /// Creates a UIKit control state with the same bits as a ``ControlState``.
    ///
    /// - Parameter state: A ``ControlState``; every bit is kept.
    public init(_ state: ControlState) {
      self.init(rawValue: state.rawValue)
    }
  }
#endif
