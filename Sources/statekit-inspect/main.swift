import InspectKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// statekit-inspect: decode control-state masks and explain errors. See `Docs/CLI.md`; the logic
// is in InspectKit. The arguments go over as the bytes the process received, not as
// `CommandLine.arguments`, whose text replaces what is not UTF-8: a file is opened by its
// name's own bytes.
let arguments = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
  guard let argument = CommandLine.unsafeArgv[index] else { return [] }
  return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
}
exit(Inspector.main(rawArguments: arguments, terminal: .standard()).rawValue)
