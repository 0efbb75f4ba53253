extension ControlState {
  /// The bits UIKit defines or keeps for itself below the application range: bits 0 through 15
  /// (`0x0000FFFF`).
  @inlinable public static var system: ControlState {
    ControlState(rawValue: layout.systemMask)
  }
}
