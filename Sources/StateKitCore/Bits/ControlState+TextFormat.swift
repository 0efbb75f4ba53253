// Its `description`, `debugDescription` and `init?(_:)` are every layout's: LayoutBitSet.swift;
// text that must say why it is rejected parses through `StateCatalog.system`.
extension ControlState: LosslessStringConvertible, CustomDebugStringConvertible {}
