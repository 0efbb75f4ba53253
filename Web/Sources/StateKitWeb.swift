import ErrorKitCore
import StateKitCore

// The browser page's entry points: C functions a WebAssembly module exports, over the same
// sources statekit-inspect runs (StateKitCore, ErrorKitCore, the masks command's `MaskToken` and
// `MaskReport`, and the theme command's `ThemeReport`), compiled in Embedded Swift by
// scripts/build-embedded.sh.
//
// The page writes a request's UTF-8 into the buffer `sk_input` returns, calls a command, and
// reads what it printed from `sk_stdout_*` and `sk_stderr_*`, as statekit-inspect would have
// printed it on standard output and standard error; a command returns the exit status the tool
// would have ended with. Requests are lines: the first names application bits (`NAME=BIT`
// words, as `--state` takes them; it may be empty), the rest are the command's operands (for a
// theme, the file's name and the file's bytes as they are).

/// The buffers shared with the page: one request and one answer at a time (the page is one
/// thread).
nonisolated(unsafe) var request: [UInt8] = []
/// The length of the request: `request` has room for one byte more when it is empty.
nonisolated(unsafe) var requestCount = 0
nonisolated(unsafe) var standardOutput: [UInt8] = []
nonisolated(unsafe) var standardError: [UInt8] = []

/// Makes room for a request of `count` bytes and returns where the page writes it.
@_cdecl("sk_input")
public func input(_ count: Int32) -> UnsafeMutablePointer<UInt8> {
  requestCount = max(Int(count), 0)
  request = [UInt8](repeating: 0, count: max(requestCount, 1))
  return request.withUnsafeMutableBufferPointer { buffer in
    // The array keeps its storage until the next request: the page writes into it now.
    buffer.baseAddress.unsafelyUnwrapped
  }
}

/// Where the last command's standard output starts.
@_cdecl("sk_stdout_pointer")
public func stdoutPointer() -> UnsafePointer<UInt8>? {
  standardOutput.withUnsafeBufferPointer { $0.baseAddress }
}

/// The length in bytes of the last command's standard output.
@_cdecl("sk_stdout_count")
public func stdoutCount() -> Int32 { Int32(standardOutput.count) }

/// Where the last command's standard error starts.
@_cdecl("sk_stderr_pointer")
public func stderrPointer() -> UnsafePointer<UInt8>? {
  standardError.withUnsafeBufferPointer { $0.baseAddress }
}

/// The length in bytes of the last command's standard error.
@_cdecl("sk_stderr_count")
public func stderrCount() -> Int32 { Int32(standardError.count) }

/// The layouts, one a line: its `--layout` name, a tab and the bit set's name.
@_cdecl("sk_layouts")
public func layouts() -> Int32 {
  begin()
  for layout in BitLayout.all {
    standardOutput.append(contentsOf: "\(layout.name)\t\(layout.typeName)\n".utf8)
  }
  return 0
}

/// `statekit-inspect --layout NAME [--state NAME=BIT]... MASK...`: the request's operands are
/// masks, one a line.
@_cdecl("sk_masks")
public func masks(_ layout: Int32) -> Int32 {
  run(layout) { _, operand throws(Failure) in try MaskToken.parse(operand) }
}

/// `statekit-inspect encode --layout NAME [--state NAME=BIT]... TEXT`: each line of the
/// request's operands is one text.
@_cdecl("sk_encode")
public func encode(_ layout: Int32) -> Int32 {
  run(layout) { names, operand throws(Failure) in
    guard let text = validUTF8(Array(operand)) else {
      throw Failure(status: .dataError, message: "the text is not valid UTF-8")
    }
    do throws(StateKitError) {
      return try names.parse(words: text, unknownBits: .retain)
    } catch {
      throw Failure(status: .dataError, message: "cannot encode \(quoted(text)): \(error.reason)")
    }
  }
}

/// `statekit-inspect theme [--json] [--strict] [--state NAME=BIT]... FILE`: after the names
/// line, the file's name (as the tool prints it) on a line of its own, then the file's bytes.
/// `flags` is 1 for `--json`, plus 2 for `--strict`.
@_cdecl("sk_theme")
public func theme(_ flags: Int32) -> Int32 {
  begin()
  let report: ThemeReport
  let path: String
  do throws(Failure) {
    (report, path, _) = try readTheme(lines: 1)
  } catch {
    return fail(error)
  }
  if flags & 1 != 0 {
    var writer = JSONWriter()
    report.json(path: path, into: &writer)
    standardOutput.append(contentsOf: writer.bytes)
  } else {
    standardOutput.append(contentsOf: report.human(path: path, color: false).utf8)
  }
  if flags & 2 != 0, let failure = report.strictFailure(path: path) { return fail(failure) }
  return 0
}

/// Why each attribute of a theme has its value in a state: after the names line, the file's
/// name, then state text, each on a line of its own, then the file's bytes. Prints the
/// report's explanation of the state; a theme the tool refuses fails as `sk_theme` does.
@_cdecl("sk_theme_explain")
public func themeExplain() -> Int32 {
  begin()
  do throws(Failure) {
    let (report, _, lines) = try readTheme(lines: 2)
    let state = try parseState(lines[2], catalog: report.catalog)
    standardOutput.append(contentsOf: report.explanation(of: state).utf8)
    return 0
  } catch {
    return fail(error)
  }
}

