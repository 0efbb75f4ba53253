// swift-tools-version:6.0
import PackageDescription

// StateKit keeps no package dependencies: everything here builds with the Swift toolchain alone.
// Benchmarks and examples live in their own packages under Benchmarks/ and Examples/.
// Docs/Architecture.md describes each module, what it owns and what it may import.
let package = Package(
  name: "StateKit",
  // The floor of every product; StateController alone needs newer releases (Synchronization).
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    // StateKitFoundation has no API to import: it is in the product so that every client links
    // StateKitError's conformance to Foundation's LocalizedError (see Docs/Architecture.md).
    .library(name: "StateKit", targets: ["StateKit", "StateKitFoundation"]),
    .library(name: "StateKitTesting", targets: ["StateKitTesting"]),
    .library(name: "ErrorKit", targets: ["ErrorKit"]),
    // The error vocabulary alone (CodedError, ErrorPayload, ErrorCatalog), with no Foundation:
    // for libraries that use FoundationEssentials or nothing. The NSError bridge is ErrorKit's.
    .library(name: "ErrorKitCore", targets: ["ErrorKitCore"]),
    .executable(name: "statekit-inspect", targets: ["statekit-inspect"]),
  ],
  targets: [
    // The error vocabulary without Foundation: CodedError, ErrorPayload, ErrorCatalog, the
    // user-info keys, the depth limit, and the package's one JSON reader and writer.
    .target(name: "ErrorKitCore"),
    // Control state, names, the text format, catalogs and per-state tables; its errors are
    // CodedErrors, so it needs the vocabulary and nothing more. No Synchronization, no
    // Observation: the tool links this module, not StateKit, and starts without them.
    .target(name: "StateKitCore", dependencies: ["ErrorKitCore", "StateKitAtomics"]),
    // An atomic load and compare-and-swap of a pointer (C builtins, header only), for
    // StyleHolder's lock-free reads on every deployment target.
    .target(name: "StateKitAtomics"),
    // What `import StateKit` gives: StateKitCore, re-exported, and StateController (a control's
    // state shared between threads, with change callbacks and Observation support).
    .target(name: "StateKit", dependencies: ["StateKitCore"]),
    // StateKitError's conformance to LocalizedError (FoundationEssentials, behind canImport), so
    // that error.localizedDescription is its message. A module of its own so that the tool,
    // which links StateKitCore only, starts without FoundationEssentials.
    .target(name: "StateKitFoundation", dependencies: ["StateKitCore", "ErrorKitCore"]),
    // Property-based tests of states, selectors, tables and actions: generators, a runner that
    // shrinks and prints a replay seed, reusable laws. Imports Swift Testing, not Foundation.
    .target(name: "StateKitTesting", dependencies: ["StateKitCore"]),
    // The Foundation bridge: NSError, LocalizedError, CustomNSError, recovery, ErrorChain.
    .target(name: "ErrorKit", dependencies: ["ErrorKitCore"]),
    // statekit-inspect's logic, as a library for the executable, the tests and the fuzz targets.
    .target(name: "InspectKit", dependencies: ["StateKitCore", "ErrorKitCore"]),
    .executableTarget(name: "statekit-inspect", dependencies: ["InspectKit"]),
    .testTarget(
      name: "StateKitTests", dependencies: ["StateKit", "StateKitTesting"], exclude: ["Fixtures"]),
    .testTarget(name: "StateKitTestingTests", dependencies: ["StateKitTesting"]),
    // As a client of the StateKit product: its test file imports StateKit and Foundation only.
    .testTarget(name: "StateKitFoundationTests", dependencies: ["StateKit", "StateKitFoundation"]),
    .testTarget(
      name: "ErrorKitTests",
      dependencies: [
        "ErrorKit", "InspectKit", "StateKit", "StateKitFoundation", "StateKitTesting",
      ]),
    .testTarget(
      name: "InspectTests",
      dependencies: [
        "InspectKit", "StateKitTesting", .target(name: "statekit-inspect"),
        .target(name: "statekit-peak-memory"),
      ],
      exclude: ["Fixtures", "Golden"]
    ),
    // Runs a program and reports its peak memory, for InspectTests: measured from a small
    // process, not the test runner (Tests/PeakMemory/main.swift says why). In no product.
    .executableTarget(name: "statekit-peak-memory", path: "Tests/PeakMemory"),
    // Two widget libraries compiled independently that both put a state on application bit 0
    // (bit 16), and an app (the test target) that uses both without editing either: the
    // pattern of DeclaringCustomStates.md. Test fixtures only, in no product.
    .target(name: "LinkKit", dependencies: ["StateKit"], path: "Tests/TwoLibraries/LinkKit"),
    .target(name: "ListKit", dependencies: ["StateKit"], path: "Tests/TwoLibraries/ListKit"),
    .testTarget(
      name: "TwoLibrariesTests", dependencies: ["LinkKit", "ListKit", "StateKit"],
      exclude: ["Theme.json"]),
  ],
  swiftLanguageModes: [.v6]
)
