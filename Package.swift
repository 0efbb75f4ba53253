// swift-tools-version:6.0
import PackageDescription

// StateKit keeps no package dependencies: everything here builds with the Swift toolchain alone.
// Benchmarks and examples live in their own packages under Benchmarks/ and Examples/.
let package = Package(
  name: "StateKit",
  products: [
    .library(name: "StateKit", targets: ["StateKit"]),
    .library(name: "ErrorKit", targets: ["ErrorKit"]),
    .executable(name: "statekit-inspect", targets: ["statekit-inspect"]),
  ],
  targets: [
    .target(name: "StateKit"),
    // ErrorPayload and ErrorCatalog without Foundation, so statekit-inspect can read and write
    // them and still start as fast as a stdlib-only program. ErrorKit re-exports them.
    .target(name: "ErrorKitCore"),
    .target(name: "ErrorKit", dependencies: ["StateKit", "ErrorKitCore"]),
    .executableTarget(name: "statekit-inspect", dependencies: ["StateKit", "ErrorKitCore"]),
    .testTarget(name: "StateKitTests", dependencies: ["StateKit"]),
    .testTarget(name: "ErrorKitTests", dependencies: ["ErrorKit", "StateKit"]),
    .testTarget(
      name: "InspectTests",
      dependencies: [.target(name: "statekit-inspect")],
      exclude: ["Fixtures"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
