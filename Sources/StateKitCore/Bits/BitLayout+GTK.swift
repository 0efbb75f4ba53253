extension BitLayout {
  /// GTK 4's `GtkStateFlags`: `active`, `prelight`, `selected`, `insensitive`, `inconsistent`,
  /// `focused`, `backdrop`, `dirLtr`, `dirRtl`, `link`, `visited`, `checked`, `dropActive`,
  /// `focusVisible` and `focusWithin` at bits 0...14 (each `GTK_STATE_FLAG_` name in lower camel
  /// case), and `normal` for no flag.
  ///
  /// GTK gives applications no state bits, and has added its flags upwards (GTK 3.14's header
  /// stops at bit 11, GTK 4's at bit 14), so bits 15...23 are kept for GTK's next flags. Bits 24...31 are the
  /// application range: GTK never sets them, so an app that keeps its own states in the same
  /// word as GTK's flags, as a StateKit table over GTK masks does, puts them there.
  public static let gtk: BitLayout = {
    var layout = BitLayout(
      name: "gtk", typeName: "GtkStateFlags", noun: "state", emptyName: "normal",
      spans: [
        Span("gtk", .system, 0...14), Span("reserved", .reserved, 15...23),
        Span("app", .application, 24...31),
      ],
      systemNames: [
        ("active", 0), ("prelight", 1), ("selected", 2), ("insensitive", 3), ("inconsistent", 4),
        ("focused", 5), ("backdrop", 6), ("dirLtr", 7), ("dirRtl", 8), ("link", 9),
        ("visited", 10), ("checked", 11), ("dropActive", 12), ("focusVisible", 13),
        ("focusWithin", 14),
      ])
    layout.constantPrefix = "GTK_STATE_FLAG_"
    return layout
  }()
}
