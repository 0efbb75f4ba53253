// swift-tools-version:6.0
import PackageDescription

// Benchmarks for StateKit, measured from a client package as users see the library.
let package = Package(
  name: "StateKitBenchmarks",
  dependencies: [
    .package(name: "StateKit", path: ".."),
    .package(name: "TerminalToolkit", path: "../Examples/TerminalToolkit"),
    .package(name: "ValueToolkit", path: "../Examples/ValueToolkit"),
  ],
  targets: [
    .executableTarget(
      name: "StateTableBenchmark",
      dependencies: [
        .product(name: "StateKit", package: "StateKit"),
        .product(name: "StateKitTesting", package: "StateKit"), "HeapStats", "BenchmarkSupport",
      ]
    ),
    .executableTarget(
      name: "PayloadJSONBenchmark",
      dependencies: [.product(name: "ErrorKit", package: "StateKit")]
    ),
    .executableTarget(
      name: "ControllerBenchmark",
      dependencies: [
        .product(name: "StateKit", package: "StateKit"), "HeapStats", "BenchmarkSupport",
      ]
    ),
    // A screen of 10,000 styled widgets: StyleSet's documented and typed paths
    // against six Lookups, a hand-written switch and a dictionary; hits, misses, mixed states.
    .executableTarget(
      name: "StyleScreenBenchmark",
      dependencies: [
        .product(name: "StateKit", package: "StateKit"),
        .product(name: "StateKitTesting", package: "StateKit"), "HeapStats", "BenchmarkSupport",
        "AllocationCounter",
      ]
    ),
    // The two toolkits of Examples/, each written twice: per widget kind, the hand-written
    // selection against the StateKit one, and whole screens drawn both ways.
    .executableTarget(
      name: "ToolkitBenchmark",
      dependencies: [
        .product(name: "ToolkitFixtures", package: "TerminalToolkit"),
        .product(name: "HandWritten", package: "TerminalToolkit"),
        .product(name: "Styled", package: "TerminalToolkit"),
        .product(name: "Terminal", package: "TerminalToolkit"),
        .product(name: "ValueFixtures", package: "ValueToolkit"),
        .product(name: "ValueHandWritten", package: "ValueToolkit"),
        .product(name: "ValueStyled", package: "ValueToolkit"),
        .product(name: "ValueScreen", package: "ValueToolkit"), "BenchmarkSupport",
      ]
    ),
    .target(name: "BenchmarkSupport"),
    .target(name: "HeapStats"),
    .target(name: "AllocationCounter"),
  ],
  swiftLanguageModes: [.v6]
)
