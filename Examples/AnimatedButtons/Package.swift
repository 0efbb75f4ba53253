// swift-tools-version:6.0
import PackageDescription

// A terminal button that animates between its states: its looks and its transitions come from
// a theme file, an AnimatedLook plays them on the times the app gives it, and a test drives it
// on a virtual clock. It depends on StateKit like any client: by path here, by URL elsewhere.
let package = Package(
  name: "AnimatedButtons",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "AnimatedWidgets", targets: ["AnimatedWidgets"]),
    .executable(name: "frame-log", targets: ["frame-log"]),
  ],
  dependencies: [.package(name: "StateKit", path: "../..")],
  targets: [
    .target(
      name: "AnimatedWidgets", dependencies: [.product(name: "StateKit", package: "StateKit")]),
    .executableTarget(name: "frame-log", dependencies: ["AnimatedWidgets"]),
    // Properties checked at every frame of random sequences of timed actions, with
    // StateKitTesting's virtual clock.
    .testTarget(
      name: "AnimatedWidgetsTests",
      dependencies: [
        "AnimatedWidgets", .product(name: "StateKitTesting", package: "StateKit"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
