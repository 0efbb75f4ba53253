// `import StateKit` gives the whole library: StateKitCore (control state, names, the text
// format, catalogs and per-state tables), re-exported here, and StateController, which needs
// Synchronization and Observation. statekit-inspect links StateKitCore alone, so it starts without
// loading those two libraries (Docs/Architecture.md).
@_exported import StateKitCore
