// The switch as a firmware links it: C functions its drawing code calls, one per way of choosing
// the look. build.sh links one image per way, each keeping only what its entry points reach, so
// each image's size is what that way costs the firmware.

/// The StateKit switch, made once at start-up.
nonisolated(unsafe) var stateKitSwitch: StateKitSwitch?
/// The style list, for LVGL's own scan.
nonisolated(unsafe) var styles: [Style] = []

/// Builds the switch's tables from its styles; the states come from StateKit's layout of
/// `lv_state_t`, by name.
@_cdecl("switch_init_statekit")
public func initStateKit() {
  stateKitSwitch = StateKitSwitch(styles: switchStyles(SwitchStates()))
}

/// The look of a state through StateKit's lookups, packed.
@_cdecl("switch_look_statekit")
@inline(never)
public func lookStateKit(_ state: UInt16) -> UInt32 {
  stateKitSwitch.unsafelyUnwrapped.look(state).packed
}

/// The look of a state as written by hand with the header's constants, packed.
@_cdecl("switch_look_hand")
@inline(never)
public func lookHand(_ state: UInt16) -> UInt32 {
  handWrittenLook(state, .header).packed
}

/// Builds the style list with the header's constants, for the scan.
@_cdecl("switch_init_scan")
public func initScan() {
  styles = switchStyles(.header)
}

/// The look of a state by LVGL's scan of the style list, packed.
@_cdecl("switch_look_scan")
@inline(never)
public func lookScan(_ state: UInt16) -> UInt32 {
  scannedLook(state, styles).packed
}
