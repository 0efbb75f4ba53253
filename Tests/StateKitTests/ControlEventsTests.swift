import Foundation
import StateKit
import Testing

/// ControlEvents has UIKit's UIControl.Event layout and the text format, collision rules and
/// Codable of ControlState.
@Suite("ControlEvents")
struct ControlEventsTests {
  /// The values of UIKit's UIControlEvents, as its documentation lists them (Apple's
  /// UIControl.Event page, and the raw values in the UIKit bindings' reference).
  @Test func valuesAreUIKits() {
    let expected: [(ControlEvents, UInt)] = [
      (.touchDown, 1 << 0), (.touchDownRepeat, 1 << 1), (.touchDragInside, 1 << 2),
      (.touchDragOutside, 1 << 3), (.touchDragEnter, 1 << 4), (.touchDragExit, 1 << 5),
      (.touchUpInside, 1 << 6), (.touchUpOutside, 1 << 7), (.touchCancel, 1 << 8),
      (.valueChanged, 1 << 12), (.primaryActionTriggered, 1 << 13),
      (.menuActionTriggered, 1 << 14), (.editingDidBegin, 1 << 16), (.editingChanged, 1 << 17),
      (.editingDidEnd, 1 << 18), (.editingDidEndOnExit, 1 << 19), (.allTouchEvents, 4095),
      (.allEditingEvents, 983_040), (.applicationReserved, 251_658_240),
      (.systemReserved, 4_026_531_840), (.allEvents, 4_294_967_295),
    ]
    let raws: [UInt] = expected.map(\.0.rawValue)
    let uiKitRaws: [UInt] = expected.map(\.1)
    #expect(raws == uiKitRaws)
    let applicationBits: ClosedRange<Int> = 24...27
    #expect(ControlEvents.layout.application == applicationBits)
    let roles: [String?] = [24, 28].map { ControlEvents.layout.roleName(ofBit: $0) }
    #expect(roles == ["application", "reserved"])
  }

  /// The text format of events, and their Codable (the raw integer, or text with a catalog).
  @Test func textFormatAndCodable() throws {
    let descriptions: [String] = [
      ControlEvents([.valueChanged, .touchDown]).description, ControlEvents().description,
      ControlEvents(rawValue: 0x0100_0040).description,
    ]
    #expect(descriptions == ["touchDown | valueChanged", "none", "touchUpInside | 0x1000000"])
    // The empty name of events is none.
    let parsed: [ControlEvents?] = [ControlEvents("none"), ControlEvents("normal")]
    let expectedParsed: [ControlEvents?] = [ControlEvents(), nil]
    #expect(parsed == expectedParsed)
    let raws: [UInt] = [0, 1, 0x0100_0040, 0xFFFF_FFFF, .max]
    let roundTrips: [ControlEvents?] = raws.map {
      ControlEvents(ControlEvents(rawValue: $0).description)
    }
    let rawEvents: [ControlEvents?] = raws.map { ControlEvents(rawValue: $0) }
    #expect(roundTrips == rawEvents)
    do {
      _ = try EventCatalog().parse("touchDown | tap")
      Issue.record("parsed an unknown name")
    } catch {
      #expect(error.code == .unknownName)
      #expect(
        error.description.hasPrefix(
          #"cannot parse event text "touchDown | tap": unknown event name "tap""#))
    }
    #expect(
      try EventCatalog().format(ControlEvents(rawValue: 0x0100_0001), unknownBits: .truncate)
        == "touchDown")
    #expect(throws: StateKitError.self) {
      try EventCatalog().format(ControlEvents(rawValue: 0x0100_0001), unknownBits: .strict)
    }
    let events: ControlEvents = [.touchUpInside, .valueChanged]
    let data = try JSONEncoder().encode(events)
    #expect(String(decoding: data, as: UTF8.self) == "4160")
    #expect(try JSONDecoder().decode(ControlEvents.self, from: data) == events)
    let decoder = JSONDecoder()
    decoder.userInfo[.eventCatalog] = try EventCatalog(merging: [
      EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)])
    ])
    #expect(
      try decoder.decode(ControlEvents.self, from: Data(#""longPress | touchDown""#.utf8)).rawValue
        == 0x0100_0001)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ControlEvents.self, from: Data(#""longPress""#.utf8))
    }
  }

  @Test func customEventsFollowTheCollisionRules() throws {
    let gestures = EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)])
    let hover = EventNames("HoverKit", ["hover": ControlEvents(rawValue: 1 << 24)])
    let catalog = try EventCatalog(merging: [gestures])
    let names: [String?] = [
      catalog.description(of: ControlEvents(rawValue: 0x0100_0040)),
      catalog.owner(of: ControlEvents(rawValue: 1 << 24)),
    ]
    #expect(names == ["touchUpInside | longPress", "GestureKit"])
    #expect(
      try EventCatalog(merging: [gestures, gestures]) == catalog, "the same pair again is fine")
    func reason(_ names: [EventNames]) -> (StateKitError.Code, String)? {
      do {
        _ = try EventCatalog(merging: names)
        return nil
      } catch {
        return (error.code, error.description)
      }
    }
    let bit = try #require(reason([gestures, hover]))
    #expect(
      bit.1
        == #"cannot declare event "hover": "HoverKit" claims bit 24 (0x1000000) as "hover", but "GestureKit" claims it as "longPress""#
    )
    let outside = reason([EventNames("Other", ["tap": ControlEvents(rawValue: 1 << 16)])])
    #expect(outside?.1.contains("application range 0xf000000 (bits 24...27)") == true)
    let codes: [StateKitError.Code?] = [
      bit.0,
      reason([gestures, EventNames("Other", ["longPress": ControlEvents(rawValue: 1 << 25)])])?.0,
      outside?.0,
      reason([EventNames("Other", ["allEvents": ControlEvents(rawValue: 1 << 24)])])?.0,
      reason([EventNames("Other", ["TouchDown": ControlEvents(rawValue: 1 << 24)])])?.0,
      reason([EventNames("Other", ["none": ControlEvents(rawValue: 1 << 24)])])?.0,
    ]
    let expected: [StateKitError.Code?] = [
      .bitAlreadyDeclared, .nameAlreadyDeclared, .notSingleApplicationBit, .reservedName,
      .reservedName, .reservedName,
    ]
    #expect(codes == expected)
    var declared = EventCatalog()
    #expect(throws: StateKitError.self) { try declared.declare("x", applicationBit: 4) }
    #expect(try declared.declare("x", applicationBit: 3).rawValue == 1 << 27)
  }
}
