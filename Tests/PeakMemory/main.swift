// Runs a program and reports its peak resident memory, for the tests that measure
// statekit-inspect's. Usage: statekit-peak-memory REPORT PROGRAM [ARGUMENT...]
//
// It writes the program's peak resident set, in bytes, to the file REPORT, and exits with the
// program's status. The tests spawn the program through this small process rather than
// directly: on Linux, a process spawned from the test runner shares the runner's memory until
// it runs the program, and the kernel counts the runner's peak as the child's when that is the
// larger, so a direct measurement says how much the test runner once used.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a line to standard error and exits with status 125, as `env` does when it cannot run
/// a program.
func fail(_ message: String) -> Never {
  let line = Array("statekit-peak-memory: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(125)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: statekit-peak-memory REPORT PROGRAM [ARGUMENT...]") }
let program = arguments[2]
// The program's arguments as this process received them, byte for byte (they need not be
// UTF-8), with the null pointer that ends the list.
let programArguments = CommandLine.unsafeArgv + 2
var pid = pid_t()
let spawned = program.withCString { path in
  posix_spawn(&pid, path, nil, nil, programArguments, environ)
}
guard spawned == 0 else { fail("cannot run \(program): \(String(cString: strerror(spawned)))") }
var waitStatus: Int32 = 0
var usage = rusage()
while wait4(pid, &waitStatus, 0, &usage) < 0 {
  guard errno == EINTR else { fail("cannot wait for \(program)") }
}
#if canImport(Darwin)
  let peakBytes = Int(usage.ru_maxrss)  // bytes on Apple platforms
#else
  let peakBytes = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
#endif
guard let report = fopen(arguments[1], "w") else { fail("cannot write \(arguments[1])") }
fputs("\(peakBytes)\n", report)
fclose(report)
// The program's status, or 128 plus the signal that ended it, as a shell reports it.
let signal = waitStatus & 0x7F
exit(signal == 0 ? (waitStatus >> 8) & 0xFF : 128 + signal)
