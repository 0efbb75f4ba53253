/// The names a library (or an app) gives to its custom control events: the ``BitNames`` of
/// ``ControlEvents``.
///
///     extension ControlEvents {
///         static let longPress = ControlEvents(rawValue: 1 << 24)  // application bit 0
///     }
///     let names = EventNames("GestureKit", ["longPress": .longPress])
///     try EventCatalog(merging: [names]).description(of: [.touchDown, .longPress])  // "touchDown | longPress"
public typealias EventNames = BitNames<ControlEvents>

/// A set of event names: UIKit's event names plus custom events in the application range
/// (bits 24 through 27): the ``BitCatalog`` of ``ControlEvents``, with the collision rules, text
/// format and policies of every catalog.
///
///     let catalog = try EventCatalog(merging: [EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)])])
///     catalog.description(of: ControlEvents(rawValue: 0x0100_0040))  // "touchUpInside | longPress"
///     try catalog.parse("longPress | valueChanged").rawValue          // 0x0100_1000
public typealias EventCatalog = BitCatalog<ControlEvents>

extension BitNames.Entry where Bits == ControlEvents {
  /// Creates an entry of an event's name.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - events: The event it names.
  public init(name: String, events: ControlEvents) {
    self.init(name: name, bits: events)
  }

  /// The event the entry names: ``bits``.
  public var events: ControlEvents { bits }
}
