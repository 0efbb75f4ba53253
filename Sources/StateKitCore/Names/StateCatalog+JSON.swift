import ErrorKitCore

extension StateCatalog {
  /// The catalog's custom states as the JSON object `statekit-inspect --states FILE` reads:
  /// each name with its absolute bit (16...23), in bit order.
  ///
  ///     var catalog = StateCatalog()
  ///     _ = try catalog.declare("visited", applicationBit: 0)
  ///     catalog.statesJSON  // "{\"visited\": 16}\n"
  ///     // statekit-inspect --states visited.json 0x10004
  public var statesJSON: String {
    var writer = JSONWriter()
    writer.raw("{")
    for (offset, entry) in customEntries.enumerated() {
      if offset > 0 { writer.raw(", ") }
      writer.string(entry.name)
      writer.raw(": \(entry.bits.rawValue.trailingZeroBitCount)")
    }
    writer.raw("}\n")
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
