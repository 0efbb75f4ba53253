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
