// swift-tools-version:6.0
import PackageDescription

// A tiny terminal widget library that styles link buttons per state with StateKit, as a widget
// library would. It depends on StateKit like any client: by path here, by URL elsewhere.
let package = Package(
  name: "LinkButtons",
  products: [
    .library(name: "TerminalWidgets", targets: ["TerminalWidgets"]),
    .executable(name: "link-buttons", targets: ["link-buttons"]),
  ],
  dependencies: [.package(name: "StateKit", path: "../..")],
  targets: [
    .target(
      name: "TerminalWidgets", dependencies: [.product(name: "StateKit", package: "StateKit")]),
    .executableTarget(name: "link-buttons", dependencies: ["TerminalWidgets"]),
  ],
  swiftLanguageModes: [.v6]
)
