extension ControlState {
  /// The bits UIKit defines or keeps for itself below the application range: bits 0 through 15
  /// (`0x0000FFFF`).
  @inlinable public static var system: ControlState {
    ControlState(rawValue: layout.systemMask)
  }

  /// The part of this state in the system range, bits 0 through 15.
  @inlinable
  public var systemPart: ControlState { intersection(.system) }

  /// The part of this state in the application range, bits 16 through 23.
  @inlinable
  public var applicationPart: ControlState { intersection(.application) }

  /// The part of this state in the reserved range, bits 24 through 31.
  @inlinable
  public var reservedPart: ControlState { intersection(.reserved) }

  /// The bits of this state that no system name covers: everything but highlighted, disabled,
  /// selected and focused.
  ///
  /// To count custom names too, ask a catalog: ``BitCatalog/unnamedBits(in:)``.
  public var unnamedBits: ControlState {
    StateCatalog.system.unnamedBits(in: self)
  }
}