/// How each attribute of a theme moves when a control's state changes: after the names line,
/// the file's name, the state left and the state entered, each on a line of its own, then the
/// file's bytes. Prints a line per attribute, in the grid's order: the transition's duration and
/// delay in milliseconds, its curve as CSS text (`ease-out`, `cubic-bezier(0.2, 0, 0, 1)`,
/// `steps(3, jump-end)`), and why, as `StyleTransitions.explain(_:attribute:catalog:)` tells it,
/// separated by tabs. A theme the tool refuses fails as `sk_theme` does.
@_cdecl("sk_theme_change")
public func themeChange() -> Int32 {
  begin()
  do throws(Failure) {
    let (report, _, lines) = try readTheme(lines: 3)
    let change = StateChange(
      old: try parseState(lines[2], catalog: report.catalog),
      new: try parseState(lines[3], catalog: report.catalog))
    for name in report.names {
      let why = report.transitions.explain(change, attribute: name, catalog: report.catalog)
      let transition = why.transition
      standardOutput.append(
        contentsOf:
          "\(transition.duration)\t\(transition.delay)\t\(transition.curve)\t\(terminalSafe(why.description))\n"
          .utf8)
    }
    return 0
  } catch {
    return fail(error)
  }
}

/// The theme of a request: after the names line and `count` more (the file's name first), the
/// file's bytes, read into the report `statekit-inspect theme` prints; with the file's name and
/// the lines before the bytes.
func readTheme(lines count: Int) throws(Failure) -> (
  ThemeReport, path: String, lines: [ArraySlice<UInt8>]
) {
  let (lines, bytes) = requestHead(count + 1)
  var names = NameTable(layout: .controlState)
  try declare(lines[0], into: &names)
  let path = String(decoding: lines[1], as: UTF8.self)
  let report = try ThemeReport(bytes: Array(bytes), path: path, catalog: StateCatalog(table: names))
  return (report, path, lines)
}

// MARK: The tool's behaviour, as Inspector has it

/// Empties the answer buffers.
func begin() {
  standardOutput.removeAll(keepingCapacity: true)
  standardError.removeAll(keepingCapacity: true)
}

/// The request's lines, without their line ends.
func requestLines() -> [ArraySlice<UInt8>] {
  request[..<requestCount].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .map(withoutCarriageReturn)
}

/// The request's first `count` lines, without their line ends (empty where the request has
/// fewer), and the bytes after them, as they are.
func requestHead(_ count: Int) -> (lines: [ArraySlice<UInt8>], rest: ArraySlice<UInt8>) {
  var rest = request[..<requestCount]
  var lines: [ArraySlice<UInt8>] = []
  for _ in 0..<count {
    let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
    lines.append(withoutCarriageReturn(rest[..<end]))
    rest = end < rest.endIndex ? rest[(end + 1)...] : rest[end...]
  }
  return (lines, rest)
}

func withoutCarriageReturn(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
  line.last == UInt8(ascii: "\r") ? line.dropLast() : line
}

/// Reports a failure as the tool does on standard error, and gives its status.
func fail(_ failure: Failure) -> Int32 {
  standardError.append(
    contentsOf: "statekit-inspect: error: \(terminalSafe(failure.message))\n".utf8)
  return failure.status.rawValue
}

/// Names application bits from `NAME=BIT` words, as `--state` (or `--event`) does.
func declare(_ line: ArraySlice<UInt8>, into names: inout NameTable) throws(Failure) {
  for word in line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }) {
    try names.declare(flag: String(decoding: word, as: UTF8.self))
  }
}

/// State text of a line, without the spaces and tabs around it, parsed with the catalog's names.
func parseState(_ line: ArraySlice<UInt8>, catalog: StateCatalog) throws(Failure) -> ControlState {
  var bytes = line
  while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
  while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
  do throws(StateKitError) {
    return try catalog.parse(String(decoding: bytes, as: UTF8.self))
  } catch {
    throw Failure(status: .dataError, message: "cannot parse the state: \(error.reason)")
  }
}

/// The masks and encode commands: the layout's names, then each operand decoded and printed as
/// statekit-inspect prints it, a failure reported and the next operand read.
func run(
  _ layoutIndex: Int32, decode: (NameTable, ArraySlice<UInt8>) throws(Failure) -> UInt
) -> Int32 {
  begin()
  guard BitLayout.all.indices.contains(Int(layoutIndex)) else {
    return fail(Failure(status: .usage, message: "no layout \(layoutIndex)"))
  }
  var lines = requestLines()
  var names = NameTable(layout: BitLayout.all[Int(layoutIndex)])
  do throws(Failure) {
    try declare(lines.isEmpty ? [] : lines.removeFirst(), into: &names)
  } catch {
    return fail(error)
  }
  let report = MaskReport(names: names, color: false, json: false)
  var status = ExitStatus.success
  var first = true
  for line in lines {
    var operand = line
    while let last = operand.last, last == 0x20 || last == 0x09 { operand.removeLast() }
    while let head = operand.first, head == 0x20 || head == 0x09 { operand.removeFirst() }
    guard !operand.isEmpty else { continue }
    do throws(Failure) {
      let raw = try decode(names, operand)
      if !first { standardOutput.append(UInt8(ascii: "\n")) }
      report.human(raw, input: operand, into: &standardOutput)
      first = false
    } catch {
      _ = fail(error)
      if status == .success { status = error.status }
    }
  }
  return status.rawValue
}
