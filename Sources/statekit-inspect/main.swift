import StateKit

// statekit-inspect: decodes control-state masks.
// Exit codes: 0 success, 64 usage error, 65 malformed input.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import ucrt
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let status = Inspector.run(arguments)
exit(status.rawValue)
