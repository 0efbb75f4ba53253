extension BitLayout {
  /// `UIControl.Event`'s layout: touch events at bits 0...8 (`allTouchEvents` covers 0...11),
  /// `valueChanged`, `primaryActionTriggered` and `menuActionTriggered` at 12...14, editing
  /// events at 16...19 (`allEditingEvents`), the application range 24...27
  /// (`applicationReserved`), and 28...31 reserved for the system (`systemReserved`).
  package static let controlEvents = BitLayout(
    name: "events", typeName: "ControlEvents", noun: "event", emptyName: "none",
    spans: [
      Span("touch", .system, 0...11), Span("val", .system, 12...15),
      Span("edit", .system, 16...19), Span("sys", .system, 20...23),
      Span("app", .application, 24...27), Span("rsv", .reserved, 28...31),
    ],
    systemNames: [
      ("touchDown", 0), ("touchDownRepeat", 1), ("touchDragInside", 2), ("touchDragOutside", 3),
      ("touchDragEnter", 4), ("touchDragExit", 5), ("touchUpInside", 6), ("touchUpOutside", 7),
      ("touchCancel", 8), ("valueChanged", 12), ("primaryActionTriggered", 13),
      ("menuActionTriggered", 14), ("editingDidBegin", 16), ("editingChanged", 17),
      ("editingDidEnd", 18), ("editingDidEndOnExit", 19),
    ],
    reservedWords: [
      "allTouchEvents", "allEditingEvents", "applicationReserved", "systemReserved", "allEvents",
    ])
}
