// swift-tools-version:6.0
import PackageDescription

// A tiny terminal widget library that styles link buttons per state with StateKit, as a widget
// library would. It depends on StateKit like any client: by path here, by URL elsewhere.
let package = Package(
  name: "LinkButtons",
  // StateController keeps its state behind Synchronization's Mutex: macOS 15 and its peers.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "TerminalWidgets", targets: ["TerminalWidgets"]),
    .executable(name: "link-buttons", targets: ["link-buttons"]),
  ],
  dependencies: [.package(name: "StateKit", path: "../..")],
  targets: [
    .target(
      name: "TerminalWidgets", dependencies: [.product(name: "StateKit", package: "StateKit")]),
    .executableTarget(name: "link-buttons", dependencies: ["TerminalWidgets"]),
    // A model-based test of a link: random sequences of events against a model of its state
    // and of when it must redraw, with StateKitTesting's StateMachine.
    .testTarget(
      name: "TerminalWidgetsTests",
      dependencies: [
        "TerminalWidgets", .product(name: "StateKitTesting", package: "StateKit"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
