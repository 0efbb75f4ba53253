// swift-tools-version:6.0
import PackageDescription

// A second toolkit written twice, shaped like a SwiftUI-style library: views are values rebuilt
// every frame with Boolean state, the palette is a protocol of named colours, a part's colour is
// a palette colour at a named opacity or a blend of two by a focus pulse, styles live in an
// environment passed down a subtree, and controls take per-instance overrides. Selected once by
// hand-written `if`/`else` code (ValueHandWritten) and once with StateKit (ValueStyled); both
// draw through the same toolkit code (ValueScreen), and a snapshot test checks that they draw
// every control in every state, palette and pulse phase alike.
let package = Package(
  name: "ValueToolkit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "ValueScreen", targets: ["ValueScreen"]),
    .library(name: "ValueHandWritten", targets: ["ValueHandWritten"]),
    .library(name: "ValueStyled", targets: ["ValueStyled"]),
    .library(name: "ValueFixtures", targets: ["ValueFixtures"]),
    .executable(name: "value-toolkit-demo", targets: ["value-toolkit-demo"]),
  ],
  dependencies: [.package(name: "StateKit", path: "../..")],
  targets: [
    // The toolkit: colours, palettes, the environment, the views with their Booleans, and how
    // each control lays out and draws its parts.
    .target(name: "ValueScreen"),
    // Looks selected from the views' Booleans with `if`/`else`.
    .target(name: "ValueHandWritten", dependencies: ["ValueScreen"]),
    // The same looks from StateKit tables kept in the environment.
    .target(
      name: "ValueStyled",
      dependencies: ["ValueScreen", .product(name: "StateKit", package: "StateKit")]),
    // Each control drawn both ways, for the snapshot test, the demo and the benchmark.
    .target(
      name: "ValueFixtures",
      dependencies: [
        "ValueHandWritten", "ValueStyled", .product(name: "StateKit", package: "StateKit"),
      ]),
    .executableTarget(name: "value-toolkit-demo", dependencies: ["ValueFixtures"]),
    .testTarget(name: "ValueToolkitTests", dependencies: ["ValueFixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
