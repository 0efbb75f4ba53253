// ControlState's text format and selectors: parsing never traps, and whatever parses formats
// back to text that parses to the same value, in every policy.
import StateKitCore

let catalog: StateCatalog = {
  var catalog = StateCatalog()
  _ = try? catalog.declare("visited", applicationBit: 0)
  _ = try? catalog.declare("dragging", applicationBit: 7)
  return catalog
}()

/// libFuzzer calls this once per input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: bytes(data, size), as: UTF8.self)
  for policy in UnknownBitsPolicy.allCases {
    if let state = try? catalog.parse(text, unknownBits: policy) {
      let formatted = catalog.description(of: state)
      require(
        (try? catalog.parse(formatted)) == state, "round trip of \(state.rawValue) via \(formatted)"
      )
      if policy == .strict {
        require(catalog.unnamedBits(in: state).isNormal, "strict parse gave unnamed bits")
      }
      if policy == .truncate {
        require(catalog.unnamedBits(in: state).isNormal, "truncate kept unnamed bits")
      }
    }
  }
  if let selector = try? catalog.parseSelector(text) {
    require(selector.required.isDisjoint(with: selector.excluded), "conflicting selector accepted")
    let formatted = catalog.description(of: selector)
    require(
      (try? catalog.parseSelector(formatted)) == selector, "selector round trip via \(formatted)")
  }
  return 0
}
