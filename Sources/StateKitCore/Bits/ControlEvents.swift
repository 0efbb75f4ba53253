/// The events a control sends, as a bitmask with UIKit's layout.
///
/// `ControlEvents` keeps the bit layout of `UIControl.Event` (``ControlEvents/layout``), so
/// a value converts to and from UIKit without translation, and adds named custom events in its
/// application range (bits 24 through 27), checked for collisions by an ``EventCatalog``, the
/// text format of ``ControlState`` and `Codable`.
///
///     let events: ControlEvents = [.touchUpInside, .valueChanged]
///     events.description   // "touchUpInside | valueChanged"
///     ControlEvents(rawValue: 0x0100_0040).description  // "touchUpInside | 0x1000000"
///     ControlEvents.allTouchEvents.rawValue             // 0xFFF
@frozen
public struct ControlEvents: OptionSet, Hashable, Sendable {
  /// The bits of the events.
  public var rawValue: UInt

  /// Creates events from their bits, keeping every bit, named or not.
  ///
  /// - Parameter rawValue: The bits.
  @inlinable
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// The layout of the bits, `UIControl.Event`'s: touch events at bits 0...8
  /// (``allTouchEvents`` covers 0...11), `valueChanged`, `primaryActionTriggered` and
  /// `menuActionTriggered` at 12...14, editing events at 16...19 (``allEditingEvents``), the
  /// application range 24...27 (``applicationReserved``), and 28...31 reserved for the system
  /// (``systemReserved``).
  ///
  ///     ControlEvents.layout.application  // 24...27
  public static let layout = BitLayout.controlEvents

  /// A touch-down event in the control (bit 0).
  @inlinable public static var touchDown: ControlEvents { ControlEvents(rawValue: 1 << 0) }
  /// A repeated touch-down, with a tap count above one (bit 1).
  @inlinable public static var touchDownRepeat: ControlEvents { ControlEvents(rawValue: 1 << 1) }
  /// A finger dragged inside the control (bit 2).
  @inlinable public static var touchDragInside: ControlEvents { ControlEvents(rawValue: 1 << 2) }
  /// A finger dragged just outside the control (bit 3).
  @inlinable public static var touchDragOutside: ControlEvents { ControlEvents(rawValue: 1 << 3) }
  /// A finger dragged into the control (bit 4).
  @inlinable public static var touchDragEnter: ControlEvents { ControlEvents(rawValue: 1 << 4) }
  /// A finger dragged out of the control (bit 5).
  @inlinable public static var touchDragExit: ControlEvents { ControlEvents(rawValue: 1 << 5) }
  /// A touch lifted inside the control (bit 6).
  @inlinable public static var touchUpInside: ControlEvents { ControlEvents(rawValue: 1 << 6) }
  /// A touch lifted outside the control (bit 7).
  @inlinable public static var touchUpOutside: ControlEvents { ControlEvents(rawValue: 1 << 7) }
  /// A touch cancelled by the system (bit 8).
  @inlinable public static var touchCancel: ControlEvents { ControlEvents(rawValue: 1 << 8) }
  /// The control's value changed (bit 12).
  @inlinable public static var valueChanged: ControlEvents { ControlEvents(rawValue: 1 << 12) }
  /// The control's primary action was triggered, such as a button's tap (bit 13).
  @inlinable public static var primaryActionTriggered: ControlEvents {
    ControlEvents(rawValue: 1 << 13)
  }
  /// The control's menu action was triggered (bit 14).
  @inlinable public static var menuActionTriggered: ControlEvents {
    ControlEvents(rawValue: 1 << 14)
  }
  /// Editing began in a text control (bit 16).
  @inlinable public static var editingDidBegin: ControlEvents { ControlEvents(rawValue: 1 << 16) }
  /// The text of a text control changed (bit 17).
  @inlinable public static var editingChanged: ControlEvents { ControlEvents(rawValue: 1 << 17) }
  /// Editing ended in a text control (bit 18).
  @inlinable public static var editingDidEnd: ControlEvents { ControlEvents(rawValue: 1 << 18) }
  /// Editing ended with the return key (bit 19).
  @inlinable public static var editingDidEndOnExit: ControlEvents {
    ControlEvents(rawValue: 1 << 19)
  }

  /// Every touch event: the layout's `touch` span, bits 0 through 11.
  public static let allTouchEvents = ControlEvents(rawValue: layout.mask(ofSpan: "touch"))
  /// Every editing event: the layout's `edit` span, bits 16 through 19.
  public static let allEditingEvents = ControlEvents(rawValue: layout.mask(ofSpan: "edit"))
  /// The application range, bits 24 through 27, free for app-defined events.
  public static let applicationReserved = ControlEvents(rawValue: layout.applicationMask)
  /// The bits the system reserves, 28 through 31.
  public static let systemReserved = ControlEvents(rawValue: layout.reservedMask)
  /// Every event of the layout, bits 0 through 31.
  public static let allEvents = ControlEvents(rawValue: layout.coveredMask)

}

// Its text (`description`, `debugDescription`, `init?(_:)`) is every layout's: LayoutBitSet.swift.
extension ControlEvents: LosslessStringConvertible, CustomDebugStringConvertible {}
