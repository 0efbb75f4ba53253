/// The state of a control, as a bitmask with UIKit's layout.
///
/// `ControlState` keeps the bit layout of `UIControl.State`, so a value converts to and from
/// UIKit without translation, and adds what UIKit leaves out: names for app-defined states, a
/// readable and lossless text format, and helpers for the mistakes people keep making with
/// option sets.
///
/// | Bits          | Meaning                                                      |
/// |---------------|--------------------------------------------------------------|
/// | none          | ``normal``                                                   |
/// | 0...3         | ``highlighted``, ``disabled``, ``selected``, ``focused``     |
/// | 4...15        | unnamed system bits                                          |
/// | 16...23       | ``application``: free for app-defined states                 |
/// | 24...31       | ``reserved`` for framework use                               |
///
///     var state: ControlState = [.selected, .highlighted]
///     state.description        // "highlighted | selected"
///     state.remove(.highlighted)
///     state == .selected       // true
///     ControlState(rawValue: 0x0001_0004).description  // "selected | 0x10000"
///
/// App-defined states are constants in the application range; they print and parse by name
/// through a ``StateCatalog`` merged from the ``StateNames`` libraries export (see
/// <doc:DeclaringCustomStates>). ``description`` itself knows the system names only, so a state
/// prints the same in every run.
@frozen
public struct ControlState: OptionSet, Hashable, Sendable {
  /// The bits of the state.
  public var rawValue: UInt

  /// Creates a state from its bits, keeping every bit, named or not.
  ///
  /// - Parameter rawValue: The bits of the state.
  @inlinable
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// The state of an enabled control that is neither highlighted, selected nor focused (no bit).
  ///
  /// Every state contains `.normal`, as the empty set is a subset of every set; ask
  /// ``isNormal`` to know whether a state *is* normal.
  @inlinable public static var normal: ControlState { ControlState(rawValue: 0) }

  /// The state of a control being touched or pressed (bit 0).
  @inlinable public static var highlighted: ControlState { ControlState(rawValue: 1 << 0) }

  /// The state of a control that does not accept input (bit 1).
  @inlinable public static var disabled: ControlState { ControlState(rawValue: 1 << 1) }

  /// The state of a control that is selected, such as a toggled-on button (bit 2).
  @inlinable public static var selected: ControlState { ControlState(rawValue: 1 << 2) }

  /// The state of a control that has focus (bit 3).
  @inlinable public static var focused: ControlState { ControlState(rawValue: 1 << 3) }

  /// The eight bits, 16 through 23, that apps may use for their own states (`0x00FF0000`).
  @inlinable public static var application: ControlState {
    ControlState(rawValue: layout.applicationMask)
  }

  /// The eight bits, 24 through 31, that the framework reserves for itself (`0xFF000000`).
  @inlinable public static var reserved: ControlState {
    ControlState(rawValue: layout.reservedMask)
  }

  /// The layout of the bits, `UIControl.State`'s and the one place its ranges are written:
  /// system bits 0...15 (highlighted, disabled, selected, focused at 0...3), the application
  /// range 16...23, and 24...31 reserved.
  ///
  ///     ControlState.layout.application  // 16...23
  public static let layout = BitLayout.controlState

  /// Whether this is the normal state: no bit is set.
  ///
  /// Use this rather than `contains(.normal)`, which is true for every state.
  @inlinable
  public var isNormal: Bool { rawValue == 0 }

  /// The index of this state in the application range, when it is exactly one application bit.
  var applicationBitIndex: Int? {
    StateCatalog.system.table.applicationIndex(of: rawValue)
  }
}
