// swift-tools-version:6.0
import PackageDescription

// A small terminal toolkit written twice: nine widget kinds whose parts (text, hot key, glyphs,
// borders) take colours from a per-view colour scheme, selected once by hand-written `if`/`else`
// code (HandWritten) and once with StateKit (Styled). Both draw through the same toolkit code
// (Terminal); a snapshot test checks that they draw every widget in every state alike.
let package = Package(
  name: "TerminalToolkit",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "Terminal", targets: ["Terminal"]),
    .library(name: "HandWritten", targets: ["HandWritten"]),
    .library(name: "Styled", targets: ["Styled"]),
    .library(name: "ToolkitFixtures", targets: ["ToolkitFixtures"]),
    .executable(name: "toolkit-demo", targets: ["toolkit-demo"]),
  ],
  dependencies: [.package(name: "StateKit", path: "../..")],
  targets: [
    // The toolkit: cells, attributes, colour schemes, and how each widget kind lays out its parts.
    .target(name: "Terminal"),
    // Widgets that keep their state as flags and select each part with `if`/`else`.
    .target(name: "HandWritten", dependencies: ["Terminal"]),
    // The same widgets with a ControlState and StateKit styles.
    .target(
      name: "Styled",
      dependencies: ["Terminal", .product(name: "StateKit", package: "StateKit")]),
    // The same widget in both forms from one state, for the snapshot test, the demo and the
    // benchmark.
    .target(name: "ToolkitFixtures", dependencies: ["HandWritten", "Styled"]),
    .executableTarget(name: "toolkit-demo", dependencies: ["ToolkitFixtures"]),
    .testTarget(name: "ToolkitTests", dependencies: ["ToolkitFixtures"]),
  ],
  swiftLanguageModes: [.v6]
)
