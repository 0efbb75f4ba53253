/// A code of a ``CodedError``: an `Int` or another integer type, or a type of named codes
/// backed by an `Int`.
///
/// A code is a number because `NSError` carries a number: a type whose `code` is text (an HTTP
/// library's `"ECONNRESET"`) or optional does not conform, and the compiler names this protocol.
/// Keep such a property under another name and give the type a number for `code`.
///
///     struct Code: RawRepresentable, ErrorCodeRepresentable { let rawValue: Int }
///     Code(rawValue: 4).errorCodeValue  // 4
public protocol ErrorCodeRepresentable {
  /// The code as the integer `NSError` carries.
  ///
  ///     7.errorCodeValue  // 7
  var errorCodeValue: Int { get }
}

extension Int: ErrorCodeRepresentable {}

extension ErrorCodeRepresentable where Self: FixedWidthInteger {
  /// The integer as an `Int`; a value outside `Int`'s range keeps its low bits, as
  /// `Int(truncatingIfNeeded:)` does.
  ///
  ///     UInt16(431).errorCodeValue  // 431
  public var errorCodeValue: Int { Int(truncatingIfNeeded: self) }
}

extension Int8: ErrorCodeRepresentable {}
extension Int16: ErrorCodeRepresentable {}
extension Int32: ErrorCodeRepresentable {}
extension Int64: ErrorCodeRepresentable {}
extension UInt: ErrorCodeRepresentable {}
extension UInt8: ErrorCodeRepresentable {}
extension UInt16: ErrorCodeRepresentable {}
extension UInt32: ErrorCodeRepresentable {}
extension UInt64: ErrorCodeRepresentable {}

extension ErrorCodeRepresentable where Self: RawRepresentable, RawValue == Int {
  /// The raw value.
  ///
  ///     StateKitError.Code.unknownName.errorCodeValue  // 4
  public var errorCodeValue: Int { rawValue }
}
