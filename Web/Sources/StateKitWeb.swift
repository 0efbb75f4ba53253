import ErrorKitCore
import StateKitCore

// The browser page's entry points: C functions a WebAssembly module exports, over the same
// sources statekit-inspect runs (StateKitCore, ErrorKitCore, and the masks command's
// `MaskToken` and `MaskReport`), compiled in Embedded Swift by scripts/build-embedded.sh.
//
// The page writes a request's UTF-8 into the buffer `sk_input` returns, calls a command, and
// reads what it printed from `sk_stdout_*` and `sk_stderr_*`, as statekit-inspect would have
// printed it on standard output and standard error; a command returns the exit status the tool
// would have ended with. Requests are lines: the first names application bits (`NAME=BIT`
// words, as `--state` takes them; it may be empty), the rest are the command's operands.

/// The buffers shared with the page: one request and one answer at a time (the page is one
/// thread).
nonisolated(unsafe) var request: [UInt8] = []
nonisolated(unsafe) var standardOutput: [UInt8] = []
nonisolated(unsafe) var standardError: [UInt8] = []

/// Makes room for a request of `count` bytes and returns where the page writes it.
@_cdecl("sk_input")
public func input(_ count: Int32) -> UnsafeMutablePointer<UInt8> {
  request = [UInt8](repeating: 0, count: max(Int(count), 1))
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

/// A per-state table and a state to explain: after the names line, `SELECTOR: VALUE` lines (a
/// table of strings, ranked by the standard precedence), then a line `? STATE`. Prints the
/// explanation's line, then the table's grid: for every combination of the bits its selectors
/// mention, the state's text, its raw value, the winning value, the winning selector and what
/// decided, separated by tabs, as `statekit-inspect theme --json` gives them for an attribute
/// with these entries.
@_cdecl("sk_explain")
public func explain() -> Int32 {
  begin()
  var lines = requestLines()
  var names = NameTable(layout: .controlState)
  if let status = declare(lines.isEmpty ? [] : lines.removeFirst(), into: &names) {
    return status
  }
  let catalog = StateCatalog(table: names)
  var entries: [(StateSelector, String)] = []
  var asked: ControlState?
  do throws(Failure) {
    for line in lines {
      let text = String(decoding: line, as: UTF8.self)
      if text.utf8.first == UInt8(ascii: "?") {
        asked = try parseState(text.utf8.dropFirst(), catalog: catalog)
        continue
      }
      guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else {
        guard text.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
        throw Failure(
          status: .dataError, message: "\(quoted(text)): a table line is SELECTOR: VALUE")
      }
      let selectorText = Substring(text.utf8[..<colon])
      let value = trimmed(text.utf8[text.utf8.index(after: colon)...])
      do throws(StateKitError) {
        entries.append((try catalog.parseSelector(selectorText), String(value)))
      } catch {
        throw Failure(
          status: .dataError,
          message: "invalid selector key \(quoted(trimmed(selectorText.utf8))): \(error.reason)"
        )
      }
    }
  } catch {
    return fail(error)
  }
  let table = StateTable(entries)
  if let asked {
    standardOutput.append(contentsOf: table.explain(asked, catalog: catalog).description.utf8)
    standardOutput.append(UInt8(ascii: "\n"))
  }
  let bits = Array(table.relevantStates.members)
  guard bits.count <= 12 else {
    return fail(
      Failure(status: .dataError, message: "the table mentions more than 12 state bits"))
  }
  for index in 0..<(1 << bits.count) {
    var state = ControlState.normal
    for (offset, bit) in bits.enumerated() where index & (1 << offset) != 0 {
      state.formUnion(bit)
    }
    let explanation = table.explain(state, catalog: catalog)
    let row = [
      catalog.description(of: state), String(state.rawValue),
      explanation.winner?.value ?? "-",
      explanation.winner.map { catalog.description(of: $0.selector) } ?? "-",
      explanation.decision.rawValue,
    ]
    standardOutput.append(contentsOf: row.joined(separator: "\t").utf8)
    standardOutput.append(UInt8(ascii: "\n"))
  }
  return 0
}

// MARK: The tool's behaviour, as Inspector has it

/// Empties the answer buffers.
func begin() {
  standardOutput.removeAll(keepingCapacity: true)
  standardError.removeAll(keepingCapacity: true)
}

/// The request's lines, without their line ends.
func requestLines() -> [ArraySlice<UInt8>] {
  var end = request.endIndex
  while end > request.startIndex, request[end - 1] == 0 { end -= 1 }
  return request[..<end].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
}

/// Reports a failure as the tool does on standard error, and gives its status.
func fail(_ failure: Failure) -> Int32 {
  standardError.append(
    contentsOf: "statekit-inspect: error: \(terminalSafe(failure.message))\n".utf8)
  return failure.status.rawValue
}

/// Names application bits from `NAME=BIT` words, as `--state` (or `--event`) does.
func declare(_ line: ArraySlice<UInt8>, into names: inout NameTable) -> Int32? {
  let option = "--\(names.layout.noun)"
  for word in line.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }) {
    let flag = String(decoding: word, as: UTF8.self)
    guard let equals = flag.utf8.firstIndex(of: UInt8(ascii: "=")), equals != flag.startIndex,
      let bit = Int(Substring(flag.utf8[flag.utf8.index(after: equals)...]))
    else {
      return fail(Failure(status: .usage, message: "\(option) needs NAME=BIT, not \(quoted(flag))"))
    }
    let source = "\(option) \(flag)"
    let range = names.layout.application
    guard range.contains(bit) else {
      return fail(
        Failure(
          status: .dataError,
          message:
            "\(quoted(source)): bit \(bit) is outside the application range \(range.lowerBound)...\(range.upperBound)"
        ))
    }
    do throws(StateKitError) {
      try names.declare(String(Substring(flag.utf8[..<equals])), raw: 1 << UInt(bit), owner: nil)
    } catch {
      return fail(Failure(status: .dataError, message: "\(quoted(source)): \(error.reason)"))
    }
  }
  return nil
}

/// Text without the spaces and tabs around it.
func trimmed(_ utf8: Substring.UTF8View) -> String {
  var bytes = utf8[...]
  while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
  while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
  return String(Substring(bytes))
}

/// State text of a line, parsed with the catalog's names.
func parseState(_ text: Substring.UTF8View.SubSequence, catalog: StateCatalog) throws(Failure)
  -> ControlState
{
  do throws(StateKitError) {
    return try catalog.parse(trimmed(text))
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
  if let status = declare(lines.isEmpty ? [] : lines.removeFirst(), into: &names) {
    return status
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
