// swift-tools-version:6.0
import PackageDescription

// A server-side HTTP library's errors written twice: as the library shipped them, with its own
// error code (Courier), and with ErrorKit (CourierErrorKit, on the Foundation-free ErrorKitCore,
// and CourierErrorKitFoundation, which bridges them to NSError). A test compares what users see
// of every error both ways, follows every cause, looks for credentials on every path out, and
// counts the lines of each version. It depends on StateKit like any client: by path here.
let package = Package(
  name: "ServerErrors",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "CourierErrorKit", targets: ["CourierErrorKit", "CourierErrorKitFoundation"]),
    .executable(name: "print-payloads", targets: ["print-payloads"]),
  ],
  dependencies: [.package(name: "StateKit", path: "../..")],
  targets: [
    // The library's requests, shared by both versions: not error code.
    .target(name: "CourierHTTP"),
    // The errors as the library shipped them: FoundationEssentials for LocalizedError, its own
    // log line that follows causes and hides credentials.
    .target(name: "Courier", dependencies: ["CourierHTTP"]),
    // The same errors with ErrorKitCore, without Foundation.
    .target(
      name: "CourierErrorKit",
      dependencies: ["CourierHTTP", .product(name: "ErrorKitCore", package: "StateKit")]),
    // Where Foundation is needed: the bridge to NSError, and the log line.
    .target(
      name: "CourierErrorKitFoundation",
      dependencies: ["CourierErrorKit", .product(name: "ErrorKit", package: "StateKit")]),
    // One sample of every case, in both versions, for the test and print-payloads.
    .target(name: "ErrorSamples", dependencies: ["Courier", "CourierErrorKitFoundation"]),
    // The ErrorKit samples as JSON payloads, one a line, for statekit-inspect.
    .executableTarget(name: "print-payloads", dependencies: ["ErrorSamples"]),
    .testTarget(name: "ServerErrorsTests", dependencies: ["ErrorSamples"]),
  ],
  swiftLanguageModes: [.v6]
)
