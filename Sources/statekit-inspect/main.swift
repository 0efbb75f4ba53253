import InspectKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// statekit-inspect: decode control-state masks and explain errors. See `Docs/CLI.md`; the logic
// is in InspectKit.
exit(Inspector.main(Array(CommandLine.arguments.dropFirst())).rawValue)
