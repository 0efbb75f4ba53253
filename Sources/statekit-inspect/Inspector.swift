import StateKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif os(Windows)
  import ucrt
#endif

/// The exit codes of statekit-inspect, as in sysexits.h.
enum ExitStatus: Int32 {
  case success = 0
  case usage = 64
  case dataError = 65
}

enum Inspector {
  static let version = "0.1.0"

  static let usage = """
    statekit-inspect: decode control-state masks

    USAGE: statekit-inspect MASK...

    ARGUMENTS:
      MASK            A mask in hex (0x00010004), decimal (65540) or binary (0b100).

    OPTIONS:
      -h, --help      Show this help.
      --version       Show the version.

    EXIT CODES: 0 success, 64 usage error, 65 malformed mask.
    """

  static func run(_ arguments: [String]) -> ExitStatus {
    var masks: [String] = []
    var onlyOperands = false
    for argument in arguments {
      if onlyOperands || !argument.hasPrefix("-") || argument == "-" {
        masks.append(argument)
      } else if argument == "--" {
        onlyOperands = true
      } else if argument == "-h" || argument == "--help" {
        print(usage)
        return .success
      } else if argument == "--version" {
        print("statekit-inspect \(version)")
        return .success
      } else {
        return fail(.usage, "unknown option \(quoted(argument)); see --help")
      }
    }
    guard !masks.isEmpty else {
      return fail(.usage, "missing MASK; see --help")
    }
    var status = ExitStatus.success
    var first = true
    for input in masks {
      switch MaskToken.parse(input) {
      case .success(let state):
        if !first { print("") }
        first = false
        print(describe(state, input: input), terminator: "")
      case .failure(let message):
        let result = fail(.dataError, message)
        if status == .success { status = result }
      }
    }
    return status
  }

  static func describe(_ state: ControlState, input: String) -> String {
    let catalog = ControlState.catalog
    let width = state.rawValue >> 32 == 0 ? 8 : 16
    var lines = ["\(input): \(hex(state.rawValue, digits: width)) = \(state.rawValue)"]
    for member in state.members {
      let bit = member.rawValue.trailingZeroBitCount
      let name = catalog.name(of: member) ?? "(unnamed)"
      let number = bit < 10 ? " \(bit)" : "\(bit)"
      lines.append("  bit \(number)  \(name.padding(to: 12))  \(range(ofBit: bit))")
    }
    lines.append("  text: \(catalog.description(of: state))")
    return lines.joined(separator: "\n") + "\n"
  }

  static func range(ofBit bit: Int) -> String {
    switch bit {
    case 0..<16: "system"
    case 16..<24: "application"
    case 24..<32: "reserved"
    default: "extended"
    }
  }

  static func hex(_ value: UInt, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars.prefix(80) {
      if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\"" || scalar == "\\" {
        result += scalar == "\"" ? "\\\"" : scalar == "\\" ? "\\\\" : "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result + (text.unicodeScalars.count > 80 ? "…\"" : "\"")
  }

  /// Prints one line on standard error and returns the status.
  static func fail(_ status: ExitStatus, _ message: String) -> ExitStatus {
    var line = "statekit-inspect: error: \(message)\n"
    line.withUTF8 { bytes in
      _ = write(2, bytes.baseAddress, bytes.count)
    }
    return status
  }
}

extension String {
  func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}

/// A mask written on the command line: hex (`0x`), binary (`0b`) or decimal.
enum MaskToken {
  enum Result {
    case success(ControlState)
    case failure(String)
  }

  static func parse(_ input: String) -> Result {
    var text = Substring(input)
    var radix = 10
    var base = "decimal"
    if text.hasPrefix("0x") || text.hasPrefix("0X") {
      radix = 16
      base = "hex"
      text = text.dropFirst(2)
    } else if text.hasPrefix("0b") || text.hasPrefix("0B") {
      radix = 2
      base = "binary"
      text = text.dropFirst(2)
    }
    guard !text.isEmpty else {
      return .failure("invalid mask \(Inspector.quoted(input)): no digits")
    }
    guard text.unicodeScalars.allSatisfy({ $0.isASCII && Character($0).isHexDigit }),
      let value = UInt(text, radix: radix)
    else {
      if text.unicodeScalars.allSatisfy({ $0.isASCII && Character($0).isHexDigit }),
        text.allSatisfy({ Int(String($0), radix: radix) != nil })
      {
        return .failure("invalid mask \(Inspector.quoted(input)): does not fit in \(UInt.bitWidth) bits")
      }
      return .failure("invalid mask \(Inspector.quoted(input)): not a \(base) number")
    }
    return .success(ControlState(rawValue: value))
  }
}
