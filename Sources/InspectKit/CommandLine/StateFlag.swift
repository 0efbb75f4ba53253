import ErrorKitCore
import StateKitCore

/// `--state NAME=BIT` (`--event NAME=BIT`, …): a name for an absolute bit of the layout's
/// application range, read one way by the tool and by the browser page, which compiles this
/// file too.
extension NameTable {
  /// Declares the name a flag's text gives, `NAME=BIT`; messages name the layout's option.
  mutating func declare(flag: String) throws(Failure) {
    let option = "--\(layout.noun)"
    let utf8 = flag.utf8
    guard let equals = utf8.firstIndex(of: UInt8(ascii: "=")), equals != utf8.startIndex else {
      throw Failure(status: .usage, message: "\(option) needs NAME=BIT, not \(quoted(flag))")
    }
    guard let bit = Int(Substring(utf8[utf8.index(after: equals)...])) else {
      throw Failure(
        status: .usage,
        message:
          "\(option) needs NAME=BIT with BIT a number \(applicationRangeWords), not \(quoted(flag))"
      )
    }
    try declare(String(Substring(utf8[..<equals])), bit: bit, source: "\(option) \(flag)")
  }

  /// "from 16 to 23": the application range of the layout, in words.
  var applicationRangeWords: String {
    "from \(layout.application.lowerBound) to \(layout.application.upperBound)"
  }

  /// Declares `name` at the absolute bit `bit`; messages quote `source`, where it was given.
  mutating func declare(_ name: String, bit: Int, source: String) throws(Failure) {
    let range = layout.application
    guard range.contains(bit) else {
      throw Failure(
        status: .dataError,
        message:
          "\(quoted(source)): bit \(bit) is outside the application range \(range.lowerBound)...\(range.upperBound)"
      )
    }
    do throws(StateKitError) {
      try declare(name, raw: 1 << UInt(bit), owner: nil)
    } catch {
      throw Failure(status: .dataError, message: "\(quoted(source)): \(error.reason)")
    }
  }
}
