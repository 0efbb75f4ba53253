// Theme files are untrusted input: decoding a StateTable, a StyleSet or a theme's transitions
// from any bytes never traps, and whatever decodes encodes to JSON that decodes to an equal value. A decoded table resolves
// every state as a plain walk of its entries (best first) does, with and without a default, and
// so does its StateLookup, which is indexed whenever the selectors stay in the named bits.
import Foundation

@testable import StateKitCore

let catalog: StateCatalog = {
  var catalog = StateCatalog()
  _ = try? catalog.declare("visited", applicationBit: 0)
  _ = try? catalog.declare("dragging", applicationBit: 7)
  return catalog
}()

let keys = [
  StyleSet.DecodableKey(StyleKey<String>("titleColor")),
  StyleSet.DecodableKey(StyleKey<Int>("borderWidth")),
  StyleSet.DecodableKey(StyleKey<Bool>("underlined")),
]

let decoder: JSONDecoder = {
  let decoder = JSONDecoder()
  decoder.userInfo[.stateCatalog] = catalog
  decoder.userInfo[.styleKeys] = keys
  return decoder
}()

let encoder: JSONEncoder = {
  let encoder = JSONEncoder()
  encoder.userInfo[.stateCatalog] = catalog
  return encoder
}()

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let input = bytes(data, size)
  let json = Data(input)
  if let table = try? decoder.decode(StateTable<Int>.self, from: json) {
    let encoded = try? encoder.encode(table)
    require(encoded != nil, "a decoded table does not encode")
    require(
      encoded.flatMap { try? decoder.decode(StateTable<Int>.self, from: $0) } == table,
      "table round trip")
    // States from the entries' bits and from the input's bytes, noise included.
    var states: [ControlState] = [.normal, ControlState(rawValue: .max)]
    var mentioned = ControlState.normal
    for entry in table.entries {
      mentioned.formUnion(entry.selector.required.union(entry.selector.excluded))
      states.append(entry.selector.required)
    }
    var word: UInt = 0
    for (index, byte) in input.prefix(256).enumerated() {
      word = word &* 0x100_0000_01B3 ^ UInt(byte)
      if index % 8 == 7 {
        states.append(ControlState(rawValue: word & mentioned.rawValue))
        states.append(ControlState(rawValue: word))
      }
    }
    let lookup = StateLookup(table, default: Int.min)
    require(
      lookup.isIndexed || mentioned.rawValue & ~0x00FF_000F != 0,
      "no index for a table over the named bits")
    for state in states {
      let expected = table.entries.first { $0.selector.matches(state) }?.value
      require(
        table.resolve(state) == expected, "resolve(\(state.rawValue)) disagrees with the walk")
      require(
        table.resolve(state, default: Int.min) == expected ?? Int.min,
        "resolve(\(state.rawValue), default:) disagrees with the walk")
      require(
        lookup.resolve(state) == expected ?? Int.min,
        "Lookup.resolve(\(state.rawValue)) disagrees with the walk")
    }
  }
  if let style = try? decoder.decode(StyleSet.self, from: json) {
    let encoded = try? encoder.encode(style)
    require(encoded != nil, "a decoded style set does not encode")
    require(
      encoded.flatMap { try? decoder.decode(StyleSet.self, from: $0) } == style,
      "style set round trip")
    _ = style.resolve(ControlState(rawValue: .max)).description
  }
  if let transitions = try? StyleTransitions(themeJSON: input, keys: keys, catalog: catalog) {
    // What a theme cannot hold (a duration over an hour) is read nowhere, so all of it encodes.
    // The precedence is the style set's to write: read back, it is set as the theme's.
    let encoded = try? encoder.encode(transitions)
    require(encoded != nil, "decoded transitions do not encode")
    var back = encoded.flatMap {
      try? StyleTransitions(themeJSON: Array($0), keys: keys, catalog: catalog)
    }
    back?.precedence = transitions.precedence
    require(back == transitions, "transitions round trip")
  }
  return 0
}
