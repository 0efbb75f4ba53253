// swift-tools-version:6.0
import PackageDescription

// A GTK 4 button's look per state, written as a stylesheet and resolved two ways that must
// agree: with StateKit tables over GTK's own state bits (`BitLayout.gtk`), and with a
// transcription of GTK's CSS cascade (selector matching on a node's GtkStateFlags, specificity,
// source order). It depends on StateKit like any client: by path here, by URL elsewhere.
let package = Package(
  name: "GTKButton",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "ButtonStyle", targets: ["ButtonStyle"]),
    .executable(name: "gtk-button-looks", targets: ["gtk-button-looks"]),
  ],
  dependencies: [.package(name: "StateKit", path: "../..")],
  targets: [
    // The stylesheet, its parser, the StateKit tables and the transcription of GTK's cascade.
    .target(name: "ButtonStyle", dependencies: [.product(name: "StateKit", package: "StateKit")]),
    // Prints the look of a few named states, and whether the two ways agree.
    .executableTarget(name: "gtk-button-looks", dependencies: ["ButtonStyle"]),
    // Every combination of the flags a stylesheet mentions, both ways; random stylesheets too.
    .testTarget(
      name: "ButtonStyleTests",
      dependencies: ["ButtonStyle", .product(name: "StateKitTesting", package: "StateKit")]),
  ],
  swiftLanguageModes: [.v6]
)
