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
    for (events, raw) in expected { #expect(events.rawValue == raw, "\(events)") }
    #expect(ControlEvents.layout.application == 24...27)
    #expect(ControlEvents.layout.roleName(ofBit: 24) == "application")
    #expect(ControlEvents.layout.roleName(ofBit: 28) == "reserved")
  }

  @Test func textFormat() throws {
    #expect(ControlEvents([.valueChanged, .touchDown]).description == "touchDown | valueChanged")
    #expect(ControlEvents().description == "none")
    #expect(ControlEvents(rawValue: 0x0100_0040).description == "touchUpInside | 0x1000000")
    #expect(ControlEvents("none") == ControlEvents())
    #expect(ControlEvents("normal") == nil, "the empty name of events is none")
    for raw: UInt in [0, 1, 0x0100_0040, 0xFFFF_FFFF, .max] {
      #expect(
        ControlEvents(ControlEvents(rawValue: raw).description) == ControlEvents(rawValue: raw))
    }
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
  }

  @Test func customEventsFollowTheCollisionRules() throws {
    let gestures = EventNames("GestureKit", ["longPress": ControlEvents(rawValue: 1 << 24)])
    let hover = EventNames("HoverKit", ["hover": ControlEvents(rawValue: 1 << 24)])
    let catalog = try EventCatalog(merging: [gestures])
    #expect(
      catalog.description(of: ControlEvents(rawValue: 0x0100_0040)) == "touchUpInside | longPress")
    #expect(catalog.owner(of: ControlEvents(rawValue: 1 << 24)) == "GestureKit")
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
    #expect(bit.0 == .bitAlreadyDeclared)
    #expect(
      bit.1
        == #"cannot declare event "hover": "HoverKit" claims bit 24 (0x1000000) as "hover", but "GestureKit" claims it as "longPress""#
    )
    let name = try #require(
      reason([gestures, EventNames("Other", ["longPress": ControlEvents(rawValue: 1 << 25)])]))
    #expect(name.0 == .nameAlreadyDeclared)
    let outside = try #require(
      reason([EventNames("Other", ["tap": ControlEvents(rawValue: 1 << 16)])]))
    #expect(outside.0 == .notSingleApplicationBit)
    #expect(outside.1.contains("application range 0xf000000 (bits 24...27)"))
    #expect(
      reason([EventNames("Other", ["allEvents": ControlEvents(rawValue: 1 << 24)])])?.0
        == .reservedName)
    #expect(
      reason([EventNames("Other", ["TouchDown": ControlEvents(rawValue: 1 << 24)])])?.0
        == .reservedName)
    #expect(
      reason([EventNames("Other", ["none": ControlEvents(rawValue: 1 << 24)])])?.0 == .reservedName)
    var declared = EventCatalog()
    #expect(throws: StateKitError.self) { try declared.declare("x", applicationBit: 4) }
    #expect(try declared.declare("x", applicationBit: 3).rawValue == 1 << 27)
  }

  @Test func codable() throws {
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
}
